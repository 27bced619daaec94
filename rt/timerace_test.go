package rt_test

import (
	"sync"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
)

// timeRacePrimitives are the kernels of wake-ups that race with work
// (docs/model.md, "Time"): bugs that natively need a timer to beat work,
// each missed while time moved only when every goroutine was blocked, and
// their fixed twins. The failures are reported timing-dependent.
func timeRacePrimitives() []primitive {
	timing := []string{"timing-dependent: G1's 5ms sleep ended before G2 reached"}
	return []primitive{
		// A test body sleeps 5 ms "to let the worker finish" and reads its
		// result: on a loaded machine the worker has not finished.
		{name: "sleep-waits-for-worker", oracle: "test failure", report: timing, body: func(t *testing.T, o *outcomes) {
			var mu sync.Mutex
			result := 0
			rt.Go(pGo, func() {
				rt.Lock(pSync, &mu)
				result = 42
				rt.Unlock(pSync, &mu)
			})
			rt.Sleep(pSched, 5*time.Millisecond)
			rt.Lock(pSync, &mu)
			got := result
			rt.Unlock(pSync, &mu)
			if got != 42 {
				t.Errorf("result %d after the sleep, want 42", got)
			}
		}},
		// The fixed twin: it waits for the worker.
		{name: "join-waits-for-worker", only: []string{"42"}, body: func(t *testing.T, o *outcomes) {
			var mu sync.Mutex
			result := 0
			done := rt.MakeChan[struct{}](pChan, 0)
			rt.Go(pGo, func() {
				rt.Lock(pSync, &mu)
				result = 42
				rt.Unlock(pSync, &mu)
				rt.Close(pChan, done)
			})
			rt.Sleep(pSched, 5*time.Millisecond)
			rt.Recv(pChan, done)
			rt.Lock(pSync, &mu)
			o.add("%d", result)
			rt.Unlock(pSync, &mu)
		}},
		// A lookup with a 1 ms AfterFunc timeout whose callback writes the
		// result under a lock, while the lookup writes it without one and
		// stops the timer after: the callback can run first (a race).
		{name: "afterfunc-timeout-races-write", oracle: "data race", body: func(t *testing.T, o *outcomes) {
			var mu sync.Mutex
			result := 0
			tm := rt.AfterFunc(pSched, time.Millisecond, func() {
				rt.Lock(pSync, &mu)
				write(gx, &result)
				result = -1
				rt.Unlock(pSync, &mu)
			})
			write(gx, &result)
			result = 42
			rt.TimerStop(pSched, tm)
		}},
		// A timer of 1 ns races with the code that armed it: a receive
		// that does not wait may find its value or not.
		{name: "nanosecond-timer-races-arming", seen: []string{"fired", "pending"}, body: func(t *testing.T, o *outcomes) {
			tm := rt.NewTimer(pSched, time.Nanosecond)
			x := 0
			write(gx, &x)
			if rt.Select(pChan, true, rt.RecvCase(tm.C)) == 0 {
				o.add("fired")
			} else {
				o.add("pending")
			}
			rt.TimerStop(pSched, tm)
		}},
		// A job runs at every whole second; a test checks after 1.05 s that
		// it ran once. It ran twice when the test started within 50 ms of a
		// whole second: natively 1 run in 20 fails. The wall clock's phase
		// is a choice of the schedule, so the failure is found and replays.
		{name: "whole-second-job", oracle: "test failure", report: []string{"wall clock: started 1ms before a whole"}, body: func(t *testing.T, o *outcomes) {
			var mu sync.Mutex
			runs := 0
			stop := rt.MakeChan[struct{}](pChan, 0)
			rt.Go(pGo, func() {
				for {
					now := rt.Now(pSched)
					rt.Sleep(pSched, now.Truncate(time.Second).Add(time.Second).Sub(now))
					if rt.Select(pChan, true, rt.RecvCase(stop)) == 0 {
						return
					}
					rt.Lock(pSync, &mu)
					runs++
					rt.Unlock(pSync, &mu)
				}
			})
			rt.Sleep(pSched, 1050*time.Millisecond)
			rt.Lock(pSync, &mu)
			n := runs
			rt.Unlock(pSync, &mu)
			rt.Close(pChan, stop)
			if n != 1 {
				t.Errorf("the job ran %d times in 1.05 s, want once", n)
			}
		}},
	}
}

// timeRaceEnv selects child mode of TestTimeRace (see TestPrimitives).
const timeRaceEnv = "VTBOUND_TEST_TIMERACE"

// TestTimeRace explores the timeRacePrimitives programs as TestStdlib
// does its own.
func TestTimeRace(t *testing.T) {
	exploreTable(t, "TestTimeRace", timeRaceEnv, timeRacePrimitives)
}
