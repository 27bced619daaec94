package strategy_test

import (
	"slices"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// spKernels are the kernels of the SP coverage benchmark: the paper's
// Fig. 2 and two lock-heavy kernels shaped like its Figs. 7-8 subjects.
var spKernels = []struct {
	name string
	body func(testing.TB)
}{
	{"sp-fig2", kernels.SPFig2},
	{"lockheavy(3,3,2)", kernels.LockHeavy(3, 3, 2)},
	{"lockheavy(4,4,2)", kernels.LockHeavy(4, 4, 2)},
}

// covering wraps a strategy and covers the SP pairs of every execution in
// state (mutex actions only, as the paper).
type covering struct {
	sched.Strategy
	state *coverage.State
}

func (c covering) End(x *sched.Execution) {
	c.state.Cover(coverage.NewModel(x.Trace, coverage.PrimLock).Satisfied())
	c.Strategy.End(x)
}

// estimate returns the SP requirements of one random execution of body.
func estimate(body func(testing.TB)) []coverage.Req {
	var reqs []coverage.Req
	est := &estimator{Strategy: strategy.NewRandom(strategy.Config{Seed: 1, Budget: 1}), out: &reqs}
	covRun(est, body)
	return reqs
}

type estimator struct {
	sched.Strategy
	out *[]coverage.Req
}

func (e *estimator) End(x *sched.Execution) {
	*e.out = coverage.NewModel(x.Trace, coverage.PrimLock).Estimate()
	e.Strategy.End(x)
}

// toFull runs name with seed on body until every requirement of reqs is
// covered and returns the executions it took (limit+1 when never).
func toFull(name string, seed int64, body func(testing.TB), reqs []coverage.Req, limit int) int {
	st, _ := strategy.New(name, strategy.Config{Seed: seed, Budget: limit})
	if sp, ok := st.(*strategy.SP); ok {
		sp.Restrict(coverage.PrimLock)
		sp.Preset(reqs)
	}
	state := coverage.NewState(coverage.PrimLock)
	state.SetEstimate(reqs)
	rec := &recorder{}
	e := engine.New(covering{st, state}, engine.Limits{}, rec.Failed)
	for n := 1; n <= limit; n++ {
		if _, ok := e.Run(func() { body(rec) }); !ok {
			break
		}
		if len(state.Uncovered()) == 0 {
			return n
		}
	}
	return limit + 1
}

// medianToFull is toFull's median over seeds 1..seeds.
func medianToFull(name string, seeds int, body func(testing.TB), reqs []coverage.Req) int {
	var ns []int
	for s := 1; s <= seeds; s++ {
		ns = append(ns, toFull(name, int64(s), body, reqs, 2000))
	}
	slices.Sort(ns)
	return ns[len(ns)/2]
}

// BenchmarkSPCoverage reports the executions each strategy needs to cover
// every estimated SP requirement (median over 11 seeds per iteration):
//
//	go test ./rt/internal/strategy -run '^$' -bench BenchmarkSPCoverage -benchtime 1x
func BenchmarkSPCoverage(b *testing.B) {
	for _, k := range spKernels {
		reqs := estimate(k.body)
		b.Run(k.name, func(b *testing.B) {
			for range b.N {
				for _, name := range []string{"sp", "sp-h", "random", "pct"} {
					b.ReportMetric(float64(medianToFull(name, 11, k.body, reqs)), name+"-execs")
				}
			}
			b.ReportMetric(float64(len(reqs)), "reqs")
		})
	}
}

// TestSPFasterThanRandom: on the lock-heavy kernels sp covers every
// estimated requirement in at most half the executions random needs
// (medians over 11 seeds).
func TestSPFasterThanRandom(t *testing.T) {
	for _, k := range spKernels[1:] {
		reqs := estimate(k.body)
		sp, rnd := medianToFull("sp", 11, k.body, reqs), medianToFull("random", 11, k.body, reqs)
		t.Logf("%s: %d requirements; executions to full coverage: sp %d, random %d (ratio %.2f)", k.name, len(reqs), sp, rnd, float64(sp)/float64(rnd))
		if 2*sp > rnd {
			t.Errorf("%s: sp %d > 0.5 x random %d", k.name, sp, rnd)
		}
	}
}

// BenchmarkCoverageCost measures, in one run, random's executions per
// second on allocation-vector with and without coverage bookkeeping
// (HaPSets learned, SP pairs covered; with and without calling contexts
// recorded) and reports the ratios of their times (target <= 1.5). The
// three alternate in rounds of costRound executions each, in a rotating
// order; a ratio is the median over the rounds of the round's ratio, so
// that load that comes and goes on a shared machine falls on both sides of
// most rounds:
//
//	go test ./rt/internal/strategy -run '^$' -bench BenchmarkCoverageCost -benchtime 4000x
func BenchmarkCoverageCost(b *testing.B) {
	k, _ := kernels.Lookup("allocation-vector")
	body := func(tb testing.TB) { k.Body(tb, true) }
	state, stateCtx := coverage.NewState(coverage.PrimAll), coverage.NewState(coverage.PrimAll)
	runs := []*timed{
		newTimed(strategy.NewRandom(strategy.Config{Seed: 1})),
		newTimed(&observing{strategy.NewRandom(strategy.Config{Seed: 1}), state, 0}),
		newTimed(&observing{strategy.NewRandom(strategy.Config{Seed: 1}), stateCtx, strategy.DefaultContext}),
	}
	var cov, ctx []float64
	for done, round := 0, 0; done < b.N; done, round = done+costRound, round+1 {
		n := min(costRound, b.N-done)
		var d [3]float64
		for i := range runs {
			j := (i + round) % len(runs)
			d[j] = runs[j].run(n, body).Seconds()
		}
		cov, ctx = append(cov, d[1]/d[0]), append(ctx, d[2]/d[0])
	}
	b.ReportMetric(float64(b.N)/runs[0].d.Seconds(), "plain-execs/s")
	b.ReportMetric(median(cov), "cost-ratio")
	b.ReportMetric(median(ctx), "cost-ratio-ctx")
	b.Logf("%d HaPSet entries (%d with contexts), SP %d estimated", state.H.Len(), stateCtx.H.Len(), len(state.Estimated))
}

// costRound is the executions of one round of BenchmarkCoverageCost.
const costRound = 20

func median(xs []float64) float64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}

// observing measures coverage as VTBOUND_COVERAGE does.
type observing struct {
	sched.Strategy
	state *coverage.State
	ctx   int
}

func (o *observing) Begin(p *sched.Plan) bool {
	ok := o.Strategy.Begin(p)
	p.Context = o.ctx
	return ok
}

func (o *observing) End(x *sched.Execution) {
	o.state.Observe(x)
	o.Strategy.End(x)
}

// timed runs executions of one engine and sums their time.
type timed struct {
	e   *engine.Engine
	rec *recorder
	d   time.Duration
}

func newTimed(st sched.Strategy) *timed {
	rec := &recorder{}
	return &timed{e: engine.New(st, engine.Limits{}, rec.Failed), rec: rec}
}

// run runs n executions and returns their time.
func (t *timed) run(n int, body func(testing.TB)) time.Duration {
	start := time.Now()
	for range n {
		t.e.Run(func() { body(t.rec) })
	}
	d := time.Since(start)
	t.d += d
	return d
}
