//go:build e2e

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// reportKernels are the kernels of testdata/e2e/kernels whose reports the
// golden files hold, one of each kind of bug, with what a newcomer must be
// able to read in each: the plain sentence, writes shown as writes with
// their expression, and the elided minimised trace. strategy, when set,
// replaces the random strategy of reportEnv (and names the golden file).
var reportKernels = []struct {
	test, strategy string
	want           []string
}{
	// An atomicity violation: a stale index, with a slice write (copy).
	{"TestBugCTriggerFig1", "", []string{
		"what happened: G2 read l.index at kernels.go:281, G3 wrote it at kernels.go:283, then G2 wrote it",
		"write copy(l.buf[tmp:], s)", "write l.index", "steps elided",
	}},
	// A deadlock: the sentence names where each goroutine waits.
	{"TestBugDeadlockABBA", "", []string{
		"vtbound: TestBugDeadlockABBA: deadlock", "what happened: ", "G2 at kernels.go:307 lock", "G3 at kernels.go:312 lock", "steps elided",
	}},
	// An order violation: Wait returns before a worker has called Add.
	{"TestBugWGMisuse", "", []string{
		"what happened: G1 returned from wg-wait", "Wait did not wait for G2", "never ran", "elided", "(0,0,2) after minimisation (0 preemptions, 0 variables, 2 goroutines ordered)",
	}},
	// Find, check and mark, each under the lock but not together, found by
	// dpor: the sentence names the find's read of the whole vector and
	// the other goroutine's write between it and the check, and the steps
	// shown keep both.
	{"TestBugAllocationVector", "dpor", []string{
		"what happened: G", "read b.used at kernels.go:201", "write b.used[i]", "steps elided",
	}},
}

// reportEnv fixes the search, so that every run finds the same schedule:
// the random strategy with seed 1 and a budget counted in executions only.
var reportEnv = []string{"VTBOUND_STRATEGY=random", "VTBOUND_SEED=1", "VTBOUND_BUDGET=2000"}

// TestReportGoldens runs four kernels of testdata/e2e/kernels under
// vtbound with a fixed strategy and seed and compares the part of each
// report a newcomer reads (the verdict, the sentence, where each goroutine
// ended, the minimised interleaving with its elisions, its (c,v,t) in
// words and the replay command) with testdata/reports/<Test>[-strategy].txt;
// `go test -tags e2e ./cmd/vtbound -run TestReportGoldens -update` rewrites them. The
// original interleaving, seeds and hashes are left out: they belong to the
// search, not to the report's wording.
func TestReportGoldens(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and explores the kernels module under vtbound")
	}
	dir := module(t, "kernels")
	runs := map[string][]string{} // strategy -> tests
	for _, k := range reportKernels {
		runs[k.strategy] = append(runs[k.strategy], k.test)
	}
	outputs := map[string]string{}
	for strategy, names := range runs {
		env := append([]string{"VTBOUND_DIR=" + t.TempDir()}, reportEnv...)
		if strategy != "" {
			env = append(env, "VTBOUND_STRATEGY="+strategy)
		}
		r := goCmd(t, dir, env, "test", toolexecFlag(t), "-run=^("+strings.Join(names, "|")+")$", "-count=1", "-v", ".")
		if r.code != 1 {
			t.Fatalf("go test: exit %d, want 1 (the kernels' bugs):\n%s", r.code, r.output())
		}
		outputs[strategy] = r.output()
	}
	for _, k := range reportKernels {
		golden := k.test
		if k.strategy != "" {
			golden += "-" + k.strategy
		}
		t.Run(golden, func(t *testing.T) {
			out := outputs[k.strategy]
			report := reportOf(out, k.test)
			if report == nil {
				t.Fatalf("no report for %s:\n%s", k.test, out)
			}
			got := readablePart(report, dir)
			for _, w := range k.want {
				if !strings.Contains(got, w) {
					t.Errorf("the report lacks %q:\n%s", w, got)
				}
			}
			reportGolden(t, golden+".txt", []byte(got))
		})
	}
}

// reportOf returns the lines of test's vtbound report in go test -v
// output, without the indentation go test adds.
func reportOf(out, test string) []string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		_, msg, ok := strings.Cut(l, ": vtbound: "+test+": ")
		if !ok {
			continue
		}
		report := []string{"vtbound: " + test + ": " + msg}
		for _, c := range lines[i+1:] {
			if !strings.HasPrefix(c, "          ") {
				break
			}
			report = append(report, c[8:])
		}
		return report
	}
	return nil
}

// schedulePath matches a saved schedule's path in a report.
var schedulePath = regexp.MustCompile(`VTBOUND_REPLAY=\S+`)

// readablePart keeps the lines of a report a golden file holds and
// replaces the module's directory and the schedule's path with
// placeholders.
func readablePart(report []string, dir string) string {
	var b strings.Builder
	keep := true
	for i, l := range report {
		switch {
		case i == 0, strings.HasPrefix(l, "  what happened: "):
			keep = false
		case strings.HasPrefix(l, "  goroutines:"), strings.HasPrefix(l, "  minimised interleaving"),
			strings.HasPrefix(l, "  interleaving, the steps that matter"):
			keep = true
		case strings.HasPrefix(l, "  (c,v,t) = ") && strings.Contains(l, "after minimisation"):
			l, _, _ = strings.Cut(l, "; minimised schedule saved: ")
			keep = false
		case strings.HasPrefix(l, "  replay: "):
			l = strings.ReplaceAll(schedulePath.ReplaceAllString(l, "VTBOUND_REPLAY=$$SCHEDULE"), dir, "$DIR")
			keep = false
		case strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "    "):
			keep = false
			continue
		case !keep:
			continue
		}
		b.WriteString(strings.TrimRight(l, " ") + "\n")
	}
	return b.String()
}

// reportGolden compares got with testdata/reports/name, or rewrites it
// with -update.
func reportGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "reports", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -tags e2e ./cmd/vtbound -run TestReportGoldens -update rewrites it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
