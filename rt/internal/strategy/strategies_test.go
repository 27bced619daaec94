package strategy_test

import (
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
	"github.com/vtbound/vtbound/rt/internal/strategy/internal/testsim"
)

// TestExhaustiveTerminates runs the exhaustive search to completion on every
// kernel: the buggy variant fails in some execution, the corrected one in
// none, and both end with a count of executions.
func TestExhaustiveTerminates(t *testing.T) {
	for _, k := range testsim.Kernels() {
		t.Run(k.Name, func(t *testing.T) {
			for _, v := range []struct {
				p     *testsim.Program
				buggy bool
			}{{k.Bug, true}, {k.Fixed, false}} {
				e := strategy.NewExhaustive(strategy.Config{Seed: 1, T: 3, Budget: 1 << 20})
				sum := testsim.Explore(v.p, e, testsim.Search{})
				st := e.Stats()
				if !st.Complete {
					t.Fatalf("buggy=%v: not complete after %d executions", v.buggy, sum.Executions)
				}
				if found := sum.Failures > 0; found != v.buggy {
					t.Errorf("buggy=%v: %d failing executions (%v)", v.buggy, sum.Failures, sum.First)
				}
				t.Logf("buggy=%v: %s", v.buggy, e.Report())
			}
		})
	}
}

// TestDynamicFindsKernels checks VT-CHESS on the kernels with c <= v.
func TestDynamicFindsKernels(t *testing.T) {
	for _, k := range testsim.Kernels() {
		t.Run(k.Name, func(t *testing.T) {
			sum := find(t, "dynamic", strategy.Config{Seed: 1, T: 3, Budget: 200000}, k.Bug)
			if sum.First == nil || sum.First.Exec.Outcome != k.Outcome {
				t.Fatalf("not found in %d executions", sum.Executions)
			}
			sum = find(t, "dynamic", strategy.Config{Seed: 1, T: 3, Budget: 200000}, k.Fixed)
			if sum.First != nil {
				t.Fatalf("corrected variant failed: %s", sum.First.Message)
			}
		})
	}
}

// TestMinimiseRandomWalkFailures starts minimisation from random-walk
// failures, which carry many needless preemptions.
func TestMinimiseRandomWalkFailures(t *testing.T) {
	for _, k := range testsim.Kernels() {
		t.Run(k.Name, func(t *testing.T) {
			for seed := int64(1); seed <= 3; seed++ {
				sum := find(t, "random", strategy.Config{Seed: seed, Budget: 100000}, k.Bug)
				if sum.First == nil {
					t.Fatalf("random walk did not find it")
				}
				best, m := minimize(t, sum.First, k.Bug)
				if want := (strategy.CVT{C: k.Want[0], V: k.Want[1], T: k.Want[2]}); best.CVT != want {
					t.Errorf("seed %d: %s, want %v", seed, m.Report(), want)
				}
				if got := strategy.Characterize(m.Original().Trace); got != m.Original().CVT {
					t.Errorf("original characterised %v, recorded %v", got, m.Original().CVT)
				}
			}
		})
	}
}

// TestFairnessBusyWait runs every strategy on a busy-wait program: spinning
// goroutines must be demoted so that every execution ends.
func TestFairnessBusyWait(t *testing.T) {
	for _, name := range strategy.Names() {
		st, err := strategy.New(name, strategy.Config{Seed: 1, Budget: 300})
		if err != nil {
			t.Fatal(err)
		}
		sum := testsim.Explore(testsim.BusyWait(), st, testsim.Search{Options: testsim.Options{MaxSteps: 2000}})
		if sum.Failures > 0 {
			t.Errorf("%s: %d of %d executions failed, first %v: %s", name, sum.Failures, sum.Executions,
				sum.First.Exec.Outcome, sum.First.Message)
		}
		if sum.Executions == 0 {
			t.Errorf("%s ran nothing", name)
		}
	}
}

func TestNewRejectsUnknownName(t *testing.T) {
	_, err := strategy.New("dfs", strategy.Config{})
	if err == nil || !strings.Contains(err.Error(), "pctvb") {
		t.Fatalf("New(dfs) = %v, want an error listing the accepted names", err)
	}
	for _, n := range strategy.Names() {
		s, err := strategy.New(n, strategy.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.(sched.Named).Name(); got != n {
			t.Errorf("New(%q).Name() = %q", n, got)
		}
	}
}

// TestBudgetRespected checks that every strategy stops at its budget.
func TestBudgetRespected(t *testing.T) {
	for _, n := range strategy.Names() {
		s, _ := strategy.New(n, strategy.Config{Seed: 2, Budget: 37})
		sum := testsim.Explore(testsim.Kernels()[1].Fixed, s, testsim.Search{})
		if sum.Executions > 37 {
			t.Errorf("%s ran %d executions, budget 37", n, sum.Executions)
		}
	}
}

func TestPortfolioFindsAndReports(t *testing.T) {
	for _, k := range testsim.Kernels() {
		p := strategy.NewPortfolio(strategy.Config{Seed: 3, Budget: 20000})
		sum := testsim.Explore(k.Bug, p, testsim.Search{Stop: true})
		if sum.First == nil {
			t.Errorf("%s: portfolio found nothing in %d executions", k.Name, sum.Executions)
		}
	}
	// Without dpor (or when it does not complete), every phase runs.
	p := strategy.NewClassicPortfolio(strategy.Config{Seed: 3, Budget: 3000})
	testsim.Explore(testsim.Kernels()[1].Fixed, p, testsim.Search{})
	r := p.Report()
	for _, want := range []string{"random", "pct", "pctvb", "exhaustive"} {
		if !strings.Contains(r, want) {
			t.Errorf("report %q lacks phase %s", r, want)
		}
	}
	t.Log(r)
	p = strategy.NewPortfolio(strategy.Config{Seed: 3, Budget: 3000})
	testsim.Explore(testsim.Kernels()[1].Fixed, p, testsim.Search{})
	r = p.Report()
	if !strings.Contains(r, "dpor") || !p.Proved() && !strings.Contains(r, "exhaustive") {
		t.Errorf("report %q: want a dpor phase, then either a proof or the other phases", r)
	}
	t.Log(r)
}

// TestVTReportsLemmaGuarantee checks the coverage statement of vt.
func TestVTReportsLemmaGuarantee(t *testing.T) {
	vt := strategy.NewVT(strategy.Config{Seed: 1, C: 1, Budget: 5})
	testsim.Explore(testsim.Kernels()[1].Fixed, vt, testsim.Search{})
	if c, _ := vt.Guarantee(); c != -1 {
		t.Errorf("after 5 executions guarantee c=%d, want none", c)
	}
	vt = strategy.NewVT(strategy.Config{Seed: 1, C: 1, Budget: 400})
	testsim.Explore(testsim.Kernels()[1].Fixed, vt, testsim.Search{})
	c, p := vt.Guarantee()
	if c != 1 || p < 0.99 {
		t.Fatalf("guarantee c=%d p=%.3f, want c=1 p>=0.99 (%s)", c, p, vt.Report())
	}
	if r := vt.Report(); !strings.Contains(r, "all 2-goroutine orderings at c ≤ 1 covered with p ≥ 0.99") {
		t.Errorf("report %q", r)
	}
}

func TestMetricsAndDeterminismWrappers(t *testing.T) {
	m := strategy.WithMetrics(strategy.NewRandom(strategy.Config{Seed: 1, Budget: 50}))
	sum := testsim.Explore(testsim.Kernels()[1].Bug, m, testsim.Search{})
	if m.M.Executions != 50 || m.M.Failures != sum.Failures || m.M.Steps == 0 || m.M.Preemptions == 0 {
		t.Errorf("metrics %+v, explored %d executions with %d failures", m.M, sum.Executions, sum.Failures)
	}
	c := strategy.WithDeterminismCheck(strategy.NewRandom(strategy.Config{Seed: 1, Budget: 20}), 2)
	testsim.Explore(testsim.Kernels()[3].Bug, c, testsim.Search{})
	if len(c.Divergences) != 0 {
		t.Errorf("deterministic program diverged at %v", c.Divergences)
	}
	c = strategy.WithDeterminismCheck(strategy.NewRandom(strategy.Config{Seed: 1, Budget: 20}), 2)
	testsim.Explore(nondeterministic(), c, testsim.Search{})
	if len(c.Divergences) == 0 {
		t.Error("injected nondeterminism not detected")
	}
}

// nondeterministic takes a different number of steps in each execution,
// as a program reading the clock would.
func nondeterministic() *testsim.Program {
	calls := 0
	return &testsim.Program{Name: "nondet", Body: func(g *testsim.G) {
		calls++
		a := testsim.NewVar(0, 0)
		testsim.Join(g, func(g *testsim.G) {
			for range calls % 3 {
				g.Inc(a)
			}
		})
	}}
}

// TestReplayRoundTrip replays recorded decisions under the recorded plan and
// gets the same trace, in both simulator modes.
func TestReplayRoundTrip(t *testing.T) {
	for _, every := range []bool{false, true} {
		o := testsim.Options{PickEveryStep: every}
		for _, k := range testsim.Kernels() {
			st := strategy.NewPCTVB(strategy.Config{Seed: 5, Budget: 30})
			var last *testsim.Result
			for i := 1; ; i++ {
				r, ok := testsim.Execute(k.Bug, st, i, o)
				if !ok {
					break
				}
				last = r
			}
			rp := strategy.NewReplay(last.Plan, last.Exec.Decisions)
			r, _ := testsim.Execute(k.Bug, rp, 1, o)
			if r.Exec.Hash != last.Exec.Hash || rp.Diverged {
				t.Errorf("%s everystep=%v: replay hash %x, recorded %x (diverged %v)", k.Name, every, r.Exec.Hash, last.Exec.Hash, rp.Diverged)
			}
		}
	}
}
