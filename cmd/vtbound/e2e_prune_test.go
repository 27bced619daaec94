//go:build e2e

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/internal/testbin"
)

// TestPrune saves racy's schedule with go test, then: prune keeps it
// while the bug reproduces; with the test's check made a log line the schedule
// replays exactly and passes, go test says once that the bug is fixed,
// and prune removes it as fixed; saved again and racy.go fixed, go test's
// stale-schedule warning names prune, and prune removes it as no longer
// applying. A package without saved schedules is pruned of nothing.
func TestPrune(t *testing.T) {
	dir := module(t, "sweep")
	testbin.KeepGoCache(t) // XDG_CACHE_HOME moves below
	env := []string{"XDG_CACHE_HOME=" + t.TempDir(), "VTBOUND_STRATEGY=dpor"}
	test := func() result {
		return goCmd(t, dir, env, "test", toolexecFlag(t), "-v", "-count=1", "-run=^TestOverdraw$", "./racy")
	}
	prune := func() result { return command(t, dir, env, "", vtbin(t), "prune", "./racy", "./ok") }
	saved := func() []string {
		files, _ := filepath.Glob(filepath.Join(dir, "racy", "testdata", "vtbound", "TestOverdraw", "*"))
		return files
	}
	if r := test(); r.code != 1 || len(saved()) != 1 {
		t.Fatalf("go test: %+v; want exit 1 and one saved schedule, have %v", r, saved())
	}
	if r := prune(); r.code != 0 || !strings.Contains(r.stdout, "kept    racy/testdata/vtbound/TestOverdraw/") || len(saved()) != 1 {
		t.Fatalf("prune while the bug reproduces: %+v; want the schedule kept", r)
	}
	// Same columns, so that the recorded trace replays exactly.
	const fatal, logged = `t.Fatalf("balance %d", a.balance)`, `t.Logf("balance   %d", a.balance)`
	editFile(t, filepath.Join(dir, "racy", "racy_test.go"), fatal, logged)
	for i, want := range []int{1, 0} {
		r := test()
		if n := strings.Count(r.output(), "vtbound: fixed: saved schedule"); r.code != 0 || n != want || !strings.Contains(r.output(), "'vtbound prune' removes it") && want == 1 {
			t.Errorf("go test %d after the check became a log line: %+v; want exit 0 and the fixed line %d time(s)", i+1, r, want)
		}
	}
	r := prune()
	if r.code != 0 || !strings.Contains(r.stdout, "removed racy/testdata/vtbound/TestOverdraw/") || !strings.Contains(r.stdout, "fixed: replays exactly and passes") || len(saved()) != 0 {
		t.Fatalf("prune after the fix: %+v; want the schedule removed as fixed", r)
	}
	editFile(t, filepath.Join(dir, "racy", "racy_test.go"), logged, fatal)
	if r := test(); r.code != 1 || len(saved()) != 1 {
		t.Fatalf("go test again: %+v; want exit 1 and one saved schedule", r)
	}
	fixed, _ := os.ReadFile(filepath.Join(dir, "racy", "fixed.go.txt"))
	os.WriteFile(filepath.Join(dir, "racy", "racy.go"), fixed, 0o644)
	if r := test(); r.code != 0 || !strings.Contains(r.output(), "no longer replays (program changed?)") || !strings.Contains(r.output(), "'vtbound prune' removes") {
		t.Errorf("go test after racy.go was fixed: %+v; want exit 0 and the stale warning naming vtbound prune", r)
	}
	r = prune()
	if r.code != 0 || !strings.Contains(r.stdout, "no longer applies: the replay diverges") || !strings.Contains(r.stdout, "removed 1 of 1 saved schedules") || len(saved()) != 0 {
		t.Errorf("prune after the code changed: %+v; want the schedule removed as no longer applying", r)
	}
}
