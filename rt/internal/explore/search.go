package explore

import (
	"os"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/config"
	"github.com/vtbound/vtbound/rt/internal/engine"
)

// Search explores body quietly, as rt.Search describes: the configured
// strategy (VTBOUND_STRATEGY, VTBOUND_SEED) for at most execs executions
// and d, stopping at the first execution in which body returns false. It
// replays, saves, minimises and reports nothing. In an execution (a nested
// call) and in a child process vtbound started (a probe, a schedule
// minimisation) it explores nothing and returns false.
func Search(t *testing.T, body func() bool, execs int, d time.Duration) bool {
	if engine.Current() != nil || os.Getenv(minimizeEnv) != "" || os.Getenv(probeEnv) != "" {
		return false
	}
	s, err := config.FromEnv()
	if err != nil {
		return false // rt.Test, which ran first, reported it
	}
	s.Execs = execs
	dr := &driver{t: t, s: s}
	deadline := time.Now().Add(d)
	lim := dr.limits()
	lim.Deadline = deadline
	e := engine.New(dr.newStrategy(deadline), lim, nil)
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
