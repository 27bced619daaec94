package explore

import (
	"flag"
	"sync"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// The test binary's own timeout.
//
// The budget bounds each test, not the package: at the default 2 s, a
// package with a few hundred tests that start goroutines explores for
// longer than go test's default -timeout of 10 minutes, and go test then
// kills the binary ("panic: test timed out") although every test passes.
// So the exploration of a test also ends within a share of the time the
// binary has left before its -test.timeout: it may take half of what is
// left after a reserve of a quarter of the timeout, which the remaining
// tests need for their own runs, probes and reports. Tests that run while
// the binary is still far from its timeout keep their whole budget; later
// ones get shorter explorations (halving each time), and one warning says
// so. At least one execution of every test always runs.

// processStart approximates when the binary started: testing's alarm
// starts later, in M.Run, so shares computed from here are conservative.
var processStart = time.Now()

// timeoutReserve is the share of the timeout kept for what is not
// exploration.
const timeoutReserve = 4 // a quarter

// binaryTimeout is the binary's -test.timeout (0: none).
func binaryTimeout() time.Duration {
	f := flag.Lookup("test.timeout")
	if f == nil {
		return 0
	}
	d, err := time.ParseDuration(f.Value.String())
	if err != nil || d < 0 {
		return 0
	}
	return d
}

// timeoutShare returns how long an exploration starting at now may take
// within a binary whose timeout is timeout (ok false: no limit from it).
func timeoutShare(timeout time.Duration, now time.Time) (share time.Duration, ok bool) {
	if timeout <= 0 {
		return 0, false
	}
	left := processStart.Add(timeout - timeout/timeoutReserve).Sub(now)
	return max(left/2, 0), true
}

// shortenedOnce makes the warning about shortened explorations print once
// per binary.
var shortenedOnce sync.Once

// budgetEnd is the end of an exploration's time.
type budgetEnd struct {
	at        time.Time     // zero: none
	overrun   time.Duration // how long an execution may run past at (0: the engine's default)
	shortened bool          // at is the binary's timeout share, before the budget's end
}

// overrunLimit is how long an execution may run past the end.
func (b budgetEnd) overrunLimit() time.Duration {
	if b.overrun > 0 {
		return b.overrun
	}
	return engine.DefaultLimits.Overrun
}

// explorationEnd returns the end of an exploration starting at start: the
// time budget's end, brought forward to the binary's timeout share.
func (d *driver) explorationEnd(start time.Time) budgetEnd {
	var end budgetEnd
	if d.s.Time > 0 {
		end.at = start.Add(d.s.Time)
	}
	share, ok := timeoutShare(binaryTimeout(), start)
	if !ok || (!end.at.IsZero() && share >= d.s.Time) {
		return end
	}
	overrun := max(share, time.Millisecond)
	return budgetEnd{at: start.Add(share), overrun: min(overrun, engine.DefaultLimits.Overrun), shortened: true}
}

// warnShortened says, once per binary, that an exploration stopped at the
// binary's timeout share.
func (d *driver) warnShortened(n int) {
	shortenedOnce.Do(func() {
		timeout := binaryTimeout()
		warnf("%s: exploration stopped after %d executions, before VTBOUND_BUDGET, because the test binary's -test.timeout of %v is near; from here on each test is explored for at most half of the time left, so that the run ends in time (go test -timeout raises it)",
			d.t.Name(), n, timeout)
	})
}
