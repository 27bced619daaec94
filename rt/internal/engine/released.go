package engine

import (
	"sync"
	"sync/atomic"

	"github.com/vtbound/vtbound/rt/internal/gid"
)

// Released goroutines whose deferred calls spin.
//
// A goroutine left blocked at the end of an execution is released with
// runtime.Goexit, and its deferred calls run for real with every hook
// inert. A deferred call may then wait, by spinning, for something the
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
	released      sync.Map     // g pointer (gid.Current) -> *atomic.Int32, yields counted
)

// goexitReleased ends g's goroutine at the end of its execution: its
// deferred calls run with every hook inert, their yields counted.
func (g *G) goexitReleased() {
	if _, loaded := released.LoadOrStore(g.gp, new(atomic.Int32)); !loaded {
		releasedCount.Add(1)
	}
	runtimeGoexit()
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
	v, ok := released.Load(gid.Current())
	if !ok {
		return
	}
	if n := v.(*atomic.Int32); n.Add(1) >= releasedSpinLimit {
		n.Store(0)
		runtimeGoexit()
	}
}
