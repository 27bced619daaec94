package rt_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
)

// synctestRaces are the race detector's own synctest tests
// (runtime/race/testdata/synctest_test.go, which calls internal/synctest.Run;
// here synctest.Test), in rt's terms: the five TestRace ones must be
// reported, the TestNoRace one must not.
func synctestRaces() []primitive {
	return []primitive{
		{name: "race-goroutines-exit", oracle: "data race", body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				x := 0
				f := func() { write(gx, &x); x = 1 }
				rt.Go(pGo, f)
				rt.Go(pGo, f)
			})
		}},
		{name: "norace-goroutines-exit", only: []string{""}, body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				x := 0
				f := func() { write(gx, &x); x = 1 }
				rt.Go(pGo, f)
				rt.SynctestWait(pSched)
				rt.Go(pGo, f)
			})
		}},
		{name: "race-goroutines-recv", oracle: "data race", body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				x := 0
				ch := rt.MakeChan[struct{}](pChan, 0)
				f := func() { write(gx, &x); x = 1; rt.Recv(pChan, ch) }
				rt.Go(pGo, f)
				rt.Go(pGo, f)
				rt.Close(pChan, ch)
			})
		}},
		{name: "race-goroutines-unblocked", oracle: "data race", body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				x := 0
				ch := rt.MakeChan[struct{}](pChan, 0)
				f := func() { rt.Recv(pChan, ch); write(gx, &x); x = 1 }
				rt.Go(pGo, f)
				rt.Go(pGo, f)
				rt.Close(pChan, ch)
			})
		}},
		{name: "race-goroutines-sleep", oracle: "data race", body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				x := 0
				rt.Go(pGo, func() {
					rt.Sleep(pSched, time.Second)
					write(gx, &x)
					x = 1
					rt.Sleep(pSched, 2*time.Second)
				})
				rt.Go(pGo, func() {
					rt.Sleep(pSched, 2*time.Second)
					write(gx, &x)
					x = 1
					rt.Sleep(pSched, time.Second)
				})
				rt.Sleep(pSched, 5*time.Second)
			})
		}},
		{name: "race-timers", oracle: "data race", body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				x := 0
				f := func() { write(gx, &x); x = 1 }
				rt.AfterFunc(pSched, time.Second, f)
				rt.AfterFunc(pSched, 2*time.Second, f)
				rt.Sleep(pSched, 5*time.Second)
			})
		}},
	}
}

// synctestPrimitives are programs of testing/synctest bubbles: time, Wait,
// the end of a bubble, deadlocks, and bugs inside a bubble that only some
// interleavings show.
func synctestPrimitives() []primitive {
	return []primitive{
		// The bubble's clock starts at midnight UTC 2000-01-01 and moves by
		// exactly the time slept, for the body and its goroutines.
		{name: "clock-starts-2000-and-moves-by-sleeps", only: []string{"2000-01-01T00:00:00Z 1s 1.5s done"}, body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				start := rt.Now(pSched)
				o.add("%s", start.UTC().Format(time.RFC3339Nano))
				done := rt.MakeChan[struct{}](pChan, 0)
				rt.Go(pGo, func() {
					rt.Sleep(pSched, time.Second)
					o.add("%v", rt.Since(pSched, start))
					rt.Close(pChan, done)
				})
				rt.Sleep(pSched, 1500*time.Millisecond)
				o.add("%v", rt.Since(pSched, start))
				rt.Recv(pChan, done)
				o.add("done")
			})
		}},
		// Wait returns once the sleeper is durably blocked, before its
		// sleep ends; after the body's own sleep it has sent. No race:
		// the value is read under the lock and after the receive.
		{name: "wait-for-sleeper", only: []string{"before 0 after 1"}, body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				var mu sync.Mutex
				v := 0
				ch := rt.MakeChan[int](pChan, 1)
				rt.Go(pGo, func() {
					rt.Sleep(pSched, time.Second)
					rt.Lock(pSync, &mu)
					write(gx, &v)
					v = 1
					rt.Unlock(pSync, &mu)
					rt.Send(pChan, ch, 1)
				})
				rt.SynctestWait(pSched)
				rt.Lock(pSync, &mu)
				read(gx, &v)
				o.add("before %d", v)
				rt.Unlock(pSync, &mu)
				rt.Sleep(pSched, time.Second)
				rt.SynctestWait(pSched)
				read(gx, &v)
				o.add("after %d", v)
				rt.Recv(pChan, ch)
			})
		}},
		// Wait orders what the goroutines did before they blocked or
		// exited before what the body does after it (no race), and the
		// end of synctest.Test orders all of it before the test goes on.
		{name: "wait-orders-exited-goroutines", only: []string{"3"}, body: func(t *testing.T, o *outcomes) {
			n := 0
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				rt.Go(pGo, func() { write(gx, &n); n++ })
				rt.SynctestWait(pSched)
				write(gx, &n)
				n++
				rt.Go(pGo, func() { write(gx, &n); n++ })
			})
			read(gx, &n)
			o.add("%d", n)
		}},
		// Two workers append under a lock; the body checks their order
		// after Wait. Some interleavings put the second first: an order
		// bug inside the bubble that exploring its goroutines finds.
		{name: "order-bug-in-bubble", oracle: "test failure", report: []string{"order [2 1]", "(c,v,t) = ("}, body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				var mu sync.Mutex
				var order []int
				for i := 1; i <= 2; i++ {
					rt.Go(pGo, func() {
						rt.Lock(pSync, &mu)
						order = append(order, i)
						rt.Unlock(pSync, &mu)
					})
				}
				rt.SynctestWait(pSched)
				if order[0] != 1 {
					t.Errorf("order %v, want [1 2]", order)
				}
			})
		}},
		// Wait orders what a blocked goroutine did before it blocked, not
		// what it does once woken: the sleeper's write after its sleep
		// races with the body's read after a longer sleep (time passing
		// orders nothing).
		{name: "race-after-wait-wakes", oracle: "data race", body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				x := 0
				rt.Go(pGo, func() { rt.Sleep(pSched, time.Second); write(gx, &x); x = 1 })
				rt.SynctestWait(pSched)
				rt.Sleep(pSched, 2*time.Second)
				read(gx, &x)
				_ = x
			})
		}},
		// A receive nobody sends to, with no timer: synctest's deadlock.
		{name: "deadlock-all-blocked", oracle: "deadlock", report: []string{"all goroutines in the bubble are blocked"}, body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				ch := rt.MakeChan[int](pChan, 0)
				rt.Go(pGo, func() { rt.Send(pChan, ch, 1) })
				rt.Recv(pChan, ch)
				rt.Recv(pChan, ch)
			})
		}},
		// A goroutine still sleeping when f returns: time stops with the
		// bubble's root, so it never wakes.
		{name: "deadlock-sleeper-after-root", oracle: "deadlock", report: []string{"main bubble goroutine has exited but blocked goroutines remain"}, body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				rt.Go(pGo, func() { rt.Sleep(pSched, time.Second) })
			})
		}},
		// t.Context() in the bubble is cancelled when f returns and its
		// Cleanup functions run in the bubble before synctest.Test
		// returns: the goroutines they release exit, no deadlock.
		{name: "context-and-cleanup-end-the-bubble", only: []string{"cancelled cleaned after"}, body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				ctx := rt.TContext(pSched, t)
				stop := rt.MakeChan[struct{}](pChan, 0)
				rt.Go(pGo, func() {
					rt.Recv(pChan, ctx.Done())
					o.add("cancelled")
				})
				rt.Go(pGo, func() { rt.Recv(pChan, stop) })
				rt.TCleanup(pSched, t, func() {
					rt.SynctestWait(pSched)
					o.add("cleaned")
					rt.Close(pChan, stop)
				})
			})
			o.add("after")
		}},
		// A context deadline inside the bubble fires at its time on the
		// bubble's clock, exactly.
		{name: "timeout-on-the-bubble-clock", only: []string{"<nil> context deadline exceeded"}, body: func(t *testing.T, o *outcomes) {
			rt.SynctestTest(pSched, t, func(t *testing.T) {
				ctx, cancel := rt.WithTimeout(pSched, context.Background(), 5*time.Second)
				defer cancel()
				rt.Sleep(pSched, 5*time.Second-time.Nanosecond)
				rt.SynctestWait(pSched)
				o.add("%v", ctx.Err())
				rt.Sleep(pSched, time.Nanosecond)
				rt.SynctestWait(pSched)
				o.add("%v", ctx.Err())
			})
		}},
	}
}

// synctestEnv and synctestRacesEnv select child mode of TestSynctest and
// TestSynctestRaces (see TestPrimitives).
const (
	synctestEnv      = "VTBOUND_TEST_SYNCTEST"
	synctestRacesEnv = "VTBOUND_TEST_SYNCTEST_RACES"
)

// TestSynctest explores the synctestPrimitives programs as TestStdlib
// does its own.
func TestSynctest(t *testing.T) {
	exploreTable(t, "TestSynctest", synctestEnv, synctestPrimitives)
}

// TestSynctestRaces explores the race detector's synctest tests.
func TestSynctestRaces(t *testing.T) {
	exploreTable(t, "TestSynctestRaces", synctestRacesEnv, synctestRaces)
}

// TestSynctestNative checks that outside an exploration SynctestTest and
// SynctestWait are testing/synctest's: the bubble's fake clock, and Wait
// returning once the sleeper is blocked.
func TestSynctestNative(t *testing.T) {
	epoch := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	rt.SynctestTest(0, t, func(t *testing.T) {
		if now := time.Now(); !now.Equal(epoch) {
			t.Errorf("time.Now() in the bubble = %v, want %v", now, epoch)
		}
		woke := false
		rt.Go(0, func() { time.Sleep(time.Hour); woke = true })
		rt.SynctestWait(0)
		if woke {
			t.Error("the sleeper woke before Wait returned")
		}
		time.Sleep(2 * time.Hour)
		if got := time.Since(epoch); got != 2*time.Hour {
			t.Errorf("time in the bubble after a 2h sleep = %v, want 2h", got)
		}
	})
}
