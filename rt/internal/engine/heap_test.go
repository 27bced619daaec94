package engine

import (
	"math/rand"
	"slices"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestHeapTableLookup checks lookups against a linear scan while spans are
// added in random address order, across many merges of the tail.
func TestHeapTableLookup(t *testing.T) {
	const n, slot = 3000, 64
	buf := make([]byte, n*slot)
	rng := rand.New(rand.NewSource(1))
	order := rng.Perm(n)
	sizes := make([]uintptr, n)
	var h heapTable
	added := []int{}
	find := func(a uintptr) int32 {
		for i, k := range added {
			start := uintptr(unsafe.Pointer(&buf[k*slot]))
			if start <= a && a < start+sizes[k] {
				return int32(i + 1)
			}
		}
		return 0
	}
	for step, k := range order {
		sizes[k] = uintptr(1 + rng.Intn(slot))
		obj := h.add(7, unsafe.Pointer(&buf[k*slot]), sizes[k], 42)
		if obj.N != int32(step) || obj.Iter != int32(step) {
			t.Fatalf("allocation %d named %+v, want N = Iter = %d", step, obj, step)
		}
		added = append(added, k)
		if step%97 != 0 && step != n-1 {
			continue
		}
		for range 200 {
			off := rng.Intn(len(buf))
			p := unsafe.Pointer(&buf[off])
			if got, want := h.lookup(p), find(uintptr(p)); got != want {
				t.Fatalf("after %d allocations: lookup(+%d) = %d, want %d", step+1, off, got, want)
			}
		}
	}
	h.reset()
	if got := h.lookup(unsafe.Pointer(&buf[0])); got != 0 || len(h.info) != 0 {
		t.Fatalf("after reset: lookup = %d, %d objects; want none", got, len(h.info))
	}
}

// heapRecorder is a random walk that keeps the last execution's heap
// objects and memory accesses.
type heapRecorder struct {
	randomWalk
	heap     []sched.HeapObject
	accesses []sched.Op
}

func (r *heapRecorder) End(x *sched.Execution) {
	r.heap = slices.Clone(x.Heap)
	r.accesses = r.accesses[:0]
	for _, s := range x.Trace {
		if s.Op.Kind.IsAccess() {
			r.accesses = append(r.accesses, s.Op)
		}
	}
}

type node struct {
	val  int
	next *node
}

//go:noinline
func newNode(site int32) *node {
	n := new(node)
	cur().Alloc(site, unsafe.Pointer(n), unsafe.Sizeof(*n))
	return n
}

//go:noinline
func newNodeElsewhere(site int32) *node { return newNode(site) }

// TestHeapNaming checks the paper's heap-variable names (Sec. 2.4, Fig. 5):
// allocations at one site count up, the loop-iteration number counts only
// allocations with the identical call stack, and an access anywhere inside
// an object names that object.
func TestHeapNaming(t *testing.T) {
	const site = 3
	rec := &heapRecorder{randomWalk: *newRandom(1, 3)}
	e := New(rec, Limits{MaxSteps: 1000}, nil)
	for {
		var objs []*node
		res, ok := e.Run(func() {
			for range 3 {
				objs = append(objs, newNode(site))
			}
			objs = append(objs, newNodeElsewhere(site))
			g := cur()
			g.Access(0, unsafe.Pointer(&objs[1].next), true)
			g.Access(0, unsafe.Pointer(&objs[3].val), false)
			var local int
			g.Access(0, unsafe.Pointer(&local), true)
		})
		if !ok {
			break
		}
		if res.Failure != nil {
			t.Fatal(res.Failure.Message)
		}
		want := []sched.HeapObject{{Site: site, N: 0, Iter: 0}, {Site: site, N: 1, Iter: 1}, {Site: site, N: 2, Iter: 2}, {Site: site, N: 3, Iter: 0}}
		if !slices.Equal(rec.heap, want) {
			t.Fatalf("heap objects %+v, want %+v", rec.heap, want)
		}
		if got := []int32{rec.accesses[0].Heap, rec.accesses[1].Heap, rec.accesses[2].Heap}; !slices.Equal(got, []int32{2, 4, 0}) {
			t.Fatalf("accesses name heap objects %v, want [2 4 0] (objects 1 and 3, then none)", got)
		}
	}
}

// TestHeapTableReuse: the table does not keep its objects alive, so memory
// of a collected object is registered again, at its start or across it.
// Lookups must find the newest object at an address, never a dead one,
// across merges and the compaction of dead spans.
func TestHeapTableReuse(t *testing.T) {
	const size = 1 << 14
	buf := make([]byte, size)
	base := uintptr(unsafe.Pointer(&buf[0]))
	rng := rand.New(rand.NewSource(2))
	var h heapTable
	type span struct{ start, end uintptr }
	var model []span // by allocation number - 1; dead ones empty
	find := func(a uintptr) int32 {
		for i, s := range model {
			if s.start <= a && a < s.end {
				return int32(i + 1)
			}
		}
		return 0
	}
	for step := range 5000 {
		off := uintptr(rng.Intn(size - 256))
		if rng.Intn(2) == 0 {
			off &^= 63 // most reuse starts where the old object started
		}
		n := uintptr(1 + rng.Intn(200))
		for i, s := range model {
			if s.start < base+off+n && base+off < s.end {
				model[i] = span{}
			}
		}
		model = append(model, span{base + off, base + off + n})
		h.add(3, unsafe.Pointer(&buf[off]), n, 0)
		for range 20 {
			off := rng.Intn(size)
			p := unsafe.Pointer(&buf[off])
			if got, want := h.lookup(p), find(uintptr(p)); got != want {
				t.Fatalf("after %d allocations: lookup(+%d) = %d, want %d", step+1, off, got, want)
			}
		}
	}
}
