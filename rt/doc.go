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
// the goroutines of modelled timers) are controlled goroutines: exactly one
// runs at a time, and before each of these operations it stops at a
// scheduling point where the search strategy decides who moves next:
//
//   - tracked shared reads and writes (Read, Write), behind a per-variable-
//     group Guard that costs one load and a branch when the group is off;
//   - goroutine creation (Go, WGGo);
//   - channel send, receive (both forms), close, select with any number of
//     cases and an optional default (Send, Recv, Recv2, Close, Select);
//     `for range` over a channel is a loop of Recv2;
//   - sync.Mutex and sync.RWMutex, all methods including TryLock and
//     TryRLock; sync.WaitGroup Add, Done, Wait and Go; sync.Once.Do;
//     sync.OnceFunc, OnceValue and OnceValues (through a modelled Once);
//     sync.Cond Wait, Signal and Broadcast, whatever its Locker (a Mutex, an
//     RWMutex, an RLocker, or a Locker whose own methods are rewritten);
//     Lock and Unlock called through a sync.Locker (LockerLock);
//   - every sync/atomic function and typed-atomic method (Atomic), and
//     every sync.Map method, modelled per key (MapLoad, MapStore, ...,
//     MapRange, MapClear: a scheduling point on the key's location that
//     orders a write of the key before a later read of that key only, as
//     the Go memory model does; Range reads and Clear writes every key);
//   - sync.Pool Get and Put (PoolGet, PoolPut): not scheduling points, but
//     a Get is ordered after every earlier Put on the pool, as under the
//     race detector, so objects recycled through a pool do not race;
//   - runtime.Gosched (Gosched) and time: Sleep, After, AfterFunc, NewTimer,
//     NewTicker, Tick, Timer and Ticker Stop and Reset, on the execution's
//     virtual clock (see Sleep and NewTimer: each timer is a controlled
//     timer goroutine that fires when the clock reaches its deadline, with
//     Go 1.23 channel semantics); Now, Since and Until see virtual time,
//     which moves when a wake-up due within VTBOUND_TIME's window races
//     with work (engine/earlywake.go), when no goroutine can run, when
//     every one that can busy-waits, and after long work (100 ns of
//     virtual time a step, engine/worktime.go), so a computing loop cannot
//     keep a sleep from ending;
//   - context: WithCancel, WithCancelCause, WithTimeout, WithTimeoutCause,
//     WithDeadline, WithDeadlineCause, AfterFunc, Cause and t.Context()
//     (rt's own context implementation with modelled Done channels and
//     deadlines on the virtual clock, see context.go for why);
//     WithValue and WithoutCancel work unchanged over it;
//   - testing: t.Cleanup on the explored test's T (TCleanup: the functions
//     run at the end of each execution, under control, before the leak
//     check) and t.Context() (TContext);
//   - runtime.NumGoroutine, runtime.Stack, runtime/debug.Stack and
//     PrintStack, which show what the native program would see (no
//     goroutine or frame of vtbound, see docs/stacks.md).
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
// controlled goroutine can move, before a deadlock is reported. Hooks
// called from a goroutine rt does not control (one started at init) do
// the real operation; on a channel, WaitGroup or Cond the execution
// models, they also tell the engine, whose waiters then see the close,
// send, Done or Signal, and a deadlock or leak is reported only after
// the poll budget, saying that uncontrolled code took part. A timer
// an earlier execution modelled (kept in a pool, say) is modelled again
// from its first Stop or Reset in a later one; a one-shot timer an
// execution left armed fires in the next execution, once its virtual
// clock has advanced by the time the timer had left. Examples, which go
// test runs natively after the tests, run in a fresh process of the test
// binary once a test has been explored (ExampleElsewhere). A timer made outside any
// execution, a ticker or context made outside the execution, and a
// context derived from a cancellable context vtbound does not model, run
// natively (real time).
// A testing/synctest bubble (SynctestTest, SynctestWait) is modelled: its
// goroutines are controlled, its clock starts at 2000-01-01 UTC and moves
// only when no goroutine of the execution can run, and synctest.Wait
// waits until its other goroutines are durably blocked; a goroutine
// blocked in uncontrolled code is not (docs/stdlib.md). Package-level state is not reset
// between executions: a failure that only a second run in one process
// shows is reported as not repeatable in one process, and the test keeps
// its native verdict with a warning where vtbound can give it back
// (docs/verdicts.md).
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
