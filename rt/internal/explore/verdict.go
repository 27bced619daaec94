package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Verdicts. No oracle lives here: the oracles (the engine's, and replay
// divergence, divergence.go) say that an execution failed; classify
// decides whether that failure is an interleaving bug, reported with a
// saved schedule, or a failure on every schedule or one that is not
// repeatable in one process, reported as such (docs/verdicts.md).

// verdictKind says whether a failure found by exploration is an
// interleaving bug.
type verdictKind int

const (
	// interleavingBug: the schedule matters (or it could not be shown not
	// to); reported with (c,v,t), a saved schedule and a replay command.
	interleavingBug verdictKind = iota
	// everySchedule: the failure occurs on the exploration's first
	// schedule, on the non-preemptive ones and on every other one tried.
	everySchedule
	// notRepeatable: the failing schedule passes as the first execution of
	// a fresh process, so the failure depends on state earlier executions
	// left in the process.
	notRepeatable
	// passesNatively: the failure occurs on every schedule tried, yet the
	// test passes when run natively (without exploration) in a fresh
	// process: vtbound's model of what the test does differs from Go's
	// (a clock read around the model, say), so the failure says nothing
	// about the program and the test keeps its native verdict.
	passesNatively
)

// verdict is the classification of one failure.
type verdict struct {
	kind verdictKind
	why  string // how it was decided, for the report
	// earlier says a failure of the exploration's first execution is not
	// repeatable: it depends on state earlier tests left (see
	// afterEarlierTests), so it is excused as a later execution's is.
	earlier bool
}

// otherSchedules is how many executions each of the three explorations
// (non-preemptive, random, PCT) that look for a passing schedule runs at most, within
// probeTime, before a failure of the first execution is called independent
// of the schedule.
const otherSchedules = 100

// classify decides whether a fatal failure found by exploration depends on
// the schedule. first says the failing execution was the exploration's
// first one.
//
// The rule: a failure after the first execution passed, with the same
// scheduling decisions as that one (a prefix of them: the failure ended
// the execution early), is not repeatable in one process. Otherwise the
// failing schedule is replayed as the first execution of a
// fresh process. If it passes there, following the recorded decisions
// exactly (the trace may differ: the process's state does), the failure is not repeatable in one process. If it fails with
// the same oracle and the failing execution was the first one, three short
// explorations (the non-preemptive schedules, random and PCT) run in fresh
// processes; if every execution of all three fails with the same oracle, the
// failure occurs on every schedule tried.
// Anything else — a passing schedule, another oracle, a diverging replay,
// a probe that cannot run — leaves it an interleaving bug, as before.
func (d *driver) classify(res *engine.Result, first bool) verdict {
	if res.Failure == nil || res.Outcome == sched.Timeout || !d.childrenAllowed() {
		return verdict{} // races are interleaving bugs; a timed-out body is not run again; a fuzzing worker saves unclassified
	}
	if !first && d.passed && isPrefix(res.Decisions, d.firstPass) {
		return verdict{kind: notRepeatable, why: fmt.Sprintf(
			"execution %d failed after making the same scheduling decisions as the first execution, which passed", res.N) +
			" (unless it depends on nondeterminism outside the scheduler: map order, time, randomness)"}
	}
	again, err := d.probeReplay(res)
	if err != nil {
		warnf("%s: cannot re-run the failing schedule in a fresh process: %v", d.t.Name(), err)
		return verdict{}
	}
	oracle := oracleName(res)
	switch {
	case again.passed() && again.Exact:
		return verdict{kind: notRepeatable, earlier: first, why: fmt.Sprintf(
			"execution %d failed in this process, but its scheduling decisions, followed exactly, pass as the first execution of a fresh process", res.N)}
	case again.passed() && !first:
		return divergedPass(res) // repeatable.go
	case again.passed():
		return d.afterEarlierTests(oracle)
	case again.Oracle != oracle || !first:
		return verdict{}
	}
	return d.nativeCheck(res, d.everySchedule(oracle))
}

// inBody reports whether res failed while the test body (G1) ran: a
// panic of the body itself, or a test failure recorded before the body
// returned, by any goroutine (the function testing/synctest.Test runs in
// its bubble is another goroutine). A native run shows such a failure
// every time, where a panic of another goroutine, or a failure after the
// body returned, races with the test binary's exit (the process may end
// before the goroutine runs).
func inBody(res *engine.Result) bool {
	f := res.Failure
	if f == nil || res.Outcome == sched.Panicked && f.G > 1 {
		return false
	}
	exit := slices.IndexFunc(res.Trace, func(st sched.Step) bool { return st.G == 1 && st.Op.Kind == sched.OpExit })
	return exit < 0 || res.Outcome == sched.Panicked || res.FailedBy == 0 || exit >= res.FailedBy-engine.FailedBySlack
}

// nativeCheck runs a test whose failure v occurs on every schedule once
// natively, in a fresh process, when a native run shows it every time (a
// test failure or a panic in the body: a leak passes and a deadlock hangs
// natively, see inBody for the rest), and makes it passesNatively when
// that run passes.
func (d *driver) nativeCheck(res *engine.Result, v verdict) verdict {
	if v.kind != everySchedule || res.Outcome != sched.Failed && res.Outcome != sched.Panicked || !inBody(res) {
		return v
	}
	p, err := d.probe(nativeProbe)
	if err != nil || !p.passed() {
		return v
	}
	return verdict{kind: passesNatively, why: v.why + "; yet run once natively (without exploration) in a fresh process, the test passes"}
}

// everySchedule runs three short explorations — the non-preemptive
// schedules (exhaustive search at c = 0), random and PCT, seeds after the
// test's — each started in a fresh process, and returns the verdict
// "fails on every schedule" when every execution of all three fails with
// oracle; otherwise an interleaving bug.
func (d *driver) everySchedule(oracle string) verdict {
	ps, ok := d.probeOthers(3, otherSchedules, func(p probeResult) bool { return p.Oracle == oracle && p.Same })
	if !ok {
		return verdict{}
	}
	var tried []string
	for i, p := range ps {
		label := probeStrategies[i]
		if label == "exhaustive" {
			label = "non-preemptive"
		}
		tried = append(tried, fmt.Sprintf("%s: %d executions, %d distinct traces", label, p.Runs, p.Distinct))
	}
	return verdict{kind: everySchedule, why: fmt.Sprintf(
		"the exploration's first execution failed; so did its decisions replayed in a fresh process, and every execution of three more explorations, each started in a fresh process (%s)",
		strings.Join(tried, "; "))}
}

// afterEarlierTests decides on a failure of the exploration's first
// execution whose decisions, replayed in a fresh process, took another
// path and passed: either the process's state made the difference (what
// earlier tests left: a package-level pool holding goroutines their
// executions released, say) or the replay diverged for a reason outside
// the scheduler (map order, randomness) and the failure is an
// interleaving bug after all. freshFirsts first executions of other
// schedules (non-preemptive, random, PCT), each in a fresh process of its
// own (a later execution of a process would see what earlier ones left),
// look for the failure; if none shows it, it is not repeatable in one
// process.
func (d *driver) afterEarlierTests(oracle string) verdict {
	if _, ok := d.probeOthers(freshFirsts, 1, probeResult.passed); !ok {
		return verdict{}
	}
	return verdict{kind: notRepeatable, earlier: true, why: fmt.Sprintf(
		"the exploration's first execution failed in this process (%s), after the earlier tests; its decisions, replayed in a fresh process, took another path and passed, and so did the first executions of %d other schedules, each in a fresh process",
		oracle, freshFirsts)}
}

// probeStrategies are the strategies of probeOthers' explorations, in
// turn: the non-preemptive schedules (exhaustive search at c = 0), random
// and PCT.
var probeStrategies = []string{"exhaustive", "random", "pct"}

// probeOthers runs n explorations of other schedules, each of up to runs
// executions and in a fresh process of its own, the i-th with strategy
// probeStrategies[i mod 3] and seed VTBOUND_SEED+i+1. It stops at the
// first whose result want rejects, or that cannot run (with a warning),
// and reports whether every one was accepted.
func (d *driver) probeOthers(n, runs int, want func(probeResult) bool) ([]probeResult, bool) {
	var ps []probeResult
	for i := range n {
		name := probeStrategies[i%len(probeStrategies)]
		p, err := d.probe(fmt.Sprintf("%s:%d:%d", name, d.s.Seed+int64(i)+1, runs))
		if err != nil {
			warnf("%s: cannot run other schedules in a fresh process: %v", d.t.Name(), err)
			return ps, false
		}
		if !want(p) {
			return ps, false
		}
		ps = append(ps, p)
	}
	return ps, true
}

// freshFirsts is how many first executions of other schedules, each in a
// fresh process, afterEarlierTests runs.
const freshFirsts = 6

// notePass records the decisions of the exploration's first execution
// (its n is 0) when it passed.
func (d *driver) notePass(res *engine.Result, n int) {
	if n == 0 && res.Failure == nil {
		d.firstPass, d.passed = slices.Clone(res.Decisions), true
	}
}

// isPrefix reports whether p is a prefix of s.
func isPrefix(p, s []int) bool {
	return len(p) <= len(s) && slices.Equal(p, s[:len(p)])
}

// report reports a fatal failure found by exploration as what classify
// finds it to be. first says it ended the exploration's first execution.
func (d *driver) report(res *engine.Result, strat sched.Strategy, first bool) {
	d.t.Helper()
	if v := d.classify(res, first); v.kind != interleavingBug {
		if v.kind == notRepeatable {
			if d.failFresh(strat) { // fresh.go
				return
			}
			v.why += "; " + d.freshSummary()
		}
		if d.excusable(v, first) { // repeatable.go
			d.warnNotRepeatable(res, v)
			return
		}
		if d.idleLeak(res, v) { // idleleak.go
			return
		}
		d.reportVerdict(res, v)
		return
	}
	d.fail(res, strat)
}

// reportVerdict reports a failure that is not an interleaving bug: once,
// without (c,v,t), saved schedule or replay command.
func (d *driver) reportVerdict(res *engine.Result, v verdict) {
	d.t.Helper()
	d.emit(d.verdictReport(res, v))
}
