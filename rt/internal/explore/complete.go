package explore

import (
	"fmt"
	"strings"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// completion reports, for a strategy that knows (dpor), whether the
// exploration covered every trace of the test: "all N traces explored
// (complete)" is a proof for the test's inputs and tracked variables,
// printed only when nothing the search saw limits it (proofLimits);
// otherwise the line says what does. "explored N executions (incomplete,
// M backtrack points left)" says the budget, time or step bound ended it
// first.
func (d *driver) completion(strat sched.Strategy) {
	if ft, ok := strat.(*fixedTracking); ok {
		strat = ft.Strategy
	}
	c, ok := strategy.Completing(strat).(strategy.Completer)
	if !ok || d.subtests.Load() || d.t.Failed() {
		return
	}
	d.t.Helper()
	d.t.Log(completionLine(d.t.Name(), c, d.proof.reasons(d.s.WakeWindow)))
}

// completionLine renders c's state for test name; limits are what keeps
// a search that explored every trace from being a proof.
func completionLine(name string, c strategy.Completer, limits []string) string {
	complete, traces, execs, left := c.Completion()
	switch {
	case complete && len(limits) == 0:
		return fmt.Sprintf("vtbound: %s: all %d traces explored (complete)", name, traces)
	case complete:
		return fmt.Sprintf("vtbound: %s: all %d traces explored, not a proof: %s", name, traces, strings.Join(limits, "; "))
	}
	return fmt.Sprintf("vtbound: %s: explored %d executions (incomplete, %d backtrack points left)", name, execs, left)
}

// proofLimits collects, over a test's executions, what keeps a search
// that explored every trace from covering every behaviour Go allows.
type proofLimits struct {
	uncontrolled bool // uncontrolled code took part
	cut          bool // an execution was cut at the step or time bound
	wakesHeld    bool // a wake-up from the clock was held back from racing with work
	forced       bool // fairness picked a goroutine the strategy passed over (engine/fair.go)
	readWall     bool // the test read the wall clock
	stepless     bool // accesses ran without a scheduling point (pinned, world stopped)
	quiet        bool // a long test's operations took no scheduling point (long.go)
}

// note adds what execution res limits.
func (p *proofLimits) note(res *engine.Result) {
	p.uncontrolled = p.uncontrolled || res.Uncontrolled
	p.cut = p.cut || res.Outcome == sched.StepBound
	p.wakesHeld = p.wakesHeld || res.WakesHeld
	p.forced = p.forced || res.Forced
	p.readWall = p.readWall || res.ReadWall
	p.stepless = p.stepless || res.Stepless
	p.quiet = p.quiet || res.Plan.Quiet
}

// reasons tells the limits in words; window is VTBOUND_TIME's (negative:
// blocked; 0: the default).
func (p *proofLimits) reasons(window time.Duration) []string {
	var rs []string
	if p.wakesHeld {
		if window < 0 {
			rs = append(rs, "VTBOUND_TIME=blocked: sleeps, timers and deadlines ended only when no goroutine could run")
		} else {
			rs = append(rs, "a sleep, timer or deadline due beyond VTBOUND_TIME's window (or past its bound of early wake-ups per execution) did not race with work")
		}
	}
	if p.readWall {
		rs = append(rs, "the test read the wall clock, whose starting phase was tried at 2 instants (as it was, just before a whole second)")
	}
	if p.uncontrolled {
		rs = append(rs, "uncontrolled code took part (a goroutine waited on code vtbound does not control)")
	}
	if p.cut {
		rs = append(rs, "an execution was cut at the step or time bound")
	}
	if p.stepless {
		rs = append(rs, "accesses ran without a scheduling point (a goroutine pinned to its P, or a pool clean-up with the world stopped), which other goroutines may interleave natively")
	}
	if p.quiet {
		rs = append(rs, "a long test: after an execution reached the step bound, each execution tracked a few variables and took no scheduling point at most synchronisation operations")
	}
	if p.forced {
		rs = append(rs, "fairness ran a goroutine the search had passed over for tens of thousands of steps")
	}
	return rs
}
