// Package explore drives the exploration of one test: it replays saved
// schedules, runs the configured strategy within the budget, checks every
// execution's oracles, and on failure verifies determinism, saves the
// schedule and reports it with the command that replays it.
//
// With VTBOUND_JSON it appends one result record per test (results.go);
// when coverage is measured the record carries the test's coverage file,
// the hook through which vtbound sweep learns coverage across nights
// (rt keeps no state between processes).
package explore

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/config"
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// driver explores one test.
type driver struct {
	t    *testing.T
	s    config.Settings
	body func()
	// subtests is set when a subtest of this test started its own
	// exploration during one of this test's executions.
	subtests atomic.Bool
	// eng is the engine of the exploration under way, so that a subtest
	// exploring on its own keeps the execution waiting for it in t.Run
	// from timing out (engine.Engine.BeginNested).
	eng atomic.Pointer[engine.Engine]
	// before is the process's state before the test's first execution,
	// to tell what a test that is not repeatable left behind.
	before *processState
	// marks are the failed marks of the test and its ancestors before its
	// first execution, to take back a failure that was not the test's
	// (unfail.go).
	marks []failMark
	// leaks are the accepted leaks (VTBOUND_IGNORE_LEAKS).
	leaks acceptedLeaks
	// loops are the background loops passing executions left (loops.go).
	loops loopsSeen
	// firstPass holds the scheduling decisions of the exploration's first
	// execution when it passed (passed says so).
	firstPass []int
	passed    bool
	// in is the input when the body is a fuzz target's function (Fuzz).
	in *fuzzInput
	// end is the end of the exploration's time (timeout.go).
	end budgetEnd
	// wallFloor is the latest wall clock of the explored ancestors'
	// executions when d began (enter).
	wallFloor time.Time
	// noWallPhase is set while a schedule file whose decisions do not
	// include the wall clock's phase replays (fromSchedule).
	noWallPhase bool
	// proof is what keeps the exploration from being a proof (complete.go).
	proof proofLimits
	// fresh is set while a failure found in a fresh process is reported,
	// freshRuns counts the executions run in fresh processes (fresh.go).
	fresh        bool
	freshRuns    int
	freshSkipped string // why the test was not explored in fresh processes
	// long is the exploration of a long test after a cut (long.go).
	long longTest
}

// running maps the names of tests being explored to their drivers, so that
// a subtest's exploration can tell its parent.
var running sync.Map // string -> *driver

// subtestClocks maps a test's name to the latest wall clock its subtests'
// explorations ended with (engine.Engine.WallNow), so that a later
// subtest, which may share state with them through the parent (a cache
// whose entries expire), starts no earlier.
var subtestClocks sync.Map // string -> time.Time

// enter registers d and tells every explored ancestor test that a subtest
// explores on its own; d's executions start their wall clock no earlier
// than the ancestors' and the earlier siblings' (engine.Limits.WallFloor).
// It returns the function that unregisters d.
func (d *driver) enter() func() {
	name := d.t.Name()
	var waiting []*engine.Engine
	for _, p := range runningAncestors(name) {
		p.subtests.Store(true)
		if e := p.eng.Load(); e != nil {
			e.BeginNested()
			waiting = append(waiting, e)
			if w := e.WallNow(); w.After(d.wallFloor) {
				d.wallFloor = w // the parent's clock never goes back
			}
		}
	}
	parent := name[:max(strings.LastIndexByte(name, '/'), 0)]
	if w, ok := subtestClocks.Load(parent); ok && w.(time.Time).After(d.wallFloor) {
		d.wallFloor = w.(time.Time) // a sibling's clock never goes back either
	}
	running.Store(name, d)
	return func() {
		if e := d.eng.Load(); e != nil {
			if w := e.WallNow(); w.After(d.wallFloor) {
				subtestClocks.Store(parent, w)
			}
		}
		running.Delete(name)
		for _, e := range waiting {
			e.EndNested()
		}
	}
}

// runningAncestors returns the drivers of the tests being explored whose
// subtest the test named name is, innermost first.
func runningAncestors(name string) []*driver {
	var ds []*driver
	for i := len(name) - 1; i > 0; i-- {
		if name[i] != '/' {
			continue
		}
		if p, ok := running.Load(name[:i]); ok {
			ds = append(ds, p.(*driver))
		}
	}
	return ds
}

// Active reports whether an exploration of t is under way (its driver is
// running, or the caller is one of its executions), so that a test
// function that explores itself through Test (see rt.Exploring) runs its
// body: in the exploration's executions, and when the exploration runs
// the body natively (an ancestor of a probed subtest).
func Active(t *testing.T) bool {
	if engine.Current() != nil {
		return true // in an execution (a probe's subtest passes its own t)
	}
	_, ok := running.Load(t.Name())
	return ok
}

// subtestFailed reports whether res failed through a subtest that explored
// (or replayed) and reported on its own: the failure is the subtest's,
// not this test's.
func (d *driver) subtestFailed(res *engine.Result) bool {
	return res.Outcome == sched.Failed && d.subtests.Load()
}

// Test runs body under exploration as described in package rt.
func Test(t *testing.T, body func(t *testing.T)) {
	t.Helper()
	run(t, body, nil)
}

// asBody returns body(t) as an execution's body: t is recorded as the
// body's T, so that functions registered with t.Cleanup run at the end of
// each execution (engine/cleanup.go).
func asBody(t *testing.T, body func(*testing.T)) func() {
	return func() {
		if g := engine.Current(); g != nil { // nil when run natively (probe.go)
			g.SetBodyT(t)
		}
		body(t)
	}
}

// run explores body; in is the fuzz input it runs on (nil for a test).
func run(t *testing.T, body func(t *testing.T), in *fuzzInput) {
	t.Helper()
	if engine.Current() != nil { // nested inside a running exploration
		body(t)
		return
	}
	s, err := config.FromEnv()
	if err != nil {
		t.Fatal(err)
	}
	d := &driver{t: t, s: s.ForInput(in != nil), body: asBody(t, body), in: in}
	defer d.enter()()
	defer d.writeResult(time.Now())()
	if path := os.Getenv(minimizeEnv); path != "" {
		runMinimizeChild(t, body, d, path, os.Getenv(minimizeOutEnv))
		return
	}
	d.failLoopsFrom(nil) // loops.go: a parent's
	if spec := os.Getenv(probeEnv); spec != "" {
		runProbeChild(t, body, d, spec, os.Getenv(probeOutEnv))
		return
	}
	if s.Replay != "" {
		d.replayFile(s.Replay, true)
		return
	}
	d.before, d.marks = snapshotProcess(), failMarks(t)
	if d.replaySaved() {
		return
	}
	d.explore()
}

func (d *driver) limits() engine.Limits {
	return engine.Limits{MaxSteps: d.s.MaxSteps, BreakStep: d.s.BreakStep, WakeWindow: d.s.WakeWindow, EarlyWakes: d.s.EarlyWakes, LoopFails: d.loopFails, WallFloor: d.wallFloor, NoWallPhase: d.noWallPhase}
}

// explore runs the configured strategy within the budget.
func (d *driver) explore() {
	d.t.Helper()
	start := time.Now()
	d.end = d.explorationEnd(start) // timeout.go
	deadline := d.end.at            // the time budget's end: owned here, passed to the strategy
	strat := d.newStrategy(deadline)
	lim := d.limits()
	lim.Deadline, lim.Overrun = deadline, d.end.overrun // an execution running long past it ends (engine/timebound.go)
	e := engine.New(d.withCoverage(strat), lim, d.t.Failed)
	d.eng.Store(e)
	var firstRace *engine.Result
	var idle heldLeak // idleleak.go
	n := 0
	defer d.noteExplore(strat)
	for ; d.s.Execs == 0 || n < d.s.Execs; n++ {
		if n > 0 && !deadline.IsZero() && time.Now().After(deadline) && !d.long.extends(time.Now()) {
			if d.end.shortened {
				d.warnShortened(n)
			}
			break
		}
		res, ok := e.Run(d.body)
		if !ok {
			break
		}
		d.acceptLeak(res)
		d.dropReleasedFailure(res) // bound.go
		d.noteExecution(res)
		d.proof.note(res)
		if res.Failure != nil {
			if d.subtestFailed(res) {
				return // a subtest failed: it was explored, and reported, on its own
			}
			if idle.hold(d, res, n) {
				continue // another schedule may fail otherwise (idleleak.go)
			}
			d.report(res, strat, n == 0)
			return
		}
		d.notePass(res, n)
		if r := d.noteLoops(res); r != nil && d.failScheduledLoop(r, strat) { // loops.go
			return
		}
		if res.Outcome == sched.StepBound {
			if d.longGoesOn(e, res, n, start) { // long.go
				continue
			}
			completed := n + 1 - d.long.cuts
			d.stepBoundWarning(res, n+1, completed)
			d.noteCut(res, completed) // results.go
			if completed == 0 {
				d.nativeVerdict(res) // bound.go
			}
			break
		}
		if d.long.on {
			d.long.completed()
		}
		if d.subtests.Load() {
			n++
			break // its subtests were explored on their own: run the parent once
		}
		if d.s.Races && len(res.RaceReports) > 0 && firstRace == nil {
			firstRace = res.Clone()
		}
		if n == d.long.cuts && res.Goroutines == 1 && len(res.Decisions) == 0 {
			n++
			break // a test that never starts a goroutine runs once
		}
	}
	if d.long.on {
		d.t.Log(d.long.line(d.t.Name()))
	}
	d.notePassedCuts(n) // long.go
	d.summarizeLeaks()
	d.summarizeLoops()
	if firstRace != nil {
		d.fail(firstRace, strat)
		return
	}
	if idle.res != nil {
		d.report(idle.res, strat, idle.first)
		return
	}
	d.completion(strat)
	if d.s.Verbose > 0 {
		d.t.Logf("vtbound: %s: %d executions in %v, no failure (%s, seed %d)%s",
			d.t.Name(), n, time.Since(start).Round(time.Millisecond), d.s.Strategy, d.s.Seed, coverageNote(strat))
	}
}

// newStrategy returns the configured strategy for an exploration whose time
// budget ends at deadline (zero: none).
func (d *driver) newStrategy(deadline time.Time) sched.Strategy {
	d.t.Helper()
	strat, err := strategy.New(d.s.Strategy, strategy.Config{
		Seed: d.s.Seed, Depth: d.s.Depth, V: bound(d.s.V), C: bound(d.s.C), T: d.s.T, L: d.s.L, Budget: d.s.Execs,
		Shard: d.s.Shard, Shards: d.s.Shards, Context: bound(d.s.Context), Deadline: deadline,
	})
	if err != nil {
		d.t.Fatalf("vtbound: VTBOUND_STRATEGY=%q: %v (accepted: %s)", d.s.Strategy, err, strings.Join(strategy.Names(), ", "))
	}
	if d.s.TrackAll || d.s.Track != nil {
		strat = &fixedTracking{Strategy: strat, all: d.s.TrackAll, names: d.s.Track}
	}
	return strat
}

// bound maps a VTBOUND_V/VTBOUND_C setting (-1 when not set) to
// strategy.Config, where 0 means "the strategy's default" and a negative
// value means an explicit 0.
func bound(v int) int {
	switch {
	case v < 0:
		return 0
	case v == 0:
		return -1
	}
	return v
}

func coverageNote(s sched.Strategy) string {
	if r, ok := s.(strategy.Reporter); ok {
		if txt := r.Report(); txt != "" {
			return "; " + txt
		}
	}
	return ""
}

// oracleName is the failure's name for reports and schedule files.
func oracleName(res *engine.Result) string {
	if res.Failure != nil {
		return res.Failure.Outcome.String()
	}
	return sched.Race.String()
}

// stepBoundWarning says that exploration stopped at the step bound, or at
// the time bound (engine/timebound.go).
func (d *driver) stepBoundWarning(res *engine.Result, n, completed int) {
	if res.TimeBound {
		raise := "VTBOUND_BUDGET raises the budget"
		if d.end.shortened {
			raise = "the budget was shortened to the test binary's -timeout share: go test -timeout raises it"
		}
		warnf("%s: execution %d was still running, after %d steps, %v past the time budget; it was ended there and exploration of this test stopped after %d executions, %d of them completed (%s)",
			d.t.Name(), res.N, len(res.Trace), d.end.overrunLimit(), n, completed, raise)
		d.t.Logf("vtbound: exploration stopped at the time bound after %d executions, %d of them completed", n, completed)
		return
	}
	how := ""
	if d.long.on {
		how = ", also as a long test (docs/model.md#long-tests)"
	}
	warnf("%s: execution %d reached the step bound while goroutines were still making progress%s; exploration of this test stopped after %d executions, %d of them completed (VTBOUND_MAXSTEPS raises the bound)",
		d.t.Name(), res.N, how, n, completed)
	d.t.Logf("vtbound: exploration stopped at the step bound after %d executions, %d of them completed", n, completed)
}

// minimizable reports whether a failure can be minimised: a livelock, a
// leak of busy-waiting goroutines (both reached at the step bound) or a
// timeout is about length, not about an interleaving.
func minimizable(res *engine.Result) bool {
	bound := res.Failure != nil && res.Failure.Bound
	return !bound && res.Outcome != sched.Livelock && res.Outcome != sched.Timeout
}

func strategyName(s sched.Strategy) string {
	if n, ok := s.(sched.Named); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", s)
}

// testDir is where this test's schedules are saved.
func (d *driver) testDir() string {
	return filepath.Join(d.s.Dir, filepath.FromSlash(d.name()))
}

// replayCommand is the shell command that replays the schedule at path.
func (d *driver) replayCommand(path string) string {
	dir, _ := os.Getwd()
	toolexec := ""
	if engine.Instrumented() {
		toolexec = " -toolexec=vtbound"
	}
	return fmt.Sprintf("cd %s && VTBOUND_REPLAY=%s go test%s -run='%s' -count=1 .", dir, path, toolexec, runPattern(d.runName()))
}
