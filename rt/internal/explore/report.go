package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/report"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// This file assembles a failure's report.Report and reports it: through
// testing.T as text, and in the test's VTBOUND_JSON record as a value.

// emit reports r: its text through the test, r itself in the test's
// result record.
func (d *driver) emit(r *report.Report) {
	d.t.Helper()
	text := r.Text()
	d.noteReport(r, text)
	d.t.Error(text)
}

// fail checks determinism, saves the schedule, minimises it and reports
// the failure with the smallest (c,v,t) schedule found.
func (d *driver) fail(res *engine.Result, strat sched.Strategy) {
	d.t.Helper()
	r := d.bugReport(res, strat)
	if r.ScheduleError == "" {
		d.noteFailure(r.ReplaySchedule())
	}
	d.emit(r)
}

// bugReport checks determinism, saves the schedule, minimises it and
// returns the report of the interleaving bug res, found by strat.
func (d *driver) bugReport(res *engine.Result, strat sched.Strategy) *report.Report {
	divergence := ""
	if res.Outcome != sched.Failed && res.Outcome != sched.Timeout && !d.fresh {
		// A failure reported through testing.T would be reported again by
		// the replay, so only engine-detected failures are re-checked; and
		// after a timeout a goroutine of the test is still stuck, so the
		// body is never run again (nor minimised).
		divergence = d.checkDeterminism(res)
	}
	found := strategy.Characterize(res.Trace)
	sf := d.failedSchedule(res, strat, found)
	r := d.storyReport(report.Bug, res, sf, divergence)
	path, err := d.writeSchedule(sf)
	if err != nil {
		tellStory(r, newStory(res))
		r.ScheduleError = err.Error()
		return r
	}
	d.tell(r, res, path, found, divergence)
	return r
}

// failedSchedule is the schedule file of the failing execution res,
// found by strat, of (c,v,t) found.
func (d *driver) failedSchedule(res *engine.Result, strat sched.Strategy, found strategy.CVT) *schedfile.Schedule {
	sf := &schedfile.Schedule{
		Test: d.name(), Oracle: oracleName(res), Strategy: res.Label, Seed: d.s.Seed,
		Execution: res.N, CVT: cvtOf(found).String(),
		Hash: res.Hash, Decisions: res.Decisions, WallPhase: true, Trace: toFileTrace(res.Trace),
		Comments: interleaving(res.Trace, res.Heap),
	}
	withPlan(sf, res.Plan)
	if res.Label == "" {
		sf.Strategy = strategyName(strat)
	}
	d.annotateStory(sf, newStory(res))
	return sf
}

// storyReport starts the report of a failure told as a story (an
// interleaving bug, or a replayed schedule that still fails): the failing
// execution res as sf records it (oracle, strategy, seed, execution) and
// the first difference of a replay that did not reproduce it, if any. The
// story's parts are told by tellStory.
func (d *driver) storyReport(kind report.Kind, res *engine.Result, sf *schedfile.Schedule, divergence string) *report.Report {
	r := &report.Report{
		Kind: kind, Test: d.t.Name(), Oracle: sf.Oracle, Uncontrolled: res.Uncontrolled, Long: res.Plan.Quiet, Nondeterminism: divergence,
		Found:        &report.Found{Strategy: sf.Strategy, Seed: sf.Seed, Execution: sf.Execution, TraceHash: hashString(res.Hash)},
		Interleaving: foundSteps(res.Trace, res.Heap),
	}
	if f := res.Failure; f != nil {
		r.Message = f.Message
		if f.Stack != "" {
			r.Stack = stackLines(f.Stack)
		}
	}
	return r
}

// tellStory fills what r tells of the story st: its sentence and the
// steps it names, the goroutine its failure names, its goroutines, its
// conflicting accesses and its races.
func tellStory(r *report.Report, st story) {
	r.Sentence, r.Named, r.G = st.sentence, oneBased(st.named), st.blamed()
	r.Goroutines = goroutinesOf(st.res.States)
	r.Conflicts = oneBased(slices.Sorted(slices.Values(conflicting(st.res.Trace))))
	r.Races = racesOf(st.res.RaceReports, st.res.Trace)
	raceFirst(r, st.res)
	r.Timing = timingOf(st.res)
	if st.res.Phase != engine.PhaseAsIs {
		r.WallPhase = st.res.Phase.String()
	}
}

// raceFirst makes a data race the headline of the report of an execution
// that also failed otherwise (a leak, a deadlock, a failed assertion, a
// panic): the race is a bug Go's race detector reports on its own, and
// the likelier cause of the rest (a goroutine that read a flag unordered
// with its write and so never received, say). The failure follows it in
// the message and in the sentence, and Findings lists both.
func raceFirst(r *report.Report, res *engine.Result) {
	if !failedOtherwise(res) || len(r.Races) == 0 {
		return
	}
	failure := report.Finding{Oracle: r.Oracle, Message: r.Message} // as the failing execution had it
	if len(r.Findings) == 2 {
		failure = r.Findings[1] // told again (the minimised story)
	}
	race := r.Races[0]
	raceMsg := sideWords(race.First) + " and " + sideWords(race.Later)
	r.Findings = []report.Finding{{Oracle: sched.Race.String(), Message: raceMsg}, failure}
	r.Oracle = sched.Race.String()
	r.Message = raceMsg + "; then " + failure.Oracle
	if failure.Message != "" {
		r.Message += ": " + failure.Message
	}
}

// sideWords names one side of a race: "G2's write of c.n at f.go:3".
func sideWords(s report.RaceSide) string {
	what := s.Op.Kind
	if s.Op.Var != "" {
		what += " of " + s.Op.Var
	}
	if s.Op.Site != nil {
		what += " at " + s.Op.Site.Where()
	}
	return fmt.Sprintf("G%d's %s", s.G, what)
}

// tell minimises the failure when it can and tells the story in r: the
// minimised execution when minimisation saved a smaller schedule,
// otherwise the failing one. path is the saved schedule of the failing
// execution.
func (d *driver) tell(r *report.Report, res *engine.Result, path string, found strategy.CVT, divergence string) {
	st, replay := newStory(res), path
	r.CVT, r.Schedule = cvtOf(found), path
	if divergence == "" && minimizable(res) && d.childrenAllowed() && !d.fresh {
		m, mst, mpath := d.reportMinimized(res, path, found)
		r.Minimisation = m
		if mst != nil {
			st, replay = *mst, mpath
		}
	}
	tellStory(r, st)
	if len(r.Timing) > 0 && d.untimed(st.res) {
		r.Timing = nil
	}
	if minimizable(res) {
		r.Steps = st.shown()
	}
	r.Replay = d.replayCommand(replay)
}

// untimed reports whether the failure of res also happens where no wake-up
// races with work: the test's schedule without preemptions, run in a fresh
// process with VTBOUND_TIME=blocked, fails the same way (a schedule with
// preemptions may fail otherwise first). Such a failure is not labelled
// timing-dependent, although the execution that found it had an early
// wake-up (a leak of spinners that happens on every schedule).
func (d *driver) untimed(res *engine.Result) bool {
	want := probeOracle(res)
	if want == "ok" || !d.childrenAllowed() || d.fresh {
		return false
	}
	p, err := d.probe(fmt.Sprintf("exhaustive:%d:1", d.s.Seed), "VTBOUND_TIME=blocked")
	return err == nil && p.Oracle == want
}

// reportMinimized minimises the failure and saves the minimised schedule
// next to the original. It returns what minimisation found and, when it
// saved a smaller schedule, the story of the minimised execution and the
// schedule's path.
func (d *driver) reportMinimized(res *engine.Result, original string, found strategy.CVT) (*report.Minimisation, *story, string) {
	m, err := d.minimize(res, original)
	if err != nil {
		return &report.Minimisation{Error: err.Error()}, nil, ""
	}
	out := &report.Minimisation{CVT: cvtOf(m.cvt), Smaller: m.cvt.Less(found)}
	if !out.Smaller {
		return out, nil, ""
	}
	if !d.replaysExactly(m.sf) {
		return &report.Minimisation{Error: notReplayedMinimum}, nil, ""
	}
	view := m.view
	if view == nil || len(view.Trace) != len(m.sf.Trace) {
		view = fileView(m.sf, res)
	}
	st := newStory(view)
	m.sf.Seed, m.sf.Execution = d.s.Seed, res.N
	d.annotateStory(m.sf, st)
	path, err := d.writeSchedule(m.sf)
	if err != nil {
		out.SaveError = err.Error()
		return out, nil, ""
	}
	out.Schedule = path
	return out, &st, path
}

// notReplayedMinimum is what a report says when the minimised schedule did
// not replay exactly, failing, in a fresh process.
const notReplayedMinimum = "the smallest schedule found does not fail the same way when replayed in a fresh process (the test depends on state its earlier executions left in the process, such as a package-level registry); the schedule as found is told"

// replaysExactly reports whether sf, a minimised schedule, replays exactly
// in a fresh process of the test binary and fails there as it did. The
// minimiser runs its candidates one after another in one process, so a
// test that depends on what earlier executions left there (a package-level
// registry whose entry says a background goroutine already runs) fails
// some candidates for that reason alone, and their schedules show nothing
// of the bug. A race is no probe's oracle: its schedule need only replay.
func (d *driver) replaysExactly(sf *schedfile.Schedule) bool {
	p, err := d.probeSchedule(sf)
	if err != nil || !p.Exact {
		return false
	}
	return p.Oracle == sf.Oracle || p.passed() && sf.Oracle == sched.Race.String()
}

// replayReport is the report of a saved (or VTBOUND_REPLAY) schedule at
// path, recorded as sf, that still fails when replayed: res is the replay.
func (d *driver) replayReport(res *engine.Result, sf *schedfile.Schedule, path string) *report.Report {
	found := &schedfile.Schedule{Oracle: oracleName(res), Strategy: "replay of " + path, Seed: sf.Seed, Execution: sf.Execution}
	r := d.storyReport(report.ReplayFails, res, found, "")
	tellStory(r, newStory(res))
	r.Replayed, r.Replay = path, d.replayCommand(path)
	return r
}

// divergedReport is the report of a VTBOUND_REPLAY schedule at path,
// recorded as sf, that no longer replays: res is the replay.
func (d *driver) divergedReport(res *engine.Result, sf *schedfile.Schedule, path string) *report.Report {
	return &report.Report{Kind: report.ReplayDiverged, Test: d.t.Name(), Oracle: sched.Divergence.String(),
		Message: firstDifference(sf.Trace, res.Trace), Replayed: path, Expected: sf.Oracle}
}

// verdictReport is the report of a failure that is not an interleaving
// bug (verdict.go): the verdict and how it was reached, where each
// goroutine ended after a deadlock, leak or livelock, the stack of a
// panic.
func (d *driver) verdictReport(res *engine.Result, v verdict) *report.Report {
	kind := map[verdictKind]report.Kind{notRepeatable: report.NotRepeatable, passesNatively: report.PassesNatively}[v.kind]
	if kind == "" {
		kind = report.EverySchedule
	}
	f := res.Failure
	r := &report.Report{Kind: kind, Test: d.t.Name(), Oracle: oracleName(res), Message: f.Message, G: f.G, Why: v.why}
	if v.kind == notRepeatable {
		r.LeftBehind = d.before.leftBehind(d.s.Dir)
	}
	switch res.Outcome {
	case sched.Deadlock, sched.Leak, sched.Livelock:
		r.Goroutines = goroutinesOf(res.States)
	case sched.Panicked:
		r.Stack = stackLines(f.Stack)
	}
	return r
}

// stackLines splits a panic stack into lines.
func stackLines(stack string) []string {
	return strings.Split(strings.TrimSpace(stack), "\n")
}

// oneBased turns trace indices into 1-based positions, nil for none.
func oneBased(idx []int) []int {
	var out []int
	for _, i := range idx {
		out = append(out, i+1)
	}
	return out
}
