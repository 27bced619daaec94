package engine

import (
	"sync/atomic"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The room of memory: tracked plain accesses and sync/atomic operations.
//
// A plain access is a scheduling point when its variable group is tracked
// in the execution, and is checked by the race oracle (race.go). Atomic
// operations on one address are totally ordered and synchronise like a
// lock: loads acquire the address's clock, stores release into it,
// read-modify-writes do both; they race with plain accesses, never with
// each other. A read-modify-write that leaves its location unchanged is
// an idle step for the busy-wait detector (rmw.go).

// atomics is the room's object table: the clock of each address that
// atomic operations (and Release, the publication of rt's contexts, and
// operations on channels the engine does not model) synchronise on.
var atomics = newRoom(roomHooks[unsafe.Pointer, vclock]{})

// Pin records that g pinned itself to its P (runtime.procPin): until
// Unpin, its memory accesses and atomic operations take no scheduling
// point, since a goroutine that parks while pinned corrupts the runtime's
// state. Natively nothing else runs on the P meanwhile either.
func (g *G) Pin() { g.pinned++ }

// Unpin undoes Pin.
func (g *G) Unpin() { g.pinned = max(0, g.pinned-1) }

// noSteps counts the calls of WithoutSteps under way.
var noSteps atomic.Int32

// WithoutSteps runs f, which the runtime calls with the world stopped (a
// pool clean-up registered with it), with no memory access or atomic
// operation of any goroutine taking a scheduling point meanwhile.
func WithoutSteps(f func()) {
	noSteps.Add(1)
	defer noSteps.Add(-1)
	f()
}

// stepless reports whether g's memory accesses and atomic operations take
// no scheduling point now: g is pinned to its P, or the world is stopped.
// The execution then notes that its search did not order them
// (Result.Stepless).
func (g *G) stepless() bool {
	if g.pinned == 0 && noSteps.Load() == 0 {
		return false
	}
	if !g.abort {
		g.x.stepless = true
	}
	return true
}

// Access models a tracked plain read or write of addr by g.
func (g *G) Access(site int32, addr unsafe.Pointer, write bool) {
	g.access(site, addr, write)
}

// access is Access; it reports whether the access was tracked: a
// scheduling point, checked by the race oracle.
func (g *G) access(site int32, addr unsafe.Pointer, write bool) bool {
	group := GroupOf(site)
	if g.abort || g.stepless() || !g.x.tracks(group) || g.x.solo() || !g.x.inGroupWindow(group) {
		return false // released, pinned, another exploration tracks this group, alone (solo.go), or outside its window (quiet.go)
	}
	kind := sched.OpRead
	if write {
		kind = sched.OpWrite
	}
	if !g.enter(kind, site, addr) {
		return false
	}
	g.op.Group = group
	g.op.Heap = g.x.heap.lookup(addr)
	g.schedule()
	g.x.checkRace(g, site, addr, write)
	return true
}

// AccessRange models a tracked plain read or write of the size bytes at
// addr (a whole struct or array, or the elements copy and append touch):
// one scheduling point, and a race check of every byte, so that the access
// conflicts with an access to any field or element inside the range.
// Ranges beyond maxRange bytes are checked on their first maxRange bytes.
func (g *G) AccessRange(site int32, addr unsafe.Pointer, size uintptr, write bool) {
	if g.abort || g.stepless() || size == 0 || !g.access(site, addr, write) || g.abort {
		return
	}
	for off := uintptr(1); off < min(size, maxRange); off++ {
		g.x.checkRace(g, site, unsafe.Add(addr, off), write)
	}
}

// maxRange bounds the bytes of one AccessRange that are race-checked.
const maxRange = 1 << 16

// Atomic models a sync/atomic operation on addr by g. Atomic operations on
// one address are totally ordered and synchronise like a lock (loads
// acquire, stores release, read-modify-writes do both).
func (g *G) Atomic(site int32, addr unsafe.Pointer, kind sched.OpKind) {
	g.atomicOp(site, addr, kind, 0)
}

// AtomicRMW models a read-modify-write sync/atomic operation on the size
// bytes at addr (see Atomic).
func (g *G) AtomicRMW(site int32, addr unsafe.Pointer, size uintptr) {
	g.atomicOp(site, addr, sched.OpAtomicRMW, size)
}

// atomicOp is Atomic; size is the size of a read-modify-write's location
// (0: unknown).
func (g *G) atomicOp(site int32, addr unsafe.Pointer, kind sched.OpKind, size uintptr) {
	if g.stepless() || !g.enter(kind, site, addr) {
		return
	}
	g.op.Group = GroupOf(site)
	g.op.Heap = g.x.heap.lookup(addr)
	g.schedule()
	if kind == sched.OpAtomicRMW && !g.quiet {
		g.x.noteRMW(g, addr, size) // rmw.go
	}
	g.x.checkAtomicRace(g, site, addr, kind != sched.OpAtomicLoad)
	c := atomics.of(g.x).get(addr)
	if kind != sched.OpAtomicStore {
		g.learn(*c)
	}
	if kind != sched.OpAtomicLoad {
		g.releaseInto(c)
	}
}

// Release orders g's past before every later Acquire of obj by any
// goroutine, as a store to an atomic variable at obj would.
func (g *G) Release(obj unsafe.Pointer) {
	if g.abort {
		return
	}
	g.releaseInto(atomics.of(g.x).get(obj))
}

// Acquire orders every earlier Release of obj before g's future.
func (g *G) Acquire(obj unsafe.Pointer) {
	if g.abort {
		return
	}
	if c := atomics.of(g.x).lookup(obj); c != nil {
		g.learn(*c)
	}
}
