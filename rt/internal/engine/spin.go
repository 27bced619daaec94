package engine

import (
	"fmt"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The verdict at the step bound.
//
// Reaching Limits.MaxSteps proves something only when the live goroutines
// wait on each other: at least two of them busy-wait (spinning) and every
// other one is blocked on a controlled operation that only they could
// complete. Then nothing the engine sees can change what they wait for.
// What that means depends on the body:
//
//   - The body has not returned (it spins with them, or it waits for
//     them): natively the test never ends. A livelock.
//   - The body has returned: natively the test is over and passes (go test
//     does not wait for goroutines); the spinners run on until the process
//     exits or something outside the test sets their flag. They are leaked
//     goroutines, exactly as blocked ones are (stuck): a goroutine leak,
//     which VTBOUND_IGNORE_LEAKS and goleak's options accept by top
//     function, and which a dependency's goroutines do not cause.
//
// Otherwise — one goroutine taking many steps (a long loop over a map is
// a read of one location again and again), a goroutine still making
// progress, or one that code vtbound does not control or the virtual clock
// may still wake — the bound is no proof of anything: the execution ends
// as StepBound, which stops the exploration with a warning.

// spinWait reports whether the live goroutines wait on each other at the
// step bound, and whether any of them is blocked (rather than spinning).
func (x *execution) spinWait() (ok, blocked bool) {
	spinners := 0
	for _, g := range x.alive {
		if !g.live {
			continue
		}
		switch {
		case g.ho.away || g.pollFor > 0 || !g.pollAt.IsZero():
			return false, false // uncontrolled code may change what the others wait for
		case x.spinning(g):
			spinners++
		case g.timed() || x.enabled(g) || x.waitsOnAdopted(g):
			return false, false // the clock, its own progress or uncontrolled code may move it
		default:
			blocked = true
		}
	}
	return spinners >= 2, blocked
}

// timed reports whether g waits for the virtual clock: a sleep, a timer,
// an AfterFunc that has not fired.
func (g *G) timed() bool {
	return g.background || g.onClock()
}

// livelock ends an execution whose body never returns because its
// goroutines wait on each other (spinWait).
func (x *execution) livelock(blocked bool) {
	what := "busy-waiting"
	if blocked {
		what = "busy-waiting or blocked"
	}
	x.failBound(sched.Livelock, nil, fmt.Sprintf("every goroutine was %s when the execution reached %d steps", what, x.e.lim.MaxSteps))
}

// spinLeak ends an execution whose body returned while its goroutines
// wait on each other (spinWait): they are leaked. The first that is not a
// dependency's goroutine is blamed; when there is none, natively nothing
// checks a library's background goroutines and the test passes, so the
// execution ends at the bound without a failure.
func (x *execution) spinLeak() {
	for _, g := range x.alive {
		if g.live && !IsDependencySite(g.op.Site) {
			x.failBound(sched.Leak, g, fmt.Sprintf("test body returned while goroutines are still busy-waiting (every goroutine left was busy-waiting or blocked when the execution reached %d steps)", x.e.lim.MaxSteps))
			return
		}
	}
	x.over, x.boundHit = true, true
}

// failBound is fail for a verdict the step bound reached (Failure.Bound).
func (x *execution) failBound(o sched.Outcome, g *G, msg string) {
	if x.failure == nil {
		x.fail(o, g, msg, "")
		x.failure.Bound = true
	}
	x.over = true
}

// closedOnly reports whether g's pending channel operation can only
// complete as a receive from a closed, empty channel: it returns at once
// and changes nothing, so a loop of them busy-waits (ants'
// ReleaseContext loops on a closed allDone channel until the purge
// goroutine stores a flag). A channel made outside vtbound's control
// (polled) never counts: code vtbound does not see may use it.
func (x *execution) closedOnly(g *G) bool {
	p := &g.pend
	if p.completed {
		return false
	}
	closed := false
	for _, c := range p.cases {
		if !x.caseReady(g, c) {
			continue
		}
		s := x.model.chans[c.chanKey()]
		if n, _ := c.lenCap(); c.isSend() || s == nil || s.foreign || !s.closed || n > 0 {
			return false
		}
		closed = true
	}
	return closed
}
