package strategy

import (
	"fmt"
	"math"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// DefaultHaPSetLearning is the number of random executions hapset runs
// to learn HaPSets before its guided search (Algorithm 1).
const DefaultHaPSetLearning = 0

// HaPSet is HaPSet-guided DPOR (hapset-coverage-guided-sct.txt, Fusion):
// an initial learning phase of random executions (Algorithm 1), then dpor
// whose backtrack points are kept only when the reversed race would make
// stmt(t) ∉ HaPSet[stmt(sd.sel)] (Algorithm 4), learning from every
// execution that does not fail (Algorithm 5).
//
// The pruning is not sound: an ordering whose statements were seen in
// that order in some good execution is never explored again, in any
// context, so bugs that need it there can be missed. When the guided
// search has no backtrack point left, HaPSet coverage is saturated; that
// is not a proof, and hapset does not report completeness.
type HaPSet struct {
	learn  int
	ctx    int // calling-context depth k of statements
	random *Random
	dpor   *DPOR
	guide  hapsetGuide
	n      int  // executions begun
	guided bool // the current execution belongs to the guided search
}

// hapsetGuide is the backtrack filter dpor's race analysis consults
// (analysis.prune).
type hapsetGuide struct {
	h *coverage.HaPSets
	// trace is the execution being analysed, for the steps' contexts.
	trace []sched.Step
	// pruned counts the reversible races whose reversal the guidance
	// dropped, kept those it let through to dpor.
	pruned, kept int
}

// covered reports whether the race of the event (gi, oi) at trace index
// si before the event (gj, oj) at sj (len(trace) for a pending operation)
// is covered: stmt(j) ∈ HaPSet[stmt(i)], j's statement has been
// immediately before i's in a good run. A nil guide covers nothing.
func (g *hapsetGuide) covered(gi int, oi sched.Op, si int, gj int, oj sched.Op, sj int) bool {
	if g == nil {
		return false
	}
	a, b := sched.Step{G: gi, Op: oi}, sched.Step{G: gj, Op: oj}
	if si < len(g.trace) {
		a.Ctx = g.trace[si].Ctx
	}
	if sj < len(g.trace) {
		b.Ctx = g.trace[sj].Ctx
	}
	s1, s2 := coverage.Stmts(a, b)
	if g.h.Has(s1, s2) {
		g.pruned++
		return true
	}
	g.kept++
	return false
}

// NewHaPSet returns the hapset strategy with DefaultHaPSetLearning
// learning executions.
func NewHaPSet(c Config) *HaPSet { return NewHaPSetLearning(c, DefaultHaPSetLearning) }

// NewHaPSetLearning returns the hapset strategy with learn random
// executions before the guided search; it stops after c.Budget executions.
func NewHaPSetLearning(c Config, learn int) *HaPSet {
	c = c.withDefaults()
	learn = min(max(learn, 0), c.Budget)
	rest := c
	if c.Budget != math.MaxInt { // withDefaults' "no cap"
		rest.Budget = max(c.Budget-learn, 1)
	}
	h := &HaPSet{learn: learn, ctx: max(c.Context, 0), random: NewRandom(c), dpor: NewDPOR(rest)}
	h.guide.h = &coverage.HaPSets{}
	h.dpor.an.prune = &h.guide
	if learn == c.Budget {
		h.dpor.b.max = 0
	}
	return h
}

// Name returns "hapset".
func (h *HaPSet) Name() string { return "hapset" }

// HaPSets returns the HaPSets learned so far.
func (h *HaPSet) HaPSets() *coverage.HaPSets { return h.guide.h }

// SeedCoverage starts the search from the HaPSets of s, learned by earlier
// runs of the test (VTBOUND_COVERAGE_FROM): the guided search prunes the
// orderings they saw from its first execution. Call it before the search
// starts.
func (h *HaPSet) SeedCoverage(s *coverage.State) {
	for _, p := range s.H.Pairs() {
		h.guide.h.Add(p.Of, p.Pred)
	}
}

// Begin runs the learning phase, then the guided search.
func (h *HaPSet) Begin(p *sched.Plan) bool {
	if h.n < h.learn {
		h.n++
		h.guided = false
		if !h.random.Begin(p) {
			return false
		}
		p.Label = fmt.Sprintf("hapset learning execution %d", h.n)
		p.Context = h.ctx
		return true
	}
	if !h.dpor.Begin(p) {
		return false
	}
	h.n++
	h.guided = true
	p.Label = fmt.Sprintf("hapset guided execution %d", h.n)
	p.Context = h.ctx
	return true
}

// Pick delegates to the current phase. Once dpor's execution is
// sleep-set blocked (its rest is redundant), a busy-waiting goroutine
// yields to one that is not, so that the redundant rest ends (fairness).
func (h *HaPSet) Pick(v *sched.View) int {
	if !h.guided {
		return h.random.Pick(v)
	}
	g := h.dpor.Pick(v)
	if h.dpor.x.blocked && v.Goroutine(g).Spinning {
		for _, o := range v.Goroutines {
			if o.Enabled && !o.Spinning {
				return o.ID
			}
		}
	}
	return g
}

// Choose delegates to the current phase.
func (h *HaPSet) Choose(v *sched.View, n int) int {
	if h.guided {
		return h.dpor.Choose(v, n)
	}
	return h.random.Choose(v, n)
}

// End learns from an execution that did not fail (coverage.Good;
// Algorithms 1 and 5),
// then lets the guided search add its backtrack points.
func (h *HaPSet) End(x *sched.Execution) {
	if coverage.Good(x.Outcome) {
		h.guide.h.Learn(x.Trace)
	}
	if h.guided {
		h.guide.trace = x.Trace
		h.dpor.End(x)
		h.guide.trace = nil
	}
}

// HaPSetStats summarises a hapset search.
type HaPSetStats struct {
	// Learning and Guided count the executions of each phase.
	Learning, Guided int
	// Entries counts the HaPSet entries learned.
	Entries int
	// Pruned counts the backtrack points the guidance dropped; Kept those
	// it let dpor add.
	Pruned, Kept int
	// Saturated reports that the guided search has no backtrack point
	// left: every race left unexplored is covered by the HaPSets.
	Saturated bool
}

// Stats returns the search's counters so far.
func (h *HaPSet) Stats() HaPSetStats {
	s := h.dpor.Stats()
	return HaPSetStats{
		Learning: min(h.n, h.learn), Guided: s.Executions, Entries: h.guide.h.Len(),
		Pruned: h.guide.pruned, Kept: h.guide.kept,
		Saturated: h.dpor.started && h.dpor.Left() == 0 && s.Diverged == 0 && s.Truncated == 0,
	}
}

// Report summarises the search and says that its pruning is unsound.
func (h *HaPSet) Report() string {
	s := h.Stats()
	return fmt.Sprintf("hapset: %d learning + %d guided executions, %d HaPSet entries, %d backtrack points pruned by HaPSet guidance (unsound: pruned orders may hide bugs), %d kept, saturated=%v",
		s.Learning, s.Guided, s.Entries, s.Pruned, s.Kept, s.Saturated)
}
