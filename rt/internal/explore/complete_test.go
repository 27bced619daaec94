package explore_test

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/config"
	"github.com/vtbound/vtbound/rt/internal/explore"
	"github.com/vtbound/vtbound/rt/internal/kernels"
)

const completionChild = "VTBOUND_TEST_COMPLETION_CHILD"

// TestCompletionLine runs ainc(3) under dpor in a child process: with room
// in the budget the test passes with "all 6 traces explored (complete)";
// with a budget of 2 executions it reports the backtrack points left.
func TestCompletionLine(t *testing.T) {
	if os.Getenv(completionChild) != "" {
		explore.Test(t, func(t *testing.T) { kernels.AInc(3)(t) })
		return
	}
	for _, c := range []struct {
		budget string
		want   string
	}{
		{"1000", `vtbound: TestCompletionLine: all 6 traces explored \(complete\)`},
		{"2", `vtbound: TestCompletionLine: explored 2 executions \(incomplete, [1-9][0-9]* backtrack points left\)`},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCompletionLine$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), completionChild+"=1", "VTBOUND_STRATEGY=dpor",
			"VTBOUND_BUDGET="+c.budget, "VTBOUND_DIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("budget %s: child failed: %v\n%s", c.budget, err, out)
		}
		if !regexp.MustCompile(c.want).Match(out) {
			t.Errorf("budget %s: output lacks %q:\n%s", c.budget, c.want, out)
		}
	}
}

// TestCompletionIsProof runs a sleep beside work under dpor in a child
// process: "complete" is printed only when the sleep raced with the work
// (within VTBOUND_TIME's window); a sleep beyond the window, or time as a
// barrier, leaves "not a proof" and says why.
func TestCompletionIsProof(t *testing.T) {
	if d := os.Getenv(completionChild); d != "" {
		sleep, _ := time.ParseDuration(d)
		explore.Test(t, func(t *testing.T) { kernels.SleepBesideWork(sleep)(t) })
		return
	}
	for _, c := range []struct {
		sleep, time string
		want        string
	}{
		{"1ms", "race", `all \d+ traces explored \(complete\)`},
		{"1s", "race", `all \d+ traces explored, not a proof: a sleep, timer or deadline due beyond VTBOUND_TIME's window`},
		{"1ms", "blocked", `all \d+ traces explored, not a proof: VTBOUND_TIME=blocked`},
	} {
		out, err := runChild(t, "TestCompletionIsProof", completionChild+"="+c.sleep, "VTBOUND_STRATEGY=dpor",
			"VTBOUND_TIME="+c.time, "VTBOUND_BUDGET=1000", "VTBOUND_DIR="+t.TempDir())
		if err != nil {
			t.Fatalf("sleep %s, %s: child failed: %v\n%s", c.sleep, c.time, err, out)
		}
		if !regexp.MustCompile(c.want).Match(out) {
			t.Errorf("sleep %s, VTBOUND_TIME=%s: output lacks %q:\n%s", c.sleep, c.time, c.want, out)
		}
	}
}

// TestShardCounts runs ainc(3) under dpor as VTBOUND_SHARD=i/3 for each i:
// every shard completes and their trace counts add up to the 6 traces.
func TestShardCounts(t *testing.T) {
	line := regexp.MustCompile(`all (\d+) traces explored \(complete\)`)
	sum := 0
	for i := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCompletionLine$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), completionChild+"=1", "VTBOUND_STRATEGY=dpor",
			"VTBOUND_SHARD="+strconv.Itoa(i)+"/3", "VTBOUND_DIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("shard %d/3: child failed: %v\n%s", i, err, out)
		}
		m := line.FindSubmatch(out)
		if m == nil {
			t.Fatalf("shard %d/3: no completion line:\n%s", i, out)
		}
		n, _ := strconv.Atoi(string(m[1]))
		sum += n
	}
	if sum != 6 {
		t.Errorf("shards explored %d traces in all, want 6", sum)
	}
}

// TestShardSetting: VTBOUND_SHARD accepts i/n with 0 <= i < n and names
// the variable when the value is wrong.
func TestShardSetting(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "VTBOUND_SHARD" {
				return v
			}
			return ""
		}
	}
	s, err := config.Parse(env("2/7"))
	if err != nil || s.Shard != 2 || s.Shards != 7 {
		t.Errorf("VTBOUND_SHARD=2/7: %+v, %v", s, err)
	}
	for _, bad := range []string{"7/7", "-1/3", "1", "a/b", "0/0"} {
		if _, err := config.Parse(env(bad)); err == nil || !strings.Contains(err.Error(), "VTBOUND_SHARD") {
			t.Errorf("VTBOUND_SHARD=%s: error %v, want one naming the variable", bad, err)
		}
	}
}
