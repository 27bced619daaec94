package strategy

import (
	"slices"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Wakeup trees (optimal DPOR, Abdulla et al., "Optimal dynamic partial
// order reduction", POPL 2014, Algorithm 2), selected by SetOptimal.
//
// Each Pick node keeps, per backtrack goroutine, the wakeup subtree to
// follow after that goroutine's step. A race of events i < j inserts the
// whole reversal notdep(i, E).j (every event of the execution after i not
// ordered after it, then j) into the tree of the node before i, unless a
// goroutine asleep there is a weak initial of it (explored already); the
// insertion descends into the leftmost branch that is a weak initial of
// what is left and stops at a leaf (covered).
//
// Object identity. A wakeup tree node records an operation seen in an
// earlier execution. Op.Obj numbers objects by first use within one
// execution; every execution through a node replays the same prefix, so
// the numbers up to dnode.objs (the highest seen before the node) name
// the same objects in every execution through it: they are stable. A
// number above it may name another object in another execution. The
// search therefore asks the engine for allocation identities
// (Plan.Identity, Op.Ident: allocating goroutine, allocation index in it,
// offset), and compares a tree node's memory access with an event of the
// analysed execution by identity when both have one (treeInitial).
//
// Exactness. When every comparison was answered by a stable number or an
// identity, the dependence the insertion sees is the exact one and the
// search is Algorithm 2 of the paper: complete, one execution per trace.
// When an answer depended on an object that has neither (an unregistered
// allocation, a lock or channel first used after the node), the answer is
// conservative (dependent) and counted (DPORStats.Unidentified). That
// over-approximation places a sequence beside a branch it belongs under,
// where the branch's goroutine then sleeps; it is not known to lose no
// trace (a refinement of it lost one of lastzero(4)), so the search then
// starts over with source sets, which are exact without identities
// (fallBack); the executions run so far count as Restarted.

// wnode is a node of a wakeup tree: an event — a goroutine and the
// operation it performs — to run after its parent's, and the branches to
// explore after it, leftmost first. A node without kids is a leaf: the
// branch continues freely from there.
type wnode struct {
	g    int
	op   sched.Op
	kids []*wnode
}

// SetOptimal selects wakeup trees (optimal DPOR) instead of source sets
// with wakeup sequences, before the search starts; it returns d. A
// sharded search always uses source sets (its top decisions are full
// expansions). See docs/dpor.md for what each mode guarantees.
func (d *DPOR) SetOptimal(on bool) *DPOR {
	d.optimal = on && d.top == 0
	d.stats.Optimal = d.optimal
	return d
}

// beginBranch sets up the execution that takes n's current alternative:
// the wakeup sequence (source sets) or subtree (optimal) it follows.
func (d *DPOR) beginBranch(n *dnode) {
	x := &d.x
	if n.choose {
		x.carry, x.carryFrom = n.carry, n.step
		return
	}
	x.guide, x.guideFrom = n.wakeup[n.cur], n.step
	x.carry, x.carryFrom = n.subtree(n.cur), n.step
}

// wakeupPick makes n's alternatives the branches of the wakeup subtree
// the execution follows, leftmost first. A branch whose goroutine is
// disabled is infeasible (Go's blocking made the reversal impossible) and
// dropped; one whose goroutine is asleep is lost (optimal DPOR rules it
// out; the search is then no proof). It reports false when no branch is
// feasible and every enabled goroutine is asleep.
func (d *DPOR) wakeupPick(v *sched.View, n *dnode) bool {
	x := &d.x
	for _, c := range x.carry {
		switch {
		case !slices.Contains(v.Enabled, c.g):
			d.stats.Infeasible++
			continue
		case asleep(x.sleep, c.g) || slices.Contains(n.backtrack, c.g):
			d.stats.Lost++
			continue
		}
		n.backtrack = append(n.backtrack, c.g)
		n.tree = append(n.tree, branch{c.g, c.kids})
	}
	if len(n.backtrack) == 0 {
		if n.cur < 0 {
			return false
		}
		n.backtrack = append(n.backtrack, n.cur)
	}
	n.cur = n.backtrack[0]
	n.done = append(n.done[:0], n.cur)
	return true
}

// follow advances the wakeup subtree the execution follows over a step of
// goroutine g: into the branch of g's event, or, when no branch starts
// with it, nowhere. The engine runs a step without a Pick only when its
// goroutine alone is enabled, so the branches it did not foresee start
// with a disabled goroutine: they are infeasible and the execution
// continues freely.
func (d *DPOR) follow(g int) {
	x := &d.x
	for _, c := range x.carry {
		if c.g == g {
			x.carry = c.kids
			return
		}
	}
	d.stats.Infeasible++
	x.carry = nil
}

// reverseOptimal handles the race between events i < j at node n in
// optimal mode: it inserts the reversal into n's wakeup tree unless it
// was explored. It reports whether the race is reversible (some event
// that can start the reversal is enabled at n) and how many branches it
// added.
func (a *analysis) reverseOptimal(n *dnode, i, j int) (bool, int) {
	w := a.enabledInitial(n, a.reversal(i, j))
	if w == nil {
		return false, 0
	}
	if a.slept(n, w) || !a.insert(n, w) {
		return true, 0
	}
	return true, 1
}

// reversal returns the events of the trace after i not ordered after it
// (those after j too: the rest of the execution keeps its order), then j:
// notdep(i, E).j of Abdulla et al.
func (a *analysis) reversal(i, j int) []int {
	seq := a.seq[:0]
	for k := i + 1; k < a.real; k++ {
		if k != j && !a.ev[k].op.Done && !a.hb(i, a.clk[k]) {
			seq = append(seq, k)
		}
	}
	a.seq = append(seq, j)
	return a.seq
}

// weakInitial reports whether goroutine g, whose next operation is op, is
// a weak initial of w (events of the analysed trace, in trace order): its
// first event in w has no predecessor in w, or it has no event in w and op
// is independent of all of them. It also returns the position of g's
// first event in w, or -1. op must have been announced in the analysed
// execution or before the node whose tree is searched (its numbers are
// comparable with the trace's).
func (a *analysis) weakInitial(w []int, g int, op sched.Op) (bool, int) {
	if in, p := a.firstIn(w, g); p >= 0 {
		return in, p
	}
	for _, k := range w {
		if dependent(op, a.ev[k].op) {
			return false, -1
		}
	}
	return true, -1
}

// firstIn returns the position of goroutine g's first event in w, or -1,
// and whether it has no predecessor in w.
func (a *analysis) firstIn(w []int, g int) (bool, int) {
	for p, k := range w {
		if a.ev[k].g != g {
			continue
		}
		c := a.clk[k]
		for _, h := range w[:p] {
			if a.hb(h, c) {
				return false, p
			}
		}
		return true, p
	}
	return false, -1
}

// treeInitial reports whether wakeup tree node c, recorded in an
// execution through a node whose stable object numbers end at stable, is
// a weak initial of w, and the position of its goroutine's first event in
// w, or -1.
func (a *analysis) treeInitial(w []int, c *wnode, stable int32) (bool, int) {
	if in, p := a.firstIn(w, c.g); p >= 0 {
		return in, p
	}
	for _, k := range w {
		if a.treeDependent(&c.op, &a.ev[k], stable) {
			return false, -1
		}
	}
	return true, -1
}

// treeDependent reports whether op, recorded in another execution through
// a node whose stable object numbers end at stable, is dependent with
// event e of the analysed trace. Objects are compared by identity when
// both have one (Op.Ident), by number when op's is stable; a location in
// a recorded allocation is never one outside every recorded allocation.
// Otherwise, if the answer depends on whether they are one object, it is
// "dependent" and counted as unidentified (the search then falls back to
// source sets).
func (a *analysis) treeDependent(op *sched.Op, e *event, stable int32) bool {
	switch {
	case op.Done || e.op.Done || op.Closed && e.op.Closed:
		return false
	case op.Ident != 0 && e.op.Ident != 0:
		return dependentOn(op.Kind, e.op.Kind, op.Ident == e.op.Ident)
	case op.Obj <= stable:
		return dependentOn(op.Kind, e.op.Kind, op.Obj == e.op.Obj)
	case op.Ident != 0 || e.op.Ident != 0:
		return dependentOn(op.Kind, e.op.Kind, false)
	}
	dep := dependentOn(op.Kind, e.op.Kind, true)
	if dep != dependentOn(op.Kind, e.op.Kind, false) {
		a.unidentified++
	}
	return dep
}

// enabledInitial returns w reordered (an equivalent sequence) so that it
// starts with an event of a goroutine enabled at n, preferring w's own
// first event; it returns nil when there is none (the reversal cannot
// start at n).
func (a *analysis) enabledInitial(n *dnode, w []int) []int {
	if slices.Contains(n.enabled, a.ev[w[0]].g) {
		return w
	}
	for p, k := range w {
		if g := a.ev[k].g; slices.Contains(n.enabled, g) {
			if in, at := a.weakInitial(w, g, a.ev[k].op); in && at == p {
				moved := append([]int{k}, w[:p]...)
				return append(moved, w[p+1:]...)
			}
		}
	}
	return nil
}

// slept reports whether a goroutine asleep at n (in its sleep set, or a
// sibling explored before the current one) is a weak initial of w: the
// reversal w was explored already (Algorithm 2, line 11). Their
// operations were announced before n, so their objects are stable.
func (a *analysis) slept(n *dnode, w []int) bool {
	for _, s := range n.sleep {
		if in, _ := a.weakInitial(w, s.g, s.op); in {
			return true
		}
	}
	for i, g := range n.enabled {
		if g != n.cur && slices.Contains(n.done, g) {
			if in, _ := a.weakInitial(w, g, n.ops[i]); in {
				return true
			}
		}
	}
	return false
}

// insert adds the wakeup sequence w to n's wakeup tree unless a branch
// there already covers it (insert_[E](w, wut)): it descends into the
// leftmost branch whose event is a weak initial of what is left of w,
// stops at a leaf (covered), and otherwise adds the rest of w as the
// rightmost branch. It reports whether a branch was added.
func (a *analysis) insert(n *dnode, w []int) bool {
	for _, g := range n.backtrack {
		if slices.Contains(n.done, g) || asleep(n.sleep, g) {
			continue
		}
		in, p := a.weakInitial(w, g, n.ops[slices.Index(n.enabled, g)])
		if !in {
			continue
		}
		kids := n.subtree(g)
		if len(kids) == 0 {
			return false
		}
		added := a.insertInto(&kids, removeAt(w, p), n.objs)
		n.setSubtree(g, kids)
		return added
	}
	g := a.ev[w[0]].g
	n.backtrack = append(n.backtrack, g)
	n.setSubtree(g, a.chain(w[1:]))
	return true
}

// insertInto inserts w below a wakeup tree node whose kids are *list, in
// the tree of a node whose stable object numbers end at stable: it
// descends into the leftmost kid that is a weak initial of what is left
// of w and stops at a leaf (covered). It reports whether a branch was
// added.
func (a *analysis) insertInto(list *[]*wnode, w []int, stable int32) bool {
	for len(w) > 0 {
		var next *wnode
		for _, c := range *list {
			in, p := a.treeInitial(w, c, stable)
			if !in {
				continue
			}
			if len(c.kids) == 0 {
				return false
			}
			w, next = removeAt(w, p), c
			break
		}
		if next == nil {
			*list = append(*list, a.chain(w)...)
			return true
		}
		list = &next.kids
	}
	return false
}

// chain returns the wakeup tree branch of the events w, one node each,
// made with two allocations: every node's kids is a one-element window
// of one array of pointers, capped so that a later insertion below it
// copies instead of writing into its neighbour's.
func (a *analysis) chain(w []int) []*wnode {
	if len(w) == 0 {
		return nil
	}
	nodes := make([]wnode, len(w))
	ptrs := make([]*wnode, len(w))
	for i, k := range w {
		nodes[i] = wnode{g: a.ev[k].g, op: a.ev[k].op}
		ptrs[i] = &nodes[i]
		if i > 0 {
			nodes[i-1].kids = ptrs[i : i+1 : i+1]
		}
	}
	return ptrs[0:1:1]
}

// removeAt returns w without its element at p (w itself when p < 0),
// reusing w's array: the sequences inserted are scratch buffers that are
// not used again once inserted (reverseOptimal).
func removeAt(w []int, p int) []int {
	if p < 0 {
		return w
	}
	return append(w[:p], w[p+1:]...)
}
