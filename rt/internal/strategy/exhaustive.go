package strategy

import (
	"fmt"
	"maps"
	"math/rand"
	"slices"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Exhaustive is the paper's Algorithm 1 run for each variable subset:
// iterative context bounding up to C, strict priority scheduling under
// thread-bounded priority orders, preemptions only after accesses to the
// subset, synchronisation operations and goroutine starts, and
// happens-before pruning. States are reached by replaying decision prefixes.
//
// Pruning differs from the paper's in one respect: an execution whose
// happens-before graph was already seen for the subset generates no
// derivative schedules only when it ran under the same priority order,
// because under Algorithm 1 the derivatives (which goroutine runs after a
// lowered priority) depend on the order; pruning across orders lost
// vt-fig2's one-preemption schedule. Work items that reach a state already
// queued (same happens-before prefix, pending operations and relative
// priorities) are dropped too. With dynamic set it is
// VT-CHESS (Sec. 6.1): every group is tracked and the first V preemptions
// fix the variables later preemptions may follow.
type Exhaustive struct {
	cfg     Config
	dynamic bool
	vmin    int
	rng     *rand.Rand
	b       budget
	prof    profile
	prep    bool
	subsets [][]VarKey
	built   bool
	nextSub int
	cur     *search
	stats   ExhaustiveStats
	ex      execState
	// truncated records that a memory bound dropped work items.
	truncated bool
}

// ExhaustiveStats summarises an exhaustive search.
type ExhaustiveStats struct {
	// Executions counts the search's executions (preparatory ones excluded).
	Executions int
	// Subsets counts the variable subsets started.
	Subsets int
	// Pruned counts work items dropped because their execution's
	// happens-before graph had been seen for the subset.
	Pruned int
	// Complete reports that every subset was searched to the bounds.
	Complete bool
}

// Memory bounds of the search: work items (each holds a decision prefix
// as long as the execution) created by one execution, and queued at once.
// Long executions would otherwise queue one item per preemption point,
// quadratic memory; a search that hits a bound is reported incomplete.
const (
	maxBranches = 256
	maxQueued   = 4096
)

// search is the state of Algorithm 1 for one subset.
type search struct {
	vars     map[VarKey]bool
	list     []VarKey
	groups   []int32
	n        int
	bound    int
	queue    []*workItem
	next     []*workItem
	seenHB   map[uint64]bool
	seenItem map[uint64]bool
}

// workItem is a state (a decision prefix) plus the priorities to continue
// with. Invariant: used <= C.
type workItem struct {
	prefix []int
	perm   []int64
	prio   map[int]int64
	used   int
	vars   []VarKey
	key    uint64
}

// permKey identifies the item's priority order: pruning by happens-before
// applies among executions of one order, whose derivatives (the preemptions
// the order lowers into) are then identical.
func (it *workItem) permKey() uint64 {
	h := uint64(len(it.perm))
	for _, p := range it.perm {
		h = mix(h, uint64(p))
	}
	return h
}

// execState is the execution in progress.
type execState struct {
	item  *workItem
	dec   []int
	obs   observer
	prio  map[int]int64
	hb    hbHasher
	later []*workItem
	now   []*workItem
}

// NewExhaustive returns the exhaustive per-subset search (v <= c.V,
// c <= c.C, priority orders sized by Lemma 4.1 for c.T).
func NewExhaustive(c Config) *Exhaustive {
	c = c.withDefaults()
	return &Exhaustive{cfg: c, rng: rand.New(rand.NewSource(c.Seed)), b: budget{max: c.Budget}}
}

// NewDynamic returns VT-CHESS: the exhaustive search with variables chosen
// by the first c.V preemptions.
func NewDynamic(c Config) *Exhaustive {
	e := NewExhaustive(c)
	e.dynamic = true
	return e
}

// Name returns "exhaustive" or "dynamic".
func (e *Exhaustive) Name() string {
	if e.dynamic {
		return "dynamic"
	}
	return "exhaustive"
}

// Stats returns the search's counters so far.
func (e *Exhaustive) Stats() ExhaustiveStats { return e.stats }

// Report summarises the search.
func (e *Exhaustive) Report() string {
	s := e.stats
	return fmt.Sprintf("%s: %d executions over %d variable subsets (v ≤ %d, c ≤ %d, l ≤ %d), %d work items pruned by happens-before, complete=%v",
		e.Name(), s.Executions, s.Subsets, e.cfg.V, e.cfg.C, e.cfg.L, s.Pruned, s.Complete)
}

// Begin starts a preparatory execution or the next work item.
func (e *Exhaustive) Begin(p *sched.Plan) bool {
	if e.b.used >= e.b.max {
		return false
	}
	e.prep = e.prof.runs < prepRuns
	if e.prep {
		e.b.take()
		e.ex.obs.reset()
		p.TrackAll, p.Track, p.Label = true, nil, e.Name()+" prep"
		return true
	}
	it := e.nextItem()
	if it == nil {
		e.stats.Complete = !e.truncated
		return false
	}
	e.b.take()
	e.start(it, p)
	return true
}

func (e *Exhaustive) start(it *workItem, p *sched.Plan) {
	x := &e.ex
	x.item, x.dec, x.prio = it, x.dec[:0], maps.Clone(it.prio)
	if x.prio == nil {
		x.prio = map[int]int64{}
	}
	x.obs.reset()
	x.hb.reset()
	x.later, x.now = nil, nil
	p.TrackAll, p.Track = e.dynamic, slices.Clone(e.cur.groups)
	p.Label = fmt.Sprintf("%s vars=%v c=%d", e.Name(), e.cur.list, it.used)
}

// nextItem pops the next work item, moving to the next bound and the next
// subset as they are exhausted; nil when everything is done.
func (e *Exhaustive) nextItem() *workItem {
	for {
		if e.cur != nil {
			if it := e.cur.pop(e.cfg.C); it != nil {
				return it
			}
			e.cur = nil
		}
		if !e.built {
			e.subsets, e.built = e.buildSubsets(), true
		}
		if e.nextSub >= len(e.subsets) {
			return nil
		}
		e.cur = e.newSearch(e.subsets[e.nextSub])
		e.nextSub++
		e.stats.Subsets++
	}
}

func (s *search) pop(maxBound int) *workItem {
	for len(s.queue) == 0 {
		if len(s.next) == 0 || s.bound >= maxBound {
			return nil
		}
		s.bound++
		s.queue, s.next = s.next, nil
	}
	it := s.queue[0]
	s.queue = s.queue[1:]
	return it
}

func (e *Exhaustive) newSearch(vars []VarKey) *search {
	s := &search{vars: map[VarKey]bool{}, list: vars, n: max(e.prof.n, 1),
		seenHB: map[uint64]bool{}, seenItem: map[uint64]bool{}}
	for _, k := range vars {
		s.vars[k] = true
		if !slices.Contains(s.groups, k.Group) {
			s.groups = append(s.groups, k.Group)
		}
	}
	orders, capped := priorityOrders(s.n, e.cfg.C, e.cfg.T, e.rng)
	e.truncated = e.truncated || capped
	for _, perm := range orders {
		s.queue = append(s.queue, &workItem{perm: perm})
	}
	return s
}

// has reports whether the subset contains k or k's whole group.
func (s *search) has(k VarKey) bool {
	return s.vars[k] || s.vars[wholeGroup(k.Group)]
}

// Pick replays the item's prefix, then schedules by priority and records a
// work item for every preemption the bound still allows.
func (e *Exhaustive) Pick(v *sched.View) int {
	x := &e.ex
	if e.prep {
		return x.obs.picked(v, prepPick(e.rng, v))
	}
	g, op, ok := x.obs.observe(v)
	if ok && op.Kind != sched.OpNone {
		x.hb.add(g, op)
	}
	if n := len(x.dec); n < len(x.item.prefix) {
		if d := x.item.prefix[n]; slices.Contains(v.Enabled, d) {
			x.dec = append(x.dec, d)
			return x.obs.picked(v, d)
		}
		x.item.prefix = x.item.prefix[:n] // diverged: continue by priority
	}
	e.assign(v)
	if ok && len(x.dec) > len(x.item.prefix) && v.Current == g && v.CurrentEnabled() {
		e.branch(v, g, op)
	}
	id := highest(v, x.prio)
	x.dec = append(x.dec, id)
	return x.obs.picked(v, id)
}

// assign gives new goroutines their priority from the permutation.
func (e *Exhaustive) assign(v *sched.View) {
	x := &e.ex
	for i := range v.Goroutines {
		id := v.Goroutines[i].ID
		if _, ok := x.prio[id]; !ok {
			x.prio[id] = -int64(id)
			if id <= e.cur.n {
				x.prio[id] = x.item.perm[id-1]
			}
		}
	}
}

// branch records the work item that preempts g after op, if op is a
// preemption point and the lowered priority really switches.
func (e *Exhaustive) branch(v *sched.View, g int, op sched.Op) {
	x := &e.ex
	it := x.item
	if it.used >= e.cfg.C {
		return
	}
	key, hasKey := x.obs.names.key(op, v.Heap)
	if !e.preemptible(op, key, hasKey) {
		return
	}
	if len(x.later)+len(x.now) >= maxBranches {
		e.truncated = true
		return
	}
	cand := maps.Clone(x.prio)
	cand[g] = it.perm[e.cur.n+it.used]
	if highest(v, cand) == g {
		return
	}
	vars := it.vars
	if e.dynamic && op.Kind.IsAccess() && hasKey && !slices.Contains(vars, key) {
		vars = append(slices.Clone(vars), key)
	}
	nw := &workItem{prefix: slices.Clone(x.dec), perm: it.perm, prio: cand, used: it.used + 1, vars: vars}
	nw.key = mix(mix(mix(x.hb.hash(), viewKey(v)), uint64(nw.used)), e.rankKey(v, nw))
	x.later = append(x.later, nw)
}

// preemptible reports whether a preemption may follow op.
func (e *Exhaustive) preemptible(op sched.Op, key VarKey, hasKey bool) bool {
	switch {
	case op.Kind == sched.OpNone:
		return true // unseen step: it enabled another goroutine, so synchronised
	case op.Kind == sched.OpStart || op.Kind.IsSync():
		return true
	case !op.Kind.IsAccess() || !hasKey:
		return false
	case e.dynamic:
		return len(e.ex.item.vars) < e.cfg.V || slices.Contains(e.ex.item.vars, key)
	}
	return e.cur.has(key)
}

// viewKey hashes the step count and every goroutine's pending operation,
// which tell apart states whose seen steps agree but whose unseen ones
// (taken while one goroutine ran alone) differ.
func viewKey(v *sched.View) uint64 {
	h := uint64(v.Step)
	for i := range v.Goroutines {
		g := &v.Goroutines[i]
		h = mix(h, uint64(g.ID)<<40|uint64(g.Op.Kind)<<32|uint64(uint32(g.Op.Obj)))
	}
	return h
}

// rankKey hashes the relative order of the priorities an item continues
// with: live goroutines, goroutines still to come, unused fragments.
func (e *Exhaustive) rankKey(v *sched.View, it *workItem) uint64 {
	var vals []int64
	for i := range v.Goroutines {
		vals = append(vals, it.prio[v.Goroutines[i].ID])
	}
	for id := len(v.Goroutines) + 1; id <= e.cur.n; id++ {
		vals = append(vals, it.perm[id-1])
	}
	vals = append(vals, it.perm[e.cur.n+it.used:]...)
	sorted := slices.Clone(vals)
	slices.Sort(sorted)
	h := uint64(len(vals))
	for _, x := range vals {
		r, _ := slices.BinarySearch(sorted, x)
		h = mix(h, uint64(r))
	}
	for _, k := range it.vars {
		h = mix(h, uint64(uint32(k.Group))<<32|uint64(uint32(k.Index)))
		h = mix(h, uint64(uint32(k.Alloc))<<32|uint64(uint32(k.Obj)))
	}
	return h
}

// Choose replays the prefix, or takes outcome 0 and queues the others at
// the same bound (a select's choice is not a preemption).
func (e *Exhaustive) Choose(v *sched.View, n int) int {
	x := &e.ex
	if e.prep {
		return e.rng.Intn(n)
	}
	if k := len(x.dec); k < len(x.item.prefix) {
		if d := x.item.prefix[k]; d < n {
			x.dec = append(x.dec, d)
			return d
		}
		x.item.prefix = x.item.prefix[:k]
	}
	for j := 1; j < n; j++ {
		if len(x.later)+len(x.now) >= maxBranches {
			e.truncated = true
			break
		}
		pre := append(slices.Clone(x.dec), j)
		x.now = append(x.now, &workItem{prefix: pre, perm: x.item.perm, prio: maps.Clone(x.prio), used: x.item.used, vars: x.item.vars})
	}
	x.dec = append(x.dec, 0)
	return 0
}

// End commits the execution's work items unless its happens-before graph
// was already seen for this subset.
func (e *Exhaustive) End(x *sched.Execution) {
	e.prof.add(x)
	if e.prep {
		return
	}
	e.stats.Executions++
	s, ex := e.cur, &e.ex
	h := mix(HBHash(x.Trace), ex.item.permKey())
	if s.seenHB[h] {
		e.stats.Pruned += len(ex.later) + len(ex.now)
		return
	}
	s.seenHB[h] = true
	for _, it := range ex.later {
		if s.seenItem[it.key] {
			e.stats.Pruned++
			continue
		}
		if len(s.next)+len(s.queue) >= maxQueued {
			e.truncated = true
			break
		}
		s.seenItem[it.key] = true
		s.next = append(s.next, it)
	}
	if room := maxQueued - len(s.next) - len(s.queue); room < len(ex.now) {
		e.truncated = true
		ex.now = ex.now[:max(room, 0)]
	}
	s.queue = append(s.queue, ex.now...)
}
