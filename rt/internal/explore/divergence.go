package explore

import (
	"fmt"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// The replay-divergence oracle (nondeterminism outside the scheduler): a
// replay of recorded decisions that does not reproduce the recorded
// trace. It checks a failing execution found by exploration once, in
// process, before it is reported (the report's NONDETERMINISM line), and
// every replay of a saved or VTBOUND_REPLAY schedule (saved.go).
//
// The other oracles are the engine's (rt/internal/engine): test failure
// (engine.go, execution.go), panic (engine.go, damage.go), deadlock, leak
// and timeout (execution.go), livelock and leaks of busy-waiting
// goroutines (spin.go), data races (memory.go, damage.go). Here,
// leaks.go accepts the leaks VTBOUND_IGNORE_LEAKS and goleak's options
// name, and verdict.go decides which failures are interleaving bugs.

// checkDeterminism replays the failing execution's decisions and compares
// trace hashes. It returns a description of the first differing step, or
// "" when the replay matched.
func (d *driver) checkDeterminism(res *engine.Result) string {
	want := append([]sched.Step(nil), res.Trace...)
	r := newReplay(res.Decisions, res.Plan)
	e := engine.New(r, d.limits(), d.t.Failed)
	again, ok := e.Run(d.body)
	if !ok {
		return ""
	}
	if again.Hash == res.Hash && r.Exact() {
		return ""
	}
	return firstDifference(toFileTrace(want), again.Trace)
}

// replayDiverged reports whether a replay departed from the recorded schedule:
// a different trace hash, or decisions the replay could not follow. A
// version-1 file's hash was computed from numeric IDs, so its steps are
// compared instead.
func replayDiverged(sf *schedfile.Schedule, res *engine.Result, exact bool) bool {
	if sf.Version == 1 {
		return !exact || len(sf.Trace) != len(res.Trace) || firstMismatch(sf.Trace, res.Trace) >= 0
	}
	return !exact || res.Hash != sf.Hash
}

// firstDifference names the first step where a replayed trace departs
// from the recorded one.
func firstDifference(want []schedfile.Step, got []sched.Step) string {
	for i := 0; i < len(want) || i < len(got); i++ {
		switch {
		case i >= len(got):
			return fmt.Sprintf("replay stopped after %d steps; recorded step %d was %s", len(got), i+1, fileStep(want[i]))
		case i >= len(want):
			return fmt.Sprintf("replay ran past the %d recorded steps; step %d was G%d %s", len(want), i+1, got[i].G, describeOp(got[i].Op))
		case !sameStep(want[i], got[i]):
			return fmt.Sprintf("replay diverged at step %d: recorded %s, replayed G%d %s", i+1, fileStep(want[i]), got[i].G, describeOp(got[i].Op))
		}
	}
	return "replay made different decisions (same steps, different trace hash)"
}

// firstMismatch returns the index of the first differing step, or -1.
func firstMismatch(want []schedfile.Step, got []sched.Step) int {
	for i := range min(len(want), len(got)) {
		if !sameStep(want[i], got[i]) {
			return i
		}
	}
	return -1
}

// sameStep reports whether a recorded step and a replayed one are the
// same operation of the same goroutine at the same site: by name for
// version-2 steps, by number for version-1 steps.
func sameStep(want schedfile.Step, got sched.Step) bool {
	if want.G != got.G {
		return false
	}
	if want.KindName == "" {
		return want.Kind == int(got.Op.Kind) && want.Site == got.Op.Site
	}
	return want.KindName == got.Op.Kind.String() && want.Pos.Name() == engine.SiteName(got.Op.Site)
}

// fileStep renders a recorded step as the report does: "G1 x.go:22 wg-add".
func fileStep(s schedfile.Step) string {
	if s.KindName == "" {
		return fmt.Sprintf("G%d %s", s.G, describeOp(sched.Op{Kind: sched.OpKind(s.Kind), Site: s.Site, Group: -1}))
	}
	what := s.KindName
	if s.Pos.Var != "" {
		what += " " + s.Pos.Var
	}
	if w := s.Pos.Where(); w != "" && s.KindName != "start" && s.KindName != "exit" {
		what = w + " " + what
	}
	return fmt.Sprintf("G%d %s", s.G, what)
}
