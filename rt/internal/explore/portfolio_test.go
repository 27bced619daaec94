package explore_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/explore"
	"github.com/vtbound/vtbound/rt/internal/kernels"
)

const portfolioChild = "VTBOUND_TEST_PORTFOLIO_CHILD"

// TestPortfolioCompletionLine runs ainc(3) under the default strategy in a
// child process. With the default budget the portfolio's dpor phase
// explores all 6 traces and the test ends with dpor's completion line;
// with a budget of 30 executions dpor is predicted not to fit, dpor-v runs
// instead, and no completion line is printed.
func TestPortfolioCompletionLine(t *testing.T) {
	if os.Getenv(portfolioChild) != "" {
		explore.Test(t, func(t *testing.T) { kernels.AInc(3)(t) })
		return
	}
	for _, c := range []struct {
		budget string
		want   bool
	}{{"10000", true}, {"30", false}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPortfolioCompletionLine$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), portfolioChild+"=1", "VTBOUND_STRATEGY=portfolio", "VTBOUND_SEED=1",
			"VTBOUND_BUDGET="+c.budget, "VTBOUND_DIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("budget %s: child failed: %v\n%s", c.budget, err, out)
		}
		got := strings.Contains(string(out), "vtbound: TestPortfolioCompletionLine: all 6 traces explored (complete)")
		if got != c.want || (!c.want && strings.Contains(string(out), "traces explored")) {
			t.Errorf("budget %s: completion line printed %v, want %v:\n%s", c.budget, got, c.want, out)
		}
	}
}
