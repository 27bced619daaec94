package engine

import (
	"sync"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The room of sync.Cond.
//
// Wait takes two steps: the first releases the Cond's lock in the model
// and joins the waiters; the second (cond-wake) is enabled once a Signal
// or Broadcast woke the waiter and the lock is free, and retakes the
// lock. The signaller's clock is handed to the woken waiter. A Cond's
// lock may be a sync.Mutex, a sync.RWMutex, an RWMutex's RLocker (all
// three modelled: their rooms' state changes with the Wait), or another
// Locker whose own methods are rewritten code with scheduling points of
// their own (condWaitOther).

// condState models a sync.Cond.
type condState struct {
	c       *sync.Cond
	waiters []*condWait // waiting, in the order they began to wait
	mu      *mutexState
	rw      *rwState
	rd      *rwState // L is rw.RLocker(): the lock is taken for reading
	// other: L is another Locker (its Lock and Unlock run rewritten code of
	// their own).
	other bool
}

// conds is the room's object table.
var conds = newRoom(roomHooks[*sync.Cond, condState]{noted: func(c *sync.Cond) unsafe.Pointer { return unsafe.Pointer(c) }})

// condWait is the wait of one Wait: woken by a Signal or a Broadcast,
// with the signaller's clock.
type condWait struct {
	s         *condState
	signalled bool
	clock     vclock // the signaller's clock
}

func (w *condWait) enabled(*execution, *G) bool { return w.signalled && w.s.lockFree() }
func (w *condWait) group() (*waitSet, bool)     { return nil, false }
func (w *condWait) state(*G) string             { return "sync.Cond.Wait" }

// lockFree reports whether the Cond's lock can be taken by a woken waiter.
func (c *condState) lockFree() bool {
	switch {
	case c.mu != nil:
		return !c.mu.locked
	case c.rw != nil:
		return !c.rw.writer && c.rw.readers == 0
	case c.rd != nil:
		return !c.rd.writer && c.rd.waitingWriters == 0
	}
	return true
}

// cond returns the model of c in x, made on first use with the model of
// its lock.
func (x *execution) cond(c *sync.Cond) *condState {
	t := conds.of(x)
	if s := t.lookup(c); s != nil {
		return s
	}
	s := &condState{c: c}
	switch l := c.L.(type) {
	case *sync.Mutex:
		s.mu = mutexes.of(x).get(l)
	case *sync.RWMutex:
		s.rw = rwMutexes.of(x).get(l)
	default:
		if rw := RLockerOf(l); rw != nil {
			s.rd = rwMutexes.of(x).get(rw)
		} else {
			s.other = true
		}
	}
	t.put(c, s)
	return s
}

// CondWait models c.Wait by g: release c.L, wait for a signal, retake c.L.
func (g *G) CondWait(site int32, c *sync.Cond) {
	if !g.enter(sched.OpCondWait, site, unsafe.Pointer(c)) {
		return
	}
	s := g.x.cond(c)
	g.schedule()
	if s.other {
		g.condWaitOther(site, s)
		return
	}
	s.release(g)
	w := &condWait{s: s}
	s.waiters = append(s.waiters, w)
	g.announce(sched.OpCondWake, site, unsafe.Pointer(c))
	g.pend.wait = w
	g.schedule()
	g.learn(w.clock)
	s.reacquire(g)
}

// condWaitOther is Cond.Wait by g for a Cond whose L is neither a Mutex, an
// RWMutex nor an RLocker: a Locker whose methods are rewritten code with
// scheduling points of their own. As natively, g joins the waiters before
// it releases L (a Signal while it releases wakes it), then waits for a
// signal, then takes L again through L.Lock.
func (g *G) condWaitOther(site int32, s *condState) {
	w := &condWait{s: s}
	s.waiters = append(s.waiters, w)
	s.c.L.Unlock()
	if !g.enter(sched.OpCondWake, site, unsafe.Pointer(s.c)) {
		return
	}
	g.pend.wait = w
	g.schedule()
	g.learn(w.clock)
	s.c.L.Lock()
}

// CondSignal models c.Signal by g.
func (g *G) CondSignal(site int32, c *sync.Cond) {
	if !g.enter(sched.OpCondSignal, site, unsafe.Pointer(c)) {
		return
	}
	s := g.x.cond(c)
	g.schedule()
	if len(s.waiters) > 0 {
		s.waiters[0].wake(g)
		s.waiters = s.waiters[1:]
	} else {
		c.Signal() // wakes a waiter of uncontrolled code, if any
	}
	g.clock.Tick(g.id)
}

// CondBroadcast models c.Broadcast by g.
func (g *G) CondBroadcast(site int32, c *sync.Cond) {
	if !g.enter(sched.OpCondBroadcast, site, unsafe.Pointer(c)) {
		return
	}
	s := g.x.cond(c)
	g.schedule()
	for _, w := range s.waiters {
		w.wake(g)
	}
	clear(s.waiters)
	s.waiters = s.waiters[:0]
	c.Broadcast() // and the waiters of uncontrolled code
	g.clock.Tick(g.id)
}

// wake wakes waiter w on behalf of by, handing it by's clock.
func (w *condWait) wake(by *G) {
	w.signalled = true
	w.clock.Set(by.clock)
}

// release unlocks the Cond's lock on behalf of waiter g.
func (s *condState) release(g *G) {
	switch {
	case s.mu != nil:
		g.x.setLocked(s.mu, false)
		g.releaseMutex(s.mu)
	case s.rw != nil:
		s.rw.writer = false
		s.rw.wclock.Set(g.clock)
	case s.rd != nil:
		s.rd.readers--
		s.rd.rclock.Join(g.clock)
	}
	g.clock.Tick(g.id)
	s.c.L.Unlock()
}

// reacquire locks the Cond's lock for woken waiter g.
func (s *condState) reacquire(g *G) {
	switch {
	case s.mu != nil:
		g.x.setLocked(s.mu, true)
		g.acquireMutex(s.mu)
	case s.rw != nil:
		s.rw.writer = true
		g.learn(s.rw.wclock)
	case s.rd != nil:
		s.rd.readers++
		g.learn(s.rd.wclock)
	}
	s.c.L.Lock()
}
