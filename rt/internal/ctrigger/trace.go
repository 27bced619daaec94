package ctrigger

import (
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Bounds of the analysis of one trace.
const (
	// MaxAccesses bounds the accesses of one trace that are analysed.
	MaxAccesses = 50000
	// MaxInstances bounds the candidate instances (remote accesses of the
	// right kind, checked against a pair p, c) examined per trace.
	MaxInstances = 400000
)

// Access is one side of a triple: a site and whether it writes.
type Access struct {
	Site  int32
	Write bool
}

func accessOf(op sched.Op) Access { return Access{Site: op.Site, Write: op.Kind.IsWrite()} }

// loc names a location within one execution: the object and the heap
// object containing it.
type loc struct{ obj, heap int32 }

// held is a lock held by a goroutine: its object, the critical section's
// ID, whether it is read-locked, and the site that acquired it.
type held struct {
	obj    int32
	cs     int32
	shared bool
	site   int32
}

// access is one analysed memory access.
type access struct {
	step  int    // index in the trace
	g     int    // goroutine
	local int    // index among the goroutine's steps
	tick  int32  // the goroutine's own clock component
	vc    vclock // order clock at the access, but for g's own component (tick)
	a     Access
	locks []held // critical sections containing the access
}

// trace is one execution prepared for the analysis.
type trace struct {
	acc    []access
	byLoc  map[loc][]int // indices into acc, in trace order
	locs   []loc         // locations in order of first access
	csAcq  map[int32]int // critical section -> local index of its acquisition
	csRel  map[int32]int // critical section -> local index of its release
	nsteps int
}

// prepare computes local indices, order clocks and critical sections, up
// to the first MaxAccesses accesses, or until deadline (when not zero) has
// passed.
func prepare(steps []sched.Step, deadline time.Time) *trace {
	t := &trace{byLoc: map[loc][]int{}, csAcq: map[int32]int{}, csRel: map[int32]int{}}
	oc := newOrderClocks(steps)
	local := map[int]int{}
	locks := map[int][]held{}
	var csN int32
	for i, s := range steps {
		if len(t.acc) >= MaxAccesses || i%4096 == 0 && !deadline.IsZero() && time.Now().After(deadline) {
			break // nothing after this is analysed
		}
		if s.Op.Kind == sched.OpExit {
			continue
		}
		t.nsteps++
		li := local[s.G]
		local[s.G] = li + 1
		vc := oc.step(i, s)
		switch k := s.Op.Kind; {
		case k == sched.OpLock || k == sched.OpRLock:
			csN++
			locks[s.G] = append(locks[s.G], held{obj: s.Op.Obj, cs: csN, shared: k == sched.OpRLock, site: s.Op.Site})
			t.csAcq[csN] = li
		case k == sched.OpUnlock || k == sched.OpRUnlock:
			locks[s.G] = t.release(locks[s.G], s.Op.Obj, li)
		case k == sched.OpCondWait:
			for _, h := range locks[s.G] {
				t.csRel[h.cs] = li
			}
			locks[s.G] = nil
		case k.IsAccess() && s.Op.Obj != 0:
			t.addAccess(i, s, li, vc.at(s.G), oc.snapshot(s.G, vc), locks[s.G])
		}
	}
	return t
}

// release ends the innermost critical section of obj in hs.
func (t *trace) release(hs []held, obj int32, li int) []held {
	for j := len(hs) - 1; j >= 0; j-- {
		if hs[j].obj == obj {
			t.csRel[hs[j].cs] = li
			return append(hs[:j:j], hs[j+1:]...)
		}
	}
	return hs
}

// addAccess records step i, s, as the access of its goroutine with local
// index li, own clock component tick and order clock vc (a snapshot).
func (t *trace) addAccess(i int, s sched.Step, li int, tick int32, vc vclock, hs []held) {
	l := loc{s.Op.Obj, s.Op.Heap}
	if _, ok := t.byLoc[l]; !ok {
		t.locs = append(t.locs, l)
	}
	t.byLoc[l] = append(t.byLoc[l], len(t.acc))
	t.acc = append(t.acc, access{
		step: i, g: s.G, local: li, tick: tick, vc: vc,
		a: accessOf(s.Op), locks: append([]held(nil), hs...),
	})
}

// before reports whether x happens before y under order synchronisation.
func before(x, y *access) bool {
	return x.g != y.g && y.vc.at(x.g) >= x.tick || x.g == y.g && x.step < y.step
}
