package strategy

import (
	"fmt"
	"math"
	"math/rand"
	"time"

	"github.com/vtbound/vtbound/rt/internal/ctrigger"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// CTriggerOptions tunes the ctrigger strategy. Zero fields take the
// defaults named below.
type CTriggerOptions struct {
	// Profile is the number of profiling (PCT) executions per round
	// (default 2).
	Profile int
	// Rounds bounds the profiling rounds (default 3). A new round starts
	// when every target is settled and the last round found new targets
	// or none has been found yet; the search ends otherwise.
	Rounds int
	// Attempts is the number of executions a target is tried in before it
	// is given up (default 2; the second uses a random base schedule).
	Attempts int
	// Hold bounds the scheduling decisions per target and execution in
	// which a goroutine is suspended (default 200).
	Hold int
}

func (o CTriggerOptions) withDefaults() CTriggerOptions {
	def := func(p *int, d int) {
		if *p <= 0 {
			*p = d
		}
	}
	def(&o.Profile, 2)
	def(&o.Rounds, 3)
	def(&o.Attempts, 2)
	def(&o.Hold, 200)
	return o
}

// UICoverage is the unserializable-interleaving coverage of one test: what
// the analysis identified and pruned, and what forcing achieved. Triples
// are static (site_p, site_c, site_r); cycles are lock-order cycles.
type UICoverage struct {
	Identified  int // unserializable triples identified by profiling
	PrunedOrder int // pruned by order synchronisation
	PrunedMutex int // pruned by mutual exclusion
	Feasible    int // not pruned
	Profiled    int // feasible and already exercised by a profiling execution
	Forced      int // exercised by a forcing execution
	Failed      int // of those, exercised by an execution that failed
	Benign      int // of those, exercised only by passing executions
	Unforced    int // given up after Attempts executions
	LockCycles  int // lock-order cycles identified
	LockPruned  int // of those, pruned by a gate lock
	Deadlocks   int // cycles forced into a deadlock
	LockMissed  int // cycles given up
	Profiling   int // profiling executions run
	Forcing     int // forcing executions run
}

// ctState is the state of one forcing target.
type ctState uint8

const (
	ctPending ctState = iota
	ctBenign
	ctFailed
	ctGivenUp
	ctProfiled // exercised by a later profiling round before it was forced
)

// ctTarget is a ranked triple or a lock-order cycle to force.
type ctTarget struct {
	ui       ctrigger.Ranked
	cycle    *ctrigger.Cycle
	attempts int
	state    ctState
}

func (t *ctTarget) String() string {
	if t.cycle != nil {
		return "lock cycle " + t.cycle.String()
	}
	return t.ui.Triple.String()
}

// CTrigger is the strategy of ctrigger-unserializable-interleavings.txt
// (see package ctrigger for the analysis): profiling executions under PCT,
// then one forcing execution per target, lock-order cycles first, then
// unserializable triples in rank order. A forcing execution suspends the
// goroutine that performed p just before c (or before the outermost lock
// around c) until another goroutine performs r on the same location, and
// suspends a goroutine about to perform r until some p has run; a
// suspension never leaves no goroutine to run and ends after Hold
// decisions. Once the target is exercised the execution goes on to the
// next pending target. Every execution is a schedule of the program, so a
// failure is a real bug.
type CTrigger struct {
	o         CTriggerOptions
	rng       *rand.Rand
	b         budget
	prof      *PCT
	an        ctrigger.Analysis
	profiling bool // the current execution profiles
	round     int
	profiled  int  // profiling executions in this round
	added     bool // the last round queued new targets
	targets   []*ctTarget
	known     map[string]bool
	cur       *ctTarget
	run       ctRun
	cov       UICoverage
	forced    []ctrigger.Triple
	deadline  time.Time // the end of the time budget (Config.Deadline)
	began     time.Time
	profTime  time.Duration // profiling executions and their analysis
	anTime    time.Duration // analysis alone
	allTime   time.Duration
}

// NewCTrigger returns the ctrigger strategy with default options.
func NewCTrigger(c Config) *CTrigger { return NewCTriggerWith(c, CTriggerOptions{}) }

// NewCTriggerWith returns the ctrigger strategy with options o.
func NewCTriggerWith(c Config, o CTriggerOptions) *CTrigger {
	c = c.withDefaults()
	pc := c
	pc.Budget = math.MaxInt
	return &CTrigger{o: o.withDefaults(), rng: rand.New(rand.NewSource(c.Seed)), b: budget{max: c.Budget},
		prof: NewPCT(pc), known: map[string]bool{}, added: true, deadline: c.Deadline,
		an: ctrigger.Analysis{Deadline: c.Deadline}}
}

// Name returns "ctrigger".
func (s *CTrigger) Name() string { return "ctrigger" }

// Begin runs the next profiling execution, or the next forcing execution,
// starting a new profiling round when every target is settled.
func (s *CTrigger) Begin(pl *sched.Plan) bool {
	if !s.b.take() {
		return false
	}
	s.began = time.Now()
	for {
		if s.round == 0 || s.profiling && s.profiled < s.o.Profile {
			return s.beginProfile(pl)
		}
		if s.profiling {
			s.queueTargets()
			d := time.Since(s.began)
			s.profTime, s.anTime, s.allTime, s.began = s.profTime+d, s.anTime+d, s.allTime+d, time.Now()
		}
		if t := s.nextTarget(); t != nil {
			s.beginForce(pl, t)
			return true
		}
		if s.round >= s.o.Rounds || !s.added && len(s.targets) > 0 || s.late(s.o.Profile+1) {
			return false
		}
		s.profiling, s.profiled = true, 0
		s.round++
	}
}

func (s *CTrigger) beginProfile(pl *sched.Plan) bool {
	if s.round == 0 {
		s.round = 1
	}
	s.profiling = true
	s.profiled++
	s.cov.Profiling++
	s.prof.Begin(pl)
	pl.Label = fmt.Sprintf("ctrigger profile %d/%d (round %d), %s", s.profiled, s.o.Profile, s.round, pl.Label)
	return true
}

// queueTargets ends a profiling round: the new cycles, then the new ranked
// triples, join the targets.
func (s *CTrigger) queueTargets() {
	s.profiling, s.added = false, false
	for _, t := range s.targets {
		if t.state == ctPending && t.cycle == nil && s.an.ExercisedByProfiling(t.ui.Triple) {
			t.state = ctProfiled
		}
	}
	cycles, _ := s.an.Cycles()
	for i := range cycles {
		if k := "cycle " + cycles[i].String(); !s.known[k] {
			s.known[k], s.added = true, true
			s.targets = append(s.targets, &ctTarget{cycle: &cycles[i]})
		}
	}
	for _, r := range s.an.Ranked() {
		if k := r.Triple.String(); !s.known[k] {
			s.known[k], s.added = true, true
			s.targets = append(s.targets, &ctTarget{ui: r})
		}
	}
}

// nextTarget returns the first pending target, cycles before triples.
func (s *CTrigger) nextTarget() *ctTarget {
	for _, want := range []bool{true, false} {
		for _, t := range s.targets {
			if t.state == ctPending && (t.cycle != nil) == want {
				return t
			}
		}
	}
	return nil
}

func (s *CTrigger) beginForce(pl *sched.Plan, t *ctTarget) {
	s.cur = t
	s.cov.Forcing++
	var queue []*ctTarget
	if t.cycle == nil {
		for _, u := range s.targets {
			if u.state == ctPending && u.cycle == nil {
				queue = append(queue, u)
			}
		}
	}
	s.run.reset(t, queue, s.o.Hold, t.attempts > 0, s.rng)
	pl.TrackAll, pl.Track = true, nil
	pl.Label = fmt.Sprintf("ctrigger force %s (attempt %d)", t, t.attempts+1)
}

// Pick follows PCT while profiling and the forcing rules otherwise.
func (s *CTrigger) Pick(v *sched.View) int {
	if s.profiling {
		return s.prof.Pick(v)
	}
	return s.run.pick(v)
}

// Choose returns a random outcome.
func (s *CTrigger) Choose(v *sched.View, n int) int { return s.rng.Intn(n) }

// late reports whether n more executions, at the mean duration of the
// executions so far (with their analysis), would end after the deadline:
// a profiling round that cannot finish is not started.
func (s *CTrigger) late(n int) bool {
	runs := s.cov.Profiling + s.cov.Forcing
	if s.deadline.IsZero() || runs == 0 {
		return false
	}
	return time.Now().Add(s.allTime / time.Duration(runs) * time.Duration(n)).After(s.deadline)
}

// End analyses a profiling trace or settles the targets a forcing
// execution exercised. An execution cut at the step bound is neither
// analysed nor used to settle targets: its trace is an arbitrary prefix
// (the exploration stops after it), and a profile is not analysed once
// the deadline has passed, since no execution would use it. Nor is a long
// test's quiet execution (sched.Execution.Quiet): its trace holds lock
// acquisitions without their releases, whose lock-order cycles the
// analysis would enumerate for minutes (puzpuzpuz/xsync's
// TestMapParallelComputes ran its binary into go test's -timeout).
func (s *CTrigger) End(x *sched.Execution) {
	defer s.clock(s.profiling)
	cut := x.Outcome == sched.StepBound || x.Quiet
	if s.profiling {
		s.prof.End(x)
		if cut || !s.deadline.IsZero() && time.Now().After(s.deadline) {
			return
		}
		t0 := time.Now()
		s.an.Add(x.Trace)
		s.anTime += time.Since(t0)
		return
	}
	failed := x.Outcome != sched.OK && x.Outcome != sched.StepBound && x.Outcome != sched.Race
	if cut {
		s.retry(s.cur)
		return
	}
	if t := s.cur; t.cycle != nil {
		s.settleCycle(t, x.Outcome)
		return
	}
	ex := ctrigger.Exercised(x.Trace)
	for _, t := range s.targets {
		if t.state != ctPending || t.cycle != nil || !ex[t.ui.Triple] {
			continue
		}
		t.state = ctBenign
		if failed {
			t.state = ctFailed
		}
		s.forced = append(s.forced, t.ui.Triple)
	}
	s.retry(s.cur)
}

// clock adds the time since Begin to the totals.
func (s *CTrigger) clock(profiling bool) {
	d := time.Since(s.began)
	s.allTime += d
	if profiling {
		s.profTime += d
	}
}

// Times returns the wall-clock time spent in profiling executions and
// their analysis, in the analysis alone (identification, pruning, ranking,
// lock-order cycles), and in all executions, measured from Begin to End.
func (s *CTrigger) Times() (profiling, analysis, total time.Duration) {
	return s.profTime, s.anTime, s.allTime
}

func (s *CTrigger) settleCycle(t *ctTarget, o sched.Outcome) {
	if o == sched.Deadlock || o == sched.Leak {
		t.state = ctFailed
		return
	}
	s.retry(t)
}

// retry counts a failed attempt at t and gives it up after Attempts.
func (s *CTrigger) retry(t *ctTarget) {
	if t.state != ctPending {
		return
	}
	t.attempts++
	if t.attempts >= s.o.Attempts {
		t.state = ctGivenUp
	}
}

// UICoverage returns the coverage reached so far (see Portfolio.UICoverage).
func (s *CTrigger) UICoverage() (UICoverage, bool) { return s.Coverage(), true }

// Coverage returns the coverage reached so far.
func (s *CTrigger) Coverage() UICoverage {
	c := s.cov
	n := s.an.Counts()
	c.Identified, c.PrunedOrder, c.PrunedMutex = n.Identified, n.PrunedOrder, n.PrunedMutex
	c.Feasible, c.Profiled = n.Feasible, n.Exercised
	cycles, pruned := s.an.Cycles()
	c.LockCycles, c.LockPruned = len(cycles)+pruned, pruned
	for _, t := range s.targets {
		if t.cycle == nil && s.an.ExercisedByProfiling(t.ui.Triple) {
			c.Profiled-- // counted below by the target's state
		}
		switch {
		case t.state == ctProfiled:
			c.Profiled++
		case t.cycle != nil && t.state == ctFailed:
			c.Deadlocks++
		case t.cycle != nil && t.state == ctGivenUp:
			c.LockMissed++
		case t.cycle != nil:
		case t.state == ctBenign:
			c.Forced++
			c.Benign++
		case t.state == ctFailed:
			c.Forced++
			c.Failed++
		case t.state == ctGivenUp:
			c.Unforced++
		}
	}
	return c
}

// ForcedTriples lists the triples exercised by forcing executions, in the
// order they were settled.
func (s *CTrigger) ForcedTriples() []ctrigger.Triple { return s.forced }

// Analysis returns the analysis of the profiling executions so far.
func (s *CTrigger) Analysis() *ctrigger.Analysis { return &s.an }

// Report summarises the coverage.
func (s *CTrigger) Report() string {
	c := s.Coverage()
	return fmt.Sprintf("ctrigger: %d unserializable interleavings identified, %d pruned by order, %d by mutual exclusion; "+
		"%d feasible (%d exercised while profiling), %d forced (%d failed, %d benign), %d given up; "+
		"lock order: %d cycles (%d pruned by a gate lock), %d forced into deadlock, %d given up; "+
		"%d profiling + %d forcing executions",
		c.Identified, c.PrunedOrder, c.PrunedMutex, c.Feasible, c.Profiled, c.Forced, c.Failed, c.Benign, c.Unforced,
		c.LockCycles, c.LockPruned, c.Deadlocks, c.LockMissed, c.Profiling, c.Forcing)
}
