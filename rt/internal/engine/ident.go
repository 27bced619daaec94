package engine

import "unsafe"

// Object identity across executions (sched.Op.Ident), as stateless model
// checkers such as Nidhugg and GenMC name memory: a location is named by
// the allocation that contains it — the allocating goroutine, itself named
// by its ancestry (its parent's name and how many goroutines the parent
// started before it), and the index of the allocation among that
// goroutine's recorded allocations — and by its offset in it. The same
// program run under two schedules names an allocation the same way as
// long as its goroutine made the same allocations before it, whatever
// the other goroutines did; a first-use number (Op.Obj) changes whenever
// another goroutine touches another object first.
//
// Only allocations recorded with G.NoteAlloc (rt.NewObj, rt.MakeSlice)
// are named; the state is kept only when the plan asks for it
// (Plan.Identity), so that it costs nothing otherwise.
//
// Invariant: ids and gids grow over the executions of one engine and are
// never cleared, so that a number names one key for the engine's life;
// the per-execution fields describe execution exec only.
type identity struct {
	ids  map[identKey]int32 // location key -> Op.Ident
	gids map[gKey]int32     // goroutine ancestry -> stable goroutine number

	exec   int       // the execution the fields below describe
	allocs heapTable // this execution's recorded allocations
	owner  []allocID // by allocation number - 1 (allocs order)
	sid    []int32   // by goroutine ID: stable number, 0 not yet computed
	nalloc []int32   // by goroutine ID: allocations recorded so far
}

// gKey names a goroutine by its parent's stable number (0 for a root)
// and its index among the parent's children.
type gKey struct{ parent, nth int32 }

// allocID names one allocation: the stable number of its goroutine, its
// index among that goroutine's recorded allocations (from 1) and its site.
type allocID struct{ g, n, site int32 }

// identKey names a location: its allocation and the offset in it.
type identKey struct {
	alloc allocID
	off   uintptr
}

// identState returns the execution's identity state, reset if it
// describes an earlier execution.
func (x *execution) identState() *identity {
	id := x.ident
	if id == nil {
		id = &identity{ids: map[identKey]int32{}, gids: map[gKey]int32{}, exec: -1}
		x.ident = id
	}
	if id.exec != x.n {
		id.exec = x.n
		id.allocs.reset()
		id.owner = id.owner[:0]
		id.sid = id.sid[:0]
		id.nalloc = id.nalloc[:0]
	}
	return id
}

// stable returns the stable number of goroutine g of execution x (0 for
// no goroutine).
func (id *identity) stable(x *execution, g int) int32 {
	if g <= 0 || g > len(x.gs) {
		return 0
	}
	for len(id.sid) <= g {
		id.sid = append(id.sid, 0)
	}
	if s := id.sid[g]; s != 0 {
		return s
	}
	parent := x.gs[g-1].parent
	nth := int32(0)
	for _, h := range x.gs[:g-1] {
		if h.parent == parent {
			nth++
		}
	}
	key := gKey{id.stable(x, parent), nth}
	s, ok := id.gids[key]
	if !ok {
		s = int32(len(id.gids) + 1)
		id.gids[key] = s
	}
	id.sid[g] = s
	return s
}

// NoteAlloc records that g allocated the object [p, p+size) at site, so
// that accesses inside it are named by (g's stable number, the index of
// this allocation in g, site, offset) when the strategy asks for object
// identities (Plan.Identity); otherwise it does nothing. It is not a
// scheduling point. Zero-sized objects, which may share addresses, are
// not recorded.
func (g *G) NoteAlloc(site int32, p unsafe.Pointer, size uintptr) {
	if g.abort || p == nil || size == 0 || !g.x.plan.Identity {
		return
	}
	id := g.x.identState()
	s := id.stable(g.x, g.id)
	for len(id.nalloc) <= g.id {
		id.nalloc = append(id.nalloc, 0)
	}
	id.nalloc[g.id]++
	id.allocs.add(site, p, size, 0)
	id.owner = append(id.owner, allocID{s, id.nalloc[g.id], site})
}

// identOf returns the identity number of the location at p (Op.Ident),
// or 0 when identities are off or p lies in no recorded allocation.
func (x *execution) identOf(p unsafe.Pointer) int32 {
	if !x.plan.Identity || p == nil {
		return 0
	}
	id := x.identState()
	k := id.allocs.lookup(p)
	if k == 0 {
		return 0
	}
	key := identKey{id.owner[k-1], uintptr(p) - id.allocs.objs[k-1].start}
	n, ok := id.ids[key]
	if !ok {
		n = int32(len(id.ids) + 1)
		id.ids[key] = n
	}
	return n
}
