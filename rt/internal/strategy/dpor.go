package strategy

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// DPOR is dynamic partial-order reduction: it explores the executions of a
// test depth-first, one per Mazurkiewicz trace as far as its races allow,
// and knows when it has explored them all (see the package doc).
//
// The exploration tree has one node per decision of an execution (a Pick
// among several enabled goroutines, or a Choose among a select's ready
// cases). A state is reached again by replaying the decisions that lead to
// it, as Exhaustive does. After each execution the races of its trace add
// goroutines to the backtrack sets of earlier Pick nodes (source sets,
// Abdulla et al. 2014); sleep sets (seed Fig. 7) keep a goroutine that was
// explored from a state asleep in its siblings until a dependent operation
// wakes it.
type DPOR struct {
	cfg Config
	b   budget
	// tree is the current path of decision nodes.
	//
	// Invariant: the entries of its backing array beyond len(tree) are nil
	// or empty nodes of earlier paths that nothing refers to any more
	// (cut empties them); spare reuses them, and their buffers, for the
	// next new decisions.
	tree    []*dnode
	started bool
	done    bool // the tree is exhausted
	x       dporExec
	an      analysis
	stats   DPORStats
	// top is the number of leading decisions explored in full (every
	// enabled goroutine) when the search is sharded; the subtree below
	// them belongs to the shard its decisions hash to.
	top int
	// optimal selects wakeup trees (optimal DPOR, dpor_wakeup.go) instead
	// of source sets with wakeup sequences.
	optimal bool
	// parent maps a goroutine ID to its parent's, as first seen in the
	// search (optimal mode: wakeup trees name goroutines by ID across
	// executions, which holds while IDs keep their parents).
	parent []int
}

// DPORStats summarises a DPOR search.
type DPORStats struct {
	// Executions counts the executions run.
	Executions int
	// Traces counts executions that were not sleep-set blocked: each is a
	// distinct Mazurkiewicz trace.
	Traces int
	// Blocked counts executions whose continuation was redundant: every
	// enabled goroutine was asleep (their trace was explored before).
	Blocked int
	// Races counts reversible races found; Backtracks the goroutines they
	// added to backtrack sets.
	Races, Backtracks int
	// Diverged counts executions that did not follow their replayed
	// prefix (nondeterminism outside the scheduler); the search is then
	// not a proof.
	Diverged int
	// Truncated counts executions cut short by the step bound or a
	// timeout: their races were not all seen, so the search is no proof.
	Truncated int
	// Foreign counts executions run only to reach the subtrees of this
	// shard (their own subtree belongs to another shard); they are not
	// counted as traces.
	Foreign int
	// Infeasible counts wakeup tree branches dropped because their
	// goroutine was disabled (optimal mode): a reversal that Go's blocking
	// made impossible; the execution then continues freely.
	Infeasible int
	// Lost counts wakeup tree branches whose goroutine was enabled but
	// asleep (optimal mode; optimal DPOR rules this out): the search then
	// falls back to source sets.
	Lost int
	// Unidentified counts the dependence answers of the wakeup-tree
	// insertion that depended on an object without a stable number or
	// an allocation identity (see dpor_wakeup.go): the search then falls
	// back to source sets.
	Unidentified int
	// Restarted counts the executions of a wakeup-tree search abandoned
	// when it fell back to source sets; they are not in Executions.
	Restarted int
	// Optimal reports that the search uses wakeup trees (SetOptimal).
	Optimal bool
	// Complete reports that the whole tree was explored.
	Complete bool
}

// Redundant counts the executions that explored no trace of their own:
// sleep-set blocked ones, those that only reached other shards' subtrees
// (Foreign) and those of a wakeup-tree search abandoned for source sets
// (Restarted). Traces = Executions + Restarted − Redundant.
func (s DPORStats) Redundant() int { return s.Blocked + s.Foreign + s.Restarted }

// proof reports whether nothing made the executions so far fall short of
// a proof. A search with wakeup trees is one while it lost no branch and
// every dependence answer was exact (it falls back to source sets
// otherwise: fallBack).
func (s DPORStats) proof() bool {
	return s.Diverged == 0 && s.Truncated == 0 && (!s.Optimal || s.Lost == 0 && s.Unidentified == 0)
}

// Completer is implemented by strategies that know whether they explored
// every trace of the test (dpor).
type Completer interface {
	// Completion reports whether every trace was explored, how many
	// traces and executions were, and how many backtrack points are left.
	Completion() (complete bool, traces, executions, left int)
	// Redundant counts the executions of Completion's count that
	// explored no trace of their own (dpor: sleep-set blocked ones, see
	// DPORStats.Redundant): traces = executions − Redundant().
	Redundant() int
}

// dnode is one decision of the current path.
//
// Invariant: cur ∈ done ⊆ backtrack for Pick nodes; for Choose nodes every
// choice below cur has been explored.
type dnode struct {
	choose    bool
	n         int        // Choose: number of outcomes
	step      int        // trace index of the step decided
	enabled   []int      // Pick: enabled goroutines
	ops       []sched.Op // Pick: their pending operations
	blocked   []int      // Pick: live goroutines not enabled
	sleep     []sleeper  // sleep set on reaching the node
	cur       int
	done      []int
	backtrack []int
	// lead marks a leading decision of a sharded search, closed a node
	// whose alternatives expand fixed (see expand).
	lead, closed bool
	// wakeup maps a backtrack goroutine to the race reversal that put it
	// there (the goroutines of the reordered events, in order), which the
	// new branch follows as far as it can.
	wakeup map[int][]int
	// tree holds, in optimal mode, the wakeup subtrees of backtrack
	// goroutines: the branches to explore after their event (Abdulla et
	// al. 2014); a goroutine without one is a leaf (subtree, setSubtree).
	tree []branch
	// objs is the number of objects named before the node: their numbers
	// (Op.Obj) are the same in every execution through it.
	objs int32
	// carry is, for a Choose node, the wakeup subtree the execution was
	// following when it reached the select (optimal mode).
	carry []*wnode
}

// branch is a backtrack goroutine of a node and its wakeup subtree.
type branch struct {
	g    int
	kids []*wnode
}

// subtree returns the wakeup subtree of backtrack goroutine g (nil for a
// leaf or none).
func (n *dnode) subtree(g int) []*wnode {
	for _, b := range n.tree {
		if b.g == g {
			return b.kids
		}
	}
	return nil
}

// setSubtree makes kids the wakeup subtree of backtrack goroutine g.
func (n *dnode) setSubtree(g int, kids []*wnode) {
	for i := range n.tree {
		if n.tree[i].g == g {
			n.tree[i].kids = kids
			return
		}
	}
	n.tree = append(n.tree, branch{g, kids})
}

// spare returns an empty node for a new decision at the end of the path:
// the dead node of an earlier path that the tree's backing array holds
// there (see DPOR.tree), or nil.
//
// It runs on the stack of the goroutine that reached the scheduling
// point, at its deepest, so it is inlined and empties nothing: a call
// that checks the stack there makes the runtime grow that goroutine's
// stack in most executions, as costly as a tenth of the execution. cut
// empties the nodes instead, on the search's own stack.
func (d *DPOR) spare() *dnode {
	if k := len(d.tree); k < cap(d.tree) {
		return d.tree[:k+1][k]
	}
	return nil
}

// node returns an empty node for a new decision: spare's, or a new one.
func (d *DPOR) node() *dnode {
	if n := d.spare(); n != nil {
		return n
	}
	return new(dnode)
}

// cut truncates the path to its first k nodes and empties the nodes cut
// off, which stay in the backing array for spare.
func (d *DPOR) cut(k int) {
	for _, n := range d.tree[k:] {
		n.reset()
	}
	d.tree = d.tree[:k]
}

// reset empties n, keeping its buffers but not its wakeup subtrees.
func (n *dnode) reset() {
	n.choose, n.n, n.step, n.cur, n.lead, n.closed, n.objs, n.carry = false, 0, 0, 0, false, false, 0, nil
	n.enabled, n.ops, n.blocked, n.sleep = n.enabled[:0], n.ops[:0], n.blocked[:0], n.sleep[:0]
	clear(n.tree)
	n.done, n.backtrack, n.tree, n.wakeup = n.done[:0], n.backtrack[:0], n.tree[:0], nil
}

// sleeper is a goroutine asleep with its pending operation.
type sleeper struct {
	g  int
	op sched.Op
}

// dporExec is the state of the execution in progress.
type dporExec struct {
	dec       int       // decisions taken so far
	sleep     []sleeper // running sleep set
	seen      int       // trace steps already applied to sleep
	blocked   bool      // every enabled goroutine was asleep
	blockedAt int       // trace length when blocked
	pending   []seenOp  // by goroutine ID: last pending operation seen
	stepped   []int     // by goroutine ID: its last step in the trace, or -1
	guide     []int     // goroutines of the wakeup sequence still to run
	guideFrom int       // trace index where the sequence starts
	foreign   bool      // the execution's subtree belongs to another shard
	carry     []*wnode  // optimal mode: wakeup subtree followed below the last node
	carryFrom int       // trace index of the step that last node decided
	objs      int32     // highest object number seen so far
}

// seenOp is a goroutine's pending operation and the trace length when it
// was seen.
type seenOp struct {
	op sched.Op
	at int
	ok bool
}

// NewDPOR returns the DPOR search; it stops after c.Budget executions.
func NewDPOR(c Config) *DPOR {
	c = c.withDefaults()
	buildDepTable()
	d := &DPOR{cfg: c, b: budget{max: c.Budget}}
	if c.Shards > 0 {
		d.top = 2
		for 1<<d.top < 4*c.Shards {
			d.top++
		}
	}
	return d
}

// Name returns "dpor".
func (d *DPOR) Name() string { return "dpor" }

// Stats returns the search's counters so far.
func (d *DPOR) Stats() DPORStats { return d.stats }

// Begin starts the next execution: the path to the deepest node with an
// unexplored alternative, then that alternative.
func (d *DPOR) Begin(p *sched.Plan) bool {
	if d.done || d.b.used >= d.b.max {
		return false
	}
	if d.started && !d.advance() {
		d.done = true
		d.stats.Complete = d.stats.proof()
		return false
	}
	d.started = true
	d.b.take()
	d.x = dporExec{sleep: d.x.sleep[:0], pending: d.x.pending[:0], stepped: d.x.stepped[:0]}
	if k := len(d.tree) - 1; k >= 0 {
		d.beginBranch(d.tree[k])
	}
	p.TrackAll, p.Track = true, nil
	p.Identity = d.optimal
	p.Resume = true
	p.Label = "dpor execution " + strconv.Itoa(d.b.used)
	return true
}

// advance moves the path to the next unexplored alternative, deepest
// first, and reports whether there is one.
func (d *DPOR) advance() bool {
	for k := len(d.tree) - 1; k >= 0; k-- {
		n := d.tree[k]
		for {
			c, ok := n.next()
			if !ok {
				break
			}
			n.cur = c
			n.done = append(n.done, c)
			d.cut(k + 1)
			if !n.lead || d.leads(k) != d.top-1 || d.owned() {
				return true
			}
		}
	}
	d.cut(0)
	return false
}

// owned reports whether the subtree below the current path's first top
// decisions (or the whole path, if it is shorter) belongs to this shard.
func (d *DPOR) owned() bool {
	if d.cfg.Shards == 0 {
		return true
	}
	h, leads := uint64(fnvOffset64), 0
	for _, n := range d.tree {
		if leads == d.top {
			break
		}
		if n.lead {
			h, leads = mix(h, uint64(n.cur)), leads+1
		}
	}
	return int(h%uint64(d.cfg.Shards)) == d.cfg.Shard
}

// leads counts the leading decisions on the path up to node k (excluded).
func (d *DPOR) leads(k int) int {
	c := 0
	for _, n := range d.tree[:k] {
		if n.lead {
			c++
		}
	}
	return c
}

const fnvOffset64 = 14695981039346656037

// next returns an unexplored alternative of n.
func (n *dnode) next() (int, bool) {
	if n.choose {
		return n.cur + 1, n.cur+1 < n.n
	}
	for _, g := range n.backtrack {
		if !slices.Contains(n.done, g) && !asleep(n.sleep, g) {
			return g, true
		}
	}
	return 0, false
}

// left counts n's unexplored alternatives.
func (n *dnode) left() int {
	if n.choose {
		return n.n - 1 - n.cur
	}
	k := 0
	for _, g := range n.backtrack {
		if !slices.Contains(n.done, g) && !asleep(n.sleep, g) {
			k++
		}
	}
	return k
}

func asleep(s []sleeper, g int) bool {
	for _, x := range s {
		if x.g == g {
			return true
		}
	}
	return false
}

// Pick replays the path, then runs the current goroutine while it is
// enabled and awake, else the lowest awake one.
func (d *DPOR) Pick(v *sched.View) int {
	x := &d.x
	d.catchUp(v.Trace)
	d.notePending(v)
	k := x.dec
	x.dec++
	if k < len(d.tree) {
		if n := d.tree[k]; !n.choose && slices.Contains(v.Enabled, n.cur) {
			d.wake(n)
			return n.cur
		}
		d.diverge()
	}
	if x.blocked || x.foreign {
		return v.Enabled[0]
	}
	// A new node. (The calls stay one level below Pick: see spare.)
	n := d.node()
	n.step, n.sleep, n.objs = len(v.Trace), append(n.sleep, x.sleep...), x.objs
	n.fill(v)
	var ok bool
	if len(x.carry) > 0 {
		ok = d.wakeupPick(v, n)
	} else {
		ok = d.freePick(v, n)
	}
	if !ok { // every enabled goroutine is asleep
		n.reset() // not taken: keep the invariant of DPOR.tree
		x.blocked, x.blockedAt = true, len(v.Trace)
		return v.Enabled[0]
	}
	d.tree = append(d.tree, n)
	if d.top > 0 && d.leads(k) < d.top {
		d.expand(n)
	}
	x.carry, x.carryFrom = n.subtree(n.cur), n.step
	d.wake(n)
	return n.cur
}

// expand fixes the alternatives of n, a node above the subtrees of a
// sharded search, without the races of the other shards' subtrees, so
// that every shard builds the same top of the tree. A goroutine whose
// operation touches no shared object (start, go, Gosched) commutes with
// everything, so it alone is a persistent set: n explores just it and is
// closed to backtrack points. Otherwise n is a leading decision and
// explores every awake enabled goroutine; at the last one it takes the
// first alternative whose subtree belongs to this shard; if none does,
// the execution only serves to reach other subtrees.
func (d *DPOR) expand(n *dnode) {
	n.closed = true
	awake := n.backtrack[:0]
	for i, g := range n.enabled {
		if asleep(n.sleep, g) {
			continue
		}
		if n.ops[i].Info().Class == sched.ClassNone {
			n.cur, n.done, n.backtrack = g, append(n.done[:0], g), append(n.backtrack[:0], g)
			return
		}
		awake = append(awake, g)
	}
	n.backtrack = awake
	n.lead = len(awake) >= 2
	if !n.lead || d.leads(len(d.tree)) != d.top {
		return
	}
	// Every shard takes the alternatives in the same order and treats the
	// other shards' ones as explored, so that the sleep sets agree.
	n.done = n.done[:0]
	for _, g := range n.backtrack {
		n.cur, n.done = g, append(n.done, g)
		if d.owned() {
			return
		}
	}
	d.x.foreign = true
}

// freePick sets the alternative of n, a new node that follows no wakeup
// subtree: the next goroutine of the wakeup sequence the execution
// follows (source sets) or else the one fill chose; when that one is
// busy-waiting, another awake one (fairness). It reports false when every
// enabled goroutine is asleep.
func (d *DPOR) freePick(v *sched.View, n *dnode) bool {
	x := &d.x
	if len(x.guide) > 0 {
		if h := x.guide[0]; slices.Contains(v.Enabled, h) && !asleep(x.sleep, h) {
			n.cur = h
		} else {
			x.guide = nil
		}
	}
	if n.cur < 0 {
		return false
	}
	for i := range v.Goroutines {
		if g := &v.Goroutines[i]; g.ID == n.cur && g.Spinning {
			n.cur = fair(v, n.cur, x.sleep)
			break
		}
	}
	n.done, n.backtrack = append(n.done, n.cur), append(n.backtrack, n.cur)
	return true
}

// fill records the enabled goroutines of v, their operations and the
// blocked ones in n, and sets n.cur to the current goroutine if it is
// enabled and awake (no preemption), else the lowest awake one, else -1.
func (n *dnode) fill(v *sched.View) {
	n.cur = -1
	for i := range v.Goroutines {
		g := &v.Goroutines[i]
		if !g.Enabled {
			n.blocked = append(n.blocked, g.ID)
			continue
		}
		n.enabled = append(n.enabled, g.ID)
		n.ops = append(n.ops, g.Op)
		if n.cur < 0 && !asleep(n.sleep, g.ID) {
			n.cur = g.ID
		}
	}
	if v.Current != 0 && slices.Contains(v.Enabled, v.Current) && !asleep(n.sleep, v.Current) {
		n.cur = v.Current
	}
}

// fair returns, for cur busy-waiting, an enabled awake goroutine that is
// not, if there is one, else cur: another goroutine runs (fairness).
func fair(v *sched.View, cur int, sleep []sleeper) int {
	for i := range v.Goroutines {
		if g := &v.Goroutines[i]; g.Enabled && !g.Spinning && !asleep(sleep, g.ID) {
			return g.ID
		}
	}
	return cur
}

// wake sets the running sleep set for the step n decides: n's sleep set
// plus the siblings explored before n.cur (seed Fig. 7). The step itself
// removes the operations dependent with it (catchUp).
func (d *DPOR) wake(n *dnode) {
	x := &d.x
	x.sleep = append(x.sleep[:0], n.sleep...)
	for i, g := range n.enabled {
		if g != n.cur && slices.Contains(n.done, g) && !asleep(x.sleep, g) {
			x.sleep = append(x.sleep, sleeper{g, n.ops[i]})
		}
	}
}

// Choose replays the path; a new select is explored case by case.
func (d *DPOR) Choose(v *sched.View, n int) int {
	x := &d.x
	d.catchUp(v.Trace)
	k := x.dec
	x.dec++
	if k < len(d.tree) {
		if nd := d.tree[k]; nd.choose && nd.cur < n {
			return nd.cur
		}
		d.diverge()
	}
	if x.blocked || x.foreign {
		return 0
	}
	nd := d.node()
	nd.choose, nd.n, nd.step, nd.sleep, nd.carry = true, n, len(v.Trace)-1, append(nd.sleep, x.sleep...), x.carry
	d.tree = append(d.tree, nd)
	return 0
}

// diverge notes an execution that left its replayed prefix: the rest of
// the execution is not explored further.
func (d *DPOR) diverge() {
	d.stats.Diverged++
	d.cut(min(len(d.tree), d.x.dec-1))
	d.x.blocked, d.x.blockedAt = true, d.x.seen
}

// catchUp applies the steps executed since the last call to the running
// sleep set: a step wakes the sleepers it is dependent with, and a step by
// a sleeping goroutine (forced: it was the only one enabled) means the
// execution continues a trace explored before.
func (d *DPOR) catchUp(trace []sched.Step) {
	x := &d.x
	for i := x.seen; i < len(trace); i++ {
		st := trace[i]
		if st.G < len(x.stepped) {
			x.stepped[st.G] = i // a goroutine not noted yet has no entry to keep
		}
		if st.Op.Kind == sched.OpExit {
			continue
		}
		if st.Op.Done { // a resumption is no event: it moves no tree and wakes nobody
			x.sleep = slices.DeleteFunc(x.sleep, func(s sleeper) bool { return s.g == st.G })
			continue
		}
		x.objs = max(x.objs, st.Op.Obj)
		if !x.blocked && asleep(x.sleep, st.G) {
			x.blocked, x.blockedAt = true, i
		}
		if i >= x.guideFrom && len(x.guide) > 0 && x.guide[0] == st.G {
			x.guide = x.guide[1:]
		}
		if i > x.carryFrom && len(x.carry) > 0 {
			d.follow(st.G)
		}
		k := 0
		for _, s := range x.sleep {
			if s.g != st.G && !dependent(s.op, st.Op) {
				x.sleep[k] = s
				k++
			}
		}
		x.sleep = x.sleep[:k]
	}
	x.seen = len(trace)
}

// notePending records every goroutine's pending operation, so that End
// knows the operations of goroutines still blocked when the execution
// ended. An entry that holds the same operation, seen after the
// goroutine's last step, is left as it is: its trace length tells
// pendingRaces the same (the goroutine has not moved since), and its
// object number and parent were noted when it was recorded.
func (d *DPOR) notePending(v *sched.View) {
	x := &d.x
	for i := range v.Goroutines {
		g := &v.Goroutines[i]
		for len(x.pending) <= g.ID {
			x.pending, x.stepped = append(x.pending, seenOp{}), append(x.stepped, -1)
		}
		p := &x.pending[g.ID]
		if p.ok && p.op == g.Op && p.at > x.stepped[g.ID] {
			continue
		}
		*p = seenOp{op: g.Op, at: len(v.Trace), ok: true}
		x.objs = max(x.objs, g.Op.Obj)
		if d.optimal {
			d.noteParent(g.ID, g.Parent)
		}
	}
}

// noteParent checks that goroutine ID id has the parent it had when first
// seen in the search; otherwise goroutine IDs do not name the same
// goroutines across executions, and the wakeup-tree search, which relies
// on them, falls back to source sets (counted as unidentified).
func (d *DPOR) noteParent(id, parent int) {
	for len(d.parent) <= id {
		d.parent = append(d.parent, -1)
	}
	switch d.parent[id] {
	case -1:
		d.parent[id] = parent
	case parent:
	default:
		d.an.unidentified++
	}
}

// maxAnalysedSteps bounds the steps of one execution whose races End
// analyses.
const maxAnalysedSteps = 20000

// End analyses the execution's races and adds backtrack points.
func (d *DPOR) End(e *sched.Execution) {
	x := &d.x
	d.catchUp(e.Trace)
	d.stats.Executions++
	if e.Outcome == sched.StepBound || e.Outcome == sched.Timeout {
		d.stats.Truncated++
	}
	if x.foreign || (d.top > 0 && d.leads(len(d.tree)) < d.top && !d.owned()) {
		d.stats.Foreign++
		return
	}
	limit := len(e.Trace)
	if x.blocked {
		d.stats.Blocked++
		limit = min(limit, x.blockedAt)
	} else {
		d.stats.Traces++
	}
	// In optimal mode the events after a sleep-set blocked point belong
	// to the race reversals too (notDep), so the whole trace is analysed.
	events := limit
	if d.optimal {
		events = len(e.Trace)
	}
	if events > maxAnalysedSteps {
		// the race analysis grows faster than the trace: a busy-wait run
		// to the step bound would take minutes. Analyse a prefix, and do
		// not claim the search complete.
		events, limit = maxAnalysedSteps, min(limit, maxAnalysedSteps)
		d.stats.Truncated++
	}
	r, b := d.an.run(d, e.Trace[:events], limit, !x.blocked)
	d.stats.Races += r
	d.stats.Backtracks += b
	if d.optimal && (d.an.unidentified > 0 || d.stats.Lost > 0) {
		d.fallBack()
	}
}

// fallBack abandons a wakeup-tree search whose dependence answers were
// not all exact (an object without identity) or that lost a branch, and
// starts the search over with source sets, which need no identity: the
// next execution begins at the root. The executions run so far count as
// Restarted (and against the budget).
func (d *DPOR) fallBack() {
	d.stats = DPORStats{
		Restarted:    d.stats.Restarted + d.stats.Executions,
		Unidentified: d.stats.Unidentified + d.an.unidentified,
	}
	d.an.unidentified = 0
	d.optimal, d.started = false, false
	d.cut(0)
}

// Left counts the alternatives not yet explored on the current path.
func (d *DPOR) Left() int {
	k := 0
	for _, n := range d.tree {
		k += n.left()
	}
	return k
}

// Completion reports whether the search finished (every trace explored),
// the traces and executions explored (with those of a wakeup-tree search
// abandoned for source sets), and the backtrack points left. The search
// is finished when no alternative is left on the current path, even if
// Begin has not been called again to find out.
func (d *DPOR) Completion() (complete bool, traces, executions, left int) {
	s := d.stats
	left = d.Left()
	complete = s.Complete || (d.started && left == 0 && s.proof())
	return complete, s.Traces, s.Executions + s.Restarted, left
}

// Redundant counts the executions that explored no trace of their own
// (DPORStats.Redundant).
func (d *DPOR) Redundant() int { return d.stats.Redundant() }

// Report summarises the search.
func (d *DPOR) Report() string {
	s := d.stats
	mode := ""
	switch {
	case d.optimal:
		mode = fmt.Sprintf(" (wakeup trees: %d infeasible branches)", s.Infeasible)
	case s.Restarted > 0:
		mode = fmt.Sprintf(" (source sets after %d wakeup-tree executions: %d unidentified objects)", s.Restarted, s.Unidentified)
	}
	return fmt.Sprintf("dpor: %d executions, %d traces, %d sleep-set blocked, %d races, %d backtrack points left, complete=%v%s",
		s.Executions, s.Traces, s.Blocked, s.Races, d.Left(), s.Complete, mode)
}
