package engine

import (
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestAloneAccessesAreNoSteps: while the body is the only goroutine, its
// accesses beyond the first soloAfter are not steps (every soloEvery-th
// is), so a body that touches memory 100,000 times before starting a
// goroutine fits a bound of soloAfter+1,000 steps; once a goroutine has started, accesses are steps again and a
// race between them is found.
func TestAloneAccessesAreNoSteps(t *testing.T) {
	res := exploreWithin(t, 1, Limits{MaxSteps: soloAfter + 1000}, func() {
		buf := make([]byte, 100_000)
		for i := range buf {
			cur().Access(0, unsafe.Pointer(&buf[i]), true)
		}
	})
	if res != nil {
		t.Fatalf("the body alone failed: %+v", res)
	}
	e := New(newRandom(1, 1), Limits{MaxSteps: soloAfter + 1000}, nil)
	r, _ := e.Run(func() {
		buf := make([]byte, 100_000)
		for i := range buf {
			cur().Access(0, unsafe.Pointer(&buf[i]), true)
		}
	})
	if r.Outcome == sched.StepBound || len(r.Trace) > soloAfter+100_000/soloEvery+10 {
		t.Errorf("alone: outcome %v after %d steps", r.Outcome, len(r.Trace))
	}
	raced := explore(t, 500, func() {
		n := 0
		cur().Access(0, unsafe.Pointer(&n), true) // alone: ordered before the go
		cur().Go(0, func() { cur().Access(0, unsafe.Pointer(&n), true) })
		cur().Access(0, unsafe.Pointer(&n), false)
	})
	wantOutcome(t, raced, sched.Race)
}
