package engine

import "github.com/vtbound/vtbound/rt/internal/sched"

// The step bound: an execution that reaches Limits.MaxSteps ends. Its
// verdict is a livelock or a leak only when the goroutines wait on each
// other (livelock.go, leak.go); otherwise the bound proves nothing and the
// execution ends as StepBound, which stops the exploration with a
// warning.

// stepBound ends an execution that reached the step bound: a livelock
// when the goroutines wait on each other and the body has not returned, a
// leak when it has, otherwise StepBound, which stops the exploration with
// a warning instead of failing the test (livelock.go).
func (x *execution) stepBound() {
	ok, blocked := x.spinWait()
	switch {
	case !ok:
		x.over, x.boundHit = true, true
	case x.bodyDone:
		x.spinLeak()
	default:
		x.livelock(blocked)
	}
}

// failBound is fail for a verdict the step bound reached (Failure.Bound).
func (x *execution) failBound(o sched.Outcome, g *G, msg string) {
	if x.failure == nil {
		x.fail(o, g, msg, "")
		x.failure.Bound = true
	}
	x.over = true
}
