package engine

import (
	"testing"
	"time"
)

// TestTimerCarriedToNextExecution: an AfterFunc timer an execution leaves
// armed fires in the next execution when that execution's virtual clock
// reaches the time it had left, in a controlled goroutine, as natively a
// pending timer fires during whatever runs next (muesli/cache2go's table
// expiry); an execution that stops it first finds it armed. Without
// carrying, the function never runs again.
func TestTimerCarriedToNextExecution(t *testing.T) {
	var kept *time.Timer
	f, calls, controlled := countedFunc()
	e := New(newRandom(1, 10), Limits{}, nil)
	run := func(body func(g *G)) {
		t.Helper()
		res, _ := e.Run(func() { body(cur()) })
		if res.Failure != nil {
			t.Fatalf("%v: %s", res.Outcome, res.Failure.Message)
		}
	}
	run(func(g *G) { kept = g.AfterFunc(0, time.Hour, f) })
	run(func(g *G) { g.Sleep(0, 30*time.Minute) }) // not due yet: left to the next one
	if calls.Load() != 0 {
		t.Fatalf("the timer fired %d times half-way to its deadline", calls.Load())
	}
	run(func(g *G) { g.Sleep(0, 31*time.Minute) })
	if calls.Load() != 1 || controlled.Load() != 1 {
		t.Fatalf("the carried timer ran %d times (%d controlled), want once, in a controlled goroutine", calls.Load(), controlled.Load())
	}
	run(func(g *G) { g.Sleep(0, 2*time.Hour) }) // it fired: nothing is left
	if calls.Load() != 1 {
		t.Fatalf("a timer that fired ran again (%d calls)", calls.Load())
	}

	kept = nil
	run(func(g *G) { kept = g.AfterFunc(0, time.Hour, f) })
	run(func(g *G) {
		if !g.TimerStop(0, g.TimerOf(kept)) {
			panic("Stop of a timer the earlier execution left armed returned false")
		}
		g.Sleep(0, 2*time.Hour)
	})
	if calls.Load() != 1 {
		t.Fatalf("a stopped carried timer ran (%d calls)", calls.Load())
	}
}

// TestCarriedTimerKeepsGoroutineNumbers: a carried timer that does not
// fire adds no goroutine, so an execution numbers its goroutines as it
// would without it (strategies replay decisions by goroutine number).
func TestCarriedTimerKeepsGoroutineNumbers(t *testing.T) {
	e := New(newRandom(1, 2), Limits{}, nil)
	e.Run(func() { cur().AfterFunc(0, time.Hour, func() {}) })
	var id int
	res, _ := e.Run(func() {
		g := cur()
		g.Go(0, func() { id = cur().id })
		g.Sleep(0, time.Minute)
	})
	if res.Failure != nil {
		t.Fatalf("%v: %s", res.Outcome, res.Failure.Message)
	}
	if id != 2 {
		t.Errorf("the body's first goroutine is G%d, want G2", id)
	}
}
