//go:build integration

package differential

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"
)

// truePositive is a (sub)test that passes natively but in which vtbound
// finds a real bug; the reason says what the bug is.
type truePositive struct {
	pkg    string // import path of the package
	test   string // full test name, as go test -json reports it
	oracle string // the oracle of the report: "vtbound: <test>: <oracle>"; alternatives separated by |
	reason string
}

// poolLeak explains the leaks in conc's pool tests: "panics on
// configuration after init" starts a task (pool.Go starts a worker
// goroutine ranging over the pool's task channel) and never calls Wait,
// which is the only thing that closes the channel; the worker stays blocked
// in `for f := range p.tasks` for ever. ("after wait" in result_pool_test.go
// does not call Wait either, despite its name.)
const poolLeak = "the test never calls Wait, so the pool's worker goroutine stays blocked on the task channel"

// truePositives are the expected differences, each checked by reading the
// report and the module's code.
var truePositives = []truePositive{
	{"github.com/sourcegraph/conc/pool", "TestPool/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestErrorPool/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestContextPool/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestResultGroup/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestResultGroup/panics_on_configuration_after_init/after_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestResultErrorGroup/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestResultContextPool/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	// pond.go StopAndWaitFor: when the deadline wins the select, nobody ever
	// receives from the unbuffered workersDone channel, so the goroutine
	// that waited for the workers blocks on its send for ever. The test's
	// 2 s task against a 50 ms deadline takes exactly that path natively.
	{"github.com/alitto/pond", "TestSubmitAndStopWaitFor", "goroutine leak", "StopAndWaitFor leaks its helper goroutine when the deadline passes"},
	// group.go TaskGroupWithContext.Wait starts a goroutine that waits for
	// the tasks and then sends on tasksCompleted, and selects between that
	// channel and ctx.Done. When every task has seen the cancellation and
	// returned before Wait reaches its select, both cases are ready and Go
	// picks one at random: Wait returns nil instead of context.Canceled.
	//
	// The same Wait leaks: when ctx.Done wins its select, nobody receives
	// from the unbuffered tasksCompleted, so the helper goroutine blocks on
	// its send for ever once the tasks finish (group.go:76). A test whose
	// context is cancelled (by the test, or by a task's error) can show
	// either bug first.
	{"github.com/alitto/pond", "TestGroupContextWithCanceledContext", "test failure|goroutine leak", "Wait returns nil when the tasks finish before its select sees the cancelled context; Wait leaks its helper goroutine when the context wins"},
	{"github.com/alitto/pond", "TestGroupContextWithError", "goroutine leak", "Wait leaks its helper goroutine when the cancellation by the failing task wins its select"},
	// clockwork_test.go: the test starts four goroutines on one FakeClock
	// and returns. When Advance(d) runs before Sleep(d) registers its
	// waiter, nothing ever advances the clock again and the sleeper blocks
	// for ever (a leak goleak would report in those schedules).
	{"github.com/jonboulle/clockwork", "TestFakeClockRace", "goroutine leak", "the Sleep goroutine blocks for ever when Advance runs first"},
	// ticker_test.go: BlockUntil(1) returns at once (the ticker is always a
	// waiter), so the advancing goroutine may do all ten one-second
	// advances before the body first receives: the ticks after the first
	// are dropped (its channel is full), the body reads that tick and the
	// 5 s timer, finds the ticker empty and waits for a tick nobody will
	// send until its one-minute context expires: t.Fatalf.
	{"github.com/jonboulle/clockwork", "TestFakeTicker_DeliveryOrder", "test failure", "the ticks are dropped when every Advance runs before the body receives; the test then waits for a tick that never comes"},
}

// reportsOracle reports whether out holds vtbound's report of one of the
// oracles (separated by |) for test name.
func reportsOracle(out, name, oracles string) bool {
	for _, o := range strings.Split(oracles, "|") {
		if strings.Contains(out, "vtbound: "+name+": "+o) {
			return true
		}
	}
	return false
}

// TestDifferential runs every module's test suite natively and under
// vtbound and compares the verdicts package by package.
func TestDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every module's test suite twice (minutes); run without -short")
	}
	trackSources(t)
	var rows []string
	for _, mod := range Modules {
		t.Run(strings.ReplaceAll(mod.Path, "/", "_"), func(t *testing.T) {
			rows = append(rows, checkModule(t, mod)...)
		})
	}
	t.Logf("results:\n| module | package | native | vtbound |\n|---|---|---|---|\n%s", strings.Join(rows, "\n"))
}

// checkModule runs one module's suite both ways and reports divergences; it
// returns the module's result rows.
func checkModule(t *testing.T, mod Module) []string {
	dir := Checkout(t, mod)
	start := time.Now()
	native := runSuite(t, dir, nil)
	nativeTime := time.Since(start)
	start = time.Now()
	vt := runSuite(t, dir, []string{"-toolexec=" + vtboundBin(t)})
	vtTime := time.Since(start)
	t.Logf("%s@%s: native %.1fs, vtbound %.1fs", mod.Path, mod.Version, nativeTime.Seconds(), vtTime.Seconds())
	checkFallbacks(t, vt)
	var rows []string
	for _, pkg := range union(native.verdicts, vt.verdicts) {
		nv, vv := native.verdicts[pkg], vt.verdicts[pkg]
		if nv == "FAIL" && nv != vv {
			nv = nativeAgain(t, dir, pkg, native)
		}
		rows = append(rows, fmt.Sprintf("| %s@%s | %s | %s | %s |", mod.Path, mod.Version, pkg, nv, vv))
		if nv != vv {
			checkDivergence(t, pkg, nv, vv, vt)
		}
	}
	logMissed(t, vt)
	return rows
}

// nativeFlakyRuns is how many more times a package whose native run
// failed is run natively before its failure counts as its verdict.
const nativeFlakyRuns = 2

// nativeAgain runs pkg natively again, up to nativeFlakyRuns times, after
// its first native run failed while vtbound's did not, and returns "ok" as
// soon as one run passes: the package's own tests are then flaky natively
// (timing margins that a loaded machine misses, as go-resiliency/deadline's
// 10 ms ones do while the check's other half builds), and a native failure
// that does not reproduce says nothing about vtbound's verdict. The native
// failure is logged with its tests.
func nativeAgain(t *testing.T, dir, pkg string, first *suite) string {
	t.Helper()
	for range nativeFlakyRuns {
		again := runPackages(t, dir, nil, pkg)
		if v := again.verdicts[pkg]; v == "ok" {
			t.Logf("%s: failed natively (%s), passed natively when run again: flaky natively, counted as ok", pkg, strings.Join(failedLeaves(first.failed[pkg]), ", "))
			return v
		}
	}
	return "FAIL"
}

// logMissed notes recorded true positives this run did not find: the
// search is randomised and its budget small, so that is not a failure.
func logMissed(t *testing.T, s *suite) {
	for _, tp := range truePositives {
		if _, ok := s.verdicts[tp.pkg]; ok && !s.failed[tp.pkg][tp.test] {
			t.Logf("%s: %s: recorded true positive (%s) not found in this run", tp.pkg, tp.test, tp.oracle)
		}
	}
}

// checkDivergence accepts a verdict difference only when every failing leaf
// test under vtbound is a recorded true positive reported with its oracle.
func checkDivergence(t *testing.T, pkg, native, vt string, s *suite) {
	t.Helper()
	leaves := failedLeaves(s.failed[pkg])
	if native != "ok" || vt != "FAIL" || len(leaves) == 0 {
		t.Errorf("%s: native %q, vtbound %q\n%s", pkg, native, vt, excerpt(s.output[pkg], append(append(leaves, failedLeaves(s.running[pkg])...), "")))
		return
	}
	for _, name := range leaves {
		tp, ok := findTruePositive(pkg, name)
		out := s.output[pkg][name]
		switch {
		case !ok && strings.Contains(out, timingLabel):
			// A timer beat work (VTBOUND_TIME=race): natively the test
			// fails when that goroutine is delayed for the timer's
			// duration, so the difference is the test's timing margin,
			// not a false alarm (docs/differential.md).
			t.Logf("%s: %s: timing-dependent, fails natively on a delay: %s", pkg, name, firstLine(out, timingLabel))
		case !ok:
			t.Errorf("%s: %s passes natively, fails under vtbound:\n%s", pkg, name, reportExcerpt(out, name))
		case !reportsOracle(out, name, tp.oracle):
			t.Errorf("%s: %s: expected true positive %q, got:\n%s", pkg, name, tp.oracle, reportExcerpt(out, name))
		default:
			t.Logf("%s: %s: true positive (%s): %s", pkg, name, tp.oracle, tp.reason)
		}
	}
}

// timingLabel starts the line of a report whose failure needed a timer to
// beat work.
const timingLabel = "timing-dependent: "

// firstLine returns the rest of the first line of out that contains s,
// from s on.
func firstLine(out, s string) string {
	i := strings.Index(out, s)
	if i < 0 {
		return ""
	}
	line, _, _ := strings.Cut(out[i:], "\n")
	return line
}

// findTruePositive looks the test up in the table of expected differences.
func findTruePositive(pkg, test string) (truePositive, bool) {
	for _, tp := range truePositives {
		if tp.pkg == pkg && tp.test == test {
			return tp, true
		}
	}
	return truePositive{}, false
}

// union returns the sorted keys of both maps.
func union(a, b map[string]string) []string {
	seen := map[string]bool{}
	for k := range a {
		seen[k] = true
	}
	for k := range b {
		seen[k] = true
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
