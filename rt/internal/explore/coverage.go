package explore

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// covTracker wraps the strategy of one test's exploration and measures
// its coverage (package coverage) from every finished execution; with a
// saturation bound it ends the exploration once coverage stops growing.
type covTracker struct {
	sched.Strategy
	t        *testing.T
	state    *coverage.State
	saturate int
	context  int // calling-context depth of HaPSet statements
	name     string
	stopped  bool
	switched bool // the strategy switches phases on saturation and decides the stop
}

// withCoverage returns strat wrapped to measure coverage when
// VTBOUND_COVERAGE, VTBOUND_VERBOSE or VTBOUND_SATURATE asks for it, and
// strat itself otherwise (no cost). The coverage is logged when the test
// ends.
func (d *driver) withCoverage(strat sched.Strategy) sched.Strategy {
	seeded := d.carryIn(strat) // VTBOUND_COVERAGE_FROM, VTBOUND_DPOR_STATE (carry.go)
	if d.s.Coverage == 0 && d.s.Verbose == 0 && d.s.Saturate == 0 {
		return strat
	}
	c := &covTracker{Strategy: strat, t: d.t, state: coverage.NewState(coverage.PrimAll), saturate: d.s.Saturate, context: d.s.Context, name: strategyName(strat)}
	if seeded != nil {
		c.state = seeded // coverage new in this run is new across runs
	}
	if d.s.Coverage > 0 || d.s.Verbose > 0 {
		d.t.Cleanup(c.log)
	}
	if r := d.lookupRecord(); r != nil {
		r.cov = c // its file goes into the VTBOUND_JSON record
	}
	if sw, ok := unwrapTracking(strat).(phaseSwitcher); ok && c.saturate > 0 {
		sw.SwitchOnSaturation(c.state, c.saturate, func(format string, args ...any) {
			c.t.Logf("vtbound: %s: %s", c.t.Name(), fmt.Sprintf(format, args...))
		})
		c.switched = true
	}
	return c
}

// phaseSwitcher is a strategy that itself leaves phases whose coverage
// saturated, and ends when its last phase did (the portfolio).
type phaseSwitcher interface {
	SwitchOnSaturation(s *coverage.State, n int, logf func(format string, args ...any))
}

// unwrapTracking returns the strategy inside VTBOUND_TRACK's wrapper.
func unwrapTracking(s sched.Strategy) sched.Strategy {
	if f, ok := s.(*fixedTracking); ok {
		return f.Strategy
	}
	return s
}

// Begin stops the exploration when coverage is saturated, unless the
// strategy switches phases on saturation: it then decides.
func (c *covTracker) Begin(p *sched.Plan) bool {
	if !c.switched && c.state.Stalled(c.saturate) {
		if !c.stopped {
			c.stopped = true
			c.t.Logf("vtbound: %s: coverage saturated: no new HaPSet entry or SP pair in the last %d executions; exploration stopped after %d executions (VTBOUND_SATURATE=%d)",
				c.t.Name(), c.saturate, c.state.Executions, c.saturate)
		}
		return false
	}
	if !c.Strategy.Begin(p) {
		return false
	}
	p.Context = max(p.Context, c.context)
	return true
}

// SparseView forwards the wrapped strategy's (sched.Sparse): coverage is
// measured from finished executions, not from Views.
func (c *covTracker) SparseView() bool { return sched.IsSparse(c.Strategy) }

// End measures the execution, then passes it on.
func (c *covTracker) End(x *sched.Execution) {
	c.state.Observe(x)
	c.Strategy.End(x)
}

// log prints the test's coverage.
func (c *covTracker) log() {
	if c.state.Executions == 0 {
		return
	}
	text := coverageText(c.t.Name(), c.name, c.state)
	if u := uiCounts(c.Strategy); u != nil {
		text += fmt.Sprintf("\n  unserializable interleavings (ctrigger): %d identified, %d pruned, %d forced (%d failed, %d benign)",
			u.Identified, u.Pruned, u.Forced, u.Failed, u.Benign)
	}
	c.t.Log(text)
}

// uiReporter is a strategy that measures unserializable-interleaving
// coverage: ctrigger, or a portfolio whose ctrigger phase ran.
type uiReporter interface {
	UICoverage() (strategy.UICoverage, bool)
}

// uiCounts returns the strategy's unserializable-interleaving counts in
// the coverage file's terms, or nil when it measures none.
func uiCounts(s sched.Strategy) *coverage.UICounts {
	r, ok := s.(uiReporter)
	if !ok {
		return nil
	}
	u, ok := r.UICoverage()
	if !ok {
		return nil
	}
	return &coverage.UICounts{Identified: u.Identified, Pruned: u.PrunedOrder + u.PrunedMutex, Forced: u.Forced, Failed: u.Failed, Benign: u.Benign}
}

// file returns the test's coverage in the versioned coverage-file format,
// with the unserializable-interleaving counts when the strategy has them.
func (c *covTracker) file() *coverage.File {
	f := c.state.File(c.t.Name(), siteName)
	f.UI = uiCounts(c.Strategy)
	return f
}

// coverageText renders a test's coverage: the summary line, then the SP
// requirements never covered, with their sites.
func coverageText(test, strat string, s *coverage.State) string {
	est, cov, un := s.Counts()
	var b strings.Builder
	fmt.Fprintf(&b, "vtbound: %s: coverage after %d executions (%s): %d HaPSet entries; SP requirements: %d estimated, %d covered, %d never covered, %d covered but not estimated; coverage last grew at execution %d",
		test, s.Executions, strat, s.H.Len(), est, cov, est-cov, un, s.Growth)
	for _, r := range s.Uncovered() {
		fmt.Fprintf(&b, "\n  never covered: %s -> %s", siteName(r.First), siteName(r.Then))
	}
	return b.String()
}

// siteName names a site as file:line, or by number when unregistered.
func siteName(site int32) string {
	if l := siteLine(site); l != "" {
		return l
	}
	return fmt.Sprintf("site %d", site)
}
