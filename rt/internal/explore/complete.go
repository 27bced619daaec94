package explore

import (
	"fmt"

	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// completion reports, for a strategy that knows (dpor), whether the
// exploration covered every trace of the test: "all N traces explored
// (complete)" is a proof for the test's inputs and tracked variables;
// "explored N executions (incomplete, M backtrack points left)" says the
// budget, time or step bound ended it first.
func (d *driver) completion(strat sched.Strategy) {
	if ft, ok := strat.(*fixedTracking); ok {
		strat = ft.Strategy
	}
	c, ok := strategy.Completing(strat).(strategy.Completer)
	if !ok || d.subtests.Load() || d.t.Failed() {
		return
	}
	d.t.Helper()
	d.t.Log(completionLine(d.t.Name(), c))
}

// completionLine renders c's state for test name.
func completionLine(name string, c strategy.Completer) string {
	complete, traces, execs, left := c.Completion()
	if complete {
		return fmt.Sprintf("vtbound: %s: all %d traces explored (complete)", name, traces)
	}
	return fmt.Sprintf("vtbound: %s: explored %d executions (incomplete, %d backtrack points left)", name, execs, left)
}
