package engine

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// gosched is what rt.Gosched does.
func gosched() {
	if g := Current(); g != nil {
		g.Yield(0)
		return
	}
	YieldOutside()
	runtime.Gosched()
}

// TestReleasedDeferSpinEnds: a goroutine left blocked at the end of an
// execution is released, and its deferred call spins (with yields) on a
// spin lock nobody will unlock, as ants' pool Release does. The call is
// abandoned after releasedSpinLimit yields and the goroutine's earlier
// deferred calls still run, so it ends instead of keeping a core busy for
// the rest of the test binary.
func TestReleasedDeferSpinEnds(t *testing.T) {
	var locked, acquired atomic.Bool
	locked.Store(true) // held by a goroutine of the ended execution, say
	var ended sync.WaitGroup
	e := New(newRandom(1, 3), Limits{}, nil)
	for {
		res, ok := e.Run(func() {
			g := cur()
			ch := make(chan int)
			g.MakeChan(ChanKey(ch), 0)
			ended.Add(1)
			g.Go(0, func() {
				defer ended.Done()
				defer func() {
					for !locked.CompareAndSwap(false, true) {
						gosched()
					}
					acquired.Store(true)
				}()
				recv(ch) // never matched: a leak, then released
			})
		})
		if !ok {
			break
		}
		if res.Outcome != sched.Leak {
			t.Fatalf("outcome %v, want leak", res.Outcome)
		}
	}
	done := make(chan struct{})
	go func() { ended.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute): // a hang bound, not a timing assertion
		t.Fatal("released goroutines still spin in their deferred calls")
	}
	if acquired.Load() {
		t.Error("the spin lock was acquired: the abandoned call went on")
	}
	if n := releasedCount.Load(); n != 0 {
		t.Errorf("%d released goroutines still registered after they ended", n)
	}
}
