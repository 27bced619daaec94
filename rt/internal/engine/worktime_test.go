package engine

import (
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// workLimits are the limits of the work-clock tests: a step of work lasts
// 10 µs, a wait on the clock at least 1,000 steps; wake-ups do not race
// with work otherwise (the tests measure when work alone ends a sleep).
var workLimits = Limits{MaxSteps: 20_000, StepCost: 10 * time.Microsecond, WorkSteps: 1_000, WakeWindow: -1}

// computeUntil returns a goroutine function that writes *count and loads
// *flag in a loop, never blocking, until the flag is set: work, not a
// busy-wait (its writes are progress).
func computeUntil(flag *atomic.Int32, count *int) func() {
	return func() {
		g := cur()
		for {
			g.Access(0, unsafe.Pointer(count), true)
			*count++
			if loadFlag(g, flag) {
				return
			}
		}
	}
}

// loadFlag is an atomic load of flag as a step of g.
func loadFlag(g *G, flag *atomic.Int32) bool {
	g.Atomic(0, unsafe.Pointer(flag), sched.OpAtomicLoad)
	return flag.Load() != 0
}

// setFlag is an atomic store of 1 to flag as a step of g.
func setFlag(g *G, flag *atomic.Int32) {
	g.Atomic(0, unsafe.Pointer(flag), sched.OpAtomicStore)
	flag.Store(1)
}

// TestWorkEndsSleep: a goroutine that computes in a loop until a flag the
// sleeping body sets after its sleep must not keep the sleep from ending:
// natively the loop takes real time. Every execution passes, and the
// sleep ends after the work that lasts it (50 ms at 10 µs a step), not
// before.
func TestWorkEndsSleep(t *testing.T) {
	e := New(newRandom(3, 30), workLimits, nil)
	sleepWhileComputing(e, 50*time.Millisecond, nil, func(res *Result, woke int) {
		wantOutcome(t, res, sched.OK)
		if woke < 5_000 || woke > 5_000+64 {
			t.Fatalf("execution %d: the sleep ended at step %d, want just after 5000 steps of work (50 ms at 10 µs)", res.N, woke)
		}
	})
}

// sleepWhileComputing runs e's executions of a body that sleeps for d
// while a goroutine computes until the body sets a flag after its sleep
// (and, when also is not nil, a second goroutine runs also with that
// flag), and calls check with each execution's result and the step at
// which the sleep ended.
func sleepWhileComputing(e *Engine, d time.Duration, also func(flag *atomic.Int32), check func(res *Result, woke int)) {
	for {
		var woke int
		res, ok := e.Run(func() {
			var flag atomic.Int32
			var count int
			g := cur()
			g.Go(0, computeUntil(&flag, &count))
			if also != nil {
				g.Go(0, func() { also(&flag) })
			}
			g.Sleep(0, d)
			woke = g.x.step
			setFlag(g, &flag)
		})
		if !ok {
			return
		}
		check(res, woke)
	}
}

// TestWorkFloorKeepsShortSleep: a sleep whose work time would end after a
// few steps lasts at least WorkSteps steps of work.
func TestWorkFloorKeepsShortSleep(t *testing.T) {
	e := New(newRandom(1, 5), workLimits, nil)
	sleepWhileComputing(e, 100*time.Microsecond /* 10 steps of work */, nil, func(res *Result, woke int) {
		wantOutcome(t, res, sched.OK)
		if woke < workLimits.WorkSteps || woke > workLimits.WorkSteps+64 {
			t.Fatalf("execution %d: the sleep ended at step %d, want just after %d", res.N, woke, workLimits.WorkSteps)
		}
	})
}

// TestWorkDoesNotEndLongSleep: a sleep longer than the step bound's work
// time, while a goroutine computes for ever, still ends the execution at
// the step bound (the exploration stops with a warning), not in a
// failure, and the body never wakes.
func TestWorkDoesNotEndLongSleep(t *testing.T) {
	e := New(newRandom(1, 3), workLimits, nil)
	for {
		woke := false
		res, ok := e.Run(func() {
			var flag atomic.Int32
			var count int
			g := cur()
			g.Go(0, computeUntil(&flag, &count))
			g.Sleep(0, time.Second) // 100,000 steps of work
			woke = true
		})
		if !ok {
			return
		}
		wantOutcome(t, res, sched.StepBound)
		if res.Failure != nil || woke {
			t.Fatalf("execution %d: failure %+v, body woke %v; want neither", res.N, res.Failure, woke)
		}
	}
}

// TestWorkTimeCarriesOver: the work done is not lost when the clock moves
// to a ticker's earlier wake-ups: a 50 ms sleep ends after 5,000 steps of
// work (at 10 µs a step), although each 1 ms sleep of the ticking
// goroutine lasts 1,000 steps of work (the floor). Once the sleep is due,
// the clock catches up one tick per look at the work clock (every 8
// steps here), so that the ticking goroutine runs at each.
func TestWorkTimeCarriesOver(t *testing.T) {
	e := New(newRandom(2, 5), workLimits, nil)
	ticking := func(flag *atomic.Int32) {
		g := cur()
		for {
			g.Sleep(0, time.Millisecond)
			if loadFlag(g, flag) {
				return
			}
		}
	}
	sleepWhileComputing(e, 50*time.Millisecond, ticking, func(res *Result, woke int) {
		wantOutcome(t, res, sched.OK)
		if woke < 5_000 || woke > 5_000+50*8 {
			t.Fatalf("execution %d: the sleep ended at step %d, want after 5000 and within 50 looks more", res.N, woke)
		}
	})
}

// TestWorkCheckMask: the work clock is looked at every step for a small
// WorkSteps, and at most every 1024 steps.
func TestWorkCheckMask(t *testing.T) {
	for _, c := range []struct{ steps, mask int }{{1, 0}, {100, 0}, {128, 1}, {1_000, 7}, {100_000, 1023}, {10_000_000, 1023}} {
		if got := workCheckMask(c.steps); got != c.mask {
			t.Errorf("workCheckMask(%d) = %d, want %d", c.steps, got, c.mask)
		}
	}
}
