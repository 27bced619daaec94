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
// (of 10000 executions when the budget is unlimited): random 2%, pct 5%,
// pctvb at v = 1 15%, exhaustive at c <= 2 and v <= 1 35%, exhaustive over
// the 2-variable subsets 25%, then pctvb over every level for the rest.
type Portfolio struct {
	phases []phase
	i      int
	used   int
	b      budget
	log    []string
}

// NewPortfolio returns the default strategy.
func NewPortfolio(c Config) *Portfolio {
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
	p := &Portfolio{b: budget{max: c.Budget}, phases: []phase{
		{NewRandom(c), share(2)},
		{NewPCT(c), share(5)},
		{NewPCTVB(pv1), share(15)},
		{e1, share(35)},
		{e2, share(25)},
		{NewPCTVB(c), c.Budget},
	}}
	return p
}

// Name returns "portfolio".
func (p *Portfolio) Name() string { return "portfolio" }

// Begin starts the next execution of the current phase, moving on when a
// phase is done or has used its share.
func (p *Portfolio) Begin(pl *sched.Plan) bool {
	if !p.b.take() {
		return false
	}
	for p.i < len(p.phases) {
		ph := p.phases[p.i]
		if p.used < ph.cap && ph.s.Begin(pl) {
			p.used++
			pl.Label = "portfolio/" + pl.Label
			return true
		}
		p.log = append(p.log, fmt.Sprintf("%s: %d executions", nameOf(ph.s), p.used))
		p.i, p.used = p.i+1, 0
	}
	return false
}

// Pick delegates to the current phase.
func (p *Portfolio) Pick(v *sched.View) int { return p.phases[p.i].s.Pick(v) }

// Choose delegates to the current phase.
func (p *Portfolio) Choose(v *sched.View, n int) int { return p.phases[p.i].s.Choose(v, n) }

// End delegates to the current phase.
func (p *Portfolio) End(x *sched.Execution) { p.phases[p.i].s.End(x) }

// Report lists the phases run and their execution counts.
func (p *Portfolio) Report() string {
	log := p.log
	if p.i < len(p.phases) {
		log = append(log, fmt.Sprintf("%s: %d executions (current)", nameOf(p.phases[p.i].s), p.used))
	}
	return "portfolio: " + strings.Join(log, "; ")
}

func nameOf(s sched.Strategy) string {
	if n, ok := s.(sched.Named); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", s)
}
