package strategy_test

import (
	"fmt"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/strategy"
	"github.com/vtbound/vtbound/rt/internal/strategy/internal/testsim"
)

// find explores k's buggy program with the named strategy until it fails.
func find(t *testing.T, name string, c strategy.Config, p *testsim.Program) testsim.Summary {
	return findIn(t, name, c, p, testsim.Options{})
}

// findIn is find with simulator options.
func findIn(t *testing.T, name string, c strategy.Config, p *testsim.Program, o testsim.Options) testsim.Summary {
	t.Helper()
	st, err := strategy.New(name, c)
	if err != nil {
		t.Fatal(err)
	}
	return testsim.Explore(p, st, testsim.Search{Stop: true, SkipPrep: true, Options: o})
}

// minimize runs the minimiser on a failing result and returns its best.
func minimize(t *testing.T, r *testsim.Result, p *testsim.Program) (strategy.Found, *strategy.Minimizer) {
	return minimizeIn(t, r, p, testsim.Options{})
}

func minimizeIn(t *testing.T, r *testsim.Result, p *testsim.Program, o testsim.Options) (strategy.Found, *strategy.Minimizer) {
	t.Helper()
	m := strategy.NewMinimizer(r.Plan, &r.Exec, 3000, 1)
	testsim.Explore(p, m, testsim.Search{Options: o})
	return m.Best(), m
}

// TestKernelsFoundAndMinimised: every kernel is found by pctvb, vt and
// exhaustive, and minimisation reports kernels.md's (c,v,t). The simulator
// runs as the engine does (Pick only among several enabled goroutines) and,
// as a second mode, with a Pick at every scheduling point.
func TestKernelsFoundAndMinimised(t *testing.T) {
	for _, every := range []bool{false, true} {
		t.Run(fmt.Sprintf("everystep=%v", every), func(t *testing.T) {
			kernelsFoundAndMinimised(t, testsim.Options{PickEveryStep: every})
		})
	}
}

func kernelsFoundAndMinimised(t *testing.T, o testsim.Options) {
	strategies := []struct {
		name string
		cfg  strategy.Config
	}{
		// vt-fig10, a (2,2,3) bug, needs one of the 5! orders of its five
		// priority fragments and two specific change points: ~1e5
		// executions for pctvb, hence the budgets.
		{"pctvb", strategy.Config{Seed: 1, Budget: 400000}},
		{"vt", strategy.Config{Seed: 1, Budget: 400000}},
		{"exhaustive", strategy.Config{Seed: 1, T: 3, Budget: 100000}},
	}
	for _, k := range testsim.Kernels() {
		for _, s := range strategies {
			t.Run(k.Name+"/"+s.name, func(t *testing.T) {
				sum := findIn(t, s.name, s.cfg, k.Bug, o)
				if sum.First == nil {
					t.Fatalf("not found in %d executions", sum.Executions)
				}
				if got := sum.First.Exec.Outcome; got != k.Outcome {
					t.Fatalf("outcome %v (%s), want %v", got, sum.First.Message, k.Outcome)
				}
				best, m := minimizeIn(t, sum.First, k.Bug, o)
				want := strategy.CVT{C: k.Want[0], V: k.Want[1], T: k.Want[2]}
				if best.CVT != want {
					t.Errorf("minimised %v, want %v (%s)", best.CVT, want, m.Report())
				}
				t.Logf("found at execution %d; %s", sum.FoundAt, m.Report())
			})
		}
	}
}
