package engine

import (
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

type pair struct{ a, b int32 }

// TestRaceRangeAgainstField: a whole-struct read races with a write of a
// field that does not start the struct (address ranges, not start
// addresses).
func TestRaceRangeAgainstField(t *testing.T) {
	res := explore(t, 200, func() {
		p := &pair{}
		g := cur()
		g.Go(0, func() { cur().Access(0, unsafe.Pointer(&p.b), true) })
		g.AccessRange(0, unsafe.Pointer(p), unsafe.Sizeof(*p), false)
	})
	wantOutcome(t, res, sched.Race)
}

// TestNoRaceDisjointRanges: writes of the two halves of one array by two
// goroutines do not race.
func TestNoRaceDisjointRanges(t *testing.T) {
	res := explore(t, 200, func() {
		var a [4]int64
		g := cur()
		g.Go(0, func() { cur().AccessRange(0, unsafe.Pointer(&a[2]), 16, true) })
		g.AccessRange(0, unsafe.Pointer(&a[0]), 16, true)
	})
	if res != nil {
		t.Fatalf("unexpected %v", res.Outcome)
	}
}

// TestRaceAtomicAgainstPlain: an atomic add and a plain read of the same
// word race, in either order.
func TestRaceAtomicAgainstPlain(t *testing.T) {
	res := explore(t, 200, func() {
		n := new(int64)
		g := cur()
		g.Go(0, func() { cur().Atomic(0, unsafe.Pointer(n), sched.OpAtomicRMW) })
		g.Access(0, unsafe.Pointer(n), false)
	})
	wantOutcome(t, res, sched.Race)
}

// TestNoRaceAtomics: atomic operations on one word never race with each
// other, and order the plain accesses around them.
func TestNoRaceAtomics(t *testing.T) {
	res := explore(t, 200, func() {
		n, data := new(int64), new(int64)
		g := cur()
		g.Go(0, func() {
			c := cur()
			c.Access(0, unsafe.Pointer(data), true)
			c.Atomic(0, unsafe.Pointer(n), sched.OpAtomicStore)
		})
		g.Atomic(0, unsafe.Pointer(n), sched.OpAtomicRMW)
		g.Atomic(0, unsafe.Pointer(n), sched.OpAtomicLoad)
	})
	if res != nil {
		t.Fatalf("unexpected %v", res.Outcome)
	}
}

// TestPinnedAccessIsNoStep: an access of a goroutine pinned to its P takes
// no step, and the execution says so (Result.Stepless); unpinned, it is a
// step again.
func TestPinnedAccessIsNoStep(t *testing.T) {
	var x int
	e := New(newRandom(1, 1), Limits{}, nil)
	res, ok := e.Run(func() {
		g := cur()
		g.Pin()
		g.Access(0, unsafe.Pointer(&x), true)
		g.Unpin()
		g.Access(0, unsafe.Pointer(&x), true)
	})
	if !ok {
		t.Fatal("no execution")
	}
	writes := 0
	for _, st := range res.Trace {
		if st.Op.Kind == sched.OpWrite {
			writes++
		}
	}
	if writes != 1 || !res.Stepless {
		t.Errorf("%d write steps (want 1, the unpinned one), Stepless %v (want true)", writes, res.Stepless)
	}
}
