package rt_test

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
)

// reconnect is the kernel "a retry loop never cancelled": dial fails, and
// the error path returns without cancelling the loop that redials every
// 100 ms, for ever.
func reconnect(stop <-chan struct{}) error {
	dial := func() error { return errors.New("connection refused") }
	err := dial()
	rt.Go(pGo, func() {
		for {
			if rt.Select(pChan, false, rt.RecvCase(stop), rt.RecvCase(rt.After(pSched, 100*time.Millisecond))) == 0 {
				return
			}
			_ = dial()
		}
	})
	return err
}

// serve is a service loop: it waits in a select for work or for quit.
func serve(work <-chan int, quit <-chan struct{}) {
	rt.Go(pGo, func() {
		for {
			if rt.Select(pChan, false, rt.RecvCase(work), rt.RecvCase(quit)) == 1 {
				return
			}
		}
	})
}

// testEndPrimitives are the kernels of a test's end (docs/verdicts.md,
// "A test's end"): what goroutines left behind do once the body returned,
// however far in virtual time.
func testEndPrimitives() []primitive {
	return []primitive{
		// A worker sleeps two hours while its caller gives up after one,
		// then blocks for ever sending its result.
		{name: "worker-outlives-caller", oracle: "goroutine leak",
			report: []string{"test body returned while goroutines are still blocked"},
			body: func(t *testing.T, o *outcomes) {
				res := rt.MakeChan[int](pChan, 0)
				rt.Go(pGo, func() {
					rt.Sleep(pSched, 2*time.Hour)
					rt.Send(pChan, res, 42)
				})
				if rt.Select(pChan, false, rt.RecvCase(res), rt.RecvCase(rt.After(pSched, time.Hour))) == 1 {
					t.Log("gave up after an hour")
				}
			}},
		// The reconnect loop nobody cancels, in a test that checks leaks
		// with goleak (the rewriter wraps VerifyNone's T so).
		{name: "reconnect-loop-goleak", oracle: "goroutine leak",
			report: []string{"left looping on the clock", "the test checks leaks with goleak"},
			body: func(t *testing.T, o *outcomes) {
				rt.GoleakChecks(t)
				if err := reconnect(rt.MakeChan[struct{}](pChan, 0)); err == nil {
					t.Error("dial succeeded")
				}
			}},
		// The same loop where nothing checks leaks: listed, not failed.
		{name: "reconnect-loop-unchecked", body: func(t *testing.T, o *outcomes) {
			_ = reconnect(rt.MakeChan[struct{}](pChan, 0))
		}},
		// A service loop the test never stops, waiting for work: on every
		// schedule, where nothing checks leaks, listed (idle), not failed.
		{name: "service-loop-left-waiting", body: func(t *testing.T, o *outcomes) {
			work := rt.MakeChan[int](pChan, 0)
			serve(work, rt.MakeChan[struct{}](pChan, 0))
			rt.Send(pChan, work, 1)
		}},
		// The same where the test checks leaks with goleak: a leak.
		{name: "service-loop-goleak", oracle: "goroutine leak",
			report: []string{"test body returned while goroutines are still blocked"},
			body: func(t *testing.T, o *outcomes) {
				rt.GoleakChecks(t)
				serve(rt.MakeChan[int](pChan, 0), rt.MakeChan[struct{}](pChan, 0))
			}},
		// A service loop ranging over a channel the test never sends on
		// (a reporter it never used): waiting for its first value on every
		// schedule, where nothing checks leaks, listed (idle), not failed.
		{name: "range-loop-never-fed", body: func(t *testing.T, o *outcomes) {
			work := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() {
				for {
					if _, ok := rt.Recv2(pRange, work); !ok {
						return
					}
				}
			})
		}},
		// A helper of the test's own code (a _test.go file) waits for a
		// job that must not run, against a timeout: the timeout wins, as
		// the test means, and the helper stays blocked on every schedule.
		// Where nothing checks leaks it is listed (idle), not failed.
		{name: "test-helper-left-blocked", body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			rt.WGAdd(pTestSync, &wg, 1)
			done := rt.MakeChan[struct{}](pChan, 0)
			rt.Go(pGo, func() {
				rt.WGWait(pTestSync, &wg)
				rt.Close(pChan, done)
			})
			if rt.Select(pChan, false, rt.RecvCase(done), rt.RecvCase(rt.After(pSched, time.Second))) == 0 {
				t.Error("the job ran")
			}
		}},
		// The same where the test checks leaks with goleak: a leak.
		{name: "test-helper-goleak", oracle: "goroutine leak",
			report: []string{"test body returned while goroutines are still blocked"},
			body: func(t *testing.T, o *outcomes) {
				rt.GoleakChecks(t)
				var wg sync.WaitGroup
				rt.WGAdd(pTestSync, &wg, 1)
				rt.Go(pGo, func() { rt.WGWait(pTestSync, &wg) })
			}},
		// A worker waiting once for a result nobody sends: a leak even
		// where nothing checks leaks.
		{name: "one-shot-receive-leak", oracle: "goroutine leak",
			report: []string{"test body returned while goroutines are still blocked"},
			body: func(t *testing.T, o *outcomes) {
				res := rt.MakeChan[int](pChan, 0)
				rt.Go(pGo, func() { o.add("got %d", rt.Recv(pChan, res)) })
			}},
		// A stopper that closes the loop's channel only if it runs after
		// the body marked the work done: on the other order the loop is
		// left running, which depends on the schedule.
		{name: "loop-left-on-some-schedules", oracle: "goroutine leak",
			report: []string{"left looping on the clock", "on other schedules no goroutine is left looping there"},
			body: func(t *testing.T, o *outcomes) {
				stop := rt.MakeChan[struct{}](pChan, 0)
				_ = reconnect(stop)
				var done atomic.Bool
				rt.Go(pGo, func() {
					if rt.Atomic(pAtomic, rt.ALoad, &done).Load() {
						rt.Close(pChan, stop)
					}
				})
				rt.Atomic(pAtomic, rt.AStore, &done).Store(true)
			}},
	}
}

// testEndEnv selects child mode of TestTestEnd (see TestPrimitives).
const testEndEnv = "VTBOUND_TEST_TESTEND"

// TestTestEnd explores the testEndPrimitives programs as TestStdlib does
// its own.
func TestTestEnd(t *testing.T) {
	exploreTable(t, "TestTestEnd", testEndEnv, testEndPrimitives)
}
