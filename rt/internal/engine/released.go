package engine

import (
	"sync"
	"sync/atomic"

	"github.com/vtbound/vtbound/rt/internal/gid"
)

// What a released goroutine's deferred calls do.
//
// A goroutine left blocked at the end of an execution is released with
// runtime.Goexit, and its deferred calls run with every hook inert: they
// take no scheduling point and leave the ended execution's model alone.
// Their effects on memory (plain and atomic) are real, so their
// synchronisation effects that cannot block are real too: a close, a
// sync.Once's Do (its function runs, released likewise), a WaitGroup's
// Add or Done, a context's cancel. Dropping them would leave an object
// that outlives the execution half updated: ants' default pool, a
// package-level object, had its worker count back at zero but its
// "all workers done" channel, closed in a sync.Once by the last worker's
// deferred call, never closed, so every later Reboot of the pool (later
// executions, later tests, examples run natively) waited for ever.
// Operations that may block (lock, send, receive, wait, sleep) stay no-ops,
// and so does an unlock (its lock may have been one of them); the real
// locks the model holds are released after the execution (damage.go).
//
// Released goroutines whose deferred calls spin.
//
// A deferred call may also wait, by spinning, for something the
// ended execution will never do: ants' pool Release, deferred by a test,
// takes a spin lock (a CompareAndSwap loop around runtime.Gosched) that
// another goroutine of the execution held when it was released. Natively
// that goroutine would have unlocked it; here the spinner loops for ever,
// one core busy for the rest of the test binary, and every later test
// runs slower (ants' suite did not finish in 15 minutes).
//
// So a released goroutine is registered until it ends, and the yields of
// its deferred calls (rt.Gosched, which every rewritten runtime.Gosched
// is) are counted: after releasedSpinLimit of them without the call
// returning, the call is abandoned with a further runtime.Goexit, which
// the runtime allows in a deferred call during Goexit (it ends that call
// and goes on with the remaining deferred calls). The execution is over
// and its state discarded, so nothing the abandoned call would have done
// is observed by a later execution's model. A spin without any yield
// cannot be seen and still loops.

// releasedSpinLimit is how many yields a released goroutine's deferred
// call may make before it is abandoned: about 10 ms of spinning.
const releasedSpinLimit = 10000

var (
	releasedCount atomic.Int32 // goroutines in released
	released      sync.Map     // g pointer (gid.Current) -> *releasedG
)

// releasedG is a released goroutine's registration.
type releasedG struct {
	g      *G
	yields atomic.Int32 // counted towards releasedSpinLimit
}

// Release states of a goroutine (G.rel): still running in its execution,
// exiting there, or left by releaseAll to end on its own.
const (
	relRunning int32 = iota
	relExiting
	relDetached
)

// goexitReleased ends g's goroutine at the end of its execution: its
// deferred calls run with every hook inert, their yields counted.
func (g *G) goexitReleased() {
	if _, loaded := released.LoadOrStore(g.gp, &releasedG{g: g}); !loaded {
		releasedCount.Add(1)
	}
	runtimeGoexit()
}

// releasedCurrent returns the released goroutine whose g pointer is me,
// or nil. It costs one atomic load when no goroutine is released.
func releasedCurrent(me uintptr) *G {
	if releasedCount.Load() == 0 {
		return nil
	}
	if v, ok := released.Load(me); ok {
		return v.(*releasedG).g
	}
	return nil
}

// detach marks g, a released goroutine whose deferred calls outlast
// releaseAll's wait, as left to end on its own, and reports whether it
// was; false means g is exiting and will be gone at once.
func (g *G) detach() bool {
	return g.rel.CompareAndSwap(relRunning, relDetached)
}

// exitingInExecution reports whether released g exits while its
// execution still waits for it (releaseAll), rather than after it was
// detached; from then on releaseAll waits for g's exit.
func (g *G) exitingInExecution() bool {
	return g.rel.CompareAndSwap(relRunning, relExiting)
}

// forgetReleased unregisters the goroutine with g pointer gp when it ends.
func forgetReleased(gp uintptr) {
	if releasedCount.Load() == 0 {
		return
	}
	if _, ok := released.LoadAndDelete(gp); ok {
		releasedCount.Add(-1)
	}
}

// YieldOutside is called by rt before a goroutine it does not control
// yields (runtime.Gosched): when the caller is a released goroutine whose
// deferred call has yielded releasedSpinLimit times, the call is
// abandoned (see above). It costs one atomic load otherwise.
func YieldOutside() {
	if releasedCount.Load() == 0 {
		return
	}
	if v, ok := released.Load(gid.Current()); ok {
		v.(*releasedG).yield()
	}
}

// skipped counts an operation that released g skips (enter) as a yield.
func (g *G) skipped() {
	if v, ok := released.Load(g.gp); ok {
		v.(*releasedG).yield()
	}
}

// yield counts one yield of a released goroutine's deferred call and
// abandons the call at releasedSpinLimit.
func (r *releasedG) yield() {
	if r.yields.Add(1) >= releasedSpinLimit {
		r.yields.Store(0)
		runtimeGoexit()
	}
}

// runLate releases g at its first hook. g is a goroutine the program
// started that its execution never picked before it ended. Natively it
// would have run: it would have registered its deferred calls, which may
// undo what its starter did for it on an object that outlives the
// execution (ants' pool counts a worker as running before it starts it,
// and the worker's deferred call counts it out; the pool's purger sets a
// "done" flag in a deferred call that the pool's Reboot waits for). So it
// runs its code up to its first visible operation (a prefix that touches
// nothing shared), and is released there like any goroutine the execution
// left blocked: a schedule in which it took that first step is one Go
// allows.
func (g *G) runLate() {
	g.late = false
	g.goexitReleased()
}
