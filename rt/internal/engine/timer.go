package engine

import (
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// timerState models one time.Timer, time.Ticker or AfterFunc timer made
// by a controlled goroutine, on the execution's virtual clock.
//
// A timer that is armed has a timer goroutine (tg): a controlled goroutine
// whose pending operation (OpTimer) is enabled when the virtual clock
// reaches its wakeAt. Reset moves that deadline in place; Stop disarms the
// timer, and its goroutine, when it wakes, finds it disarmed and exits. So
// a timer is one goroutine however often it is reset, and a stale deadline
// never fires.
//
// Channel timers have the semantics of Go 1.23 and later: Stop and Reset
// discard a value the timer sent and nobody received, so no stale value is
// received after they return (the channel is modelled with a buffer of one).
type timerState struct {
	ch     chan time.Time // the channel (Timer.C, Ticker.C); nil for AfterFunc
	f      func()         // AfterFunc's function
	period time.Duration  // a ticker's period, 0 for a one-shot timer
	armed  bool
	tg     *G   // the timer goroutine, while it exists
	bg     bool // tg is a background goroutine (see G.background)
	// proxy is the real *time.Timer the program holds (a one-shot timer
	// or AfterFunc), armed to a deadline that never comes: Stop called on
	// it by code vtbound does not rewrite (a method value, an interface)
	// still stops the modelled timer, as the fire finds it stopped.
	proxy *time.Timer
}

// key is the object timer operations are announced on.
func (s *timerState) key() unsafe.Pointer { return unsafe.Pointer(s) }

// NewTimer models time.NewTimer (period 0) and time.NewTicker (period
// d): it returns the channel the timer sends on and a handle for Stop and
// Reset. A ticker's goroutine is a background one: a ticker the test never
// stops neither keeps an ended test body alive nor counts as leaked.
func (g *G) NewTimer(site int32, d, period time.Duration) (chan time.Time, *TimerHandle) {
	ch := make(chan time.Time, 1)
	g.MakeChan(chanKey(ch), 1)
	s := &timerState{ch: ch, period: period, bg: period > 0}
	if !g.enter(sched.OpTimerSet, site, nil) { // arming: see Sleep
		return ch, &TimerHandle{s: s}
	}
	g.schedule()
	g.arm(s, d)
	return ch, &TimerHandle{s: s}
}

// AfterFuncTimer models time.AfterFunc (bg true) and the deadline of a
// context (bg false): f runs in the controlled timer goroutine when the
// virtual clock reaches now+d, unless the timer was stopped first. A
// background timer still pending when the test body returns never fires;
// one that is not keeps the execution going until it fired.
func (g *G) AfterFuncTimer(site int32, d time.Duration, f func(), bg bool) *TimerHandle {
	s := &timerState{f: f, bg: bg}
	if !g.enter(sched.OpTimerSet, site, nil) { // arming: see Sleep
		return &TimerHandle{s: s}
	}
	g.schedule()
	g.arm(s, d)
	return &TimerHandle{s: s}
}

// TimerHandle names a modelled timer for Stop and Reset.
type TimerHandle struct{ s *timerState }

// SetProxy records the real one-shot timer the program holds for h (see
// timerState.proxy); it must be armed with farFuture.
func (h *TimerHandle) SetProxy(t *time.Timer) {
	h.s.proxy = t
	if h.s.ch != nil {
		registerChanProxy(t) // a later execution may adopt it (earliertimers.go)
	}
}

// arm sets s to fire at now+d, in its existing timer goroutine or in a
// new one. It is part of g's current step.
func (g *G) arm(s *timerState, d time.Duration) {
	x := g.x
	if s.tg == nil {
		x.timerGoroutine(s, g.id)
	} else {
		s.tg.learn(g.clock)
	}
	g.clock.Tick(g.id)
	s.armAt(x.now + max(d, 0))
}

// timerGoroutine starts the timer goroutine of s, a child of goroutine
// parent (0: of none, for a timer an earlier execution armed).
func (x *execution) timerGoroutine(s *timerState, parent int) {
	tg := x.newG(parent, x.timerBody(s))
	s.tg = tg
	tg.op = sched.Op{Kind: sched.OpTimer, Group: -1, Obj: x.objID(s.key())}
	tg.pend.wait = clockWait{}
}

// armAt arms s, which has a timer goroutine, to fire at virtual time at.
func (s *timerState) armAt(at time.Duration) {
	s.armed = true
	tg := s.tg
	tg.waitClock(at)
	tg.background = s.bg
	tg.timer = s
}

// pendingTimer reports whether g is the goroutine of a timer that is still
// armed: the virtual clock would fire it, and what it does (send on a
// ticker's channel, run an AfterFunc, cancel a context) may wake goroutines
// that look blocked.
func (g *G) pendingTimer() bool {
	return g.timer != nil && g.timer.armed && g.timer.tg == g && g.op.Kind == sched.OpTimer
}

// timerBody is the function of s's timer goroutine: fire, and for a
// ticker wait for the next period, while s stays armed with this goroutine.
func (x *execution) timerBody(s *timerState) func() {
	return func() {
		g := Current()
		for s.armed && s.tg == g {
			if s.proxy != nil && !s.proxy.Stop() {
				s.armed = false // stopped by unrewritten code
				break
			}
			if s.f != nil {
				s.armed, s.tg, g.background = false, nil, false
				s.f() // in this goroutine: a Reset from f arms a new one
				return
			}
			x.fire(g, s)
			if s.period <= 0 {
				s.armed = false
				break
			}
			g.announce(sched.OpTimer, 0, s.key())
			g.pend.wait = clockWait{}
			g.waitClock(x.now + s.period)
			g.background = s.bg
			g.schedule()
		}
		if s.tg == g {
			s.tg = nil
		}
	}
}

// fire sends the current time on s's channel, as part of g's step; a
// ticker whose last value was not received yet drops this one, as
// time.Ticker does.
func (x *execution) fire(g *G, s *timerState) {
	st := chans.of(x).lookup(chanKey(s.ch))
	if st == nil {
		return
	}
	x.performBuffered(g, &SendCase[time.Time]{Ch: s.ch, V: g.ClockValue()}, st)
}

// drain discards a value s sent that nobody received, and reports
// whether there was one.
func (x *execution) drain(g *G, s *timerState) bool {
	if s.ch == nil {
		return false
	}
	st := chans.of(x).lookup(chanKey(s.ch))
	if st == nil || len(s.ch) == 0 {
		return false
	}
	return x.performBuffered(g, &RecvCase[time.Time]{Ch: s.ch}, st)
}

// TimerStop models Timer.Stop and Ticker.Stop: it disarms the timer and
// discards an unreceived value. It reports whether the call stopped the
// timer: it was armed, or it had sent a value nobody received.
func (g *G) TimerStop(site int32, h *TimerHandle) bool {
	s := h.s
	if !g.enter(sched.OpTimerSet, site, s.key()) {
		return false
	}
	g.schedule()
	was := s.armed
	s.armed = false
	if s.proxy != nil {
		was = s.proxy.Stop() && was
	}
	if s.tg != nil {
		s.stopGoroutine(g.x)
		s.tg.learn(g.clock)
	}
	drained := g.x.drain(g, s)
	g.clock.Tick(g.id)
	return was || drained
}

// TimerStopNow disarms h's timer as part of g's current step (a context
// cancelled before its deadline stops its timer so).
func (g *G) TimerStopNow(h *TimerHandle) {
	if g.abort {
		return
	}
	h.s.armed = false
	if h.s.tg != nil {
		h.s.stopGoroutine(g.x)
	}
}

// stopGoroutine makes the timer goroutine of disarmed s wake now and exit
// (unless a Reset arms it first), so that a stopped timer leaves no
// goroutine behind, as natively; meanwhile it is a background goroutine.
func (s *timerState) stopGoroutine(x *execution) {
	s.tg.background = true
	s.tg.wakeAt = x.now
}

// TimerReset models Timer.Reset(d) and Ticker.Reset(d) (period d): it
// discards an unreceived value and arms the timer to fire at now+d. It
// reports what Stop would have.
func (g *G) TimerReset(site int32, h *TimerHandle, d, period time.Duration) bool {
	s := h.s
	if !g.enter(sched.OpTimerSet, site, s.key()) {
		return false
	}
	g.schedule()
	was := s.armed
	if s.proxy != nil {
		was = s.proxy.Reset(farFuture) && was
	}
	drained := g.x.drain(g, s)
	if period > 0 {
		s.period = period
	}
	g.arm(s, d)
	return was || drained
}

// farFuture is the duration of the real timer behind a modelled AfterFunc:
// it never fires; it only records whether the program stopped it.
const farFuture = time.Duration(1<<63 - 1)

// AfterFunc models time.AfterFunc: a controlled timer goroutine (see
// timerState) calls f when the virtual clock reaches now+d, unless the
// returned timer was stopped first. The returned *time.Timer is a real
// timer that never fires (its proxy): rt's TimerStop and TimerReset find
// the model through the execution's rooms, and Stop called on it by
// unrewritten code still cancels the call. A timer still pending when the
// test body returns never fires. A later execution that stops or resets
// the returned timer adopts it (G.TimerOf).
func (g *G) AfterFunc(site int32, d time.Duration, f func()) *time.Timer {
	proxy := newAfterFuncProxy(f) // earliertimers.go
	if g.abort {
		proxy.Stop()
		return proxy
	}
	h := g.AfterFuncTimer(site, d, f, true)
	h.SetProxy(proxy)
	g.x.model.rt[proxy] = h
	return proxy
}
