package engine

import (
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// sleepThenLook is the kernel "a sleep that waits for a worker": the body
// starts a worker that takes a few steps and then marks its result, sleeps
// d "to let the worker finish" and looks at the mark. It reports whether
// the body saw the worker's result.
func sleepThenLook(d time.Duration) bool {
	g := cur()
	var work, done int
	g.Go(0, func() {
		w := cur()
		for range 3 {
			w.Access(0, unsafe.Pointer(&work), true)
		}
		w.Access(0, unsafe.Pointer(&done), true)
		done = 1
	})
	g.Sleep(0, d)
	g.Access(0, unsafe.Pointer(&done), false)
	return done == 1
}

// runAll runs body in every execution e allows and returns the results.
func runAll(t *testing.T, e *Engine, body func()) []*Result {
	t.Helper()
	var rs []*Result
	for {
		res, ok := e.Run(body)
		if !ok {
			return rs
		}
		if res.Failure != nil {
			t.Fatalf("execution %d: %v", len(rs)+1, res.Failure)
		}
		rs = append(rs, res.Clone())
	}
}

// TestSleepRacesWithWork: a 5 ms sleep may end before the worker it
// waits for has finished, as natively on a loaded machine; the execution
// records the early wake-up. Under VTBOUND_TIME=blocked it never does.
func TestSleepRacesWithWork(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lim   Limits
		early bool
	}{
		{"race", Limits{}, true},
		{"blocked", blockedTime, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			missed, woke := 0, 0
			rs := runAll(t, New(newRandom(1, 200), tc.lim, nil), func() {
				if !sleepThenLook(5 * time.Millisecond) {
					missed++
				}
			})
			for _, r := range rs {
				woke += len(r.EarlyWakes)
				for _, w := range r.EarlyWakes {
					if w.Waited != 5*time.Millisecond || w.G != 1 {
						t.Fatalf("early wake-up %+v, want G1's 5ms sleep", w)
					}
				}
			}
			if (missed > 0) != tc.early || (woke > 0) != tc.early {
				t.Errorf("the body missed the result in %d of %d executions, %d early wake-ups; want some: %v", missed, len(rs), woke, tc.early)
			}
			if missed > woke {
				t.Errorf("the body missed the result in %d executions but only %d woke early", missed, woke)
			}
		})
	}
}

// TestLongSleepDoesNotRace: a wake-up due beyond the window does not race
// with work: a 1 s sleep ends only once the worker has finished.
func TestLongSleepDoesNotRace(t *testing.T) {
	rs := runAll(t, New(newRandom(2, 200), Limits{}, nil), func() {
		if !sleepThenLook(time.Second) {
			t.Error("a 1 s sleep ended before 4 steps of work")
		}
	})
	for _, r := range rs {
		if len(r.EarlyWakes) > 0 {
			t.Fatalf("early wake-ups %+v of a 1 s sleep", r.EarlyWakes)
		}
	}
}

// TestEarlyWakesInDeadlineOrder: wake-ups happen in deadline order however
// early: when a sleeper wakes, no goroutine whose wake-up is earlier is
// still waiting for the clock (as a timer's send happens when it fires).
func TestEarlyWakesInDeadlineOrder(t *testing.T) {
	early := 0
	rs := runAll(t, New(newRandom(3, 300), Limits{EarlyWakes: 4}, nil), func() {
		g := cur()
		var work int
		sleeper := func(d time.Duration) func() {
			return func() {
				s := cur()
				s.Sleep(0, d)
				for _, o := range s.x.alive {
					if o.live && o.onClock() && o.wakeAt < s.wakeAt {
						t.Errorf("G%d woke at %v while G%d waited for %v", s.id, s.wakeAt, o.id, o.wakeAt)
					}
				}
			}
		}
		g.Go(0, sleeper(2*time.Millisecond))
		g.Go(0, sleeper(time.Millisecond))
		for range 4 {
			g.Access(0, unsafe.Pointer(&work), true)
		}
		g.Sleep(0, 3*time.Millisecond)
	})
	for _, r := range rs {
		early += len(r.EarlyWakes)
	}
	if early == 0 {
		t.Error("no execution woke a sleeper early")
	}
}

// TestEarlyWakesBounded: at most Limits.EarlyWakes wake-ups per execution
// race with work, and an execution in which the bound held one back says
// so.
func TestEarlyWakesBounded(t *testing.T) {
	capped := false
	rs := runAll(t, New(newRandom(4, 300), Limits{EarlyWakes: 1}, nil), func() {
		g := cur()
		var work int
		g.Go(0, func() {
			w := cur()
			for range 20 {
				w.Access(0, unsafe.Pointer(&work), true)
			}
		})
		for range 4 {
			g.Sleep(0, time.Millisecond)
		}
	})
	for _, r := range rs {
		if len(r.EarlyWakes) > 1 {
			t.Fatalf("%d early wake-ups, the bound is 1", len(r.EarlyWakes))
		}
		capped = capped || r.WakesHeld
	}
	if !capped {
		t.Error("no execution was capped, though 4 sleeps race with 20 steps of work")
	}
}

// TestDueTimersFireInArmingOrder: a timer and a ticker armed one after the
// other for the same duration share a virtual deadline; natively the
// work between them took time, so the timer fires first, and a select
// parked on both (testify's Eventually) takes the timer's case. Firing the
// ticker first gave a failure Go cannot produce.
func TestDueTimersFireInArmingOrder(t *testing.T) {
	for _, lim := range []Limits{{}, blockedTime} {
		e := New(newRandom(1, 300), lim, nil)
		tickFirst := 0
		rs := runAll(t, e, func() {
			g := cur()
			timer, th := g.NewTimer(0, 500*time.Millisecond, 0)
			tick, kh := g.NewTimer(0, 250*time.Millisecond, 250*time.Millisecond)
			tc, kc := &RecvCase[time.Time]{Ch: timer}, &RecvCase[time.Time]{Ch: tick}
			if g.Select(0, sched.OpSelect, false, []Case{tc, kc}) == 1 { // the 250 ms tick
				if g.Select(0, sched.OpSelect, false, []Case{tc, kc}) == 1 { // 500 ms: both due
					tickFirst++
				}
			}
			g.TimerStop(0, th)
			g.TimerStop(0, kh)
		})
		if tickFirst > 0 {
			t.Errorf("%+v: the ticker's second tick beat the timer armed before it for the same instant in %d of %d executions", lim, tickFirst, len(rs))
		}
	}
}
