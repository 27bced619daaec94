package engine

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

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

// TestReleasedDeferredSyncIsReal: a goroutine left blocked at the end of
// each execution is released, and its deferred call does, on objects made
// outside the exploration, what ants' pool workers do: a WaitGroup's Done
// and a close inside a sync.Once. Those cannot block, so they happen for
// real: after the exploration the channel is closed and the counter is
// back at zero, as natively once the goroutine had ended.
func TestReleasedDeferredSyncIsReal(t *testing.T) {
	var once sync.Once
	var wg sync.WaitGroup
	done := make(chan struct{})
	e := New(newRandom(1, 2), Limits{}, nil)
	for {
		res, ok := e.Run(func() {
			g := cur()
			ch := make(chan int)
			g.MakeChan(ChanKey(ch), 0)
			g.WGAdd(0, &wg, 1)
			g.Go(0, func() {
				defer func() {
					h := cur()
					h.WGAdd(0, &wg, -1)
					h.OnceDo(0, &once, func() {
						cur().Close(0, ChanKey(done), func() { close(done) })
					})
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
	select {
	case <-done:
	default:
		t.Error("the close in the released goroutine's sync.Once did not happen")
	}
	waited := make(chan struct{})
	go func() { wg.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(time.Minute): // a hang bound, not a timing assertion
		t.Error("the released goroutine's WaitGroup.Done did not happen")
	}
}

// TestNeverPickedGoroutineRunsDeferred: the body counts a worker as
// running, starts it, and spins until the step bound, so the worker is
// never picked. Natively the worker would have run and its deferred call
// counted it out; released at its first hook, it does, and the count that
// outlives the execution is back at zero.
func TestNeverPickedGoroutineRunsDeferred(t *testing.T) {
	var running atomic.Int32
	e := New(&lowestFirst{left: 2}, Limits{MaxSteps: 50, SpinThreshold: 10}, nil)
	for {
		res, ok := e.Run(func() {
			g := cur()
			ch := make(chan int)
			g.MakeChan(ChanKey(ch), 0)
			running.Add(1)
			g.Go(0, func() {
				defer running.Add(-1)
				recv(ch)
				t.Error("the never-picked goroutine went past its first hook")
			})
			for n := 0; ; n++ {
				g.Access(0, unsafe.Pointer(&n), true)
			}
		})
		if !ok {
			break
		}
		if res.Outcome != sched.StepBound {
			t.Fatalf("outcome %v, want the step bound", res.Outcome)
		}
	}
	if n := running.Load(); n != 0 {
		t.Errorf("running = %d after the exploration, want 0: the never-picked goroutine's deferred call did not run", n)
	}
}

// TestFailedInRelease: a failure the test records in a deferred call of
// the body released after a step bound cut it is told apart
// (Result.FailedInRelease) from one recorded during an execution, which
// the execution's result reports as a test failure.
func TestFailedInRelease(t *testing.T) {
	var marked atomic.Bool // the test's failed mark, as testing.T.Failed reads it
	e := New(newRandom(1, 1), Limits{MaxSteps: 2_000}, marked.Load)
	res, _ := e.Run(func() {
		defer marked.Store(true) // gomock's deferred Finish, say: the body never finished
		var flag atomic.Int32
		var count int
		g := cur()
		g.Go(0, computeUntil(&flag, &count))
		var mine int
		for !loadFlag(g, &flag) {
			g.Access(0, unsafe.Pointer(&mine), true)
			mine++
		}
	})
	if res.Outcome != sched.StepBound || res.Failure != nil || !res.FailedInRelease {
		t.Fatalf("cut body: outcome %v, failure %+v, failed in release %v; want the step bound, no failure, failed in release", res.Outcome, res.Failure, res.FailedInRelease)
	}
	marked.Store(false)
	e = New(newRandom(1, 1), Limits{MaxSteps: 2_000}, marked.Load)
	res, _ = e.Run(func() {
		defer marked.Store(true) // the body returns: the failure is the execution's
	})
	if res.Outcome != sched.Failed || res.FailedInRelease {
		t.Fatalf("returning body: outcome %v, failed in release %v; want a test failure, not in release", res.Outcome, res.FailedInRelease)
	}
}

// TestReleasedGoroutineStaysReleased: a goroutine left blocked is released
// and its deferred call outlasts releaseAll's wait, as otter's singleflight
// does when its deferred commit waits on a Cond for a map resize that the
// ended execution will never finish. The call locked a mutex while
// releaseAll waited (skipped: it is released), then goes on after
// releaseAll left it. Taken for an uncontrolled goroutine there, its
// Cond.Wait would unlock the mutex for real and the runtime would end the
// test binary ("sync: unlock of unlocked mutex"). It must still find
// itself released, skip the wait, and have its waiting loop abandoned as a
// spin.
func TestReleasedGoroutineStaysReleased(t *testing.T) {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	var stillReleased atomic.Bool
	done := make(chan struct{})
	e := New(newRandom(1, 1), Limits{}, nil)
	_, ok := e.Run(func() {
		g := cur()
		ch := make(chan int)
		g.MakeChan(ChanKey(ch), 0)
		g.Go(0, func() {
			defer close(done)
			defer func() {
				cur().Lock(0, &mu) // released: skipped
				time.Sleep(settleReturn + 100*time.Millisecond)
				g := cur()
				stillReleased.Store(g != nil)
				for { // the resize never ends; natively a Signal would come
					if g == nil {
						c.Wait()
					} else {
						g.CondWait(0, c)
					}
				}
			}()
			recv(ch) // never matched: a leak, then released
		})
	})
	if !ok {
		t.Fatal("no execution")
	}
	select {
	case <-done:
	case <-time.After(time.Minute): // a hang bound, not a timing assertion
		t.Fatal("the released goroutine still waits in its deferred call")
	}
	if !stillReleased.Load() {
		t.Error("after releaseAll stopped waiting, the released goroutine was taken for an uncontrolled one")
	}
}
