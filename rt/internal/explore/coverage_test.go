package explore_test

import (
	"os"
	"os/exec"
	"regexp"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/explore"
	"github.com/vtbound/vtbound/rt/internal/kernels"
)

const coverageChild = "VTBOUND_TEST_COVERAGE_CHILD"

// TestCoverageReport runs sp-fig2 in a child process: VTBOUND_COVERAGE=1
// prints the coverage line with the 10 mutex requirements among those
// estimated, and VTBOUND_SATURATE stops the exploration with a line once
// coverage stopped growing; ctrigger adds its unserializable-interleaving
// counts.
func TestCoverageReport(t *testing.T) {
	if os.Getenv(coverageChild) != "" {
		explore.Test(t, func(t *testing.T) { kernels.SPFig2(t) })
		return
	}
	for _, c := range []struct {
		env  []string
		want []string
	}{
		{[]string{"VTBOUND_COVERAGE=1", "VTBOUND_STRATEGY=sp", "VTBOUND_BUDGET=300"}, []string{
			`vtbound: TestCoverageReport: coverage after 300 executions \(sp\): \d+ HaPSet entries; SP requirements: (\d+) estimated, (\d+) covered, (\d+) never covered`,
		}},
		{[]string{"VTBOUND_COVERAGE=1", "VTBOUND_STRATEGY=random", "VTBOUND_BUDGET=1000", "VTBOUND_SATURATE=50"}, []string{
			`vtbound: TestCoverageReport: coverage saturated: no new HaPSet entry or SP pair in the last 50 executions; exploration stopped after \d+ executions \(VTBOUND_SATURATE=50\)`,
			`coverage after \d+ executions \(random\)`,
		}},
		{[]string{"VTBOUND_COVERAGE=1", "VTBOUND_STRATEGY=ctrigger", "VTBOUND_BUDGET=300"}, []string{
			`unserializable interleavings \(ctrigger\): \d+ identified`,
		}},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCoverageReport$", "-test.v", "-test.count=1")
		cmd.Env = append(append(os.Environ(), coverageChild+"=1", "VTBOUND_DIR="+t.TempDir(), "VTBOUND_SEED=1"), c.env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: child failed: %v\n%s", c.env, err, out)
		}
		for _, w := range c.want {
			if !regexp.MustCompile(w).Match(out) {
				t.Errorf("%v: output lacks %q:\n%s", c.env, w, out)
			}
		}
	}
}
