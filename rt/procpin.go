package rt

import (
	_ "unsafe" // for go:linkname

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// runtimeProcPin pins the calling goroutine to its P (no preemption,
// no migration) and returns the P's id.
//
//go:linkname runtimeProcPin runtime.procPin
func runtimeProcPin() int

// runtimeProcUnpin undoes runtimeProcPin.
//
//go:linkname runtimeProcUnpin runtime.procUnpin
func runtimeProcUnpin()

// LinkProcPin replaces a body-less function linked to runtime.procPin
// with //go:linkname (bytedance/gopkg's per-P pools): it pins for real and,
// in a controlled goroutine, tells the engine, which then takes no
// scheduling point in the goroutine until LinkProcUnpin: a goroutine
// parked while pinned would corrupt the runtime's state.
func LinkProcPin() int {
	if g := engine.Current(); g != nil {
		g.Pin()
	}
	return runtimeProcPin()
}

// LinkProcUnpin replaces a function linked to runtime.procUnpin (see
// LinkProcPin).
func LinkProcUnpin() {
	runtimeProcUnpin()
	if g := engine.Current(); g != nil {
		g.Unpin()
	}
}

// runtimeRegisterPoolCleanup sets the function the runtime calls, with
// the world stopped, at the start of every collection (sync.Pool's own
// clean-up, unless a program registers another).
//
//go:linkname runtimeRegisterPoolCleanup sync.runtime_registerPoolCleanup
func runtimeRegisterPoolCleanup(cleanup func())

// LinkRegisterPoolCleanup replaces a body-less function linked to
// sync.runtime_registerPoolCleanup (bytedance/gopkg's syncx.Pool): it
// registers cleanup to run without scheduling points. The runtime calls
// it with the world stopped, on the goroutine whose allocation started
// the collection; a step taken there (an instrumented access of the
// clean-up) would park or allocate with the world stopped.
func LinkRegisterPoolCleanup(cleanup func()) {
	runtimeRegisterPoolCleanup(func() { engine.WithoutSteps(cleanup) })
}
