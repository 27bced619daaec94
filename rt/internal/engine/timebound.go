package engine

import "time"

// The time bound.
//
// The step bound (Limits.MaxSteps) ends every execution, but not in
// bounded time: a step's cost grows with the goroutines that wait on
// channels (enabled.go's dynamic class), and a test that starts ten
// thousand workers and submits a hundred thousand tasks (ants'
// TestRestCodeCoverage) took more than twelve minutes in one execution
// before reaching it, so `go test` timed out. So an execution also ends
// when it runs Limits.Overrun (30 s by default) past the exploration's
// time budget (or past its own start when that is later, or when there is
// no time budget), with the step bound's outcome: not a failure, a warning that says the
// exploration stopped there (Result.TimeBound tells the two apart).

// timeCheckMask makes pickNext read the clock once every 1024 steps.
const timeCheckMask = 1<<10 - 1

// overran reports whether the time bound ends the execution now, and
// ends it if so. Its first call (at step 0) fixes the bound.
func (x *execution) overran() bool {
	now := time.Now()
	if x.cutAt.IsZero() {
		from := now
		if d := x.e.lim.Deadline; d.After(from) {
			from = d
		}
		x.cutAt = from.Add(x.e.lim.Overrun)
		return false
	}
	if now.Before(x.cutAt) {
		return false
	}
	x.over, x.boundHit, x.timeHit = true, true, true
	return true
}
