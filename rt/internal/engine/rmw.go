package engine

import (
	"sync/atomic"
	"unsafe"
)

// A read-modify-write that leaves its location unchanged (a failed
// CompareAndSwap, an Add of 0, a Swap of the same value) modifies nothing:
// for the busy-wait detector it is a read. A goroutine spinning on a lock
// another holds (ants' spin lock: CompareAndSwap, then runtime.Gosched)
// would otherwise never be marked spinning, and the strategies would
// starve the holder until the step bound. Whether a step changed its
// location is known only after it ran: the operation table leaves the
// step to its own code (sched.IdleOwn), which notes the location's word
// before the real operation (noteRMW), and the step is classified at the
// next pick (settleRMW), before anything else is decided.

// rmwCheck is a read-modify-write step not classified yet.
type rmwCheck struct {
	g    *G
	addr unsafe.Pointer
	size uintptr
	old  uint64
	key  [2]int32
	step int
}

// noteRMW classifies g's read-modify-write step of the size bytes at
// addr, which runs now: at the next pick (settleRMW) when the size allows
// comparing the location, else as progress at once.
func (x *execution) noteRMW(g *G, addr unsafe.Pointer, size uintptr) {
	if size != 4 && size != 8 {
		x.progressed(g)
		return
	}
	x.rmw = rmwCheck{g: g, addr: addr, size: size, old: loadWord(addr, size),
		key: [2]int32{g.op.Site, g.op.Obj}, step: x.step}
}

// settleRMW classifies the read-modify-write step picked last, which has
// run since: progress if it changed its location, else an idle step.
func (x *execution) settleRMW() {
	c := x.rmw
	if c.g == nil {
		return
	}
	x.rmw = rmwCheck{}
	if loadWord(c.addr, c.size) != c.old {
		c.g.restartIdle(c.step)
		x.lastProgress = max(x.lastProgress, c.step)
		return
	}
	x.idleStep(c.g, c.key, true, c.step)
}

// loadWord loads the 4- or 8-byte word at addr.
func loadWord(addr unsafe.Pointer, size uintptr) uint64 {
	if size == 4 {
		return uint64(atomic.LoadUint32((*uint32)(addr)))
	}
	return atomic.LoadUint64((*uint64)(addr))
}
