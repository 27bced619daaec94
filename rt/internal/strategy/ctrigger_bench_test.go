package strategy_test

import (
	"slices"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// ctBenchSeeds is the number of seeds each median is taken over.
const ctBenchSeeds = 20

// ctBenchBudget caps one search; a search that finds nothing counts as
// the budget (the median is then a lower bound).
const ctBenchBudget = 5000

// ctBenchKernels are the atomicity kernels of the catalogue and the
// ranking kernel (a one-step window among wide benign ones).
func ctBenchKernels() []struct {
	name string
	body func(testing.TB)
} {
	var out []struct {
		name string
		body func(testing.TB)
	}
	for _, n := range []string{"ctrigger-fig1", "vt-fig2", "vt-fig3", "vt-fig4", "allocation-vector", "hapset-fig1"} {
		k, _ := kernels.Lookup(n)
		out = append(out, struct {
			name string
			body func(testing.TB)
		}{n, func(tb testing.TB) { k.Body(tb, false) }})
	}
	return append(out, struct {
		name string
		body func(testing.TB)
	}{"ranking", func(tb testing.TB) { kernels.Ranking(tb, false) }})
}

// medianExecs is the median over the seeds of the executions mk's
// strategy needs to the first failure.
func medianExecs(mk func(seed int64) sched.Strategy, body func(testing.TB)) float64 {
	var n []int
	for seed := int64(1); seed <= ctBenchSeeds; seed++ {
		r := ctSearch(mk(seed), body)
		if r.foundAt == 0 {
			r.foundAt = ctBenchBudget
		}
		n = append(n, r.foundAt)
	}
	slices.Sort(n)
	return float64(n[len(n)/2-1]+n[len(n)/2]) / 2
}

// BenchmarkCTriggerExpose reports, per kernel, the median executions to
// the first failure over 20 seeds for ctrigger, pct, random, the default
// portfolio (ctrigger first) and the default before ctrigger joined it
// (old-portfolio), and the ratios ctrigger/pct and ctrigger/random:
//
//	go test ./rt/internal/strategy -run '^$' -bench CTriggerExpose -benchtime 1x
func BenchmarkCTriggerExpose(b *testing.B) {
	named := func(name string) func(int64) sched.Strategy {
		return func(seed int64) sched.Strategy {
			s, _ := strategy.New(name, strategy.Config{Seed: seed, Budget: ctBenchBudget})
			return s
		}
	}
	for _, k := range ctBenchKernels() {
		b.Run(k.name, func(b *testing.B) {
			var ct, pct, rnd, pf, old float64
			for range b.N {
				ct = medianExecs(named("ctrigger"), k.body)
				pct = medianExecs(named("pct"), k.body)
				rnd = medianExecs(named("random"), k.body)
				pf = medianExecs(named("portfolio"), k.body)
				old = medianExecs(func(seed int64) sched.Strategy {
					return strategy.NewDPORPortfolio(strategy.Config{Seed: seed, Budget: ctBenchBudget})
				}, k.body)
			}
			b.ReportMetric(pf, "portfolio-execs")
			b.ReportMetric(old, "old-portfolio-execs")
			b.ReportMetric(ct, "ctrigger-execs")
			b.ReportMetric(pct, "pct-execs")
			b.ReportMetric(rnd, "random-execs")
			b.ReportMetric(ct/pct, "ctrigger/pct")
			b.ReportMetric(ct/rnd, "ctrigger/random")
		})
	}
}

// BenchmarkCTriggerProfileShare reports the share of wall-clock time that
// ctrigger spends in profiling executions and their analysis (and in the
// analysis alone), over complete ctrigger searches of each kernel's
// corrected form (nothing fails, every target is tried), 20 seeds:
//
//	go test ./rt/internal/strategy -run '^$' -bench CTriggerProfileShare -benchtime 1x
func BenchmarkCTriggerProfileShare(b *testing.B) {
	bodies := map[string]func(testing.TB){
		"ui-four":  func(tb testing.TB) { kernels.UIFour(tb) },
		"ranking":  func(tb testing.TB) { kernels.Ranking(tb, true) },
		"nearmiss": func(tb testing.TB) { kernels.NearMiss(tb, true) },
	}
	for _, n := range []string{"ctrigger-fig1", "vt-fig2", "vt-fig4", "allocation-vector"} {
		k, _ := kernels.Lookup(n)
		bodies[n] = func(tb testing.TB) { k.Body(tb, true) }
	}
	names := make([]string, 0, len(bodies))
	for n := range bodies {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		b.Run(n, func(b *testing.B) {
			var prof, an, all float64
			execs := 0
			for range b.N {
				for seed := int64(1); seed <= ctBenchSeeds; seed++ {
					st := strategy.NewCTrigger(strategy.Config{Seed: seed, Budget: 1000})
					execs += ctSearch(st, bodies[n]).executions
					p, x, a := st.Times()
					prof, an, all = prof+p.Seconds(), an+x.Seconds(), all+a.Seconds()
				}
			}
			b.ReportMetric(prof/all, "profile-share")
			b.ReportMetric(an/all, "analysis-share")
			b.ReportMetric(float64(execs)/float64(b.N*ctBenchSeeds), "execs/search")
		})
	}
}

// BenchmarkPortfolioCTriggerShare reports the share of the default
// portfolio's exploration time (ctrigger first) that its ctrigger phase
// spends in profiling executions and their analysis, over the whole catalogue (each kernel's
// buggy form, explored until the bug, and its corrected form, explored to
// the end of a 10000-execution budget), 3 seeds:
//
//	go test ./rt/internal/strategy -run '^$' -bench PortfolioCTriggerShare -benchtime 1x
func BenchmarkPortfolioCTriggerShare(b *testing.B) {
	var prof, an, all float64
	for range b.N {
		for _, k := range kernels.All {
			for _, fixed := range []bool{false, true} {
				for seed := int64(1); seed <= 3; seed++ {
					p := strategy.NewCTriggerPortfolio(strategy.Config{Seed: seed, Budget: 10000})
					start := time.Now()
					ctSearch(p, func(tb testing.TB) { k.Body(tb, fixed) })
					all += time.Since(start).Seconds()
					pr, x, _ := strategy.CTriggerPhase(p).Times()
					prof, an = prof+pr.Seconds(), an+x.Seconds()
				}
			}
		}
	}
	b.ReportMetric((prof+an)/all, "profiling+analysis-share")
	b.ReportMetric(an/all, "analysis-share")
}
