package engine

import (
	"fmt"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The goroutine leak oracle.
//
// Goroutines still blocked (or busy-waiting on each other at the step
// bound: spinLeak) when the test body has returned and the virtual clock
// has moved on as far as it goes (testend.go) are leaked, as a leak
// checker such as goleak reports them. Not blamed here: goroutines left
// looping on the clock (Result.Loops, judged by package explore),
// background timer goroutines
// (an AfterFunc that has not fired), goroutines waiting on code vtbound
// does not control, and goroutines blocked at a dependency's operation
// (RegisterDependency): natively nothing checks them, and the test
// passes. VTBOUND_IGNORE_LEAKS and goleak's options are applied to the
// report by package explore.

// spinLeak ends an execution whose body returned while its goroutines
// wait on each other (spinWait): they are leaked. The first that is not a
// dependency's goroutine is blamed; when there is none, natively nothing
// checks a library's background goroutines and the test passes, so the
// execution ends at the bound without a failure.
func (x *execution) spinLeak() {
	for _, g := range x.alive {
		if g.live && !IsDependencySite(g.op.Site) {
			x.failBound(sched.Leak, g, fmt.Sprintf("test body returned while goroutines are still busy-waiting (every goroutine left was busy-waiting or blocked when the execution reached %d steps, and still after %d more)", x.e.lim.MaxSteps, x.e.lim.MaxSteps))
			return
		}
	}
	x.over, x.boundHit = true, true
}

// leak ends a stuck execution whose body returned while blocked is
// blocked. A test the execution marked failed (t.Error) by the time its
// body returned fails with that, as natively, whatever it left blocked:
// the failed check is what the test says is wrong, and the goroutines
// left are listed with the report.
func (x *execution) leak(blocked *G) {
	if x.failedBy > 0 && x.bodyDone {
		x.fail(sched.Failed, nil, "t.Error called", "")
		return
	}
	x.fail(sched.Leak, blocked, x.foreignNoted("test body returned while goroutines are still blocked"), "")
}

// mayWakeAfterBody reports whether g, after the body returned, may still
// move as time passes: a background loop on a ticker (a janitor, a pool's
// purger) or a sleeper may wake the goroutines that look blocked, as
// natively, until the loops are found to loop (testend.go).
func (g *G) mayWakeAfterBody(now time.Duration) bool {
	return g.pendingTimer() || g.wakesLater(now)
}

// excusedLeak reports whether g, blocked after the body returned, is a
// dependency's background goroutine: natively nothing checks it, and the
// test passes.
func excusedLeak(g *G) bool { return IsDependencySite(g.op.Site) }
