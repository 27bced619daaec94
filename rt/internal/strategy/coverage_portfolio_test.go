package strategy_test

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
	"github.com/vtbound/vtbound/rt/internal/strategy/internal/experiments"
)

// portfolioBudget is the budget of BenchmarkPortfolioCoverage's searches,
// the nominal budget the default portfolio's shares are taken of.
const portfolioBudget = 10000

// covShare is the share of a coverage phase, in percent of the budget.
const covShare = 5

// portfolioVariants are the columns of BenchmarkPortfolioCoverage: the
// default portfolio, and the same with a hapset or an sp phase first,
// before dpor's placement point (after random and pct) or right after the
// dpor phase (the sp phase stops after its first execution when that
// execution took no lock).
var portfolioVariants = []struct {
	name string
	make func(strategy.Config) sched.Strategy
}{
	{"default", func(c strategy.Config) sched.Strategy { return strategy.NewPortfolio(c) }},
	{"hapset-first", withHaPSet(true, true)},
	{"hapset<dpor", withHaPSet(false, true)},
	{"dpor<hapset", withHaPSet(false, false)},
	{"sp-first", withSP(true, true)},
	{"sp<dpor", withSP(false, true)},
	{"dpor<sp", withSP(false, false)},
}

func withHaPSet(first, beforeDPOR bool) func(strategy.Config) sched.Strategy {
	return func(c strategy.Config) sched.Strategy {
		return strategy.NewPortfolioWith(c, strategy.NewHaPSet(c), covShare, first, beforeDPOR)
	}
}

func withSP(first, beforeDPOR bool) func(strategy.Config) sched.Strategy {
	return func(c strategy.Config) sched.Strategy {
		return strategy.NewPortfolioWith(c, &lockGated{Strategy: strategy.NewSP(c, true)}, covShare, first, beforeDPOR)
	}
}

// lockGated runs a strategy, and stops it after its first execution when
// that execution took no lock (sp only where the test has locks).
type lockGated struct {
	sched.Strategy
	n     int
	locks bool
}

// Name returns the gated strategy's name.
func (l *lockGated) Name() string { return l.Strategy.(sched.Named).Name() }

func (l *lockGated) Begin(p *sched.Plan) bool {
	if l.n == 1 && !l.locks {
		return false
	}
	l.n++
	return l.Strategy.Begin(p)
}

func (l *lockGated) End(x *sched.Execution) {
	for _, st := range x.Trace {
		l.locks = l.locks || coverage.PrimOf(st.Op.Kind) == coverage.PrimLock
	}
	l.Strategy.End(x)
}

// saturating stops the strategy it wraps once coverage (HaPSets with
// calling contexts, SP pairs of every primitive) did not grow for n
// executions, as VTBOUND_SATURATE=n does.
type saturating struct {
	sched.Strategy
	state *coverage.State
	n     int
}

func (s *saturating) Begin(p *sched.Plan) bool {
	if s.state.Stalled(s.n) || !s.Strategy.Begin(p) {
		return false
	}
	p.Context = max(p.Context, strategy.DefaultContext)
	return true
}

func (s *saturating) End(x *sched.Execution) {
	s.state.Observe(x)
	s.Strategy.End(x)
}

// portfolioSaturations are the VTBOUND_SATURATE bounds of the table's
// saturation columns.
var portfolioSaturations = []int{200, 1000}

// BenchmarkPortfolioCoverage prints two tables, one column per portfolio
// variant (budget 10000): over the catalogue's bug kernels and the bugs
// injected into montecarlo, the execution that finds the bug (the median
// over VTBOUND_COVERAGE_SEEDS seeds, default 1; "-" when the median seed
// did not find it, "*" when some seed did not); and over the corrected
// kernels (seed 1), the executions until the portfolio stops ("p" when a
// dpor phase proved it, "!" after a failure, which would be a defect). The
// last columns are the default portfolio stopped by coverage saturation
// (VTBOUND_SATURATE = each of portfolioSaturations):
//
//	VTBOUND_COVERAGE_SEEDS=5 go test ./rt/internal/strategy -run '^$' -bench BenchmarkPortfolioCoverage -benchtime 1x
func BenchmarkPortfolioCoverage(b *testing.B) {
	seeds := 1
	if n, err := strconv.Atoi(os.Getenv("VTBOUND_COVERAGE_SEEDS")); err == nil && n > 0 {
		seeds = n
	}
	for range b.N {
		var bugs, fixed strings.Builder
		portfolioHeader(&bugs, fmt.Sprintf("execution that found the bug (median over %d seeds)", seeds))
		portfolioHeader(&fixed, "corrected kernel: executions until the portfolio stopped (seed 1)")
		for _, k := range kernels.All {
			portfolioRow(&bugs, k.Name, func(mk maker) string {
				return medianFirst(mk, seeds, func(st sched.Strategy) int {
					first, _ := firstFailure(st, func(tb testing.TB) { k.Body(tb, false) })
					return first
				})
			})
			portfolioRow(&fixed, k.Name, func(mk maker) string { return stopCell(mk, k) })
		}
		for _, bug := range experiments.InjectedBugs() {
			body := experiments.MontecarloBody(bug)
			portfolioRow(&bugs, fmt.Sprintf("montecarlo%v", bug), func(mk maker) string {
				return medianFirst(mk, seeds, func(st sched.Strategy) int { return experiments.FirstFailure(st, body) })
			})
		}
		for _, v := range portfolioVariants {
			if p, ok := v.make(strategy.Config{Seed: 1}).(*strategy.Portfolio); ok {
				fmt.Printf("%s: %s\n", v.name, strings.Join(strategy.PhaseNames(p), ", "))
			}
		}
		fmt.Print(bugs.String(), fixed.String())
	}
}

// TestPortfolioWithOrder: the variants of BenchmarkPortfolioCoverage put
// the coverage phase where their names say.
func TestPortfolioWithOrder(t *testing.T) {
	want := map[string][2]string{ // the phase, and the one right after it
		"hapset-first": {"hapset", ""}, "hapset<dpor": {"hapset", "dpor|dpor-v"}, "dpor<hapset": {"dpor|dpor-v", "hapset"},
		"sp-first": {"sp", ""}, "sp<dpor": {"sp", "dpor|dpor-v"}, "dpor<sp": {"dpor|dpor-v", "sp"},
	}
	for _, v := range portfolioVariants[1:] {
		p := v.make(strategy.Config{Seed: 1}).(*strategy.Portfolio)
		names := strategy.PhaseNames(p)
		w := want[v.name]
		i := slices.Index(names, w[0])
		switch {
		case w[1] == "" && i != 0:
			t.Errorf("%s: phases %v, want %s first", v.name, names, w[0])
		case w[1] != "" && (i < 0 || i+1 >= len(names) || names[i+1] != w[1]):
			t.Errorf("%s: phases %v, want %s right before %s", v.name, names, w[0], w[1])
		}
	}
}

// maker makes a portfolio variant, saturated when sat > 0.
type maker struct {
	make func(strategy.Config) sched.Strategy
	sat  int
}

// build returns the variant with seed, and the portfolio inside it.
func (m maker) build(seed int64) (run, inner sched.Strategy) {
	st := m.make(strategy.Config{Seed: seed, Budget: portfolioBudget})
	if m.sat == 0 {
		return st, st
	}
	return &saturating{Strategy: st, state: coverage.NewState(coverage.PrimAll), n: m.sat}, st
}

// makers lists the columns: every variant, then the saturated defaults.
func makers() []maker {
	var out []maker
	for _, v := range portfolioVariants {
		out = append(out, maker{make: v.make})
	}
	for _, n := range portfolioSaturations {
		out = append(out, maker{make: portfolioVariants[0].make, sat: n})
	}
	return out
}

func portfolioHeader(w *strings.Builder, title string) {
	fmt.Fprintf(w, "\n%s\n%-22s", title, "kernel")
	for _, v := range portfolioVariants {
		fmt.Fprintf(w, " %12s", v.name)
	}
	for _, n := range portfolioSaturations {
		fmt.Fprintf(w, " %12s", fmt.Sprintf("default+s%d", n))
	}
	w.WriteString("\n")
}

func portfolioRow(w *strings.Builder, name string, cell func(maker) string) {
	fmt.Fprintf(w, "%-22s", name)
	for _, m := range makers() {
		fmt.Fprintf(w, " %12s", cell(m))
	}
	w.WriteString("\n")
}

// medianFirst runs first with seeds 1..seeds and renders the median of
// the executions that found the bug.
func medianFirst(m maker, seeds int, first func(sched.Strategy) int) string {
	return medianOver(seeds, func(seed int64) int {
		st, _ := m.build(seed)
		return first(st)
	})
}

// stopCell runs the variant on k's corrected kernel until it stops.
func stopCell(m maker, k kernels.Kernel) string {
	run, inner := m.build(1)
	failed, n := firstFailure(run, func(tb testing.TB) { k.Body(tb, true) })
	out := fmt.Sprint(n)
	if p, ok := inner.(*strategy.Portfolio); ok && p.Proved() {
		out += "p"
	}
	if failed > 0 {
		out += "!" // a failure on the corrected kernel: a defect
	}
	return out
}
