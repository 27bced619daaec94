package engine

import (
	"sync"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The room of sync.Mutex.
//
// A Lock is enabled while the modelled mutex is unlocked; its waiters are
// a group (enabled.go), moved into and out of the enabled set by
// setLocked. The real mutex is locked with TryLock after the model grants
// it, so a mutex also held by uncontrolled code is polled. An Unlock
// releases the goroutine's clock into the mutex's, a Lock acquires it. At
// the end of an execution a mutex the model holds but that is free for
// real was damaged by the program (damage.go); one still held is unlocked
// for the next execution.

// mutexState models a sync.Mutex.
type mutexState struct {
	locked  bool    // changed only through execution.setLocked
	clock   vclock  // clock of the last Unlock
	waiters waitSet // goroutines whose pending Lock waits for it (enabled.go)
	owner   *G      // the goroutine whose Lock joined clock last (see acquireMutex)
	gen     uint32  // counts the Unlocks that may have shrunk clock
}

// mutexes is the room's object table.
var mutexes = newRoom(roomHooks[*sync.Mutex, mutexState]{end: checkMutex, restore: restoreMutex})

// A pending Lock waits on the mutex's state: it is a group.
func (s *mutexState) enabled(*execution, *G) bool { return !s.locked }
func (s *mutexState) group() (*waitSet, bool)     { return &s.waiters, !s.locked }
func (s *mutexState) state(*G) string             { return "sync.Mutex.Lock" }

// Lock models m.Lock by g.
func (g *G) Lock(site int32, m *sync.Mutex) {
	if !g.enter(sched.OpLock, site, unsafe.Pointer(m)) {
		return
	}
	s := mutexes.of(g.x).get(m)
	for {
		g.pend.wait = s
		g.schedule()
		if m.TryLock() {
			if i := g.x.here(); i >= 0 && !g.quiet {
				g.x.trace[i].Mutex = true // sched.Step.Mutex
			}
			break
		}
		g.pollFailed()
		g.announce(sched.OpLock, site, unsafe.Pointer(m))
	}
	g.pollDone()
	g.x.setLocked(s, true)
	g.acquireMutex(s)
}

// TryLock models m.TryLock by g.
func (g *G) TryLock(site int32, m *sync.Mutex) bool {
	if !g.enter(sched.OpTryLock, site, unsafe.Pointer(m)) {
		return false
	}
	s := mutexes.of(g.x).get(m)
	g.schedule()
	if s.locked || !m.TryLock() {
		return false
	}
	g.x.setLocked(s, true)
	g.acquireMutex(s)
	return true
}

// Unlock models m.Unlock by g.
func (g *G) Unlock(site int32, m *sync.Mutex) {
	if !g.enter(sched.OpUnlock, site, unsafe.Pointer(m)) {
		return
	}
	s := mutexes.of(g.x).get(m)
	g.schedule()
	if !s.locked {
		if m.TryLock() { // unlocked for real too: the program's bug
			m.Unlock()
			panic("sync: unlock of unlocked mutex")
		}
		m.Unlock() // held by uncontrolled code
		return
	}
	g.x.setLocked(s, false)
	if mutexFree(m) {
		g.misuse("sync: unlock of unlocked mutex", "Mutex")
	}
	g.releaseMutex(s)
	g.clock.Tick(g.id)
	m.Unlock()
}

// setLocked records that modelled mutex s is locked or unlocked, moving
// its waiters out of or into the enabled set.
func (x *execution) setLocked(s *mutexState, locked bool) {
	if s.locked == locked {
		return
	}
	s.locked = locked
	x.reopen(&s.waiters, !locked)
}

// mutexFree reports whether m is really unlocked, leaving it so.
func mutexFree(m *sync.Mutex) bool {
	if m.TryLock() {
		m.Unlock()
		return true
	}
	return false
}

// checkMutex reports a mutex the model holds at the end of an execution
// that is not held for real: overwritten or copied while locked.
func checkMutex(x *execution, mu *sync.Mutex, s *mutexState) {
	if s.locked && mutexFree(mu) {
		s.locked = false
		x.damaged("sync.Mutex")
	}
}

// restoreMutex unlocks a real mutex still held through the model, so
// that a package-level mutex is usable by the next execution. One that is
// not held for real (damaged after checkMutex ran) is left alone.
func restoreMutex(mu *sync.Mutex, s *mutexState) {
	if s.locked && !mutexFree(mu) {
		mu.Unlock()
	}
}

// Acquiring a mutex's clock by copying.
//
// A mutex's clock only grows while every Unlock is made by the goroutine
// whose Lock came before it: that goroutine joined the clock at its Lock,
// and nobody else stores into it while the mutex is held. A goroutine that
// stored its clock into a mutex at an Unlock and has since gained nothing
// but ticks of its own component therefore knows no more than the mutex,
// except about itself. Its next acquire of that mutex is a copy (a memmove)
// with its own component kept, not an element-wise maximum: with hundreds
// of goroutines taking turns on one lock, the maximum over clocks hundreds
// of components wide was the largest single cost of a step.

// acquireMutex joins the clock of mutex s into g's at a Lock.
func (g *G) acquireMutex(s *mutexState) {
	if g.dom == s && g.domGen == s.gen && len(g.clock) <= len(s.clock) && g.id <= len(s.clock) {
		own := g.clock.Get(g.id) // no other component of g's exceeds s's
		g.clock.Set(s.clock)
		g.clock[g.id-1] = own
	} else {
		g.learn(s.clock)
	}
	s.owner = g
}

// releaseMutex stores g's clock into mutex s at an Unlock. An Unlock by a
// goroutine other than the last locker (Go allows it) may shrink the
// clock: it ends every claim made on s so far.
//
// When g still knows no more than s except about itself (its Lock copied
// s's clock and it has learned nothing since: g.dom is s, see
// acquireMutex), the two clocks differ in g's own component only, and
// only that is stored.
func (g *G) releaseMutex(s *mutexState) {
	switch {
	case s.owner != g:
		s.gen++
		s.clock.Set(g.clock)
	case g.dom == s && g.domGen == s.gen && len(g.clock) == len(s.clock):
		s.clock[g.id-1] = g.clock[g.id-1]
	default:
		s.clock.Set(g.clock)
	}
	s.owner = nil
	g.dom, g.domGen = s, s.gen
}
