package engine

import (
	"time"
)

// maxCoupledWait bounds the real time that passes, per advance of the
// virtual clock, while goroutines wait on uncontrolled code (see couple).
const maxCoupledWait = 250 * time.Millisecond

// coupling is the state of one wait for real time before the virtual clock
// advances (see couple). A zero start means no wait is under way.
type coupling struct {
	start   time.Time     // when the wait began
	wait    time.Duration // how long it lasts
	retried bool          // the pollers were retried when it expired
}

// couple lets real time pass before virtual time does while some goroutine
// waits on uncontrolled code (a real ticker, a context deadline, a channel
// of uncontrolled code, or a goroutine handed off while blocked in
// uncontrolled code): natively, the d that a sleeper or a modelled timer
// waits is real time, during which a ticker ticks and a cancelled context is
// noticed. So when nothing is enabled, a virtual sleeper is pending and some
// goroutine polls, the engine first waits min(d, maxCoupledWait) of real
// time, retrying the pollers as their backoff allows and once more at the
// end, and only then advances the virtual clock. It reports whether the
// caller should look for an enabled goroutine again. Without pollers the
// virtual clock advances at once, as before: tests that use only modelled
// time stay as fast as ever.
func (x *execution) couple() bool {
	next, sleeping := x.nextWake()
	if !sleeping {
		return false
	}
	pollAt, polling := x.earliestPoll()
	if !polling && x.anyAway() {
		// a goroutine handed off (handoff.go) may come back meanwhile
		pollAt, polling = time.Now().Add(handoffTick), true
	}
	if !polling {
		return false
	}
	c := &x.coupled
	if c.start.IsZero() {
		*c = coupling{start: time.Now(), wait: min(next-x.now, maxCoupledWait)}
	}
	end := c.start.Add(c.wait)
	if now := time.Now(); !now.Before(end) {
		if c.retried {
			return false // the clock may advance now (advanceClock ends the wait)
		}
		c.retried = true
		x.retryPollers(now)
		return true
	}
	x.engineSleep(time.Until(minTime(pollAt, end)))
	x.progress.Add(1)
	return true
}

// nextWake returns the earliest pending virtual wake-up of a sleeper or a
// modelled timer after the current virtual time.
func (x *execution) nextWake() (time.Duration, bool) {
	next, ok := time.Duration(0), false
	for _, g := range x.alive {
		if !g.live || !g.wakesLater(x.now) {
			continue
		}
		if !ok || g.wakeAt < next {
			next, ok = g.wakeAt, true
		}
	}
	if c, ok2 := x.nextCarried(); ok2 && (!ok || c < next) {
		next, ok = c, true
	}
	return next, ok
}

// earliestPoll returns the earliest time at which a goroutine waiting on
// uncontrolled code (within its poll budget) retries.
func (x *execution) earliestPoll() (time.Time, bool) {
	var earliest time.Time
	for _, g := range x.alive {
		if !g.live || g.pollAt.IsZero() || !x.enabled(g) {
			continue
		}
		if earliest.IsZero() || g.pollAt.Before(earliest) {
			earliest = g.pollAt
		}
	}
	return earliest, !earliest.IsZero()
}

// retryPollers makes every goroutine waiting on uncontrolled code retry at
// once.
func (x *execution) retryPollers(now time.Time) {
	for _, g := range x.alive {
		if g.live && !g.pollAt.IsZero() {
			g.pollAt = now
		}
	}
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
