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
// The table does not keep its objects alive: a test may wait for one to be
// collected (a finalizer, a cleanup, a weak pointer), and a long execution
// must not hold all it ever allocated. A collected object's memory may be
// reused by a later registration; the new object is fresh memory, so every
// recorded object it overlaps is dead, and add marks those dead (an empty
// span) before recording it.
//
// Invariant: objs and info are parallel and in allocation order; the live
// spans never overlap; sorted lists, of the spans
// objs[:indexed] holds the indices of its live spans (and of the spans
// that died since the last merge, counted by dead) ordered by start
// address, ties in allocation order, and objs[indexed:] (the tail) are
// searched linearly.
type heapTable struct {
	objs     []heapSpan
	info     []sched.HeapObject
	sorted   []int32
	indexed  int
	dead     int
	perSite  map[int32]int32
	perStack map[stackKey]int32
}

// heapSpan is the memory of one registered object; a dead one (collected
// and its memory reused) has end == start and contains no address.
type heapSpan struct {
	start, end uintptr
}

// stackKey identifies an allocation site reached through one call stack.
type stackKey struct {
	site  int32
	stack uint64
}

func (h *heapTable) reset() {
	h.objs = h.objs[:0]
	h.info = h.info[:0]
	h.sorted = h.sorted[:0]
	h.indexed, h.dead = 0, 0
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
	h.evict(start, start+size)
	h.objs = append(h.objs, heapSpan{start: start, end: start + size})
	h.info = append(h.info, obj)
	if tail := len(h.objs) - h.indexed; tail > tailLimit(len(h.objs)) || h.dead > len(h.sorted)/2+tailLimit(len(h.objs)) {
		h.merge()
	}
	return obj
}

// evict marks dead every recorded span that overlaps [start, end): memory
// just allocated held only collected objects.
func (h *heapTable) evict(start, end uintptr) {
	for i := h.indexed; i < len(h.objs); i++ {
		if o := &h.objs[i]; o.start < end && start < o.end {
			o.end = o.start
		}
	}
	// Sorted spans starting before end: the live one containing start (live
	// spans never overlap) and those starting inside [start, end).
	for i := h.firstAfter(end-1) - 1; i >= 0; i-- {
		o := &h.objs[h.sorted[i]]
		switch {
		case o.end == o.start:
			// dead already
		case o.end <= start:
			return // live and below: nothing earlier reaches start
		default:
			o.end = o.start
			h.dead++
		}
	}
}

// firstAfter returns the position in sorted of the first span starting
// above a.
func (h *heapTable) firstAfter(a uintptr) int {
	lo, hi := 0, len(h.sorted)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if h.objs[h.sorted[m]].start <= a {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
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

// merge moves the live spans of the tail into the sorted index and drops
// the dead ones from it: the tail is sorted on its own and the two runs
// are merged.
func (h *heapTable) merge() {
	byStart := func(a, b int32) int {
		return cmp.Or(cmp.Compare(h.objs[a].start, h.objs[b].start), cmp.Compare(a, b))
	}
	live := func(i int32) bool { return h.objs[i].end != h.objs[i].start }
	n := len(h.sorted)
	tail := make([]int32, 0, len(h.objs)-h.indexed)
	for i := h.indexed; i < len(h.objs); i++ {
		if live(int32(i)) {
			tail = append(tail, int32(i))
		}
	}
	slices.SortFunc(tail, byStart)
	out := make([]int32, 0, n-h.dead+len(tail))
	i, j := 0, 0
	for i < n || j < len(tail) {
		if i < n && !live(h.sorted[i]) {
			i++
			continue
		}
		if j == len(tail) || (i < n && byStart(h.sorted[i], tail[j]) < 0) {
			out = append(out, h.sorted[i])
			i++
		} else {
			out = append(out, tail[j])
			j++
		}
	}
	h.sorted = out
	h.indexed, h.dead = len(h.objs), 0
}

// lookup returns the number (index plus one) of the registered object
// containing addr, or 0.
func (h *heapTable) lookup(addr unsafe.Pointer) int32 {
	a := uintptr(addr)
	for i := h.indexed; i < len(h.objs); i++ {
		if o := &h.objs[i]; o.start <= a && a < o.end {
			return int32(i + 1)
		}
	}
	// The last span starting at or below a is the only candidate: a span
	// that died since the last merge was overlapped by one in the tail,
	// and the live spans of the index never overlap.
	i := h.firstAfter(a) - 1
	if i >= 0 && a < h.objs[h.sorted[i]].end {
		return h.sorted[i] + 1
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
