package engine

import "github.com/vtbound/vtbound/rt/internal/sched"

// The step bound: an execution that reaches Limits.MaxSteps ends. Its
// verdict is a livelock or a leak only when the goroutines wait on each
// other (livelock.go, leak.go); otherwise the bound proves nothing and the
// execution ends as StepBound, which stops the exploration with a
// warning.
//
// Waiting on each other is judged from what the engine sees: steps that
// change no shared state, again and again. A goroutine whose loop is
// bounded by a local counter looks the same while its operations fail
// (otter's lossy buffer: 200 goroutines each add 1,000 times to full
// stripes, which drop the element without a write, and call
// runtime.Gosched; natively the test ends, but at the bound every one of
// them had re-read the same locations for thousands of steps). So the
// first time the bound finds the goroutines waiting on each other, the
// execution goes on for as many steps again (the probation): the verdict
// is given only if, by its end, no step changed shared state and no
// goroutine started or exited; otherwise the bound proves nothing.

// probation is the extension of an execution past the step bound that
// confirms a livelock or a spin leak (see above).
type probation struct {
	until    int // the step at which it ends; 0: not begun
	progress int // x.lastProgress when it began
	quiet    int // x.quiet.writes when it began (quiet.go)
	started  int // goroutines started (len(x.gs)) when it began
	live     int // live goroutines when it began
}

// stepLimit is the step at which pickNext calls stepBound.
func (x *execution) stepLimit() int {
	if x.probe.until > 0 {
		return x.probe.until
	}
	return x.e.lim.MaxSteps
}

// stepBound ends an execution that reached the step bound, or begins its
// probation (it then returns false and the execution goes on): a livelock
// when the goroutines wait on each other and the body has not returned, a
// leak when it has, otherwise StepBound, which stops the exploration with
// a warning instead of failing the test (livelock.go).
func (x *execution) stepBound() bool {
	ok, blocked := x.spinWait()
	switch {
	case !ok || x.progressedOnProbation():
		x.over, x.boundHit = true, true
	case x.probe.until == 0:
		x.probe = probation{until: x.step + x.e.lim.MaxSteps, progress: x.lastProgress, quiet: x.quiet.writes, started: len(x.gs), live: x.lv.count()}
		return false
	case x.bodyDone:
		x.spinLeak()
	default:
		x.livelock(blocked)
	}
	return true
}

// progressedOnProbation reports whether, during a probation that has
// ended, a step changed shared state or a goroutine started or exited.
func (x *execution) progressedOnProbation() bool {
	p := &x.probe
	return p.until > 0 && (x.lastProgress != p.progress || x.quiet.writes != p.quiet || len(x.gs) != p.started || x.lv.count() != p.live)
}

// failBound is fail for a verdict the step bound reached (Failure.Bound).
func (x *execution) failBound(o sched.Outcome, g *G, msg string) {
	if x.failure == nil {
		x.fail(o, g, msg, "")
		x.failure.Bound = true
	}
	x.over = true
}
