package engine

import (
	"cmp"
	"runtime"
	"slices"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// maxStackDepth caps the call-stack frames that tell loop iterations of one
// allocation site apart; deeper stacks are compared on their innermost
// maxStackDepth frames only.
const maxStackDepth = 48

// heapTable names the registered heap objects of one execution by
// allocation site, allocation count and loop-iteration number
// (variable-thread-bounding.txt, Sec. 2.4, Fig. 5), and finds the object
// that contains an address.
//
// Invariant: objs and info are parallel and in allocation order;
// sorted holds the indices of objs[:len(sorted)] ordered by start address,
// and objs[len(sorted):] (the tail) are searched linearly. The table keeps
// every object reachable until reset, so no address is reused by another
// registered object within an execution and the objects never overlap.
type heapTable struct {
	objs     []heapSpan
	info     []sched.HeapObject
	sorted   []int32
	perSite  map[int32]int32
	perStack map[stackKey]int32
}

// heapSpan is the memory of one registered object.
type heapSpan struct {
	start, end uintptr
	keep       unsafe.Pointer // keeps the object alive for the execution
}

// stackKey identifies an allocation site reached through one call stack.
type stackKey struct {
	site  int32
	stack uint64
}

func (h *heapTable) reset() {
	clear(h.objs) // drop the references so the objects can be collected
	h.objs = h.objs[:0]
	h.info = h.info[:0]
	h.sorted = h.sorted[:0]
	clear(h.perSite)
	clear(h.perStack)
}

// add registers the object [p, p+size) allocated at site with the given
// call-stack hash and returns its description.
func (h *heapTable) add(site int32, p unsafe.Pointer, size uintptr, stack uint64) sched.HeapObject {
	if h.perSite == nil {
		h.perSite = map[int32]int32{}
		h.perStack = map[stackKey]int32{}
	}
	k := stackKey{site, stack}
	obj := sched.HeapObject{Site: site, N: h.perSite[site], Iter: h.perStack[k]}
	h.perSite[site]++
	h.perStack[k]++
	start := uintptr(p)
	h.objs = append(h.objs, heapSpan{start: start, end: start + size, keep: p})
	h.info = append(h.info, obj)
	if tail := len(h.objs) - len(h.sorted); tail > tailLimit(len(h.objs)) {
		h.merge()
	}
	return obj
}

// tailLimit is the longest linear tail worth scanning before merging it
// into the sorted index: about sqrt(n), so that merges cost O(n sqrt n) in
// total and lookups O(log n + sqrt n).
func tailLimit(n int) int {
	l := 32
	for l*l < n {
		l *= 2
	}
	return l
}

// merge moves the tail into the sorted index: the tail is sorted on its
// own and the two runs are merged.
func (h *heapTable) merge() {
	start := func(i int32) uintptr { return h.objs[i].start }
	n := len(h.sorted)
	tail := make([]int32, 0, len(h.objs)-n)
	for i := n; i < len(h.objs); i++ {
		tail = append(tail, int32(i))
	}
	slices.SortFunc(tail, func(a, b int32) int { return cmp.Compare(start(a), start(b)) })
	out := make([]int32, 0, len(h.objs))
	i, j := 0, 0
	for i < n && j < len(tail) {
		if start(h.sorted[i]) <= start(tail[j]) {
			out = append(out, h.sorted[i])
			i++
		} else {
			out = append(out, tail[j])
			j++
		}
	}
	out = append(append(out, h.sorted[i:]...), tail[j:]...)
	h.sorted = out
}

// lookup returns the number (index plus one) of the registered object
// containing addr, or 0.
func (h *heapTable) lookup(addr unsafe.Pointer) int32 {
	a := uintptr(addr)
	for i := len(h.sorted); i < len(h.objs); i++ {
		if o := &h.objs[i]; o.start <= a && a < o.end {
			return int32(i + 1)
		}
	}
	// The last object starting at or below a is the only candidate.
	lo, hi := 0, len(h.sorted)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if h.objs[h.sorted[m]].start <= a {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return 0
	}
	i := h.sorted[lo-1]
	if a < h.objs[i].end {
		return i + 1
	}
	return 0
}

// stackHash hashes the calling goroutine's stack above skip frames
// (FNV-1a over the return PCs).
func stackHash(skip int) uint64 {
	var pcs [maxStackDepth]uintptr
	n := runtime.Callers(skip+1, pcs[:])
	h := uint64(fnvOffset)
	for _, pc := range pcs[:n] {
		for v := uint64(pc); v != 0; v >>= 8 {
			h ^= v & 0xff
			h *= fnvPrime
		}
		h *= fnvPrime // frame separator
	}
	return h
}

// Alloc records that g allocated the object [p, p+size) at site, so that
// accesses to it name it by (site, allocation count, loop-iteration
// number). It is not a scheduling point. Zero-sized objects, which may
// share addresses, are not recorded.
func (g *G) Alloc(site int32, p unsafe.Pointer, size uintptr) {
	if g.abort || p == nil || size == 0 {
		return
	}
	g.x.heap.add(site, p, size, stackHash(2))
	g.NoteAlloc(site, p, size) // ident.go: names the object across executions for dpor
}
