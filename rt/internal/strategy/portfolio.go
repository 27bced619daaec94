package strategy

import (
	"fmt"
	"math"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// phase is one strategy of the portfolio with its share of the budget.
type phase struct {
	s   sched.Strategy
	cap int
}

// Portfolio runs cheap strategies first, each within its share of the budget
// (of 10000 executions when the budget is unlimited): ctrigger 2% (it
// usually ends after a few executions; see newCTriggerPortfolio), random
// 2%, pct 5%; then dpor, when the executions so far predict that it
// finishes within the budget (see dporFits), and otherwise dpor-v over the
// 2-variable subsets (5%); then pctvb at v = 1 15%, exhaustive at c <= 2
// and v <= 1 35%, exhaustive over the 2-variable subsets 25%, and pctvb
// over every level for the rest. A dpor phase that completes ends the search: every trace was
// explored, and the test ends with dpor's completion line. With
// SwitchOnSaturation (VTBOUND_SATURATE), a phase whose coverage stopped
// growing hands the rest of its share to the next phase.
type Portfolio struct {
	phases []phase
	i      int
	used   int
	b      budget
	log    []string
	// The placement of dpor: before phase place, decided once (placed)
	// from est, the largest trace estimate (a natural logarithm) of the
	// executions of the phases before it.
	cfg     Config
	nominal int
	place   int
	placed  bool
	est     float64
	dpor    *DPOR // the dpor phase, when one was placed
	// sat switches phases on coverage saturation (nil: off; see
	// SwitchOnSaturation).
	sat *saturation
}

// Shares of the nominal budget, in percent.
const (
	dporVShare = 5
	// dporSlack is how many executions dpor is predicted to need per
	// estimated trace (sleep-set blocked executions and an estimate that
	// is low); dpor is placed when slack × estimate fits in half of the
	// budget left, and may use that half.
	dporSlack = 4
)

// NewPortfolio returns the default strategy: the portfolio with ctrigger
// as its first phase.
func NewPortfolio(c Config) *Portfolio { return newCTriggerPortfolio(c) }

// newDPORPortfolio is the default portfolio before ctrigger joined it:
// dpor placed after random and pct (kept to measure the difference).
func newDPORPortfolio(c Config) *Portfolio {
	p := newClassicPortfolio(c)
	p.place = 2 // after random and pct
	return p
}

// newCTriggerPortfolio is the portfolio with ctrigger as its first phase.
// It finds the catalogue's atomicity bugs in 3 executions. ctrigger's
// analysis is linear in the trace and honours Config.Deadline, and it
// analyses no execution cut at the step bound, so a suite of long tests
// stays within its time budget.
func newCTriggerPortfolio(c Config) *Portfolio {
	p := newClassicPortfolio(c)
	p.phases = append([]phase{{NewCTrigger(p.cfg), max(1, p.nominal/100*ctriggerShare)}}, p.phases...)
	p.place = 3 // after ctrigger, random and pct
	return p
}

// ctriggerShare caps ctrigger's phase, in percent of the nominal budget;
// it usually ends far earlier (6 to 16 executions on the catalogue).
const ctriggerShare = 2

// newClassicPortfolio returns the portfolio without dpor, as it was before
// dpor was placed in it (kept to measure the difference).
func newClassicPortfolio(c Config) *Portfolio {
	c = c.withDefaults()
	nominal := c.Budget
	if nominal == math.MaxInt {
		nominal = nominalBudget
	}
	share := func(pct int) int { return max(1, nominal/100*pct) }
	pv1 := c
	pv1.V, pv1.Depth, pv1.Fixed = 1, max(2, min(c.Depth, 3)), true
	ex1 := c
	ex1.V, ex1.C = 1, min(c.C, 2)
	ex2 := c
	ex2.V = max(c.V, 2)
	e1, e2 := NewExhaustive(ex1), NewExhaustive(ex2)
	e2.vmin = 2
	return &Portfolio{b: budget{max: c.Budget}, cfg: c, nominal: nominal, place: -1, phases: []phase{
		{NewRandom(c), share(2)},
		{NewPCT(c), share(5)},
		{NewPCTVB(pv1), share(15)},
		{e1, share(35)},
		{e2, share(25)},
		{NewPCTVB(c), c.Budget},
	}}
}

// Name returns "portfolio".
func (p *Portfolio) Name() string { return "portfolio" }

// Begin starts the next execution of the current phase, moving on when a
// phase is done or has used its share, and ending the search when a dpor
// phase completed.
func (p *Portfolio) Begin(pl *sched.Plan) bool {
	if !p.b.take() {
		return false
	}
	for p.i < len(p.phases) {
		if p.i == p.place && !p.placed {
			p.placeDPOR()
		}
		ph := p.phases[p.i]
		p.entering()
		saturated := p.used < ph.cap && p.saturated()
		if p.used < ph.cap && !saturated && ph.s.Begin(pl) {
			p.used++
			pl.Label = "portfolio/" + pl.Label
			return true
		}
		p.leaving(saturated)
		p.i, p.used = p.i+1, 0
		if p.Proved() {
			p.i = len(p.phases)
		}
	}
	p.ended()
	return false
}

// placeDPOR inserts dpor or dpor-v before the current phase.
func (p *Portfolio) placeDPOR() {
	p.placed = true
	half := (p.nominal - p.b.used) / 2
	var ph phase
	if fits, _ := dporFits(p.est, half); fits {
		c := p.cfg
		c.Budget = half
		p.dpor = NewDPOR(c)
		ph = phase{p.dpor, half}
	} else {
		ph = phase{NewBoundedDPOR(p.cfg), max(1, p.nominal/100*dporVShare)}
	}
	p.phases = append(p.phases[:p.i], append([]phase{ph}, p.phases[p.i:]...)...)
}

// dporFits reports whether dpor is predicted to finish within budget
// executions, given est, the natural logarithm of the estimated number of
// traces, and returns the predicted number of executions.
func dporFits(est float64, budget int) (bool, float64) {
	need := dporSlack * math.Exp(est)
	return need <= float64(budget), need
}

// Proved reports whether a dpor phase of the portfolio explored every
// trace of the test.
func (p *Portfolio) Proved() bool {
	if p.dpor == nil {
		return false
	}
	complete, _, _, _ := p.dpor.Completion()
	return complete
}

// UICoverage returns the unserializable-interleaving coverage of the
// portfolio's ctrigger phase, once that phase ran.
func (p *Portfolio) UICoverage() (UICoverage, bool) {
	for i, ph := range p.phases {
		if c, ok := ph.s.(*CTrigger); ok && (i < p.i || i == p.i && p.used > 0) {
			return c.Coverage(), true
		}
	}
	return UICoverage{}, false
}

// Completing returns the strategy whose completion a test reports: dpor,
// when a portfolio's dpor phase explored every trace; otherwise s itself.
func Completing(s sched.Strategy) sched.Strategy {
	if p, ok := s.(*Portfolio); ok && p.Proved() {
		return p.dpor
	}
	return s
}

// SparseView reports whether the current phase reads the View only
// through its methods (sched.Sparse); the engine asks at the start of
// every execution, after Begin chose the phase.
func (p *Portfolio) SparseView() bool {
	return p.i < len(p.phases) && sched.IsSparse(p.phases[p.i].s)
}

// Pick delegates to the current phase.
func (p *Portfolio) Pick(v *sched.View) int { return p.phases[p.i].s.Pick(v) }

// Choose delegates to the current phase.
func (p *Portfolio) Choose(v *sched.View, n int) int { return p.phases[p.i].s.Choose(v, n) }

// End observes the executions before dpor's placement and delegates to
// the current phase.
func (p *Portfolio) End(x *sched.Execution) {
	if p.i < p.place {
		if len(x.Trace) > maxAnalysedSteps {
			p.est = math.Inf(1) // too long to estimate (a busy-wait): no dpor phase
		} else {
			p.est = max(p.est, traceEstimate(x.Trace))
		}
	}
	p.phases[p.i].s.End(x)
}

// Report lists the phases run and their execution counts.
func (p *Portfolio) Report() string {
	log := p.log
	if p.i < len(p.phases) {
		log = append(log, fmt.Sprintf("%s: %d executions (current)", nameOf(p.phases[p.i].s), p.used))
	}
	if p.placed {
		_, need := dporFits(p.est, 0)
		log = append(log, fmt.Sprintf("dpor predicted to need %.0f executions", need))
	}
	return "portfolio: " + strings.Join(log, "; ")
}

func nameOf(s sched.Strategy) string {
	if n, ok := s.(sched.Named); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", s)
}

// traceEstimate returns the natural logarithm of an estimate of the number
// of Mazurkiewicz traces of a program, from the trace of one of its
// executions: the product, over the objects the trace touches, of the
// orders of their conflicting operations by different goroutines. Of one
// object's operations, the writes (operations that commute with nothing)
// of different goroutines are ordered in multinomial(w_1, ..., w_n) ways,
// and goroutine g's other operations (reads, RLocks, WaitGroup Adds or
// Dones) fall among the other goroutines' writes in
// binomial(W - w_g + r_g, r_g) ways. Releases (Unlock, RUnlock) are not
// counted: a critical section is ordered by its acquisition. Operations
// that touch a whole class (select, Cond, Once, timers) count as one object
// per class. It ignores the constraints objects put on each other, so it
// over-estimates programs with much synchronisation and under-estimates
// nothing that the trace did not show (branches not taken in this
// execution are not seen).
func traceEstimate(trace []sched.Step) float64 {
	type key struct {
		class sched.Class
		obj   int32
	}
	ops := map[key]map[int]*[2]int{} // object -> goroutine -> {writes, others}
	for _, st := range trace {
		info := st.Op.Kind.Info()
		if info.Class == sched.ClassNone || st.Op.Kind == sched.OpUnlock || st.Op.Kind == sched.OpRUnlock {
			continue
		}
		k := key{info.Class, st.Op.Obj}
		if info.Wide || info.Class == sched.ClassAll {
			k.obj = 0
		}
		if ops[k] == nil {
			ops[k] = map[int]*[2]int{}
		}
		if ops[k][st.G] == nil {
			ops[k][st.G] = &[2]int{}
		}
		if info.Commute == 0 {
			ops[k][st.G][0]++
		} else {
			ops[k][st.G][1]++
		}
	}
	est := 0.0
	for _, byG := range ops {
		est += objectOrders(byG)
	}
	return est
}

// objectOrders is the logarithm of the orders of one object's operations,
// by goroutine {writes, others}, as traceEstimate describes.
func objectOrders(byG map[int]*[2]int) float64 {
	if len(byG) < 2 {
		return 0
	}
	w := 0
	for _, c := range byG {
		w += c[0]
	}
	est := lfact(w)
	for _, c := range byG {
		est -= lfact(c[0])
		est += lfact(w-c[0]+c[1]) - lfact(w-c[0]) - lfact(c[1])
	}
	return est
}

// lfact is log(n!).
func lfact(n int) float64 {
	v, _ := math.Lgamma(float64(n) + 1)
	return v
}
