package engine

import (
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestStarvedGoroutineRuns: the body spins, changing shared state at
// every step, until G2 sets a flag; a strategy that always picks the
// lowest goroutine ID keeps the body running. Natively another P runs G2;
// fairness picks it after fairSamples samples, so the execution completes
// far below the step bound and records that it forced a pick.
func TestStarvedGoroutineRuns(t *testing.T) {
	e := New(&lowestFirst{left: 1}, Limits{MaxSteps: 1_000_000}, nil)
	res, ok := e.Run(func() {
		var flag, n int64
		cur().Go(0, func() {
			cur().Atomic(0, unsafe.Pointer(&flag), sched.OpAtomicStore)
			atomic.StoreInt64(&flag, 1)
		})
		for {
			cur().Atomic(0, unsafe.Pointer(&flag), sched.OpAtomicLoad)
			if atomic.LoadInt64(&flag) != 0 {
				return
			}
			cur().Atomic(0, unsafe.Pointer(&n), sched.OpAtomicRMW)
			atomic.AddInt64(&n, 1)
		}
	})
	if !ok {
		t.Fatal("no execution")
	}
	if res.Failure != nil || res.Outcome == sched.StepBound || !res.Forced {
		t.Fatalf("outcome %v (%+v), forced %v after %d steps: want a pass with a forced pick", res.Outcome, res.Failure, res.Forced, len(res.Trace))
	}
	if max := fairEvery * (fairSamples + 2) * 2; len(res.Trace) > max {
		t.Errorf("%d steps, want fewer than %d", len(res.Trace), max)
	}
}
