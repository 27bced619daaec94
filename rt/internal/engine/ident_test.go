package engine

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// identRecorder is a random walk that asks for object identities (or not)
// and keeps the last execution's memory accesses by goroutine.
type identRecorder struct {
	randomWalk
	identity bool
	accesses map[[2]int]sched.Op // (goroutine, its n-th access) -> op
}

func (r *identRecorder) Begin(p *sched.Plan) bool {
	ok := r.randomWalk.Begin(p)
	p.Identity = r.identity
	return ok
}

func (r *identRecorder) End(x *sched.Execution) {
	r.accesses = map[[2]int]sched.Op{}
	n := map[int]int{}
	for _, s := range x.Trace {
		if s.Op.Kind.IsAccess() {
			n[s.G]++
			r.accesses[[2]int{s.G, n[s.G]}] = s.Op
		}
	}
}

// identBody: the body records a shared array and starts two goroutines;
// each records an object of its own, writes it, writes its element of the
// shared array and reads element 0; then the body writes a local it did
// not record.
func identBody() {
	g := cur()
	shared := new([2]int)
	g.NoteAlloc(1, unsafe.Pointer(shared), unsafe.Sizeof(*shared))
	for k := range 2 {
		g.Go(0, func() {
			h := cur()
			mine := new(int64)
			h.NoteAlloc(2, unsafe.Pointer(mine), unsafe.Sizeof(*mine))
			h.Access(0, unsafe.Pointer(mine), true)
			h.Access(0, unsafe.Pointer(&shared[k]), true)
			h.Access(0, unsafe.Pointer(&shared[0]), false)
		})
	}
	var local int
	g.Access(0, unsafe.Pointer(&local), true)
}

// TestIdentity checks Op.Ident: an access is named by its allocation
// (goroutine, allocation index) and offset, the same in every execution
// whatever the interleaving, although first-use numbers (Op.Obj) change;
// distinct locations have distinct names, an unrecorded location none,
// and nothing is named when the plan does not ask.
func TestIdentity(t *testing.T) {
	rec := &identRecorder{randomWalk: *newRandom(1, 40), identity: true}
	e := New(rec, Limits{MaxSteps: 1000}, nil)
	var first map[[2]int]sched.Op
	objsVary := false
	for {
		res, ok := e.Run(identBody)
		if !ok {
			break
		}
		if res.Failure != nil {
			t.Fatal(res.Failure.Message)
		}
		if first == nil {
			first = rec.accesses
			checkIdentNames(t, first)
			continue
		}
		for k, op := range rec.accesses {
			if op.Ident != first[k].Ident {
				t.Fatalf("access %v named %d, in the first execution %d", k, op.Ident, first[k].Ident)
			}
			objsVary = objsVary || op.Obj != first[k].Obj
		}
	}
	if !objsVary {
		t.Errorf("first-use numbers never changed across 40 random executions: the test shows nothing")
	}
	off := &identRecorder{randomWalk: *newRandom(1, 1)}
	e = New(off, Limits{MaxSteps: 1000}, nil)
	e.Run(identBody)
	for k, op := range off.accesses {
		if op.Ident != 0 {
			t.Errorf("without Plan.Identity, access %v named %d", k, op.Ident)
		}
	}
}

// checkIdentNames checks the names of one execution's accesses (see
// identBody: goroutines 2 and 3 make accesses 1-3, the body access 1).
func checkIdentNames(t *testing.T, acc map[[2]int]sched.Op) {
	t.Helper()
	id := func(g, n int) int32 { return acc[[2]int{g, n}].Ident }
	names := fmt.Sprint(acc)
	switch {
	case len(acc) != 7:
		t.Fatalf("accesses %s, want 7", names)
	case id(1, 1) != 0:
		t.Errorf("the unrecorded local is named %d", id(1, 1))
	case id(2, 1) == 0 || id(3, 1) == 0 || id(2, 1) == id(3, 1):
		t.Errorf("the goroutines' own objects are named %d and %d, want distinct names", id(2, 1), id(3, 1))
	case id(2, 2) == id(3, 2) || id(2, 2) == 0 || id(3, 2) == 0:
		t.Errorf("shared[0] and shared[1] are named %d and %d, want distinct names", id(2, 2), id(3, 2))
	case id(2, 3) != id(2, 2) || id(3, 3) != id(2, 2):
		t.Errorf("shared[0] is named %d, %d and %d, want one name", id(2, 2), id(2, 3), id(3, 3))
	}
}
