package strategy

import (
	"fmt"
	"slices"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Found is a failing schedule with its characterisation.
type Found struct {
	// Plan is the plan the schedule ran under (replay needs the same one).
	Plan sched.Plan
	// Decisions are the Pick and Choose results that replay it.
	Decisions []int
	// Trace is its execution.
	Trace []sched.Step
	// Heap lists the registered heap objects of the execution.
	Heap []sched.HeapObject
	// Outcome is the failure's oracle.
	Outcome sched.Outcome
	// CVT is Characterize(Trace).
	CVT CVT
}

func foundOf(p sched.Plan, x *sched.Execution) Found {
	p.Track = slices.Clone(p.Track)
	return Found{Plan: p, Decisions: slices.Clone(x.Decisions), Trace: slices.Clone(x.Trace), Heap: slices.Clone(x.Heap),
		Outcome: x.Outcome, CVT: Characterize(x.Trace)}
}

// seg is a maximal run of n steps of goroutine g; n < 0 runs g until it
// blocks or exits.
type seg struct{ g, n int }

// Minimizer is the "minimize" strategy: given a failing execution it runs
// candidate schedules near it and keeps the one that fails with the same
// outcome and the lexicographically smallest (c, v, t). Candidates are made
// on the schedule's segments (runs of one goroutine): drop a preemption by
// letting the preempted goroutine run on, by merging its next segment, or by
// postponing the preempting one; move a preemption point by one step; run a
// goroutine only when nothing else can. When no candidate improves,
// dynamic (VT-CHESS) searches bounded to c' = 0, 1, ... preemptions below
// the best c look further, sharing what is left of the budget.
type Minimizer struct {
	widen   *widener
	b       budget
	seed    int64
	orig    Found
	best    Found
	queue   []edit
	tried   map[uint64]bool
	run     segRunner
	search  *Exhaustive
	searchC int
	plan    sched.Plan
	tries   int
	improve int
	// dd runs delta debugging over the best schedule's preemptions before
	// the single edits (minimize_dd.go); ddAlone says that the candidate
	// running kept one chunk alone.
	dd      *ddmin
	ddAlone bool
	ddRun   bool // the candidate running is ddmin's (prun)
	prun    preemptRunner
}

// NewMinimizer returns a minimiser of x, which ran under plan and failed,
// running at most budget executions.
func NewMinimizer(plan sched.Plan, x *sched.Execution, budget int, seed int64) *Minimizer {
	f := foundOf(plan, x)
	m := &Minimizer{b: budgetOf(budget), seed: seed, orig: f, best: f, tried: map[uint64]bool{}}
	if !plan.TrackAll && !plan.Quiet { // a long test's execution stays as it ran
		m.widen = &widener{orig: f}
		return m
	}
	m.reseed(2)
	return m
}

// reseed makes the edits and the ddmin chunks of the best schedule, ddmin
// starting with n chunks.
func (m *Minimizer) reseed(n int) {
	m.queue, m.dd = nil, newDDMin(m.best.Trace, n)
	if len(m.best.Trace) <= longTrace { // minimize_dd.go
		m.queue = m.candidates()
	}
}

// widener replays a schedule recorded with some groups untracked under
// TrackAll: a goroutine about to access a group the recording did not track
// keeps running (in the recording that access was part of its step), so
// the same execution shows every access and (c,v,t) is measured on it.
type widener struct {
	orig Found
	i    int
	done bool
}

func (w *widener) hidden(op sched.Op) bool {
	return op.Kind.IsAccess() && !slices.Contains(w.orig.Plan.Track, op.Group)
}

func (w *widener) pick(v *sched.View) int {
	if g := v.Goroutine(v.Current); g != nil && v.CurrentEnabled() && w.hidden(g.Op) {
		return v.Current
	}
	return w.next(func(d int) bool { return slices.Contains(v.Enabled, d) }, v.Enabled[0])
}

func (w *widener) next(ok func(int) bool, fallback int) int {
	if w.i < len(w.orig.Decisions) && ok(w.orig.Decisions[w.i]) {
		w.i++
		return w.orig.Decisions[w.i-1]
	}
	w.i++
	return fallback
}

func budgetOf(n int) budget { return budget{max: max(n, 1)} }

// Name returns "minimize".
func (m *Minimizer) Name() string { return "minimize" }

// Original returns the execution minimisation started from.
func (m *Minimizer) Original() Found { return m.orig }

// Best returns the smallest failing schedule found.
func (m *Minimizer) Best() Found { return m.best }

// Report states the original and minimised (c,v,t).
func (m *Minimizer) Report() string {
	return fmt.Sprintf("minimize: %s %v -> %v in %d executions (%d improvements)",
		m.best.Outcome, m.orig.CVT, m.best.CVT, m.tries, m.improve)
}

// Begin runs the next candidate, then the wider search.
func (m *Minimizer) Begin(p *sched.Plan) bool {
	if !m.b.take() {
		return false
	}
	m.tries++
	if m.widen != nil && !m.widen.done {
		m.widen.done = true
		*p = sched.Plan{TrackAll: true, Label: "minimize widen"}
		return true
	}
	m.ddRun = false
	for m.dd != nil { // minimize_dd.go
		keep, alone, ok := m.dd.next()
		if !ok {
			m.dd = nil
			break
		}
		m.prun.reset(keep, m.best)
		m.ddRun, m.ddAlone = true, alone
		*p = m.best.Plan
		p.Track = slices.Clone(m.best.Plan.Track)
		m.search = nil
		return true
	}
	if c := m.nextCandidate(); c != nil {
		m.run.reset(c, m.best)
		*p = m.best.Plan
		p.Track = slices.Clone(m.best.Plan.Track)
		m.search = nil
		return true
	}
	for m.searchC < m.best.CVT.C && len(m.best.Trace) <= longTrace && !m.best.Plan.Quiet {
		if m.search == nil {
			left := m.b.max - m.b.used + 1
			m.search = NewDynamic(Config{Seed: m.seed, C: m.searchC, V: max(m.best.CVT.V, 1), T: max(m.best.CVT.T, 2),
				Fixed: true, Budget: max(1, left/(m.best.CVT.C-m.searchC))})
		}
		if m.search.Begin(p) {
			m.plan = *p
			return true
		}
		m.search = nil
		m.searchC++
	}
	m.b.used--
	m.tries--
	return false
}

// Pick follows the candidate (or the search).
func (m *Minimizer) Pick(v *sched.View) int {
	if m.widening() {
		return m.widen.pick(v)
	}
	if m.search != nil {
		return m.search.Pick(v)
	}
	if m.ddRun {
		return m.prun.pick(v)
	}
	return m.run.pick(v)
}

// Choose follows the original choices (or the search).
func (m *Minimizer) Choose(v *sched.View, n int) int {
	if m.widening() {
		return m.widen.next(func(d int) bool { return d >= 0 && d < n }, 0)
	}
	if m.search != nil {
		return m.search.Choose(v, n)
	}
	if m.ddRun {
		return m.prun.choose(v, n)
	}
	return m.run.choose(v, n)
}

// End keeps x if it fails like the original with a smaller (c,v,t).
func (m *Minimizer) End(x *sched.Execution) {
	if m.widening() {
		m.widen = nil
		if x.Outcome == m.orig.Outcome {
			m.orig = foundOf(sched.Plan{TrackAll: true, Label: m.orig.Plan.Label}, x)
			m.best = m.orig
		}
		m.reseed(2)
		return
	}
	plan := m.best.Plan
	if m.search != nil {
		m.search.End(x)
		plan = m.plan
	}
	if x.Outcome != m.orig.Outcome {
		return
	}
	if f := foundOf(plan, x); f.CVT.Less(m.best.CVT) {
		m.best = f
		m.improve++
		m.search = nil
		n := 2 // ddmin: a failing chunk alone starts again at two chunks
		if m.ddRun && m.dd != nil && !m.ddAlone {
			n = m.dd.n - 1 // a failing complement keeps the granularity
		}
		m.reseed(n)
	}
}

// widening reports whether the current execution is the widened replay.
func (m *Minimizer) widening() bool { return m.widen != nil && m.widen.done }

// segmentsOf splits a trace into segments, skipping exits.
func segmentsOf(tr []sched.Step) (segs []seg, preempt []bool) {
	for i, s := range tr {
		if s.Op.Kind == sched.OpExit {
			continue
		}
		if n := len(segs); n > 0 && segs[n-1].g == s.G {
			segs[n-1].n++
			continue
		}
		segs = append(segs, seg{s.G, 1})
		preempt = append(preempt, s.Preempt && i > 0 && tr[i-1].Op.Kind != sched.OpGo)
	}
	return segs, preempt
}

// segRunner follows a segment list; a trailing seg{-g, 0} marks goroutine g
// to run only when nothing else can.
type segRunner struct {
	segs    []seg
	i       int
	start   int
	late    map[int]bool
	count   map[int]int32
	choices map[evRef]int
	last    int
}

func (r *segRunner) reset(segs []seg, f Found) {
	r.segs, r.i, r.start, r.late, r.count, r.last = nil, 0, 0, map[int]bool{}, map[int]int32{}, 0
	for _, s := range segs {
		if s.g < 0 {
			r.late[-s.g] = true
		} else {
			r.segs = append(r.segs, s)
		}
	}
	r.choices = choicesOf(f.Trace) // minimize_dd.go
}

func (r *segRunner) pick(v *sched.View) int {
	id := r.follow(v)
	r.count[id]++
	r.last = id
	return id
}

// follow returns the goroutine of the segment at step v.Step; a segment
// began at step start, and steps run without a Pick count towards it.
func (r *segRunner) follow(v *sched.View) int {
	for r.i < len(r.segs) {
		s := r.segs[r.i]
		if (s.n < 0 || v.Step-r.start < s.n) && slices.Contains(v.Enabled, s.g) {
			return s.g
		}
		r.i++
		r.start = v.Step
	}
	if v.CurrentEnabled() && !r.late[v.Current] {
		return v.Current
	}
	for _, id := range v.Enabled {
		if !r.late[id] {
			return id
		}
	}
	return v.Enabled[0]
}

func (r *segRunner) choose(v *sched.View, n int) int {
	if c, ok := r.choices[evRef{r.last, r.count[r.last] - 1}]; ok && c < n {
		return c
	}
	return 0
}
