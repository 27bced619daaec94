package engine

import (
	"sync"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The room of sync.Once.
//
// Do is one step: it waits while another goroutine runs the Once's
// function (it is enabled when the function has returned), then calls the
// real Do, which runs the function or returns at once. Every Do acquires
// the clock the completed function released, as the Go memory model
// orders the function's return before every Do's return. A released
// goroutine's Do is real (released.go).

// onceState models a sync.Once.
type onceState struct {
	running *G     // the goroutine running the function, if any
	clock   vclock // clock at the function's return
}

// onces is the room's object table.
var onces = newRoom(roomHooks[*sync.Once, onceState]{})

// A pending Do waits on the Once's state until no function runs.
func (s *onceState) enabled(*execution, *G) bool { return s.running == nil }
func (s *onceState) group() (*waitSet, bool)     { return nil, false }
func (s *onceState) state(*G) string             { return "sync.Mutex.Lock" }

// OnceDo models o.Do(f) by g.
func (g *G) OnceDo(site int32, o *sync.Once, f func()) {
	if !g.enter(sched.OpOnce, site, unsafe.Pointer(o)) {
		o.Do(f) // released: for real (released.go)
		return
	}
	s := onces.of(g.x).get(o)
	g.pend.wait = s
	g.schedule()
	g.learn(s.clock)
	s.running = g
	defer func() {
		if !g.abort {
			s.running = nil
			s.clock.Join(g.clock)
		}
	}()
	o.Do(f)
}
