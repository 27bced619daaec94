package engine

import (
	"fmt"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The timeout oracle: an execution whose running goroutine does not reach
// a scheduling point for Limits.Timeout (it is stuck in code vtbound does
// not control) is ended by the stall watchdog and abandoned; so is one in
// which no goroutine could move for Limits.Timeout while goroutines were
// blocked in uncontrolled code (hand-offs, deadlock.go). The time bound
// of the whole exploration is timebound.go.

// stalled reports (and records) that no goroutine has reached a scheduling
// point since the watchdog's previous look at least limit ago. Called by
// the exploring goroutine; w holds the watchdog's last observation.
func (x *execution) stalled(w *watch, limit time.Duration) bool {
	now := time.Now()
	if p := x.progress.Load(); p != w.progress || w.since.IsZero() {
		w.progress, w.since = p, now
		return false
	}
	if now.Sub(w.since) < limit {
		return false
	}
	if x.e.waitingForNested() || holderBusy() {
		w.since = now // a subtest's exploration, slow uncontrolled work (a subprocess, I/O): keep waiting
		return false
	}
	x.timedOut.Store(true)
	return true
}

// watch is the stall watchdog's memory.
type watch struct {
	progress uint64
	since    time.Time
}

// timedOutFailure records the failure of an execution the stall watchdog
// ended, blaming the goroutine that held the token.
func (x *execution) timedOutFailure() {
	if !x.timedOut.Load() || x.failure != nil {
		return
	}
	x.failure = &Failure{Outcome: sched.Timeout, Message: fmt.Sprintf("a goroutine ran for %v without reaching a scheduling point (blocked in uncontrolled code?)", x.e.lim.Timeout)}
	if c := x.e.cur; c != nil {
		x.failure.G = c.id
	}
}

// awayTimeout ends a stuck execution whose goroutines were blocked in code
// vtbound does not control for Limits.Timeout (deadlock.go).
func (x *execution) awayTimeout(blocked *G) {
	x.fail(sched.Timeout, blocked, fmt.Sprintf("no goroutine could move for %v while goroutines were blocked in code vtbound does not control (network, system calls, an uninstrumented wait)", x.e.lim.Timeout), "")
}
