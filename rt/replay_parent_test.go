package rt_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt"
)

// firstOfTwo starts two senders on a buffered channel and returns the
// value received first: 2 only when the second sender ran first.
func firstOfTwo() int {
	ch := rt.MakeChan[int](0, 2)
	rt.Go(0, func() { rt.Send(0, ch, 1) })
	rt.Go(0, func() { rt.Send(0, ch, 2) })
	first := rt.Recv(0, ch)
	rt.Recv(0, ch)
	return first
}

// replayedParent is the parent test of TestReplayedParentLeavesReport. With
// sub unset it fails itself when the second sender wins. With sub set it
// never fails itself after its senders, but runs a subtest that explores
// on its own and fails in the same kind of schedule.
func replayedParent(t *testing.T, sub bool) {
	if first := firstOfTwo(); !sub {
		if first == 2 {
			t.Error("the second sender won")
		}
		return
	}
	t.Run("sub", func(t *testing.T) {
		rt.Test(t, func(t *testing.T) {
			if firstOfTwo() == 2 {
				t.Error("the second sender won in the subtest")
			}
		})
	})
}

// TestReplayedParentLeavesReport: a parent test fails and its schedule is
// saved; the next run (the parent changed: now its subtest fails) replays
// that schedule first, the subtest explores and reports its failure, and
// the parent, whose replayed execution failed only through the subtest,
// adds no report of its own and explores no further.
func TestReplayedParentLeavesReport(t *testing.T) {
	switch mode := os.Getenv(childEnv); mode {
	case "parent", "subtest":
		rt.Test(t, func(t *testing.T) { replayedParent(t, mode == "subtest") })
		return
	}
	const name = "TestReplayedParentLeavesReport"
	dir := t.TempDir()
	run := func(mode string) string {
		cmd := childCommand(t, name, mode, 1)
		cmd.Env = append(cmd.Env, "VTBOUND_DIR="+dir)
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Fatalf("mode %s: the child passed:\n%s", mode, out)
		}
		return string(out)
	}
	out := run("parent")
	if !strings.Contains(out, "vtbound: "+name+": test failure") {
		t.Fatalf("the parent's failure is not reported:\n%s", out)
	}
	if saved, _ := filepath.Glob(filepath.Join(dir, name, "*")); len(saved) == 0 {
		t.Fatalf("no schedule saved for the parent in %s:\n%s", dir, out)
	}
	out = run("subtest")
	if n := strings.Count(out, "vtbound: "+name+"/sub: "); n != 1 {
		t.Errorf("%d reports for the subtest, want 1:\n%s", n, out)
	}
	for _, bad := range []string{"vtbound: " + name + ": ", "saved schedule still fails", "no longer replays"} {
		if strings.Contains(out, bad) {
			t.Errorf("the replayed parent reported on its own (%q):\n%s", bad, out)
		}
	}
}

// TestSubtestScheduleMinimised: a subtest that explores on its own inside
// an explored parent fails; its schedule is minimised in a child process,
// where the parent runs natively (as an ancestor does for a probe) and only
// the subtest replays the saved schedule.
func TestSubtestScheduleMinimised(t *testing.T) {
	if os.Getenv(childEnv) == "minsub" {
		rt.Test(t, func(t *testing.T) { replayedParent(t, true) })
		return
	}
	cmd := childCommand(t, "TestSubtestScheduleMinimised", "minsub", 1)
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the child passed:\n%s", out)
	}
	if !strings.Contains(string(out), "after minimisation") || strings.Contains(string(out), "minimisation failed") {
		t.Fatalf("the subtest's schedule was not minimised:\n%s", out)
	}
}

// TestSubtestScheduleReplayed: VTBOUND_REPLAY names a schedule saved for
// a subtest that explores inside an explored parent; the parent runs
// natively and the subtest replays the schedule and fails again.
func TestSubtestScheduleReplayed(t *testing.T) {
	if os.Getenv(childEnv) == "replaysub" {
		rt.Test(t, func(t *testing.T) { replayedParent(t, true) })
		return
	}
	const name = "TestSubtestScheduleReplayed"
	dir := t.TempDir()
	run := func(env ...string) string {
		cmd := childCommand(t, name, "replaysub", 1)
		cmd.Env = append(cmd.Env, append([]string{"VTBOUND_DIR=" + dir}, env...)...)
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Fatalf("the child passed (%v):\n%s", env, out)
		}
		return string(out)
	}
	run()
	saved, _ := filepath.Glob(filepath.Join(dir, name, "sub", "*"))
	if len(saved) == 0 {
		t.Fatalf("no schedule saved for the subtest in %s", dir)
	}
	if out := run("VTBOUND_REPLAY=" + saved[0]); !strings.Contains(out, "the second sender won in the subtest") || strings.Contains(out, "skipping schedule file") {
		t.Fatalf("the subtest's schedule did not replay:\n%s", out)
	}
}
