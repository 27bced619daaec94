package engine

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The room of sync.WaitGroup.
//
// A Wait is enabled while the counter is zero; its waiters are a group
// (enabled.go), moved into and out of the enabled set by setCount. Done
// (an Add of a negative delta) releases into the WaitGroup's clock, Wait
// acquires it. Add and Wait are also checked against each other as the
// race detector checks them (wgRaceAddr). The real WaitGroup is updated
// too, so that a misuse panics as natively, and a released goroutine's
// Add and Done are real (released.go).

// wgState models a sync.WaitGroup.
type wgState struct {
	count   int     // changed only through execution.setCount
	waiters waitSet // goroutines whose pending Wait waits for it (enabled.go)
	clock   vclock  // join of the clocks of Done/Add(-n)
	// rounds counts the Adds that raised the counter from zero; wrote is
	// the round whose first blocking Wait wrote the race address (wgRaceAddr).
	rounds, wrote int
}

// waitGroups is the room's object table.
var waitGroups = newRoom(roomHooks[*sync.WaitGroup, wgState]{noted: func(wg *sync.WaitGroup) unsafe.Pointer { return unsafe.Pointer(wg) }})

// A pending Wait waits on the WaitGroup's state: it is a group.
func (s *wgState) enabled(*execution, *G) bool { return s.count == 0 }
func (s *wgState) group() (*waitSet, bool)     { return &s.waiters, s.count == 0 }
func (s *wgState) state(*G) string             { return "sync.WaitGroup.Wait" }

// WGAdd models wg.Add(delta) by g (Done is Add(-1)).
func (g *G) WGAdd(site int32, wg *sync.WaitGroup, delta int) {
	kind := sched.OpWGAdd
	if delta < 0 {
		kind = sched.OpWGDone
	}
	if !g.enter(kind, site, unsafe.Pointer(wg)) {
		wg.Add(delta) // released: for real (released.go)
		return
	}
	s := waitGroups.of(g.x).get(wg)
	g.schedule()
	if delta < 0 {
		g.releaseInto(&s.clock)
	}
	wg.Add(delta) // panics on a negative counter, as it should
	if delta > 0 && s.count == 0 {
		s.rounds++
		g.x.checkRace(g, site, wgRaceAddr(wg), false)
	}
	g.x.setCount(s, s.count+delta)
}

// WGWait models wg.Wait by g.
func (g *G) WGWait(site int32, wg *sync.WaitGroup) {
	if !g.enter(sched.OpWGWait, site, unsafe.Pointer(wg)) {
		return
	}
	s := waitGroups.of(g.x).get(wg)
	g.pend.wait = s
	blocks, round := s.count > 0, s.rounds
	g.schedule()
	if (blocks || s.rounds != round) && s.wrote != s.rounds {
		s.wrote = s.rounds
		g.x.checkRace(g, site, wgRaceAddr(wg), true)
	}
	g.learn(s.clock)
}

// setCount records that modelled WaitGroup s's counter is now n, moving
// its waiters into or out of the enabled set when it reaches or leaves 0.
func (x *execution) setCount(s *wgState, n int) {
	if was := s.count; (was == 0) != (n == 0) {
		x.reopen(&s.waiters, n == 0)
	}
	s.count = n
}

// wgRaceAddr is the address at which the race oracle checks a WaitGroup's
// Add against its Wait, as the race detector's annotations in
// sync.WaitGroup do (on &wg.sema): an Add that raises the counter from zero
// reads it, and the first Wait that blocks in a round (the counter was
// above zero when it was called: when it was announced, or because a
// round began before it was picked) writes it. So an Add from zero that no
// synchronisation orders with a Wait that blocks (Add concurrent with
// Wait), or with the blocking Wait of the previous round (reuse before
// Wait returned), is a data race, and concurrent Waits of one round are
// not. A plain access that covers the field (a copy of the whole
// WaitGroup) conflicts with them too.
func wgRaceAddr(wg *sync.WaitGroup) unsafe.Pointer {
	return unsafe.Add(unsafe.Pointer(wg), wgSemaOffset)
}

// wgSemaOffset is the offset of sync.WaitGroup's sema field (0 if a
// future Go renames it).
var wgSemaOffset = func() uintptr {
	f, ok := reflect.TypeFor[sync.WaitGroup]().FieldByName("sema")
	if !ok {
		return 0
	}
	return f.Offset
}()
