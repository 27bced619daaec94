package engine

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// mutexState models a sync.Mutex.
type mutexState struct {
	locked  bool    // changed only through execution.setLocked
	clock   vclock  // clock of the last Unlock
	waiters waitSet // goroutines whose pending Lock waits for it (enabled.go)
	owner   *G      // the goroutine whose Lock joined clock last (mutexclock.go)
	gen     uint32  // counts the Unlocks that may have shrunk clock
}

// rwState models a sync.RWMutex.
type rwState struct {
	writer         bool
	readers        int
	waitingWriters int    // writers blocked in Lock: new readers wait too
	wclock         vclock // clock of the last Unlock
	rclock         vclock // join of the clocks of RUnlocks since the last Lock
}

// wgState models a sync.WaitGroup.
type wgState struct {
	count   int     // changed only through execution.setCount
	waiters waitSet // goroutines whose pending Wait waits for it (enabled.go)
	clock   vclock  // join of the clocks of Done/Add(-n)
	// rounds counts the Adds that raised the counter from zero; wrote is
	// the round whose first blocking Wait wrote the race address (wgRaceAddr).
	rounds, wrote int
}

// onceState models a sync.Once.
type onceState struct {
	running *G
	clock   vclock
}

// condState models a sync.Cond.
type condState struct {
	c       *sync.Cond
	waiters []*G
	mu      *mutexState
	rw      *rwState
	rd      *rwState // L is rw.RLocker(): the lock is taken for reading
	// other: L is another Locker (its Lock and Unlock run rewritten code of
	// their own); sig holds the signals of waiters still releasing it.
	other bool
	sig   map[*G]vclock
}

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

func (m *models) mutex(mu *sync.Mutex) *mutexState {
	s := m.mutexes[mu]
	if s == nil {
		s = &mutexState{}
		m.mutexes[mu] = s
	}
	return s
}

func (m *models) rw(rw *sync.RWMutex) *rwState {
	s := m.rws[rw]
	if s == nil {
		s = &rwState{}
		m.rws[rw] = s
	}
	return s
}

// Lock models m.Lock by g.
func (g *G) Lock(site int32, m *sync.Mutex) {
	if g.abort {
		return
	}
	s := g.x.model.mutex(m)
	for {
		g.announce(sched.OpLock, site, unsafe.Pointer(m))
		g.pend.mu = s
		g.schedule()
		if m.TryLock() {
			break
		}
		g.pollFailed()
	}
	g.pollDone()
	g.x.setLocked(s, true)
	g.acquireMutex(s)
}

// TryLock models m.TryLock by g.
func (g *G) TryLock(site int32, m *sync.Mutex) bool {
	if g.abort {
		return false
	}
	s := g.x.model.mutex(m)
	g.announce(sched.OpTryLock, site, unsafe.Pointer(m))
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
	if g.abort {
		return
	}
	s := g.x.model.mutex(m)
	g.announce(sched.OpUnlock, site, unsafe.Pointer(m))
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
	g.clock.tick(g.id)
	m.Unlock()
}

// RWLock models rw.Lock by g in two steps: arriving (always possible),
// and, if the lock is held, waiting as a writer, which makes new readers
// wait too (writer preference).
func (g *G) RWLock(site int32, rw *sync.RWMutex) {
	if g.abort {
		return
	}
	s := g.x.model.rw(rw)
	g.announce(sched.OpLock, site, unsafe.Pointer(rw))
	g.pend.rw = s
	for {
		g.schedule()
		if s.writer || s.readers > 0 {
			if !g.pend.waiting {
				g.pend.waiting = true
				s.waitingWriters++
			}
			continue
		}
		if rw.TryLock() {
			break
		}
		g.pollFailed()
	}
	if g.pend.waiting {
		s.waitingWriters--
	}
	g.pollDone()
	s.writer = true
	g.learn(s.wclock)
	g.learn(s.rclock)
	s.rclock = s.rclock[:0]
}

// RWTryLock models rw.TryLock by g.
func (g *G) RWTryLock(site int32, rw *sync.RWMutex) bool {
	if g.abort {
		return false
	}
	s := g.x.model.rw(rw)
	g.announce(sched.OpTryLock, site, unsafe.Pointer(rw))
	g.schedule()
	if s.writer || s.readers > 0 || !rw.TryLock() {
		return false
	}
	s.writer = true
	g.learn(s.wclock)
	g.learn(s.rclock)
	s.rclock = s.rclock[:0]
	return true
}

// RWUnlock models rw.Unlock by g.
func (g *G) RWUnlock(site int32, rw *sync.RWMutex) {
	if g.abort {
		return
	}
	s := g.x.model.rw(rw)
	g.announce(sched.OpUnlock, site, unsafe.Pointer(rw))
	g.schedule()
	if !s.writer {
		if rw.TryLock() {
			rw.Unlock()
			panic("sync: Unlock of unlocked RWMutex")
		}
		rw.Unlock()
		return
	}
	s.writer = false
	if rwFree(rw) {
		g.misuse("sync: Unlock of unlocked RWMutex", "RWMutex")
	}
	s.wclock.set(g.clock)
	g.clock.tick(g.id)
	rw.Unlock()
}

// RLock models rw.RLock by g: it waits while a writer holds the lock or
// waits for it.
func (g *G) RLock(site int32, rw *sync.RWMutex) {
	if g.abort {
		return
	}
	s := g.x.model.rw(rw)
	g.announce(sched.OpRLock, site, unsafe.Pointer(rw))
	g.pend.rw = s
	for {
		g.schedule()
		if s.writer || s.waitingWriters > 0 {
			g.pend.waiting = true
			continue
		}
		if rw.TryRLock() {
			break
		}
		g.pollFailed()
	}
	g.pollDone()
	s.readers++
	g.learn(s.wclock)
}

// TryRLock models rw.TryRLock by g.
func (g *G) TryRLock(site int32, rw *sync.RWMutex) bool {
	if g.abort {
		return false
	}
	s := g.x.model.rw(rw)
	g.announce(sched.OpTryLock, site, unsafe.Pointer(rw))
	g.schedule()
	if s.writer || s.waitingWriters > 0 || !rw.TryRLock() {
		return false
	}
	s.readers++
	g.learn(s.wclock)
	return true
}

// RUnlock models rw.RUnlock by g.
func (g *G) RUnlock(site int32, rw *sync.RWMutex) {
	if g.abort {
		return
	}
	s := g.x.model.rw(rw)
	g.announce(sched.OpRUnlock, site, unsafe.Pointer(rw))
	g.schedule()
	if s.readers == 0 {
		if rw.TryLock() {
			rw.Unlock()
			panic("sync: RUnlock of unlocked RWMutex")
		}
		rw.RUnlock()
		return
	}
	s.readers--
	if rwFree(rw) {
		g.misuse("sync: RUnlock of unlocked RWMutex", "RWMutex")
	}
	s.rclock.join(g.clock)
	g.clock.tick(g.id)
	rw.RUnlock()
}

// WGAdd models wg.Add(delta) by g (Done is Add(-1)).
func (g *G) WGAdd(site int32, wg *sync.WaitGroup, delta int) {
	if g.abort {
		wg.Add(delta) // released: for real (released.go)
		return
	}
	s := g.x.model.wg(wg)
	kind := sched.OpWGAdd
	if delta < 0 {
		kind = sched.OpWGDone
	}
	g.announce(kind, site, unsafe.Pointer(wg))
	g.schedule()
	if delta < 0 {
		s.clock.join(g.clock)
		g.clock.tick(g.id)
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
	if g.abort {
		return
	}
	s := g.x.model.wg(wg)
	g.announce(sched.OpWGWait, site, unsafe.Pointer(wg))
	g.pend.wg = s
	blocks, round := s.count > 0, s.rounds
	g.schedule()
	if (blocks || s.rounds != round) && s.wrote != s.rounds {
		s.wrote = s.rounds
		g.x.checkRace(g, site, wgRaceAddr(wg), true)
	}
	g.learn(s.clock)
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

func (m *models) wg(wg *sync.WaitGroup) *wgState {
	s := m.wgs[wg]
	if s == nil {
		s = &wgState{}
		m.wgs[wg] = s
	}
	return s
}

// OnceDo models o.Do(f) by g.
func (g *G) OnceDo(site int32, o *sync.Once, f func()) {
	if g.abort {
		o.Do(f) // released: for real (released.go)
		return
	}
	s := g.x.model.onces[o]
	if s == nil {
		s = &onceState{}
		g.x.model.onces[o] = s
	}
	g.announce(sched.OpOnce, site, unsafe.Pointer(o))
	g.pend.once = s
	g.schedule()
	g.learn(s.clock)
	s.running = g
	defer func() {
		if !g.abort {
			s.running = nil
			s.clock.join(g.clock)
		}
	}()
	o.Do(f)
}

// CondWait models c.Wait by g: release c.L, wait for a signal, retake c.L.
func (g *G) CondWait(site int32, c *sync.Cond) {
	if g.abort {
		return
	}
	s := g.x.model.cond(c)
	g.announce(sched.OpCondWait, site, unsafe.Pointer(c))
	g.schedule()
	if s.other {
		g.condWaitOther(site, s)
		return
	}
	s.release(g)
	s.waiters = append(s.waiters, g)
	g.announce(sched.OpCondWake, site, unsafe.Pointer(c))
	g.pend.cond = s
	g.schedule()
	g.learn(g.pend.sigClock)
	s.reacquire(g)
}

// CondSignal models c.Signal by g.
func (g *G) CondSignal(site int32, c *sync.Cond) {
	if g.abort {
		return
	}
	s := g.x.model.cond(c)
	g.announce(sched.OpCondSignal, site, unsafe.Pointer(c))
	g.schedule()
	if len(s.waiters) > 0 {
		s.wake(s.waiters[0], g)
		s.waiters = s.waiters[1:]
	}
	g.clock.tick(g.id)
}

// CondBroadcast models c.Broadcast by g.
func (g *G) CondBroadcast(site int32, c *sync.Cond) {
	if g.abort {
		return
	}
	s := g.x.model.cond(c)
	g.announce(sched.OpCondBroadcast, site, unsafe.Pointer(c))
	g.schedule()
	for _, w := range s.waiters {
		s.wake(w, g)
	}
	s.waiters = s.waiters[:0]
	g.clock.tick(g.id)
}

func (m *models) cond(c *sync.Cond) *condState {
	s := m.conds[c]
	if s == nil {
		s = &condState{c: c}
		switch l := c.L.(type) {
		case *sync.Mutex:
			s.mu = m.mutex(l)
		case *sync.RWMutex:
			s.rw = m.rw(l)
		default:
			if rw := RLockerOf(l); rw != nil {
				s.rd = m.rw(rw)
			} else {
				s.other = true
			}
		}
		m.conds[c] = s
	}
	return s
}

func (s *condState) wake(w, by *G) {
	if s.other && w.op.Kind != sched.OpCondWake {
		s.sig[w] = append(vclock(nil), by.clock...) // still releasing L
		return
	}
	w.pend.signalled = true
	w.pend.sigClock.set(by.clock)
}

// release unlocks the Cond's lock on behalf of waiter g.
func (s *condState) release(g *G) {
	switch {
	case s.mu != nil:
		g.x.setLocked(s.mu, false)
		g.releaseMutex(s.mu)
	case s.rw != nil:
		s.rw.writer = false
		s.rw.wclock.set(g.clock)
	case s.rd != nil:
		s.rd.readers--
		s.rd.rclock.join(g.clock)
	}
	g.clock.tick(g.id)
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

// PoolPut orders g's past before later Gets from p.
func (g *G) PoolPut(p *sync.Pool) {
	if g.abort {
		return
	}
	clk := g.x.model.poolClock(p)
	clk.join(g.clock)
	g.clock.tick(g.id)
}

// PoolGet orders g after every earlier Put to p.
func (g *G) PoolGet(p *sync.Pool) {
	if g.abort {
		return
	}
	g.learn(*g.x.model.poolClock(p))
}

// poolClock returns the join of the clocks of the Puts to p so far.
func (m *models) poolClock(p *sync.Pool) *vclock {
	key := unsafe.Pointer(p)
	c := m.atomics[key]
	if c == nil {
		c = new(vclock)
		m.atomics[key] = c
	}
	return c
}
