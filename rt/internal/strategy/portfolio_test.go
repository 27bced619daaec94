package strategy_test

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
	"github.com/vtbound/vtbound/rt/internal/strategy/internal/experiments"
)

// portfolioTableEnv enables the portfolio table over more seeds.
const portfolioTableEnv = "VTBOUND_PORTFOLIO_TABLE"

// firstFailure runs body under st until the first failing execution and
// returns its number (0: none before st stopped) and the executions run.
func firstFailure(st sched.Strategy, body func(testing.TB)) (first, executions int) {
	rec := &recorder{}
	e := engine.New(st, engine.Limits{}, rec.Failed)
	for {
		rec.failed.Store(false)
		res, ok := e.Run(func() { body(rec) })
		if !ok {
			return 0, executions
		}
		executions++
		if res.Failure != nil {
			return res.N, executions
		}
	}
}

// TestTraceEstimate checks the estimate on kernels where it is exact:
// readers(n) (one write, n reads: 2^n), ainc(n) (n atomic increments:
// n!) and indexer(12) (8 traces).
func TestTraceEstimate(t *testing.T) {
	want := map[string]float64{"readers(3)": 8, "readers(8)": 256, "ainc(4)": 24, "ainc(5)": 120, "indexer(12)": 8}
	for _, k := range kernels.CountedKernels() {
		w, ok := want[k.Name]
		if !ok {
			continue
		}
		o := &estimating{Strategy: strategy.NewRandom(strategy.Config{Seed: 1, Budget: 5})}
		search(o, k.Body)
		if got := math.Exp(o.est); math.Abs(got-w) > 1e-6*w {
			t.Errorf("%s: estimate %.2f, want %.0f", k.Name, got, w)
		}
	}
}

// estimating records the largest trace estimate of the executions of the
// strategy it wraps.
type estimating struct {
	sched.Strategy
	est float64
}

func (o *estimating) End(x *sched.Execution) {
	o.est = max(o.est, strategy.TraceEstimate(x.Trace))
	o.Strategy.End(x)
}

// TestPortfolioEndsWithCompleteDPOR runs the portfolio on ainc(4), whose
// 24 traces fit the budget: after random and pct, dpor explores them all,
// the portfolio stops early, and the test's completion line is dpor's.
func TestPortfolioEndsWithCompleteDPOR(t *testing.T) {
	var ainc kernels.Counted
	for _, k := range kernels.CountedKernels() {
		if k.Name == "ainc(4)" {
			ainc = k
		}
	}
	p := strategy.NewPortfolio(strategy.Config{Seed: 1, Budget: 10000})
	r := search(p, ainc.Body)
	if !p.Proved() {
		t.Fatalf("dpor did not complete inside the portfolio: %s", p.Report())
	}
	if r.failures > 0 || r.executions >= 10000 {
		t.Errorf("%d executions, %d failures: want an early stop without failure", r.executions, r.failures)
	}
	if _, ok := strategy.Completing(p).(*strategy.DPOR); !ok {
		t.Errorf("Completing(portfolio) = %T, want its *DPOR", strategy.Completing(p))
	}
	if !strings.Contains(p.Report(), "dpor: ") {
		t.Errorf("report %q lacks the dpor phase", p.Report())
	}
	t.Log(p.Report())
}

// TestPortfolioFallsBackToBoundedDPOR runs the portfolio on the bounded
// buffer, whose estimate does not fit: dpor-v runs instead of dpor, and the
// portfolio uses its whole budget, as without dpor.
func TestPortfolioFallsBackToBoundedDPOR(t *testing.T) {
	var buf kernels.Counted
	for _, k := range kernels.CountedKernels() {
		if k.Name == "bounded-buffer" {
			buf = k
		}
	}
	p := strategy.NewPortfolio(strategy.Config{Seed: 1, Budget: 3000})
	r := search(p, buf.Body)
	if p.Proved() || r.executions != 3000 {
		t.Errorf("proved %v after %d executions; want no proof and the whole budget of 3000", p.Proved(), r.executions)
	}
	rep := p.Report()
	if !strings.Contains(rep, "dpor-v: ") || strings.Contains(rep, "; dpor: ") {
		t.Errorf("report %q: want a dpor-v phase and no dpor phase", rep)
	}
	if _, ok := strategy.Completing(p).(*strategy.Portfolio); !ok {
		t.Errorf("Completing(portfolio) = %T, want the portfolio (no completion line)", strategy.Completing(p))
	}
}

// TestPortfolioCatalogue compares the portfolio with and without dpor on
// every bug of the catalogue: the new one must find every bug the old one
// finds, for every seed. It prints the executions to each bug (one seed;
// VTBOUND_PORTFOLIO_TABLE=1 averages 5) and, for the corrected variants,
// whether the new portfolio proved them correct.
func TestPortfolioCatalogue(t *testing.T) {
	seeds := 1
	if os.Getenv(portfolioTableEnv) == "1" && !testing.Short() {
		seeds = 5
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-18s %12s %12s  %s\n", "kernel", "old portfolio", "new portfolio", "corrected variant (new)")
	for _, k := range kernels.All {
		buggy := func(tb testing.TB) { k.Body(tb, false) }
		var old, cur float64
		for seed := int64(1); seed <= int64(seeds); seed++ {
			o, _ := firstFailure(strategy.NewClassicPortfolio(strategy.Config{Seed: seed, Budget: 10000}), buggy)
			n, _ := firstFailure(strategy.NewPortfolio(strategy.Config{Seed: seed, Budget: 10000}), buggy)
			if o > 0 && n == 0 {
				t.Errorf("%s seed %d: the old portfolio finds the bug at execution %d, the new one does not", k.Name, seed, o)
			}
			old, cur = old+float64(o), cur+float64(n)
		}
		p := strategy.NewPortfolio(strategy.Config{Seed: 1, Budget: 10000})
		r := search(p, func(tb testing.TB) { k.Body(tb, true) })
		if r.failures > 0 {
			t.Errorf("%s corrected: %d failures", k.Name, r.failures)
		}
		fixed := fmt.Sprintf("%s, %d executions, not proved", placed(p), r.executions)
		if p.Proved() {
			fixed = fmt.Sprintf("%s, proved complete after %d executions", placed(p), r.executions)
		}
		fmt.Fprintf(&b, "%-18s %12.1f %12.1f  %s\n", k.Name, old/float64(seeds), cur/float64(seeds), fixed)
	}
	if seeds > 1 {
		injectedBugs(t, &b, seeds)
	}
	t.Log(b.String())
}

// placed says which of dpor and dpor-v the portfolio placed.
func placed(p *strategy.Portfolio) string {
	if strings.Contains(p.Report(), "dpor-v: ") {
		return "dpor-v"
	}
	return "dpor"
}

// injectedBugs adds the rows of the bugs injected into the montecarlo
// kernel (docs/strategies.md, Table 4), which the cheap samplers do not
// all find: mean executions to the bug, old and new portfolio.
func injectedBugs(t *testing.T, b *strings.Builder, seeds int) {
	for _, bug := range experiments.InjectedBugs() {
		body := experiments.MontecarloBody(bug)
		var old, cur float64
		for seed := int64(1); seed <= int64(seeds); seed++ {
			o := experiments.FirstFailure(strategy.NewClassicPortfolio(strategy.Config{Seed: seed, Budget: 10000}), body)
			n := experiments.FirstFailure(strategy.NewPortfolio(strategy.Config{Seed: seed, Budget: 10000}), body)
			if o > 0 && n == 0 {
				t.Errorf("montecarlo %v seed %d: the old portfolio finds the bug at execution %d, the new one does not", bug, seed, o)
			}
			old, cur = old+float64(o), cur+float64(n)
		}
		fmt.Fprintf(b, "%-18s %12.1f %12.1f\n", fmt.Sprintf("montecarlo%v", bug), old/float64(seeds), cur/float64(seeds))
	}
}
