package engine

import (
	"fmt"
	"runtime/debug"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The failure oracle: a panic in any controlled goroutine, t.Error or
// t.Fatal from any of them, and misuse the Go runtime ends a program for
// (damage.go). The first fatal failure ends the execution.

// fail records the first fatal failure and ends the execution.
func (x *execution) fail(o sched.Outcome, g *G, msg, stack string) {
	if x.failure == nil {
		f := &Failure{Outcome: o, Message: msg, Stack: stack}
		if g != nil {
			f.G = g.id
		}
		x.failure = f
	}
	x.over = true
}

// Failure describes the fatal oracle that ended an execution.
type Failure struct {
	Outcome sched.Outcome
	G       int    // goroutine ID, 0 if none
	Message string // oracle message
	Stack   string // stack of a panic, if any
	// Bound says the step bound ended the execution while its goroutines
	// busy-waited: a livelock, or a leak of busy-waiting goroutines after
	// the body returned (livelock.go, leak.go). Its length, not an interleaving, is the
	// failure: there is nothing to minimise.
	Bound bool
}

func panicMessage(r any) string {
	if err, ok := r.(error); ok {
		return err.Error()
	}
	return fmt.Sprint(r)
}

// testFailure records a test marked failed during the execution (t.Error
// from any controlled goroutine) when nothing else ended it; failedBefore
// says whether the test had failed before the execution.
func (x *execution) testFailure(failedBefore bool) {
	if x.failure == nil && !failedBefore && x.e.failed() {
		x.failure = &Failure{Outcome: sched.Failed, Message: "t.Error called"}
	}
}

// exitFailure classifies how controlled goroutine g ended: with the value
// r it panicked with, or by t.FailNow (runtime.Goexit, normal false) of a
// failed test.
func (x *execution) exitFailure(g *G, r any, normal bool) {
	switch {
	case r != nil:
		x.fail(sched.Panicked, g, panicMessage(r), string(debug.Stack()))
	case !normal && g.e.failed():
		x.checkFailed() // failstep.go: seen exactly here
		x.fail(sched.Failed, g, "t.Fatal/t.FailNow called", "")
	}
}
