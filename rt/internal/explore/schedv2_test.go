package explore

import (
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// TestNamesSurviveNewSiteIDs registers the same package's sites twice, as
// a rebuilt binary with a new file would (every numeric ID moves): the
// trace hash, the recorded steps and the divergence check all see the
// same schedule, and a different site is still a divergence.
func TestNamesSurviveNewSiteIDs(t *testing.T) {
	before, after := reserveTrace(t), reserveTrace(t)
	if before[1].Op.Site == after[1].Op.Site {
		t.Fatal("second registration reused the site IDs; the test proves nothing")
	}
	if engine.TraceHash(before) != engine.TraceHash(after) {
		t.Errorf("trace hash depends on numeric site IDs")
	}
	sf := &schedfile.Schedule{Version: 2, Hash: engine.TraceHash(before), Trace: toFileTrace(before)}
	res := result(after)
	if replayDiverged(sf, res, true) {
		t.Errorf("replay with moved IDs diverged: %s", firstDifference(sf.Trace, after))
	}
	changed := append([]sched.Step(nil), after...)
	changed[2].Op.Site = after[4].Op.Site // read of log instead of stock
	res = result(changed)
	if !replayDiverged(sf, res, true) {
		t.Errorf("a different site did not diverge")
	}
	if d := firstDifference(sf.Trace, changed); !strings.Contains(d, "step 3: recorded G2 inventory.go:22 read inv.stock[item], replayed G2 inventory.go:40 read log") {
		t.Errorf("difference %q", d)
	}
}

// TestFileRoundTripResolves writes a trace, reads it back and resolves
// its names to this build's sites and kinds.
func TestFileRoundTripResolves(t *testing.T) {
	trace := reserveTrace(t)
	sf := &schedfile.Schedule{Test: "T", Oracle: "test failure", Trace: toFileTrace(trace)}
	back, err := schedfile.Parse(sf.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	steps := fileSteps(back.Trace)
	for i, st := range steps {
		if st.G != trace[i].G || st.Op.Kind != trace[i].Op.Kind || st.Op.Site != trace[i].Op.Site || st.Preempt != trace[i].Preempt {
			t.Fatalf("step %d read back as %+v, want %+v", i+1, st, trace[i])
		}
	}
}

// TestVersion1ComparesNumbers: a version-1 file's hash came from numeric
// IDs, so its steps are compared by number instead.
func TestVersion1ComparesNumbers(t *testing.T) {
	trace := reserveTrace(t)
	var v1 []schedfile.Step
	for _, st := range trace {
		v1 = append(v1, schedfile.Step{G: st.G, Kind: int(st.Op.Kind), Site: st.Op.Site, Preempt: st.Preempt})
	}
	sf := &schedfile.Schedule{Version: 1, Hash: 12345, Trace: v1}
	if replayDiverged(sf, result(trace), true) {
		t.Errorf("version-1 file with the same numeric steps diverged")
	}
	moved := reserveTrace(t)
	if !replayDiverged(sf, result(moved), true) {
		t.Errorf("version-1 file replayed against moved site IDs did not diverge")
	}
}

// TestAnnotate records what `vtbound show` needs: package, goroutines
// with parents, the sentence, the conflicting accesses and the steps
// that matter.
func TestAnnotate(t *testing.T) {
	trace := reserveTrace(t)
	sf := &schedfile.Schedule{Test: t.Name(), Oracle: "test failure", Trace: toFileTrace(trace)}
	res := result(trace)
	res.Outcome = sched.Failed
	res.States = []engine.GoroutineState{{ID: 1}, {ID: 2, Parent: 1}, {ID: 3, Parent: 1}}
	(&driver{t: t}).annotate(sf, res)
	if sf.Package != "github.com/vtbound/vtbound/rt/internal/explore" {
		t.Errorf("package %q", sf.Package)
	}
	if sf.Run != "^TestAnnotate$" {
		t.Errorf("run pattern %q", sf.Run)
	}
	if got := sf.Goroutines; len(got) != 2 || got[0] != (schedfile.Goroutine{ID: 2, Parent: 1}) {
		t.Errorf("goroutines %v", got)
	}
	if !strings.HasPrefix(sf.Sentence, "G2 read inv.stock[item] at inventory.go:22") {
		t.Errorf("sentence %q", sf.Sentence)
	}
	// The conflicting accesses: both reads at 22 and both writes at 34.
	if got := sf.Conflicts; len(got) != 4 || got[0] != 3 || got[3] != 15 {
		t.Errorf("conflicts %v, want [3 8 11 15]", got)
	}
	if len(sf.Essential) == 0 || len(sf.Essential) >= len(trace) {
		t.Errorf("essential steps %v of %d", sf.Essential, len(trace))
	}
}

// result is an execution of trace, with its hash.
func result(trace []sched.Step) *engine.Result {
	r := &engine.Result{}
	r.Trace, r.Hash = trace, engine.TraceHash(trace)
	return r
}

func TestFramePackage(t *testing.T) {
	for fn, want := range map[string]string{
		"example.com/p.TestX":                 "example.com/p",
		"example.com/p_test.TestX.func1":      "example.com/p",
		"gopkg.in/yaml%2ev3.TestX.func2.1":    "gopkg.in/yaml.v3",
		"example.com/p.TestXY":                "",
		"example.com/p.(*T).TestX":            "",
		"github.com/vtbound/vtbound/rt.TestX": "github.com/vtbound/vtbound/rt",
	} {
		got, ok := framePackage(fn, "TestX")
		if got != want || ok != (want != "") {
			t.Errorf("framePackage(%q) = %q, %v; want %q", fn, got, ok, want)
		}
	}
}
