package engine

import (
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestFailedCASSpinsLetTimePass: a goroutine spinning on a spin lock the
// body holds (CompareAndSwap, then Gosched: ants' pool lock) is busy-waiting
// although a CompareAndSwap is a read-modify-write: a failed one changes
// nothing. So virtual time passes, the body's sleep ends, it releases the
// lock, and the spinner takes it, with no step bound reached.
func TestFailedCASSpinsLetTimePass(t *testing.T) {
	e := New(newRandom(1, 5), Limits{MaxSteps: 20_000, SpinThreshold: 10}, nil)
	for {
		var lock uint32
		res, ok := e.Run(func() {
			g := cur()
			g.AtomicRMW(0, unsafe.Pointer(&lock), 4)
			atomic.CompareAndSwapUint32(&lock, 0, 1)
			g.Go(0, func() {
				for {
					cur().AtomicRMW(0, unsafe.Pointer(&lock), 4)
					if atomic.CompareAndSwapUint32(&lock, 0, 1) {
						return
					}
					cur().Yield(0)
				}
			})
			g.Sleep(0, time.Millisecond)
			g.Atomic(0, unsafe.Pointer(&lock), sched.OpAtomicStore)
			atomic.StoreUint32(&lock, 0)
		})
		if !ok {
			return
		}
		if res.Failure != nil || res.Outcome == sched.StepBound {
			t.Fatalf("outcome %v (%+v) after %d steps: the spinner was never marked spinning", res.Outcome, res.Failure, len(res.Trace))
		}
	}
}
