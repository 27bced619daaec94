package engine

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// countedFunc returns a timer function that counts its calls, and those
// made in a controlled goroutine.
func countedFunc() (f func(), calls, controlled *atomic.Int32) {
	calls, controlled = new(atomic.Int32), new(atomic.Int32)
	return func() {
		calls.Add(1)
		if Current() != nil {
			controlled.Add(1)
		}
	}, calls, controlled
}

// TestAfterFuncFromEarlierExecution: a stopped AfterFunc timer kept by
// the program (go-deadlock pools them) and reset by a later execution
// calls its function on that execution's virtual clock, in a controlled
// goroutine; before, the Reset armed the real timer behind the model,
// whose function did nothing, and the function never ran.
func TestAfterFuncFromEarlierExecution(t *testing.T) {
	var kept *time.Timer
	f, calls, controlled := countedFunc()
	e := New(newRandom(1, 2), Limits{}, nil)
	for n := 0; n < 2; n++ {
		res, _ := e.Run(func() {
			g := cur()
			if kept == nil {
				kept = g.AfterFunc(0, time.Hour, f)
				if !g.TimerStop(0, g.TimerOf(kept)) {
					panic("Stop of a pending AfterFunc returned false")
				}
				return
			}
			h := g.TimerOf(kept)
			if h == nil {
				panic("the timer of the earlier execution is not adopted")
			}
			if g.TimerReset(0, h, 20*time.Millisecond, 0) {
				panic("Reset of a stopped timer returned true")
			}
			g.Sleep(0, 50*time.Millisecond)
		})
		if res.Failure != nil {
			t.Fatalf("execution %d: %v: %s", n+1, res.Outcome, res.Failure.Message)
		}
	}
	if calls.Load() != 1 || controlled.Load() != 1 {
		t.Errorf("the function ran %d times (%d in a controlled goroutine), want once, controlled", calls.Load(), controlled.Load())
	}
	// Outside any exploration the proxy is a real AfterFunc timer of f.
	kept.Reset(time.Millisecond)
	for start := time.Now(); calls.Load() < 2; time.Sleep(time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatal("a native Reset of the proxy did not run the function")
		}
	}
}

// TestChanTimerFromEarlierExecution: a channel timer kept from an earlier
// execution and reset by a later one sends on its channel on the virtual
// clock, so a body receiving from it is not deadlocked.
func TestChanTimerFromEarlierExecution(t *testing.T) {
	var kept *time.Timer
	var ch chan time.Time
	e := New(newRandom(1, 2), Limits{}, nil)
	for n := 0; n < 2; n++ {
		res, _ := e.Run(func() {
			g := cur()
			if kept == nil {
				var h *TimerHandle
				ch, h = g.NewTimer(0, time.Hour, 0)
				kept = time.NewTimer(farFuture)
				kept.C = ch
				h.SetProxy(kept)
				g.Rooms()[kept] = h
				g.TimerStop(0, h)
				return
			}
			h := g.TimerOf(kept)
			if h == nil {
				panic("the timer of the earlier execution is not adopted")
			}
			g.TimerReset(0, h, 10*time.Millisecond, 0)
			start := g.Now()
			g.Select(0, sched.OpRecv, false, []Case{&RecvCase[time.Time]{Ch: ch}})
			if d := g.Now().Sub(start); d < 10*time.Millisecond {
				panic("the timer fired early: " + d.String())
			}
		})
		if res.Failure != nil {
			t.Fatalf("execution %d: %v: %s", n+1, res.Outcome, res.Failure.Message)
		}
	}
}

// TestTimerOfNeverModelled: a timer no execution modelled is left to the
// native Stop and Reset.
func TestTimerOfNeverModelled(t *testing.T) {
	native := time.NewTimer(time.Hour)
	defer native.Stop()
	e := New(newRandom(1, 1), Limits{}, nil)
	var h *TimerHandle
	e.Run(func() { h = cur().TimerOf(native) })
	if h != nil {
		t.Error("TimerOf adopted a timer no execution modelled")
	}
}
