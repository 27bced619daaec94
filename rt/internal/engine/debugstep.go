package engine

import (
	"sync/atomic"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// This file lets a debugger stop a replayed execution at one step
// (`vtbound debug`, docs/debug.md): with Limits.BreakStep = N, the
// goroutine picked for step N of the first execution calls BreakAtStep
// right after it was picked and before it performs the operation, so a
// breakpoint there leaves the user's goroutine stopped at the line of the
// step, with its variables as they are just before it.

// breakTaken makes the break happen once per process: a debugging session
// replays one execution.
var breakTaken atomic.Bool

// atStep calls BreakAtStep when g was just picked for the break step.
func (g *G) atStep() {
	n := g.e.lim.BreakStep
	if n > 0 && len(g.x.trace) == n && breakTaken.CompareAndSwap(false, true) {
		BreakAtStep(n, g.id, g.op)
	}
}

// breakSink keeps BreakAtStep's arguments alive for the debugger.
var breakSink struct {
	step, goroutine int
	op              sched.Op
}

// BreakAtStep is where `vtbound debug` sets its breakpoint: it is called
// by goroutine G<goroutine> just before it performs step `step` of the
// execution. It does nothing else.
//
//go:noinline
func BreakAtStep(step, goroutine int, op sched.Op) {
	breakSink.step, breakSink.goroutine, breakSink.op = step, goroutine, op
}
