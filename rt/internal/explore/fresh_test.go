package explore_test

import (
	"os"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/explore"
	"github.com/vtbound/vtbound/rt/internal/kernels"
)

const freshChild = "VTBOUND_TEST_FRESH_CHILD"

// TestFreshProcessExploration: a test that registers a name in a
// package-level table cannot run twice in one process; its second
// execution fails there. It is still explored, in fresh processes, and
// its check-then-act bug is reported as an interleaving bug with a saved
// schedule, never excused as "not repeatable in one process".
func TestFreshProcessExploration(t *testing.T) {
	if os.Getenv(freshChild) != "" {
		explore.Test(t, func(t *testing.T) { kernels.GlobalAccount(t) })
		return
	}
	dir := t.TempDir()
	out, err := runChild(t, "TestFreshProcessExploration", freshChild+"=1", "VTBOUND_STRATEGY=random", "VTBOUND_SEED=1",
		"VTBOUND_BUDGET=10s", "VTBOUND_DIR="+dir)
	if err == nil {
		t.Fatalf("the child passed; want the check-then-act bug reported:\n%s", out)
	}
	for _, want := range []string{
		"explored in fresh processes, its execution",
		"balance -60 after two withdrawals of 80 from 100",
		"schedule saved: " + dir,
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "keeps its native verdict") || strings.Contains(string(out), "registered twice; ") {
		t.Errorf("the failure was excused or blamed on the registry:\n%s", out)
	}
}
