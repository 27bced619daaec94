package strategy

import (
	"math"
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
// number above it may name another object in another execution, so a
// tree node whose operation has an unstable number is a weak initial only
// through its own event in the sequence inserted (weakInitial).
//
// Status: experimental, off by default. On the counted kernels this mode
// reaches the exact trace counts, but the insertion is sensitive to the
// dependence it is given: with the rule above refined (an unstable number
// differs from every stable one; two unstable ones may be one object) it
// lost a trace of lastzero(4) (27 of 28), although the refined answers are
// sound. Over-approximated dependence places a sequence beside a branch it
// belongs under, where that branch's goroutine then sleeps; the conditions
// under which that loses no trace are not established, so a search in
// this mode is never reported complete (DPORStats.proof). Given an exact
// identity (SetObjectIdentity), the search is optimal on lastzero: one
// execution per trace (TestDPOROptimalExactIdentity).

// wnode is a node of a wakeup tree: an event — a goroutine and the
// operation it performs — to run after its parent's, and the branches to
// explore after it, leftmost first. A node without kids is a leaf: the
// branch continues freely from there.
type wnode struct {
	g     int
	op    sched.Op
	local int32 // position of the event in its goroutine, from 1
	kids  []*wnode
}

// ObjectIdentity names, across executions, the object that event number
// local (from 1) of goroutine g touches with op: ok reports that it does
// so in every execution where the event occurs. It is a test and
// measurement aid (SetObjectIdentity): the engine knows no such identity
// for objects first used after a decision (see dpor_wakeup.go).
type ObjectIdentity func(g int, local int32, op sched.Op) (id int64, ok bool)

// SetObjectIdentity gives the wakeup-tree search an exact identity of the
// objects of memory accesses, used where object numbers are not stable;
// it returns d. It shows what the search does with an exact identity
// (TestDPOROptimalExactIdentity); nothing in vtbound sets it.
func (d *DPOR) SetObjectIdentity(f ObjectIdentity) *DPOR {
	d.an.ident = f
	return d
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
	x.carry, x.carryFrom = n.tree[n.cur], n.step
}

// wakeupPick makes n's alternatives the branches of the wakeup subtree
// the execution follows, leftmost first. A branch whose goroutine is
// disabled is infeasible (Go's blocking made the reversal impossible) and
// dropped; one whose goroutine is asleep is lost (optimal DPOR rules it
// out; the search is then no proof).
func (d *DPOR) wakeupPick(v *sched.View, n *dnode) *dnode {
	x := &d.x
	n.tree = map[int][]*wnode{}
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
		n.tree[c.g] = c.kids
	}
	if len(n.backtrack) == 0 {
		if n.cur < 0 {
			return nil
		}
		n.backtrack = []int{n.cur}
	}
	n.cur = n.backtrack[0]
	n.done = []int{n.cur}
	return n
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
		if k != j && !a.hb(i, a.clk[k]) {
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
// first event in w, or -1. op was recorded in an execution through the
// node whose stable object numbers end at stable (see above); an op
// recorded in this execution or announced before the node has every
// number stable (noneUnstable).
func (a *analysis) weakInitial(w []int, g int, op sched.Op, stable int32) (bool, int) {
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
	if op.Obj > stable && op.Kind.Info().Class != sched.ClassNone {
		return false, -1
	}
	for _, k := range w {
		if sched.Dependent(op, a.ev[k].op) {
			return false, -1
		}
	}
	return true, -1
}

// noneUnstable is the stable bound of an operation recorded in the
// analysed execution (or announced before the node): all its numbers
// are comparable with the trace's.
const noneUnstable = math.MaxInt32

// treeInitial reports whether wakeup tree node c is a weak initial of w,
// and the position of its goroutine's first event in w, or -1. Without an
// ObjectIdentity it is weakInitial; with one, a memory access with an
// unstable object number is compared by identity.
func (a *analysis) treeInitial(w []int, c *wnode, stable int32) (bool, int) {
	if a.ident == nil || slices.ContainsFunc(w, func(k int) bool { return a.ev[k].g == c.g }) {
		return a.weakInitial(w, c.g, c.op, stable)
	}
	cid, cok := a.ident(c.g, c.local, c.op)
	for _, k := range w {
		e := &a.ev[k]
		op := c.op
		eid, eok := a.ident(e.g, e.local, e.op)
		switch {
		case cok && eok && op.Kind.IsAccess() && e.op.Kind.IsAccess():
			op.Obj = e.op.Obj
			if cid != eid {
				op.Obj++ // another object
			}
		case op.Obj > stable:
			op.Obj = e.op.Obj // perhaps the same object
		}
		if sched.Dependent(op, e.op) {
			return false, -1
		}
	}
	return true, -1
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
			if in, at := a.weakInitial(w, g, a.ev[k].op, noneUnstable); in && at == p {
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
		if in, _ := a.weakInitial(w, s.g, s.op, noneUnstable); in {
			return true
		}
	}
	for i, g := range n.enabled {
		if g != n.cur && slices.Contains(n.done, g) {
			if in, _ := a.weakInitial(w, g, n.ops[i], noneUnstable); in {
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
		in, p := a.weakInitial(w, g, n.ops[slices.Index(n.enabled, g)], noneUnstable)
		if !in {
			continue
		}
		kids := n.tree[g]
		if len(kids) == 0 {
			return false
		}
		added := a.insertInto(&kids, removeAt(w, p), n.objs)
		n.tree[g] = kids
		return added
	}
	if n.tree == nil {
		n.tree = map[int][]*wnode{}
	}
	g := a.ev[w[0]].g
	n.backtrack = append(n.backtrack, g)
	n.tree[g] = a.chain(w[1:])
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

// chain returns the wakeup tree branch of the events w, one node each.
func (a *analysis) chain(w []int) []*wnode {
	var root []*wnode
	list := &root
	for _, k := range w {
		c := &wnode{g: a.ev[k].g, op: a.ev[k].op, local: a.ev[k].local}
		*list = append(*list, c)
		list = &c.kids
	}
	return root
}

// removeAt returns w without its element at p (w itself when p < 0); w
// is not modified.
func removeAt(w []int, p int) []int {
	if p < 0 {
		return w
	}
	out := make([]int, 0, len(w)-1)
	out = append(out, w[:p]...)
	return append(out, w[p+1:]...)
}
