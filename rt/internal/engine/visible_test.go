package engine

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// createdByEngine marks, in a stack dump, a goroutine the engine started,
// including one still in the runtime's exit path.
const createdByEngine = "created by github.com/vtbound/vtbound/rt/internal/engine.(*execution).newG"

// TestNoGoroutineLeftAfterRun: when Run returns, no goroutine of the
// execution is visible to the test any more (runtime.Stack, as goleak
// reads it), whether it ended normally, was left blocked (a leak) and
// released, or handed the execution's end to the explorer.
func TestNoGoroutineLeftAfterRun(t *testing.T) {
	e := New(newRandom(7, 200), Limits{}, nil)
	bad := 0
	for {
		res, ok := e.Run(func() {
			g := cur()
			ch := make(chan int)
			g.MakeChan(ChanKey(ch), 0)
			for i := range 3 {
				g.Go(0, func() {
					if i == 0 {
						recv(ch) // never matched: left blocked, then released
					}
				})
			}
		})
		if !ok {
			break
		}
		if res.Outcome != sched.Leak && res.Handoffs > 0 {
			// a hand-off misfired on a loaded machine (see the note in
			// docs/dependencies.md): the oracles then blame nobody
			t.Logf("execution %d: outcome %v after %d hand-offs", res.N, res.Outcome, res.Handoffs)
			continue
		}
		if res.Outcome != sched.Leak {
			t.Fatalf("outcome %v, want leak", res.Outcome)
		}
		if dump := allStacks(); strings.Contains(dump, createdByEngine) {
			if bad == 0 {
				t.Logf("after execution %d:\n%s", res.N, dump)
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of 200 executions left goroutines visible after Run", bad)
	}
}

// TestExitedGoroutineGoneAfterSleep: a goroutine that has ended is no
// longer counted once a sleep of the others ends, as natively.
func TestExitedGoroutineGoneAfterSleep(t *testing.T) {
	e := New(newRandom(9, 2000), blockedTime, nil) // the sleep ends after the exit
	bad := 0
	for {
		res, ok := e.Run(func() {
			g := cur()
			before := runtime.NumGoroutine()
			done := make(chan int)
			g.MakeChan(ChanKey(done), 0)
			g.Go(0, func() { send(done, 1) })
			recv(done)
			g.Sleep(0, time.Millisecond)
			if runtime.NumGoroutine() != before {
				bad++
			}
		})
		if !ok {
			break
		}
		if res.Failure != nil {
			t.Fatalf("failure %+v", res.Failure)
		}
	}
	if bad > 0 {
		t.Errorf("in %d of 2000 executions an exited goroutine was still counted after a sleep", bad)
	}
}

// TestReleasedDeferBlockingDoesNotHang: a released goroutine whose deferred
// call blocks for real on something that never comes does not hang Run,
// nor the executions after it (each would otherwise wait for it again).
func TestReleasedDeferBlockingDoesNotHang(t *testing.T) {
	never := make(chan int) // a real channel nobody ever sends on
	defer close(never)
	e := New(newRandom(3, 5), Limits{}, nil)
	start := time.Now()
	n := 0
	for {
		_, ok := e.Run(func() {
			g := cur()
			ch := make(chan int)
			g.MakeChan(ChanKey(ch), 0)
			g.Go(0, func() {
				defer func() { <-never }() // runs for real once released
				recv(ch)                   // never matched: a leak, then released
			})
		})
		if !ok {
			break
		}
		n++
	}
	if n != 5 {
		t.Fatalf("%d executions ran, want 5", n)
	}
	if d := time.Since(start); d > 5*settleReturn {
		t.Errorf("5 executions took %v: Run waited for the stuck goroutines again and again", d)
	}
}

// TestLookWaitsForEarlierExecutionsGoroutines: when an execution begins
// while a goroutine of an earlier one is still in the runtime's exit path
// (settle gave up on it, as on a loaded machine), the program's first look
// (runtime.NumGoroutine through SettleExited) waits until it is gone, so a
// test comparing counts before and after its own goroutines sees the same
// count twice. The straggler is simulated by a real goroutine that ends
// 30 ms into the second execution; the look must not list it.
func TestLookWaitsForEarlierExecutionsGoroutines(t *testing.T) {
	quiesce(t)
	e := New(newRandom(5, 2), Limits{}, nil)
	if _, ok := e.Run(func() { cur().SettleExited() }); !ok || e.floor == 0 {
		t.Fatalf("first execution: ran %v, floor %d", ok, e.floor)
	}
	release := make(chan struct{})
	go straggler(release)
	var seen string
	if _, ok := e.Run(func() {
		close(release)
		cur().SettleExited()
		seen = allStacks()
	}); !ok {
		t.Fatal("no second execution")
	}
	if strings.Contains(seen, "engine.straggler") {
		t.Errorf("the look listed the straggler:\n%s", seen)
	}
}

// straggler ends 30 ms after release is closed.
func straggler(release chan struct{}) {
	<-release
	time.Sleep(30 * time.Millisecond)
}

// quiesce waits, within 2 s, until the goroutine count has not changed for
// 50 ms: goroutines of earlier tests may still be ending.
func quiesce(t *testing.T) {
	t.Helper()
	last, since := runtime.NumGoroutine(), time.Now()
	for start := time.Now(); time.Since(since) < 50*time.Millisecond; time.Sleep(time.Millisecond) {
		if n := runtime.NumGoroutine(); n != last {
			last, since = n, time.Now()
		}
		if time.Since(start) > 2*time.Second {
			t.Logf("goroutine count still changing after 2 s (now %d)", last)
			return
		}
	}
}
