package sweep

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vtbound/vtbound/internal/sweep/budget"
)

// TestMakeBatches: items of one package, seed and budget share a batch
// of at most len/workers items; others never do.
func TestMakeBatches(t *testing.T) {
	a, b := &pkg{Path: "a"}, &pkg{Path: "b"}
	it := func(p *pkg, test string, seed int64, bud string) *item {
		return &item{pkg: p, test: test, seed: seed, share: budget.Share{Budget: bud}}
	}
	items := []*item{it(a, "T1", 1, "9"), it(a, "T2", 1, "9"), it(a, "T3", 1, "9"), it(a, "T4", 2, "9"),
		it(a, "T5", 1, "1"), it(b, "T1", 1, "9")}
	var got []string
	for _, bt := range makeBatches(items, 3) {
		var names []string
		for _, x := range bt {
			names = append(names, x.pkg.Path+"."+x.test)
		}
		got = append(got, strings.Join(names, ","))
	}
	want := "a.T1,a.T2 a.T3 a.T4 a.T5 b.T1"
	if strings.Join(got, " ") != want {
		t.Errorf("batches %q, want %q", strings.Join(got, " "), want)
	}
	re := regexp.MustCompile(batch{items[0], items[1]}.pattern())
	for name, match := range map[string]bool{"T1": true, "T2": true, "T3": false, "T1x": false, "xT2": false} {
		if re.MatchString(name) != match {
			t.Errorf("pattern %s matches %s: %v", re, name, !match)
		}
	}
}

// TestRunningTests reads the tests go test's timeout panic names.
func TestRunningTests(t *testing.T) {
	out := "=== RUN TestA\npanic: test timed out after 5s\n\trunning tests:\n\t\tTestHang (5s)\n\t\tTestB/sub (4s)\n\ngoroutine 1 [running]:\n"
	if got := strings.Join(runningTests(out), " "); got != "TestHang TestB/sub" {
		t.Errorf("running tests %q", got)
	}
}

// TestLearnCoverage: the union of two nights' coverage files grows by
// what the second adds, an SP requirement keeps its best state, and a
// night that adds nothing does not grow it.
func TestLearnCoverage(t *testing.T) {
	night1 := "vtbound-coverage 1\ntest TestX\nexecutions 10 growth 4\n" +
		"hapset \"a.go:3\" write R - <- \"a.go:2\" read L -\n" +
		"sp \"a.go:5\" \"a.go:9\" uncovered\n"
	night2 := "vtbound-coverage 1\ntest TestX\nexecutions 10 growth 2\n" +
		"hapset \"a.go:3\" write R - <- \"a.go:2\" read L -\n" +
		"sp \"a.go:5\" \"a.go:9\" covered\nfuture record\n"
	u, n, grew := learnCoverage("TestX", nil, []string{night1})
	if n != 1 || !grew {
		t.Fatalf("night 1: %d entries, grew %v:\n%s", n, grew, u)
	}
	u, n, grew = learnCoverage("TestX", u, []string{night2})
	if n != 2 || !grew || !strings.Contains(string(u), "covered\n") || strings.Contains(string(u), "uncovered") {
		t.Fatalf("night 2: %d entries, grew %v:\n%s", n, grew, u)
	}
	if !strings.Contains(string(u), "executions 20 growth 12\n") {
		t.Errorf("night 2: want 20 executions, growth at 12:\n%s", u)
	}
	if _, n, grew = learnCoverage("TestX", u, []string{night1, night2}); n != 2 || grew {
		t.Errorf("night 3: %d entries, grew %v; want 2, no growth", n, grew)
	}
}

// TestPruneCache: a package's binaries unused for an hour are removed,
// except the one in use; another package whose path extends the name is
// left alone.
func TestPruneCache(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "a-0123456789abcdef.test")
	old := filepath.Join(dir, "a-fedcba9876543210.test")
	other := filepath.Join(dir, "a-x-fedcba9876543210.test")
	hourAgo := time.Now().Add(-2 * cacheAge)
	for _, f := range []string{keep, keep + ".list", old, old + ".list", other} {
		os.WriteFile(f, nil, 0o644)
		os.Chtimes(f, hourAgo, hourAgo)
	}
	pruneCache(dir, "a-", keep)
	for f, want := range map[string]bool{keep: true, keep + ".list": true, old: false, old + ".list": false, other: true} {
		if _, err := os.Stat(f); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(f), err == nil, want)
		}
	}
}
