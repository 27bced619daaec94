//go:build e2e

package main

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/vtbound/vtbound/internal/sweep/db"
)

// carryFlags sweep grow.TestWide5 (5 goroutines taking one lock, and a
// WaitGroup: 1989 traces) with dpor alone.
var carryFlags = []string{"-strategies=dpor", "-seed=1", "-p=1", "-timeout=2m", "-interval=1h", "-run=^TestWide5$"}

const wide5 = "example.com/sweepgrow/grow"

// wideState reads what a sweep database knows about TestWide5: the
// learned test and its test runs, oldest first.
func wideState(t *testing.T, path string) (*db.Test, []db.TestRun) {
	t.Helper()
	d, err := db.Open(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	test, err := d.Test(wide5, "TestWide5")
	if err != nil || test == nil {
		t.Fatalf("%s: TestWide5 not learned: %v", path, err)
	}
	trs, err := d.TestRuns("")
	if err != nil {
		t.Fatal(err)
	}
	return test, trs
}

// TestSweepDPORCarry: a dpor search cut by -per-test resumes, night after
// night, from the frontier the database keeps: the nights explore exactly
// the executions of one uninterrupted sweep, the last one is complete
// with all 120 traces, and the night after skips the test. With
// -split-dpor, 1, 2 and 3 shards explore disjoint parts whose trace
// counts add up to 120, and the merged database knows the test complete.
func TestSweepDPORCarry(t *testing.T) {
	if testing.Short() {
		t.Skip("about ten sweeps")
	}
	dir := module(t, "sweepgrow")
	dbs := t.TempDir() // one directory: the sweeps share the cached test binary
	whole := filepath.Join(dbs, "whole.db")
	if r := vtSweep(t, dir, append(append([]string{"-db=" + whole, "-per-test=100000"}, carryFlags...), "./grow")...); r.code != 0 {
		t.Fatalf("uninterrupted sweep: %+v", r)
	}
	wt, wruns := wideState(t, whole)
	if !wt.Complete || len(wruns) != 1 || wruns[0].SearchTraces < 120 {
		t.Fatalf("uninterrupted sweep: complete %v, runs %+v; want complete with at least 5! traces", wt.Complete, wruns)
	}
	want := wruns[0]
	perTest := fmt.Sprintf("-per-test=%d", want.Executions/4+1) // four nights
	nights := filepath.Join(dbs, "nights.db")
	ran := 0
	for n := 1; ; n++ {
		if r := vtSweep(t, dir, append(append([]string{"-db=" + nights, perTest}, carryFlags...), "./grow")...); r.code != 0 {
			t.Fatalf("night %d: %+v", n, r)
		}
		test, runs := wideState(t, nights)
		if test.Complete {
			checkNights(t, runs, want)
			ran = len(runs)
			break
		}
		if test.Frontiers[""] == nil || n > 10 {
			t.Fatalf("night %d: incomplete and no frontier saved: %+v", n, test)
		}
	}
	if r := vtSweep(t, dir, append(append([]string{"-db=" + nights, perTest}, carryFlags...), "./grow")...); r.code != 0 {
		t.Fatalf("night after completion: %+v", r)
	}
	if _, runs := wideState(t, nights); len(runs) != ran {
		t.Errorf("the night after completion explored TestWide5 again: %+v", runs[len(runs)-1])
	}
	for n := 2; n <= 3; n++ {
		checkSplit(t, dir, dbs, n, want.SearchTraces)
	}
}

// checkNights: the nights' executions add up to the uninterrupted
// sweep's, and the last night reports its traces, complete.
func checkNights(t *testing.T, runs []db.TestRun, want db.TestRun) {
	t.Helper()
	sum := 0
	for _, r := range runs {
		sum += r.Executions
	}
	last := runs[len(runs)-1]
	t.Logf("%d nights, %d executions; the last reports %d traces; one sweep: %d executions, %d traces",
		len(runs), sum, last.SearchTraces, want.Executions, want.SearchTraces)
	if len(runs) < 3 || sum != want.Executions || last.SearchTraces != want.SearchTraces || !last.Complete {
		t.Errorf("nights: %d runs, %d executions, last %+v; want >= 3 runs with the %d executions of one sweep, complete with %d traces",
			len(runs), sum, last, want.Executions, want.SearchTraces)
	}
}

// checkSplit runs n shards with -split-dpor and merges them: the parts'
// traces add up to want and the merged test is complete.
func checkSplit(t *testing.T, dir, dbs string, n, want int) {
	t.Helper()
	var parts []string
	for i := range n {
		part := filepath.Join(dbs, fmt.Sprintf("split%d-%d.db", n, i))
		args := append([]string{"-id=split", "-split-dpor", fmt.Sprintf("-shard=%d/%d", i, n), "-db=" + part, "-per-test=100000"}, carryFlags...)
		if r := vtSweep(t, dir, append(args, "./grow")...); r.code != 0 {
			t.Fatalf("shard %d/%d: %+v", i, n, r)
		}
		parts = append(parts, part)
	}
	all := filepath.Join(dbs, fmt.Sprintf("split%d.db", n))
	if r := command(t, dir, nil, "", vtbin(t), append(append([]string{"sweep", "merge"}, parts...), "-o", all)...); r.code != 0 {
		t.Fatalf("merge: %+v", r)
	}
	test, runs := wideState(t, all)
	sum := 0
	seen := map[string]bool{}
	for _, r := range runs {
		sum += r.SearchTraces
		seen[r.Part] = true
	}
	t.Logf("%d shards: parts %v, %d traces in all", n, seen, sum)
	if sum != want || len(seen) != n || !test.Complete {
		t.Errorf("%d shards: %d traces in %d parts, complete %v; want %d in %d parts, complete", n, sum, len(seen), test.Complete, want, n)
	}
}
