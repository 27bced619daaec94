package engine

import "time"

// Wake-ups race with work.
//
// Natively work takes time, so a sleep, a timer, a time.After, an
// AfterFunc or a context's deadline can end while other goroutines still
// have work to do: a test body that sleeps 5 ms "to let the worker
// finish" reads a result the worker has not written yet when the machine
// is loaded. The virtual clock therefore does not only move when nothing
// can run (advanceClock): a goroutine waiting for the clock whose wake-up
// is the earliest pending one is enabled at every scheduling point, as
// long as that wake-up is due within Limits.WakeWindow of the clock and
// fewer than Limits.EarlyWakes early wake-ups happened in the execution.
// When the strategy picks it, the clock moves to its wake-up first
// (wakeEarly). So every strategy sees the wake-up as a choice like any
// other (random and PCT pick it, dpor explores it as an event dependent
// with everything, since OpSleep and OpTimer are of ClassAll), timers
// still fire in deadline order (only the earliest wake-up is enabled),
// the clock never goes back, and everything ordered by channels, locks and
// WaitGroups stays ordered.
//
// The window keeps a long timeout (a context's 5 s deadline, a cache's
// expiry) from firing before work that natively takes microseconds: such
// a failure would be possible in Go but no maintainer would call it a
// bug. The bound on early wake-ups per execution keeps a ticker in the
// background from racing the clock forward through a long test: a bug
// that needs a timer to beat work needs one or two such wake-ups. An
// execution in which the bound kept a wake-up from being enabled records
// it (Result.WakesHeld), so that a search claims no proof over it.
// Limits.WakeWindow < 0 is VTBOUND_TIME=blocked: time moves only when no
// goroutine can run, as inside a testing/synctest bubble; while a bubble
// is active (synctest.go) no wake-up happens early either, and one held
// back counts only when it is a goroutine's outside the bubble.

// EarlyWake is a wake-up that happened while other goroutines could run.
type EarlyWake struct {
	Step   int           // the index in the trace of the woken goroutine's step
	G      int           // the goroutine that woke (a sleeper or a timer's goroutine)
	Waited time.Duration // how long it had waited: the sleep's or the timer's duration
}

// earlyCache holds the earliest pending wake-up, computed once per
// refresh of the enabled set (gen) and only when a goroutine waits for
// the clock.
type earlyCache struct {
	gen, calc uint32
	at        time.Duration
	ok        bool
	held      bool // a pending wake-up may not happen early now
}

// earliestEarly returns the virtual time of the earliest pending wake-up
// that may happen early now: due within the window, within the
// execution's bound. A
// pending wake-up that may not is held back (earlyCache.held).
func (x *execution) earliestEarly() (time.Duration, bool) {
	c := &x.early
	if x.settling() {
		return 0, false // testend.go
	}
	if c.calc == c.gen && c.gen != 0 {
		return c.at, c.ok
	}
	c.calc, c.at, c.ok, c.held = c.gen, 0, false, false
	next, ok := x.nextEarly()
	if !ok {
		return 0, false
	}
	lim := x.e.lim
	if x.blockedTime() {
		c.held = x.outsideOnClock()
		return 0, false
	}
	if lim.WakeWindow < 0 || next-x.now > lim.WakeWindow || len(x.earlyWakes) >= lim.EarlyWakes {
		c.held = true
		return 0, false
	}
	c.at, c.ok = next, true
	return next, true
}

// noteHeld is called when g takes a step and a look at the pending
// wake-ups held one back: if that look was at this scheduling point and g
// does not wait for the clock, work took a step while the wake-up was
// held back; natively the wake-up could have come first, and the
// execution does not stand for that order.
func (x *execution) noteHeld(g *G) {
	if x.early.calc == x.early.gen && !g.onClock() {
		x.wakesHeld = true
	}
}

// nextEarly returns the earliest pending wake-up (nextWake), but none
// while a goroutine whose wake-up is due has not taken its step yet: a
// timer sends on its channel in its goroutine's step, natively when it
// fires, so no later wake-up may come before that step.
func (x *execution) nextEarly() (time.Duration, bool) {
	for _, g := range x.alive {
		if g.live && g.onClock() && g.wakeAt <= x.now {
			return 0, false
		}
	}
	return x.nextWake()
}

// wakesEarly reports whether g, waiting for the virtual clock, is enabled
// before the clock reached its wake-up (see above).
func (x *execution) wakesEarly(g *G) bool {
	at, ok := x.earliestEarly()
	return ok && g.wakeAt == at
}

// wakeEarly moves the clock to the wake-up of g, which the strategy picked
// before the clock reached it, and records the early wake-up when another
// goroutine could have run instead (a wake-up that is the only choice is
// the clock moving as it would anyway).
func (x *execution) wakeEarly(g *G) {
	if x.otherWork(g) {
		x.earlyWakes = append(x.earlyWakes, EarlyWake{Step: len(x.trace), G: g.id, Waited: g.sleepLength()})
	}
	if x.bodyDone {
		x.countMove() // testend.go
	}
	x.moveClock(g.wakeAt)
}

// otherWork reports whether a goroutine other than g that does not wait
// for the clock is enabled.
func (x *execution) otherWork(g *G) bool {
	for id := x.en.next(0); id != 0; id = x.en.next(id) {
		if h := x.gs[id-1]; h != g && !h.wakesLater(x.now) {
			return true
		}
	}
	return false
}

// sleepLength returns how long g, waiting for the clock, waits in all: the
// duration of its sleep or timer.
func (g *G) sleepLength() time.Duration { return g.wakeAt - g.waitFrom }

// outsideOnClock reports whether a live goroutine outside every bubble
// waits for the virtual clock: while a bubble is active its wake-up is
// held back (see above).
func (x *execution) outsideOnClock() bool {
	for _, g := range x.alive {
		if g.live && g.onClock() && g.bubble() == nil {
			return true
		}
	}
	return false
}
