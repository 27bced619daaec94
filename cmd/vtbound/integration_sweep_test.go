//go:build integration

package main

import (
	"cmp"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/internal/sweep/db"
)

// TestSweepLearnedVsEqual measures the learned allocation against the
// equal split on testdata/e2e/sweepgrow (quick tests that dpor completes
// at once, growing ones of 1989 traces and far more, and two rare
// bugs, one lock order in 24 and in 120): one first night (the same for
// both: every test is new), then nights 2 to 7 with the same -budget,
// the two allocations alternating so that they share the machine's
// load, dpor resuming its frontiers, coverage measured. It prints, per
// night and allocation, the bugs found, the dpor traces explored, the
// tests complete and the coverage entries learned. It asserts only what
// does not depend on the machine's speed: the quick tests end complete.
// A measurement, not a check, so in the integration tier (skipped with
// -short; VTBOUND_SWEEP_COMPARE_BUDGET sets -budget, default 4s); about
// 4 minutes, most of it the instrumented build. docs/sweep.md has the
// table.
func TestSweepLearnedVsEqual(t *testing.T) {
	if testing.Short() {
		t.Skip("a measurement")
	}
	dir := module(t, "sweepgrow")
	dbs := t.TempDir()
	budget := cmp.Or(os.Getenv("VTBOUND_SWEEP_COMPARE_BUDGET"), "4s")
	night := func(path, alloc string) {
		args := []string{"-db=" + path, "-alloc=" + alloc, "-budget=" + budget, "-per-test=1000000", "-strategies=dpor",
			"-coverage", "-p=1", "-timeout=2m", "-interval=1h", "./..."}
		r := vtSweep(t, dir, args...)
		if r.code > 1 {
			t.Fatalf("%s: %+v", alloc, r)
		}
		t.Logf("%s: exit %d: %s", alloc, r.code, lastLine(r.output()))
	}
	first := filepath.Join(dbs, "first.db")
	night(first, "equal")
	data, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	bugs, traces, complete, covered := sweepProgress(t, first)
	t.Logf("| both | 1 | %d | %d | %d of 7 | %d |", bugs, traces, complete, covered)
	for n := 2; n <= 7; n++ {
		for _, alloc := range []string{"equal", "learned"} {
			path := filepath.Join(dbs, alloc+".db")
			if n == 2 {
				os.WriteFile(path, data, 0o644)
			}
			night(path, alloc)
			bugs, traces, complete, covered := sweepProgress(t, path)
			t.Logf("| %s | %d | %d | %d | %d of 7 | %d |", alloc, n, bugs, traces, complete, covered)
			if n == 7 && complete < 3 {
				t.Errorf("%s: %d tests complete after 7 nights; the 3 quick ones at least", alloc, complete)
			}
		}
	}
}

// sweepProgress sums up a sweep database: distinct bugs, dpor traces
// explored (each test's latest count, which includes the nights it
// resumed), tests complete and coverage entries learned.
func sweepProgress(t *testing.T, path string) (bugs, traces, complete, covered int) {
	t.Helper()
	d, err := db.Open(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	bs, err1 := d.Bugs()
	tests, err2 := d.Tests()
	trs, err3 := d.TestRuns("")
	if err := errors.Join(err1, err2, err3); err != nil {
		t.Fatal(err)
	}
	latest := map[string]int{}
	for _, tr := range trs { // oldest first
		latest[tr.Package+" "+tr.Test] = tr.SearchTraces
	}
	for _, n := range latest {
		traces += n
	}
	for _, x := range tests {
		covered += x.Covered
		if x.Complete {
			complete++
		}
	}
	return len(bs), traces, complete, covered
}

// lastLine is the last non-empty line of out.
func lastLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[len(lines)-1]
}
