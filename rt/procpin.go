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
