package engine

import "github.com/vtbound/vtbound/rt/internal/sched"

// The deadlock oracle, and the verdict when nothing can move.
//
// An execution in which no goroutine can move, after every source of
// movement was tried (the virtual clock, coupled real time, adopted
// channels, pollers, hand-offs: pickNext), is stuck. Before the body
// returned, that is a global deadlock: every live goroutine is blocked.
// After it returned, goroutines still blocked are a leak (leak.go). A
// stuck execution whose goroutines were blocked in code vtbound does not
// control for Limits.Timeout is a timeout (timeout.go).

// stuck classifies an execution in which no goroutine can move: every
// goroutine finished, or a timeout (blocked in uncontrolled code), a
// deadlock (the body has not returned) or a leak (it has, leak.go).
func (x *execution) stuck() {
	blocked, polling := x.blockedGoroutine()
	switch {
	case blocked == nil && !polling:
		// every goroutine finished
	case x.awayTimedOut && !x.bodyDone:
		x.awayTimeout(blocked) // timeout.go
	case !x.bodyDone:
		if blocked == nil {
			blocked = x.firstLive()
		}
		x.fail(sched.Deadlock, blocked, x.foreignNoted("all goroutines are blocked"), "")
	case blocked != nil && !polling:
		x.leak(blocked) // leak.go
	}
	x.over = true
}

// blockedGoroutine returns the first live goroutine that is blocked and
// to blame, and whether some goroutine may still be woken from outside
// the model: it waits on code vtbound does not control, or, after the
// body returned, on the virtual clock (see mayWakeAfterBody). Background
// timer goroutines are neither.
func (x *execution) blockedGoroutine() (blocked *G, polling bool) {
	for _, g := range x.alive {
		if x.loops(g) {
			continue // loopers wake nobody (testend.go)
		}
		if x.bodyDone && g.live && g.mayWakeAfterBody(x.now) {
			polling = true
			continue
		}
		if !g.live || g.background {
			continue
		}
		switch {
		case g.pollFor > 0 || g.ho.away:
			polling = true
		case x.bodyDone && excusedLeak(g):
		case blocked == nil:
			blocked = g
		}
	}
	return blocked, polling
}

// firstLive returns the first live goroutine, or nil.
func (x *execution) firstLive() *G {
	for _, g := range x.alive {
		if g.live {
			return g
		}
	}
	return nil
}
