package explore

import (
	"os"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/config"
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// Search explores body quietly, as rt.Search describes: the configured
// strategy (VTBOUND_STRATEGY, VTBOUND_SEED) for at most execs executions
// and d, stopping at the first execution in which body returns false. It
// replays, saves, minimises and reports nothing. In an execution (a nested
// call) and in a child process vtbound started (a probe, a schedule
// minimisation) it explores nothing and returns false.
func Search(t testing.TB, body func() bool, execs int, d time.Duration) bool {
	if engine.Current() != nil || os.Getenv(minimizeEnv) != "" || os.Getenv(probeEnv) != "" {
		return false
	}
	s, err := config.FromEnv()
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(d)
	strat, err := strategy.New(s.Strategy, strategy.Config{
		Seed: s.Seed, Depth: s.Depth, V: bound(s.V), C: bound(s.C), T: s.T, L: s.L, Budget: execs,
		Context: bound(s.Context), Deadline: deadline,
	})
	if err != nil {
		t.Fatalf("vtbound: VTBOUND_STRATEGY=%q: %v", s.Strategy, err)
	}
	lim := engine.Limits{MaxSteps: s.MaxSteps, WakeWindow: s.WakeWindow, EarlyWakes: s.EarlyWakes, Deadline: deadline}
	e := engine.New(strat, lim, nil)
	defer nestIn(t.Name())()
	for n := 0; n < execs && (n == 0 || time.Now().Before(deadline)); n++ {
		failed := false
		res, ok := e.Run(func() { failed = !body() })
		if !ok {
			return false // the strategy has nothing left to explore
		}
		if failed {
			return true
		}
		if res.Failure != nil {
			return false // another oracle: not what the caller searches
		}
	}
	return false
}

// nestIn tells the engines of the explored tests that are the test named
// name or its ancestors that a search of its own runs, which they wait
// for in t.Run (engine.Engine.BeginNested); it returns the function that
// says the search ended.
func nestIn(name string) func() {
	var waiting []*engine.Engine
	for _, p := range runningAncestors(name + "/") { // name itself too
		if e := p.eng.Load(); e != nil {
			e.BeginNested()
			waiting = append(waiting, e)
		}
	}
	return func() {
		for _, e := range waiting {
			e.EndNested()
		}
	}
}
