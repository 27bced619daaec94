package strategy

import (
	"slices"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// analysis computes the happens-before of one trace under sched.Dependent
// and the races it contains. Its buffers are reused across executions.
//
// Happens-before is kept with vector clocks as in the seed's Fig. 3, with
// commute tags generalising its write and access clocks: an operation
// joins the clocks of the earlier operations on its object whose tag
// differs from its own (a read joins the writes, a write joins every
// access), of the wide operations of its class and of ClassAll.
type analysis struct {
	ev     []event
	clk    []sched.VClock // clock of each event
	gclk   []sched.VClock // by goroutine: clock of its last event
	spawn  []sched.VClock // by goroutine: clock of the go statement that made it
	nlocal []uint32       // by goroutine: events so far
	lastEv []int          // by goroutine: its latest event
	// objs holds, by object number (Op.Obj, dense from 1 within an
	// execution) and class, the state of each object of the trace.
	objs   [][sched.ClassAll]*objState
	wide   [sched.ClassAll + 1]objState
	all    [sched.ClassAll + 1]objState
	global objState
	every  objState
	nodeAt []*dnode // by trace index: the Pick node deciding that step
	// kinds notes whether the analysed events may include one of ClassAll
	// and a wide one of each class (scan): every and all are kept only
	// then.
	kinds kinds
	first []int // by goroutine: first event in u, or -1
	pool  []*objState
	last  []int      // by goroutine: its last step in the trace (pendingRaces)
	arena clockArena // backing of the event clocks, width wide each
	width int        // entries of each event clock
	gos   int        // goroutines the trace's go statements made, plus one
	vbuf  sched.VClock
	cand  []int
	seq   []int // the reversal being inserted (optimal mode)
	real  int   // events of the trace; pending operations follow
	// log holds what undoes each addition to an object state, saved the
	// clocks it joined into (rewind, dpor_incr.go).
	log   []undo
	saved []uint32
	// dbg, set by tests only, checks the incremental analysis against a
	// full recomputation (dpor_incr_check.go).
	dbg *analysisDebug

	// prune is hapset's HaPSet guidance (hapset.go, Alg. 4); nil for dpor.
	prune *hapsetGuide
	// unidentified counts the answers of treeDependent that depended on
	// an object without a stable number or identity (optimal mode).
	unidentified int
}

// event is one step of the analysed trace.
type event struct {
	g     int
	op    sched.Op
	local uint32 // position in its goroutine, from 1
	info  sched.KindInfo
	step  int       // index in the trace
	prev  int       // previous event of the goroutine, or -1
	mark  arenaMark // the clock arena before the event's clock
	// join is the event of another goroutine that the event follows in
	// program order (its partner, sched.Step.Partner: the step that
	// performed the channel operation it resumes), or -1; then that the
	// goroutine's next event follows (the partner's arrival of a channel
	// operation the event completed), or -1.
	join, then int
	link       int  // the step's sched.Step.Partner
	mutex      bool // the step's sched.Step.Mutex
}

// objState holds the join of the clocks of the events on one object by
// commute tag, and their indices, latest last.
type objState struct {
	tags   []uint8
	clocks []sched.VClock
	events []int
}

func (s *objState) reset() {
	s.tags, s.clocks, s.events = s.tags[:0], s.clocks[:0], s.events[:0]
}

// joinInto joins into c the clocks of the events in s that tag does not
// commute with.
func (s *objState) joinInto(c *sched.VClock, tag uint8) {
	for i, t := range s.tags {
		if !sched.Commutes(t, tag) {
			c.Join(s.clocks[i])
		}
	}
}

// add records event k with clock c and tag in state s, and logs how to
// undo it (rewind).
func (a *analysis) add(s *objState, k int, c sched.VClock, tag uint8) {
	s.events = append(s.events, k)
	for i, t := range s.tags {
		if t == tag {
			a.log = append(a.log, undo{s: s, ev: k, tag: i, at: len(a.saved), n: len(s.clocks[i])})
			a.saved = append(a.saved, s.clocks[i]...)
			s.clocks[i].Join(c)
			return
		}
	}
	a.log = append(a.log, undo{s: s, ev: k, tag: -1})
	s.tags = append(s.tags, tag)
	if n := len(s.clocks); n < cap(s.clocks) {
		s.clocks = s.clocks[:n+1]
		s.clocks[n] = append(s.clocks[n][:0], c...)
		return
	}
	s.clocks = append(s.clocks, c.Clone())
}

// reset empties the analysis state, keeping the buffers of the previous
// traces.
func (a *analysis) reset() {
	a.ev, a.clk = a.ev[:0], a.clk[:0]
	a.gclk, a.spawn, a.nlocal, a.lastEv = a.gclk[:0], a.spawn[:0], a.nlocal[:0], a.lastEv[:0]
	for i := range a.objs {
		for _, st := range a.objs[i] {
			if st != nil {
				a.pool = append(a.pool, st)
			}
		}
	}
	clear(a.objs)
	a.objs = a.objs[:0]
	for i := range a.wide {
		a.wide[i].reset()
		a.all[i].reset()
	}
	a.global.reset()
	a.every.reset()
	a.arena.reset(a.width)
	a.log, a.saved = a.log[:0], a.saved[:0]
	a.gos, a.real = 1, 0
}

// locate indexes the Pick nodes of the current path by the trace step
// they decide, for a trace of steps steps (pending operations are events
// at index steps).
func (a *analysis) locate(d *DPOR, steps int) {
	a.nodeAt = append(a.nodeAt[:0], make([]*dnode, steps+1)...)
	for _, n := range d.tree {
		if !n.choose && n.step <= steps {
			a.nodeAt[n.step] = n
		}
	}
}

// grow makes the per-goroutine slices hold goroutine g.
func (a *analysis) grow(g int) {
	for len(a.gclk) <= g {
		a.gclk = append(a.gclk, nil)
		a.spawn = append(a.spawn, nil)
		a.nlocal = append(a.nlocal, 0)
		a.lastEv = append(a.lastEv, -1)
	}
}

// run analyses trace (and, when pending is set, the operations still
// pending at its end) and returns the races found and backtrack points
// added. Only the races of the steps before limit are reversed (the rest
// of a sleep-set blocked execution continues a trace explored before);
// in optimal mode every step is an event of the reversals (notDep), so
// that a goroutine asleep there is seen to run after the reversed race.
//
// The happens-before of the events that the trace shares with the
// previous analysed one is kept (build); the races are all found again.
func (a *analysis) run(d *DPOR, trace []sched.Step, limit int, pending bool) (races, added int) {
	a.locate(d, len(trace))
	a.build(trace, d.x.pending)
	if a.dbg != nil {
		a.dbg.verify(a, d, trace)
	}
	for j := 0; j < a.real && a.ev[j].step < limit; j++ {
		r, b := a.races(d, j)
		races, added = races+r, added+b
	}
	if pending {
		r, b := a.pendingRaces(d, trace)
		races, added = races+r, added+b
	}
	if a.dbg != nil {
		a.dbg.trail = append(a.dbg.trail, [2]int{races, added})
	}
	return races, added
}

// extend computes the events of trace from step i on, after those
// already analysed.
func (a *analysis) extend(trace []sched.Step, from int) {
	for i := from; i < len(trace); i++ {
		st := &trace[i]
		if st.Op.Kind == sched.OpExit {
			continue
		}
		join, then := a.partner(st)
		k := a.push(st.G, st.Op, i, join)
		a.ev[k].then, a.ev[k].link, a.ev[k].mutex = then, st.Partner, st.Mutex
		a.apply(k)
		a.record(k)
		if st.Op.Kind == sched.OpGo {
			a.gos++
			a.grow(a.gos)
			a.spawn[a.gos] = a.clk[k]
		}
	}
	a.real = len(a.ev)
}

// scan returns the width of the event clocks for trace and its pending
// operations (an entry per goroutine ID of their events), and which
// kinds of events they contain: the states that only an operation of
// every class (ClassAll) or a wide operation of a class reads (every,
// all) are kept only when the trace has one.
func scan(trace []sched.Step, pending []seenOp) (width int, fl kinds) {
	width = max(len(pending)-1, 0) // pending is indexed by goroutine ID
	for i := range trace {
		st := &trace[i]
		width = max(width, st.G)
		fl.note(&st.Op)
	}
	for i := range pending {
		fl.note(&pending[i].op)
	}
	return width, fl
}

// partner returns the events a step's channel link (sched.Step.Partner)
// orders: the partner event the step itself follows (it resumes an
// operation the partner performed) and the one its goroutine's next
// event follows (the step completed a partner that had arrived, or took
// a buffered value or slot), each -1 when none.
func (a *analysis) partner(st *sched.Step) (join, then int) {
	join, then = -1, -1
	if st.Partner == 0 {
		return join, then
	}
	k, found := slices.BinarySearchFunc(a.ev, st.Partner-1, func(e event, step int) int { return e.step - step })
	switch {
	case !found:
	case st.Op.Done:
		join = k
	default:
		then = k
	}
	return join, then
}

// push appends an event and computes its program-order clock: its
// goroutine's previous event, the go statement for its first event, and
// the partners of its channel operations (join, then).
func (a *analysis) push(g int, op sched.Op, step, join int) int {
	a.grow(g)
	a.nlocal[g]++
	mark := a.arena.mark()
	c := a.arena.alloc(a.width)
	copy(c, a.gclk[g])
	if a.nlocal[g] == 1 {
		c.Join(a.spawn[g])
	}
	if p := a.lastEv[g]; p >= 0 && a.ev[p].then >= 0 {
		c.Join(a.clk[a.ev[p].then])
	}
	if join >= 0 {
		c.Join(a.clk[join])
	}
	a.ev = append(a.ev, event{g: g, op: op, local: a.nlocal[g], info: op.Info(), step: step, prev: a.lastEv[g], mark: mark, join: join, then: -1})
	a.lastEv[g] = len(a.ev) - 1
	a.clk = append(a.clk, c)
	return len(a.ev) - 1
}

// apply joins event k's dependence predecessors into its clock, ticks it
// and records the event on its object.
func (a *analysis) apply(k int) {
	e := &a.ev[k]
	c := &a.clk[k]
	info := e.info
	switch {
	case info.Class == sched.ClassNone:
	case info.Class == sched.ClassAll:
		a.every.joinInto(c, 0)
		a.global.joinInto(c, 0)
	case info.Wide:
		a.all[info.Class].joinInto(c, 0)
		a.global.joinInto(c, 0)
	default:
		a.obj(info.Class, e.op.Obj).joinInto(c, info.Commute)
		a.wide[info.Class].joinInto(c, 0)
		a.global.joinInto(c, 0)
	}
	c.Put(e.g, e.local)
	a.gclk[e.g] = *c
}

// record adds event k to the states its later dependents join.
func (a *analysis) record(k int) {
	e := &a.ev[k]
	c := a.clk[k]
	info := e.info
	switch {
	case info.Class == sched.ClassNone:
		return
	case info.Class == sched.ClassAll:
		a.add(&a.global, k, c, 0)
	case info.Wide:
		a.add(&a.wide[info.Class], k, c, 0)
	default:
		a.add(a.obj(info.Class, e.op.Obj), k, c, info.Commute)
	}
	if info.Class != sched.ClassAll && a.kinds.wide[info.Class] {
		a.add(&a.all[info.Class], k, c, 0)
	}
	if a.kinds.all {
		a.add(&a.every, k, c, 0)
	}
}

// obj returns the state of object obj of class (below ClassAll), made
// on first use.
func (a *analysis) obj(class sched.Class, obj int32) *objState {
	for int(obj) >= len(a.objs) {
		a.objs = append(a.objs, [sched.ClassAll]*objState{})
	}
	s := a.objs[obj][class]
	if s == nil {
		if n := len(a.pool); n > 0 {
			s, a.pool = a.pool[n-1], a.pool[:n-1]
			s.reset()
		} else {
			s = &objState{}
		}
		a.objs[obj][class] = s
	}
	return s
}

// lookup returns the state of object obj of class, or nil if the trace
// has no event on it.
func (a *analysis) lookup(class sched.Class, obj int32) *objState {
	if int(obj) < len(a.objs) {
		return a.objs[obj][class]
	}
	return nil
}

// candidates returns the earlier events (before before) that may be
// dependent with an event of info on obj, in decreasing order, each once.
func (a *analysis) candidates(info sched.KindInfo, obj int32, before int) []int {
	var lists [3][]int
	switch {
	case info.Class == sched.ClassNone:
		return nil
	case info.Class == sched.ClassAll:
		lists[0], lists[1] = a.every.events, a.global.events
	case info.Wide:
		lists[0], lists[1] = a.all[info.Class].events, a.global.events
	default:
		if s := a.lookup(info.Class, obj); s != nil {
			lists[2] = s.events
		}
		lists[0], lists[1] = a.wide[info.Class].events, a.global.events
	}
	for i, l := range lists {
		n, _ := slices.BinarySearch(l, before)
		lists[i] = l[:n]
	}
	a.cand = mergeDown(a.cand[:0], &lists)
	return a.cand
}

// mergeDown appends to out the union of the ascending lists in
// decreasing order, each element once, and returns it (the lists are
// consumed).
func mergeDown(out []int, lists *[3][]int) []int {
	for {
		top := -1
		for _, l := range lists {
			if len(l) > 0 && l[len(l)-1] > top {
				top = l[len(l)-1]
			}
		}
		if top < 0 {
			return out
		}
		out = append(out, top)
		for i, l := range lists {
			if len(l) > 0 && l[len(l)-1] == top {
				lists[i] = l[:len(l)-1]
			}
		}
	}
}

// hb reports whether event i happens before the event whose clock is c.
func (a *analysis) hb(i int, c sched.VClock) bool {
	return c.Get(a.ev[i].g) >= a.ev[i].local
}

// races finds the races of event j: the latest earlier events dependent
// with it and not ordered before it through other events. A race whose
// reversal is impossible (j's side cannot run first from the earlier
// event's state, as a lock after the unlock that enabled it) does not
// order the events before it: the search continues past it, so that the
// lock is raced with the previous lock (Flanagan-Godefroid Sec. 4).
func (a *analysis) races(d *DPOR, j int) (races, added int) {
	e := a.ev[j]
	if e.info.Class == sched.ClassNone {
		return 0, 0
	}
	v := a.base(j)
	only := 0 // after an irreversible race: the goroutine whose events remain candidates
	for _, i := range a.candidates(e.info, e.op.Obj, min(j, a.real)) {
		ei := &a.ev[i]
		if ei.g == e.g || (only != 0 && ei.g != only) || !dependent(ei.op, e.op) {
			continue
		}
		if !a.hb(i, v) {
			races++
			irr, unsure := a.irreversible(i, j)
			if irr {
				only = ei.g
				continue
			}
			ok, add := a.reverse(d, i, j)
			added += add
			if !ok || unsure {
				only = ei.g
				continue
			}
			v.Join(a.clk[i])
		}
		if stops(ei.info, e.info) {
			break
		}
	}
	return races, added
}

// continues reports whether event j is the second step of a blocking
// operation (its goroutine's previous step performed the same operation):
// a channel operation or RWMutex lock that arrived, waited and now
// completes.
func (a *analysis) continues(j int) bool {
	e := a.ev[j]
	return e.prev >= 0 && a.ev[e.prev].op == e.op
}

// irreversible classifies the race between events i < j when j is a
// blocking operation. When j was already pending before i, the engine's
// enabled set there answers: j cannot run first if it was disabled (the
// lock i released, the Done that released a Wait, a channel operation
// whose partner i completed it). When j's goroutine moved after i, the
// kinds answer: a Wait after a Done cannot run first; after a release, an
// acquisition (a Mutex's cannot, an RWMutex's arrival can: the Op does
// not tell them apart), the completion of a channel operation, a Once, a
// sleep or timer, the race is unsure: it is reversed if it can be, and
// the search goes on to the earlier operations of i's goroutine as well.
func (a *analysis) irreversible(i, j int) (irr, unsure bool) {
	e := &a.ev[j]
	if !e.info.Blocking {
		return false, false
	}
	n := a.nodeAt[a.ev[i].step]
	if e.prev < i && (n == nil || slices.Contains(n.enabled, e.g) || slices.Contains(n.blocked, e.g)) {
		if n != nil && !slices.Contains(n.enabled, e.g) && a.enabler(i, j) {
			return false, true
		}
		return n == nil || !slices.Contains(n.enabled, e.g), false
	}
	ik := a.ev[i].op.Kind
	switch e.op.Kind {
	case sched.OpWGWait:
		return ik == sched.OpWGDone, false
	case sched.OpSend, sched.OpRecv, sched.OpSelect:
		return false, a.continues(j)
	case sched.OpLock, sched.OpRLock, sched.OpCondWake:
		if e.mutex && (ik == sched.OpUnlock || ik == sched.OpCondWait) {
			return true, false // a Mutex is taken only once free (sched.Step.Mutex)
		}
		return false, ik == sched.OpUnlock || ik == sched.OpRUnlock || ik == sched.OpCondWait
	}
	return false, true
}

// enabler reports whether an event between i and j that is not ordered
// after i is dependent with j: it may be what enabled j (the end of a
// running Once.Do is no visible operation, so the Do waiting for it
// becomes enabled at the running goroutine's next one), and the
// reversal — that event, then j, then i — is possible although j was
// disabled before i.
func (a *analysis) enabler(i, j int) bool {
	for k := i + 1; k < min(j, a.real); k++ {
		if a.ev[k].g != a.ev[j].g && !a.hb(i, a.clk[k]) && dependent(a.ev[k].op, a.ev[j].op) {
			return true
		}
	}
	return false
}

// base is the program-order clock of event j: its goroutine's previous
// event's clock, or the go statement's for its first event, with the
// clocks of its channel partners (push).
func (a *analysis) base(j int) sched.VClock {
	e := a.ev[j]
	a.vbuf = a.vbuf[:0]
	if e.prev >= 0 {
		a.vbuf = append(a.vbuf, a.clk[e.prev]...)
		if t := a.ev[e.prev].then; t >= 0 {
			a.vbuf.Join(a.clk[t])
		}
	} else if e.g < len(a.spawn) {
		a.vbuf = append(a.vbuf, a.spawn[e.g]...)
	}
	if e.join >= 0 {
		a.vbuf.Join(a.clk[e.join])
	}
	return a.vbuf
}

// stops reports whether every candidate older than an ordered event of
// info is ordered before it too (it is dependent with all of them), for
// a later event of jinfo.
func stops(info, jinfo sched.KindInfo) bool {
	switch {
	case info.Class == sched.ClassAll:
		return true
	case jinfo.Class == sched.ClassAll:
		return false
	case info.Wide:
		return true
	}
	return info.Commute == 0 && !jinfo.Wide
}

// reverse handles the race between events i < j: from the state before i,
// some goroutine that can start the reordering (an initial of the events
// after i not ordered after it, then j) must be explored. It reports
// whether the race is reversible and how many backtrack points it added.
func (a *analysis) reverse(d *DPOR, i, j int) (bool, int) {
	n := a.nodeAt[a.ev[i].step]
	if n == nil {
		return false, 0 // only one goroutine was enabled before i
	}
	if n.closed {
		return true, 0 // a persistent set or a full expansion (sharding)
	}
	if a.prune.covered(a.ev[i].g, a.ev[i].op, a.ev[i].step, a.ev[j].g, a.ev[j].op, a.ev[j].step) {
		return true, 0 // hapset: the reversed order was seen in a good run
	}
	if d.optimal {
		return a.reverseOptimal(n, i, j)
	}
	seq := a.notDep(i, j)
	cand := -1
	for _, q := range a.initials(i, j) {
		if !slices.Contains(n.enabled, q) {
			continue
		}
		if slices.Contains(n.backtrack, q) || asleep(n.sleep, q) {
			return true, 0
		}
		if cand < 0 || q == seq[0] || (q < cand && cand != seq[0]) {
			cand = q
		}
	}
	if cand < 0 {
		return false, 0
	}
	n.backtrack = append(n.backtrack, cand)
	if cand == seq[0] {
		if n.wakeup == nil {
			n.wakeup = map[int][]int{}
		}
		n.wakeup[cand] = seq
	}
	return true, 1
}

// notDep returns the goroutines of the events after i not ordered after
// it, then j's: the reordering that reverses the race of i and j.
func (a *analysis) notDep(i, j int) []int {
	var seq []int
	for k := i + 1; k < min(j, a.real); k++ {
		if !a.ev[k].op.Done && !a.hb(i, a.clk[k]) {
			seq = append(seq, a.ev[k].g)
		}
	}
	return append(seq, a.ev[j].g)
}

// initials returns the goroutines whose first event in u — the events
// after i not ordered after i, then j — has no predecessor in u.
func (a *analysis) initials(i, j int) []int {
	for len(a.first) < len(a.gclk) {
		a.first = append(a.first, -1)
	}
	var order []int
	note := func(k int) {
		if g := a.ev[k].g; a.first[g] < 0 {
			a.first[g] = k
			order = append(order, g)
		}
	}
	for k := i + 1; k < min(j, a.real); k++ {
		if !a.ev[k].op.Done && !a.hb(i, a.clk[k]) {
			note(k)
		}
	}
	note(j)
	var out []int
	for _, q := range order {
		f := a.first[q]
		initial := true
		for _, r := range order {
			fr := a.first[r]
			if r != q && fr < f && a.clk[f].Get(r) >= a.ev[fr].local {
				initial = false
				break
			}
		}
		if initial {
			out = append(out, q)
		}
	}
	for _, g := range order {
		a.first[g] = -1
	}
	return out
}

// pendingRaces treats the operations of goroutines still blocked at the
// end of the trace as events after it, so that their races are reversed
// too (a lock never acquired, a receive never completed).
func (a *analysis) pendingRaces(d *DPOR, trace []sched.Step) (races, added int) {
	last := a.last[:0]
	for range d.x.pending {
		last = append(last, -1)
	}
	a.last = last
	for i, st := range trace {
		if st.G < len(last) {
			last[st.G] = i
		}
	}
	for g, p := range d.x.pending {
		if !p.ok || p.at <= last[g] || p.op.Info().Class == sched.ClassNone || p.op.Kind == sched.OpExit {
			continue
		}
		k := a.push(g, p.op, len(trace), -1)
		a.apply(k)
		r, b := a.races(d, k)
		races, added = races+r, added+b
	}
	return races, added
}
