package engine

import (
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// keepAlive starts the kernel "a background loop nobody stops": a
// goroutine that wakes every period and writes a counter, for ever (a
// connection's keep-alive, a cache's janitor).
func keepAlive(period time.Duration) {
	var n int
	cur().Go(0, func() {
		for {
			cur().Sleep(0, period)
			cur().Access(0, unsafe.Pointer(&n), true)
			n++
		}
	})
}

// sleepThenSend starts the kernel "a worker that outlives its caller": it
// sleeps d, then sends its result on an unbuffered channel nobody
// receives from any more, and so blocks for ever.
func sleepThenSend(d time.Duration) {
	ch := make(chan int)
	cur().MakeChan(ChanKey(ch), 0)
	cur().Go(0, func() {
		cur().Sleep(0, d)
		cur().Select(0, sched.OpSend, false, []Case{&SendCase[int]{Ch: ch, V: 1}})
	})
}

// runEvery runs body in every execution e allows, and calls check with
// each result.
func runEvery(e *Engine, body func(), check func(*Result)) int {
	n := 0
	for {
		res, ok := e.Run(body)
		if !ok {
			return n
		}
		n++
		check(res)
	}
}

// TestBackgroundLoopAfterBodyEnds: a loop on the clock that never ends
// keeps running after the body returned only until it is found to loop:
// the execution then ends without a failure, long before the step bound,
// and lists the loop's goroutine in Result.Loops.
func TestBackgroundLoopAfterBodyEnds(t *testing.T) {
	for _, period := range []time.Duration{time.Millisecond, 100 * time.Millisecond, time.Hour} {
		e := New(newRandom(1, 3), Limits{MaxSteps: 100_000}, nil)
		runEvery(e, func() { keepAlive(period) }, func(res *Result) {
			if res.Failure != nil || res.Outcome == sched.StepBound || len(res.Trace) > 20*loopRounds {
				t.Fatalf("period %v: outcome %v (%+v) after %d steps, want an end without failure after a few rounds", period, res.Outcome, res.Failure, len(res.Trace))
			}
			if len(res.Loops) != 1 || res.Loops[0].G != 2 || res.Loops[0].Wait.Kind != sched.OpSleep {
				t.Fatalf("period %v: loops %+v, want G2 sleeping", period, res.Loops)
			}
		})
	}
}

// TestWorkerOutlivesCaller: a worker that sleeps two hours and then
// blocks for ever is a leak, although the test body returned long before
// (nothing caps how far the clock moves after the body), also beside a
// background loop that wakes every 100 ms.
func TestWorkerOutlivesCaller(t *testing.T) {
	for _, loop := range []bool{false, true} {
		e := New(newRandom(1, 3), Limits{MaxSteps: 100_000}, nil)
		runEvery(e, func() {
			if loop {
				keepAlive(100 * time.Millisecond)
			}
			sleepThenSend(2 * time.Hour)
		}, func(res *Result) {
			wantOutcome(t, res, sched.Leak)
			if len(res.Trace) > 60*loopRounds {
				t.Fatalf("loop %v: %d steps, want the clock to jump to the sleeper", loop, len(res.Trace))
			}
		})
	}
}

// TestRetriesThatEndAreNoLoop: a goroutine that retries a few times on
// the clock and then exits is neither a leak nor a loop.
func TestRetriesThatEndAreNoLoop(t *testing.T) {
	e := New(newRandom(1, 3), Limits{MaxSteps: 100_000}, nil)
	var n int
	runEvery(e, func() {
		cur().Go(0, func() {
			for d := time.Second; d < 8*time.Second; d *= 2 {
				cur().Sleep(0, d)
				cur().Access(0, unsafe.Pointer(&n), true)
			}
		})
	}, func(res *Result) {
		if res.Failure != nil || len(res.Loops) != 0 || res.Outcome != sched.OK {
			t.Fatalf("outcome %v (%+v), loops %+v: want a pass", res.Outcome, res.Failure, res.Loops)
		}
	})
}

// TestTickerLoopAfterBody: a goroutine taking a ticker's ticks for ever
// (a keep-alive on time.Tick) is found to loop after the body returned,
// and a ticker nobody reads ends the execution without a loop.
func TestTickerLoopAfterBody(t *testing.T) {
	for _, reader := range []bool{true, false} {
		e := New(newRandom(1, 3), Limits{MaxSteps: 100_000}, nil)
		runEvery(e, func() {
			tick, _ := cur().NewTimer(0, 100*time.Millisecond, 100*time.Millisecond)
			if reader {
				cur().Go(0, func() {
					for {
						cur().Select(0, sched.OpRecv, false, []Case{&RecvCase[time.Time]{Ch: tick}})
					}
				})
			}
		}, func(res *Result) {
			if res.Failure != nil || res.Outcome == sched.StepBound || len(res.Trace) > 40*loopRounds {
				t.Fatalf("reader %v: outcome %v (%+v) after %d steps", reader, res.Outcome, res.Failure, len(res.Trace))
			}
			if got := len(res.Loops); got != map[bool]int{true: 1, false: 0}[reader] || reader && res.Loops[0].Wait.Kind != sched.OpRecv {
				t.Fatalf("reader %v: loops %+v", reader, res.Loops)
			}
		})
	}
}

// TestWorkerWaitsWithLoop: a pool's janitor loops on a ticker until the
// pool's stop channel is closed, and its worker waits for that channel
// too: both are left running with the pool (listed as loops), not a leak.
func TestWorkerWaitsWithLoop(t *testing.T) {
	e := New(newRandom(1, 3), Limits{MaxSteps: 100_000}, nil)
	runEvery(e, func() {
		stop := make(chan struct{})
		cur().MakeChan(ChanKey(stop), 0)
		tick, _ := cur().NewTimer(0, time.Millisecond, time.Millisecond)
		cur().Go(0, func() { // the janitor
			for {
				if cur().Select(0, sched.OpSelect, false, []Case{&RecvCase[struct{}]{Ch: stop}, &RecvCase[time.Time]{Ch: tick}}) == 0 {
					return
				}
			}
		})
		cur().Go(0, func() { // the worker
			cur().Select(0, sched.OpRecv, false, []Case{&RecvCase[struct{}]{Ch: stop}})
		})
	}, func(res *Result) {
		if res.Failure != nil || len(res.Loops) != 2 {
			t.Fatalf("outcome %v (%+v), loops %+v: want a pass with the janitor and the worker left looping", res.Outcome, res.Failure, res.Loops)
		}
	})
}

// TestSlowLoopBesideTicker: a reconnect loop that backs off 5 s on
// time.After after each failed attempt, beside a 100 ms ticker it does
// not read while it backs off (go-metrics' statsd sink): the ticker's
// rounds repeat quickly, the back-off's wake-up brings the execution back
// to the same state each time, and the loop is found to loop (listed,
// with the goroutine waiting on its back-off), not blamed as a leak, and
// long before the step bound.
func TestSlowLoopBesideTicker(t *testing.T) {
	e := New(newRandom(1, 3), Limits{MaxSteps: 100_000}, nil)
	var attempts int
	n := runEvery(e, func() {
		quit := make(chan struct{})
		cur().MakeChan(ChanKey(quit), 0)
		cur().Go(0, func() {
			cur().NewTimer(0, 100*time.Millisecond, 100*time.Millisecond)
			for {
				cur().Access(0, unsafe.Pointer(&attempts), true) // a failed attempt
				attempts++
				wait := cur().After(0, 5*time.Second)
				if cur().Select(0, sched.OpSelect, false, []Case{&RecvCase[struct{}]{Ch: quit}, &RecvCase[time.Time]{Ch: wait}}) == 0 {
					return
				}
			}
		})
	}, func(res *Result) {
		if res.Failure != nil || res.Outcome != sched.OK || len(res.Trace) > 40*loopRounds*loopRounds {
			t.Fatalf("outcome %v (%+v) after %d steps: want a pass, found to loop", res.Outcome, res.Failure, len(res.Trace))
		}
		if len(res.Loops) != 1 || res.Loops[0].G != 2 || res.Loops[0].Wait.Kind != sched.OpSelect {
			t.Fatalf("loops %+v, want G2 waiting in its select", res.Loops)
		}
	})
	if n == 0 {
		t.Fatal("no execution")
	}
}
