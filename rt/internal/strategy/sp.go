package strategy

import (
	"fmt"
	"math/rand"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// SP is synchronization-pair coverage testing (sync-pair-coverage-tsa.txt,
// TSA): an estimation execution (a random schedule) whose thread model
// gives the SP requirements (AC1-AC4), then testing executions scheduled
// by the controller of Algorithm 1: a goroutine whose pending action could
// cover an uncovered requirement is paused (not picked) until every
// enabled goroutine is paused; then Rule 1, Rule 2 or Rule 3 (the
// estimation-based heuristic) resumes one. sp-h is SP without Rule 3: it
// resumes a random paused goroutine instead. Goroutines with nothing to
// pause are picked at random, so executions differ even when coverage is
// saturated. Candidates of a rule are tried in order of their site (the
// paper's walk-through order). Coverage is guidance, not a guarantee: it
// is not a proof that a bug is absent.
type SP struct {
	b         budget
	rng       *rand.Rand
	heuristic bool
	prims     coverage.Prim
	state     *coverage.State
	n         int
	preset    bool
	// lowest picks the lowest enabled goroutine instead of a random one
	// (the paper's walk-through, tests).
	lowest bool
	x      spExec
	stats  SPStats
	// log, when non-nil, records every iteration of the controller.
	log *[]SPEvent
}

// spExec is the controller state of the execution in progress.
type spExec struct {
	paused []pausedOp // in order of site, then goroutine
	last   map[spObj]int32
	prevAt []int // by goroutine: its previous step's index + 1
	seen   int
}

type spObj struct {
	class sched.Class
	obj   int32
}

type pausedOp struct {
	g  int
	op sched.Op
}

// SPStats counts what the controller did.
type SPStats struct {
	// Executions counts executions; FullAt is the first after which every
	// estimated requirement was covered (0: not yet).
	Executions, FullAt int
	// Rules counts the resumptions by Rule 1, 2, 3 (index 1..3; index 0
	// counts sp-h's random resumptions).
	Rules [4]int
}

// SPEvent is one iteration of Algorithm 1's loop: the goroutine p chosen
// from the enabled and not paused ones (0 if none), whether it was
// paused, the rule that resumed a paused goroutine (0: none applied) and
// which one, and whether p was then executed.
type SPEvent struct {
	G        int
	Site     int32
	Paused   bool
	Rule     int
	Resumed  int32 // site of the resumed action
	Executed bool
}

// NewSP returns the sp strategy; heuristic false gives sp-h.
func NewSP(c Config, heuristic bool) *SP {
	c = c.withDefaults()
	return &SP{
		b: budget{max: c.Budget}, rng: rand.New(rand.NewSource(c.Seed)), heuristic: heuristic,
		prims: coverage.PrimAll, state: coverage.NewState(coverage.PrimAll),
	}
}

// Name returns "sp" or "sp-h".
func (s *SP) Name() string {
	if s.heuristic {
		return "sp"
	}
	return "sp-h"
}

// Restrict makes SP count only the actions of prims.
func (s *SP) Restrict(prims coverage.Prim) {
	s.prims = prims
	s.state.Prims = prims
}

// Preset sets the requirements instead of estimating them: every
// execution is a testing execution.
func (s *SP) Preset(reqs []coverage.Req) {
	s.state.SetEstimate(reqs)
	s.preset = true
}

// SeedCoverage starts from the coverage of s, measured by earlier runs of
// the test (VTBOUND_COVERAGE_FROM): its covered pairs are not targeted
// again, and its estimated requirements join this run's estimate, so the
// controller pauses only for what is still uncovered. Call it before the
// search starts.
func (s *SP) SeedCoverage(from *coverage.State) {
	s.state.AddEstimate(from.Estimated)
	for r := range from.Covered {
		s.state.Covered[r] = true
	}
}

// Coverage returns the SP coverage so far.
func (s *SP) Coverage() *coverage.State { return s.state }

// Stats returns the controller's counters so far.
func (s *SP) Stats() SPStats { return s.stats }

// Begin starts the next execution.
func (s *SP) Begin(p *sched.Plan) bool {
	if !s.b.take() {
		return false
	}
	s.n++
	s.x = spExec{paused: s.x.paused[:0], last: map[spObj]int32{}, prevAt: s.x.prevAt[:0]}
	p.TrackAll, p.Track = true, nil
	if s.testing() {
		p.Label = fmt.Sprintf("%s testing execution %d", s.Name(), s.n)
	} else {
		p.Label = s.Name() + " estimation execution"
	}
	return true
}

// testing reports whether the current execution is a testing execution.
func (s *SP) testing() bool { return s.preset || s.n > 1 }

// Choose picks a random outcome.
func (s *SP) Choose(v *sched.View, n int) int {
	s.catchUp(v.Trace)
	return s.rng.Intn(n)
}

// End estimates the requirements after the estimation execution and
// records the pairs every execution covered.
func (s *SP) End(x *sched.Execution) {
	s.stats.Executions++
	m := coverage.NewModel(x.Trace, s.prims)
	if !s.testing() {
		s.state.AddEstimate(m.Estimate()) // a union with a seeded estimate
	}
	s.state.Cover(m.Satisfied())
	if s.stats.FullAt == 0 && len(s.state.Estimated) > 0 && len(s.state.Uncovered()) == 0 {
		s.stats.FullAt = s.stats.Executions
	}
}

// Report summarises the coverage.
func (s *SP) Report() string {
	est, cov, un := s.state.Counts()
	return fmt.Sprintf("%s: %d executions, SP requirements %d estimated, %d covered, %d covered unestimated; all covered at execution %d; rules 1/2/3 applied %d/%d/%d, random resumptions %d",
		s.Name(), s.stats.Executions, est, cov, un, s.stats.FullAt, s.stats.Rules[1], s.stats.Rules[2], s.stats.Rules[3], s.stats.Rules[0])
}

// Walk makes the controller deterministic, always choosing the lowest
// enabled goroutine that is not paused as the paper's walk-through does,
// and records every iteration of its loop into log.
func (s *SP) Walk(log *[]SPEvent) {
	s.lowest, s.log = true, log
}
