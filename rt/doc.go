// Package rt is the runtime shim of vtbound: the small API that rewritten
// code calls so that a test body runs under full schedule control.
//
// Users do not call rt by hand: `go test -toolexec=vtbound` rewrites test
// packages so that every visible operation goes through rt. rt can also be
// used directly, which is how vtbound's own kernels are written:
//
//	func TestCounter(t *testing.T) {
//		rt.Test(t, func(t *testing.T) {
//			var mu sync.Mutex
//			rt.Go(0, func() { rt.Lock(0, &mu); ...; rt.Unlock(0, &mu) })
//		})
//	}
//
// # What is controlled
//
// Inside Test, the body and every goroutine started with Go (and WGGo, and
// the timer of After) are controlled goroutines: exactly one runs at a time,
// and before each of these operations it stops at a scheduling point where
// the search strategy decides who moves next:
//
//   - tracked shared reads and writes (Read, Write), behind a per-variable-
//     group Guard that costs one load and a branch when the group is off;
//   - goroutine creation (Go, WGGo);
//   - channel send, receive (both forms), close, select with any number of
//     cases and an optional default (Send, Recv, Recv2, Close, Select);
//     `for range` over a channel is a loop of Recv2;
//   - sync.Mutex and sync.RWMutex, all methods including TryLock and
//     TryRLock; sync.WaitGroup Add, Done, Wait and Go; sync.Once.Do;
//     sync.Cond Wait, Signal and Broadcast (when Cond.L is a *sync.Mutex or
//     *sync.RWMutex);
//   - every sync/atomic function and typed-atomic method (Atomic);
//   - runtime.Gosched and time.Sleep (Gosched, Sleep: a scheduling point,
//     modelled time does not pass) and time.After (After: a timer goroutine
//     that the strategy may fire at any step).
//
// Blocking is modelled: a goroutine whose operation cannot proceed is not
// enabled and is never parked in a real blocking call while it runs.
// Unbuffered channels rendezvous inside the engine; buffered ones use the
// real channel buffer. A channel made outside the execution (a
// package-level variable, an earlier execution, an uninstrumented package)
// is modelled from its first use in the execution, with the capacity,
// buffered values and closed state the real channel has then.
//
// # What is not controlled
//
// Goroutines started outside rt (by the standard library, by packages
// outside the instrumentation scope) run freely; hooks called from them do
// nothing. A controlled goroutine waiting on such code (a channel that was
// not made through MakeChan, such as context.Context.Done; a mutex held by an
// uncontrolled goroutine) polls with exponential backoff, and the report
// says that uncontrolled code was involved. A goroutine waiting on a
// channel rewritten code made outside the execution polls it only when no
// controlled goroutine can move, before a deadlock is reported. sync.Map, sync.Pool,
// sync.OnceFunc/OnceValue, time.NewTimer, time.Ticker, time.AfterFunc and
// context deadlines run unmodelled. Package-level state is not reset
// between executions: a test explored by vtbound must be repeatable, as
// with `go test -count=N`.
//
// # Oracles
//
// Every execution is checked for t.Error/t.Fatal from any controlled
// goroutine, panics in any controlled goroutine (caught and reported; the
// test binary does not crash), global deadlock, goroutines still blocked
// when the body has returned (leaks), data races between tracked accesses
// (happens-before from the modelled operations only), and livelock (a step
// bound per execution, reported only when at least two goroutines busy-wait
// and nothing else moves; one goroutine taking many steps ends the
// exploration at the bound with a warning). A sync.Mutex or RWMutex that
// the program overwrote or copied while it was locked is reported (as the
// fatal error "sync: unlock of unlocked mutex" where the native run would
// crash), and the binary goes on with the next test.
//
// No goroutine of vtbound outlives an execution: runtime.NumGoroutine and
// runtime.Stack show the same goroutines between executions and after the
// test as natively. During an execution the body runs on a goroutine of
// its own, and the test's goroutine waits in Test (see docs/model.md).
//
// See Test for configuration and replay.
package rt
