package engine

import (
	"fmt"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The livelock oracle: the verdict at the step bound.
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

// livelock ends an execution whose body never returns because its
// goroutines wait on each other (spinWait).
func (x *execution) livelock(blocked bool) {
	what := "busy-waiting"
	if blocked {
		what = "busy-waiting or blocked"
	}
	x.failBound(sched.Livelock, nil, fmt.Sprintf("every goroutine was %s when the execution reached %d steps, and still after %d more", what, x.e.lim.MaxSteps, x.e.lim.MaxSteps))
}
