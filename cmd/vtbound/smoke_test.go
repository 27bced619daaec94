package main

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/internal/testbin"
)

// kernelOracle is the oracle each bug kernel must be reported with.
var kernelOracle = map[string]string{
	"TestBugVTFig1": "test failure", "TestBugVTFig2": "test failure",
	"TestBugVTFig3": "test failure", "TestBugVTFig4": "test failure",
	"TestBugVTFig8": "test failure", "TestBugVTFig9": "test failure",
	"TestBugVTFig10": "test failure", "TestBugAllocationVector": "test failure",
	"TestBugHapsetFig1": "panic", "TestBugCTriggerFig1": "test failure",
	"TestBugDeadlockABBA": "deadlock", "TestBugChanLeak": "goroutine leak",
	"TestBugWGMisuse": "test failure", "TestBugAccounts": "test failure",
}

// kernelEnv fixes the engine's seed so that the kernel runs are
// reproducible.
var kernelEnv = []string{"VTBOUND_SEED=1"}

// testEvent is one line of go test -json output.
type testEvent struct {
	Action, Test, Output string
}

// testResults runs go test -json and collects each top-level test's
// action (pass/fail) and output.
func testResults(t *testing.T, dir string, args ...string) (map[string]string, map[string]string) {
	t.Helper()
	r := goCmd(t, dir, kernelEnv, append([]string{"test", "-json", "-count=1", "-timeout=10m"}, args...)...)
	actions, outputs, _ := testEvents(t, r)
	return actions, outputs
}

// testEvents parses the go test -json output of r: each top-level test's
// action (pass/fail/skip) and output, and every output line of every test
// and of the package, in order.
func testEvents(t *testing.T, r result) (actions, outputs map[string]string, all string) {
	t.Helper()
	actions, outputs = map[string]string{}, map[string]string{}
	var b strings.Builder
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var e testEvent
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue
		}
		if e.Action == "output" {
			b.WriteString(e.Output)
		}
		if e.Test == "" || strings.Contains(e.Test, "/") {
			continue
		}
		switch e.Action {
		case "pass", "fail", "skip":
			actions[e.Test] = e.Action
		case "output":
			outputs[e.Test] += e.Output
		}
	}
	if len(actions) == 0 {
		t.Fatalf("no test results:\n%s", r.output())
	}
	return actions, outputs, b.String()
}

// TestKernels is the default tier's end-to-end smoke test (the other
// end-to-end tests carry the e2e build tag).
//
// TestKernels runs the kernel module natively and under vtbound. Natively,
// every correct variant passes (bug variants are left to chance). Under
// vtbound, every correct variant passes, every bug variant fails with its
// oracle and leaves a schedule under testdata/vtbound/<Test>/, and the
// next run replays that schedule first. Needs the rewriter and the engine.
func TestKernels(t *testing.T) {
	dir := module(t, "kernels")
	native, _ := testResults(t, dir, ".")
	for _, name := range okTests(native) {
		if native[name] != "pass" {
			t.Errorf("natively, %s: %s", name, native[name])
		}
	}
	actions, outputs := testResults(t, dir, toolexecFlag(t), ".")
	checkKernelRun(t, dir, actions, outputs, "")
	// The accounts are heap objects of one allocation site: the report
	// names the one overdrawn by its loop-iteration number.
	if out := outputs["TestBugAccounts"]; !strings.Contains(out, "allocation #0, loop iteration 0]") {
		t.Errorf("TestBugAccounts: report does not name the first account's heap object:\n%s", out)
	}
	actions, outputs = testResults(t, dir, toolexecFlag(t), ".")
	checkKernelRun(t, dir, actions, outputs, "saved schedule still fails")
}

// okTests returns the correct-variant tests among the results.
func okTests(actions map[string]string) []string {
	var names []string
	for name := range actions {
		if strings.HasPrefix(name, "TestOK") {
			names = append(names, name)
		}
	}
	return names
}

// checkKernelRun checks one run of the kernels under vtbound; replayMark,
// when set, must appear in every bug test's output.
func checkKernelRun(t *testing.T, dir string, actions, outputs map[string]string, replayMark string) {
	t.Helper()
	for _, name := range okTests(actions) {
		if actions[name] != "pass" {
			t.Errorf("%s fails under vtbound:\n%s", name, outputs[name])
		}
	}
	for name, oracle := range kernelOracle {
		out := outputs[name]
		if actions[name] != "fail" || !testbin.ReportsOracle(out, name, oracle) {
			t.Errorf("%s: %s; want failure with %q:\n%s", name, actions[name], oracle, out)
			continue
		}
		files, _ := filepath.Glob(filepath.Join(dir, "testdata", "vtbound", name, "*"))
		if len(files) == 0 {
			t.Errorf("%s: no schedule under testdata/vtbound/%s", name, name)
		}
		if replayMark != "" && !strings.Contains(out, replayMark) {
			t.Errorf("%s: saved schedule not replayed first:\n%s", name, out)
		}
	}
}
