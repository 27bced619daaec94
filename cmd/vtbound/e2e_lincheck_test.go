//go:build e2e

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLincheckExplored runs package lincheck under vtbound in module
// testdata/e2e/lincheck (it requires vtbound, pointed at this checkout):
// the set whose Add checks under the read lock and inserts under the
// write lock (TestSplitSet) is reported with the lincheck history, the
// engine's report and saved schedule, and the scenario minimised to the
// two concurrent Adds; its fixed version (TestLockedSet) passes. One go
// test run; six scenarios per test keep it short.
func TestLincheckExplored(t *testing.T) {
	dir := lincheckModule(t)
	r := goCmd(t, dir, []string{"VTBOUND_SEED=1", "VTBOUND_LINCHECK_SCENARIOS=6", "VTBOUND_BUDGET=2000,500ms"}, "test", toolexecFlag(t), "-count=1", "-v", ".")
	out := r.output()
	for _, want := range []string{
		"lincheck: explore mode",
		"the history is not linearizable",
		"history (time flows down",
		"why: the longest linearizable prefix is",
		"returned true, the specification returns false",
		"vtbound: TestSplitSet/",
		"schedule saved: testdata/vtbound/TestSplitSet/",
		"lincheck: minimised scenario (2 of 8 operations",
		"--- PASS: TestLockedSet",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the output", want)
		}
	}
	if r.code == 0 || strings.Contains(out, "--- FAIL: TestLockedSet") {
		t.Errorf("exit code %d; the fixed set must pass and the split one fail", r.code)
	}
	if saved, _ := filepath.Glob(filepath.Join(dir, "testdata", "vtbound", "TestSplitSet", "*", "*")); len(saved) == 0 {
		t.Errorf("no schedule saved under testdata/vtbound/TestSplitSet/<scenario>/")
	}
	if t.Failed() {
		t.Logf("output:\n%s", out)
	}
}

// lincheckModule copies testdata/e2e/lincheck and points its replace
// directive at this checkout.
func lincheckModule(t *testing.T) string {
	t.Helper()
	dir := module(t, "lincheck")
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	gomod := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), "=> ../../..", "=> "+root, 1))
	if err := os.WriteFile(gomod, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}
