package explore_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/explore"
	"github.com/vtbound/vtbound/rt/internal/kernels"
)

const carryChild = "VTBOUND_TEST_CARRY_CHILD"

// runCarryChild runs TestCoverageFrom's child (sp-fig2 under sp with
// coverage measured) with env and returns its output and error.
func runCarryChild(t *testing.T, env ...string) (string, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestCoverageFrom$", "-test.v", "-test.count=1")
	cmd.Env = append(append(os.Environ(), carryChild+"=1", "VTBOUND_DIR="+t.TempDir(), "VTBOUND_SEED=1",
		"VTBOUND_STRATEGY=sp", "VTBOUND_COVERAGE=1"), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestCoverageFrom: a second run given the first run's coverage
// (VTBOUND_COVERAGE_FROM, a directory with one file per test) starts from
// it: its measured coverage holds everything the first learned and grew
// at no execution; a malformed or newer file fails the test naming it.
func TestCoverageFrom(t *testing.T) {
	if os.Getenv(carryChild) != "" {
		explore.Test(t, func(t *testing.T) { kernels.SPFig2(t) })
		return
	}
	dir := t.TempDir()
	first := coverageOf(t, dir, "300", "")
	if err := os.WriteFile(filepath.Join(dir, "from", "TestCoverageFrom.cov"), []byte(first), 0o644); err != nil {
		t.Fatal(err)
	}
	second := coverageOf(t, dir, "30", filepath.Join(dir, "from"))
	f1, err1 := coverage.Parse("first", []byte(first))
	f2, err2 := coverage.Parse("second", []byte(second))
	if err1 != nil || err2 != nil {
		t.Fatalf("records: %v, %v", err1, err2)
	}
	if len(f2.HaPSet) < len(f1.HaPSet) || len(f2.SP) < len(f1.SP) || f2.Growth != 0 || f2.Executions != 30 {
		t.Errorf("second run: %d HaPSet entries, %d SP requirements, grew at %d of %d executions; want at least %d, %d, growth 0 of 30",
			len(f2.HaPSet), len(f2.SP), f2.Growth, f2.Executions, len(f1.HaPSet), len(f1.SP))
	}
	for _, c := range []struct{ data, want string }{
		{"vtbound-coverage 9\n", "newer"},
		{"hello\n", "not a coverage file"},
	} {
		bad := filepath.Join(dir, "bad.cov")
		os.WriteFile(bad, []byte(c.data), 0o644)
		out, err := runCarryChild(t, "VTBOUND_BUDGET=5", "VTBOUND_COVERAGE_FROM="+bad)
		if err == nil || !strings.Contains(out, "VTBOUND_COVERAGE_FROM: coverage file "+bad) || !strings.Contains(out, c.want) {
			t.Errorf("%q: child %v, want a failure naming %s (%s):\n%s", c.data, err, bad, c.want, out)
		}
	}
}

// coverageOf runs the child with budget (and VTBOUND_COVERAGE_FROM=from
// unless empty) and returns its record's coverage file.
func coverageOf(t *testing.T, dir, budget, from string) string {
	t.Helper()
	os.MkdirAll(filepath.Join(dir, "from"), 0o755)
	js := filepath.Join(dir, "r-"+budget+".jsonl")
	env := []string{"VTBOUND_BUDGET=" + budget, "VTBOUND_JSON=" + js}
	if from != "" {
		env = append(env, "VTBOUND_COVERAGE_FROM="+from)
	}
	out, err := runCarryChild(t, env...)
	if err != nil {
		t.Fatalf("budget %s: child failed: %v\n%s", budget, err, out)
	}
	rs := readResults(t, js)
	if len(rs) != 1 || rs[0].CoverageFile == "" {
		t.Fatalf("budget %s: records %+v", budget, rs)
	}
	return rs[0].CoverageFile
}

// TestDPORStateAcrossRuns: ainc(3) (6 traces) under dpor with a budget of
// 2 executions and VTBOUND_DPOR_STATE: each run but the last saves its
// frontier and says it is incomplete; the runs resume one another and
// the last reports all 6 traces explored (complete) and removes the file.
func TestDPORStateAcrossRuns(t *testing.T) {
	state := t.TempDir()
	file := filepath.Join(state, "TestCompletionLine.dpor")
	for night := 1; ; night++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCompletionLine$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), completionChild+"=1", "VTBOUND_STRATEGY=dpor", "VTBOUND_BUDGET=2",
			"VTBOUND_DPOR_STATE="+state, "VTBOUND_DIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("night %d: child failed: %v\n%s", night, err, out)
		}
		_, statErr := os.Stat(file)
		if strings.Contains(string(out), "all 6 traces explored (complete)") {
			if night < 3 || statErr == nil {
				t.Errorf("complete on night %d (frontier left: %v), want night >= 3 and the file removed", night, statErr == nil)
			}
			return
		}
		if !strings.Contains(string(out), "incomplete") || statErr != nil || night > 6 {
			t.Fatalf("night %d: no completion, frontier %v:\n%s", night, statErr, out)
		}
	}
}
