package rt

import (
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// AtomicKind says what a sync/atomic operation does to its location.
type AtomicKind uint8

// Atomic operation kinds.
const (
	ALoad  AtomicKind = iota // Load
	AStore                   // Store
	ARMW                     // Add, Swap, CompareAndSwap, And, Or
)

// Atomic precedes a sync/atomic operation on *p and returns p, so that the
// original call runs unchanged on the result:
//
//	atomic.AddInt64(&x, 1)  →  atomic.AddInt64(rt.Atomic(site, rt.ARMW, &x), 1)
//	c.n.Add(1)              →  rt.Atomic(site, rt.ARMW, &c.n).Add(1)
func Atomic[P any](site int32, k AtomicKind, p *P) *P {
	if g := ctl(); g != nil {
		kind := sched.OpAtomicRMW
		switch k {
		case ALoad:
			kind = sched.OpAtomicLoad
		case AStore:
			kind = sched.OpAtomicStore
		}
		if kind == sched.OpAtomicRMW {
			g.AtomicRMW(site, unsafe.Pointer(p), unsafe.Sizeof(*p))
		} else {
			g.Atomic(site, unsafe.Pointer(p), kind)
		}
	}
	return p
}
