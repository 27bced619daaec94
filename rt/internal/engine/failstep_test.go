package engine

import (
	"runtime"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// accessSteps takes n access steps on a fresh variable of g's.
func accessSteps(g *G, n int) {
	var v int
	for range n {
		g.Access(0, unsafe.Pointer(&v), true)
		v++
	}
}

// TestFailedBy: a t.Error in the middle of an execution is placed at most
// 16 steps before the step count Result.FailedBy gives, and never after
// it; a t.Fatal exactly where its goroutine exits; an execution of a test
// that does not fail has FailedBy 0.
func TestFailedBy(t *testing.T) {
	var marked atomic.Bool // the test's failed mark, as testing.T.Failed reads it
	var at int             // the steps recorded when the body marked the test failed
	e := New(newRandom(1, 1), Limits{}, marked.Load)
	res, _ := e.Run(func() {
		g := cur()
		accessSteps(g, 100)
		at = g.x.step
		marked.Store(true) // t.Error: the body goes on
		accessSteps(g, 100)
	})
	if res.Outcome != sched.Failed || res.FailedBy < at || res.FailedBy > at+failCheckMask+1 {
		t.Errorf("t.Error after %d steps: outcome %v, FailedBy %d; want a test failure, FailedBy in [%d, %d]", at, res.Outcome, res.FailedBy, at, at+failCheckMask+1)
	}

	marked.Store(false)
	e = New(newRandom(1, 1), Limits{}, marked.Load)
	res, _ = e.Run(func() {
		g := cur()
		accessSteps(g, 37)
		at = g.x.step
		marked.Store(true)
		runtime.Goexit() // t.Fatal
	})
	if res.Outcome != sched.Failed || res.FailedBy != at {
		t.Errorf("t.Fatal after %d steps: outcome %v, FailedBy %d; want a test failure, FailedBy %d", at, res.Outcome, res.FailedBy, at)
	}

	marked.Store(false)
	e = New(newRandom(1, 1), Limits{}, marked.Load)
	res, _ = e.Run(func() { accessSteps(cur(), 100) })
	if res.Outcome != sched.OK || res.FailedBy != 0 {
		t.Errorf("passing execution: outcome %v, FailedBy %d; want OK, 0", res.Outcome, res.FailedBy)
	}
}
