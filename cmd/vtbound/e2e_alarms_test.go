//go:build e2e

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// alarmsEnv fixes the seed of the verdict tests.
var alarmsEnv = []string{"VTBOUND_SEED=1"}

// alarmResults runs go test -json -toolexec=vtbound in dir with extra
// environment entries and collects each top-level test's action and
// output, and the whole output (every test's and the package's).
func alarmResults(t *testing.T, dir string, env []string, args ...string) (actions, outputs map[string]string, all string) {
	t.Helper()
	r := goCmd(t, dir, append(append([]string(nil), alarmsEnv...), env...),
		append([]string{"test", "-json", "-count=1", "-timeout=10m", toolexecFlag(t)}, args...)...)
	actions, outputs, all = testEvents(t, r)
	return actions, outputs, all + r.stderr
}

// schedules returns the schedule files saved for test in dir.
func schedules(dir, test string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "testdata", "vtbound", test, "*"))
	return files
}

// TestAlarms checks that only interleaving bugs are reported as such:
// a failure on every schedule is reported once as what it is, with no
// (c,v,t), saved schedule or replay command; a test that cannot run twice
// in one process passes with a warning, its t.Fatal taken back; an allocation count passes; an intended
// leak passes when VTBOUND_IGNORE_LEAKS names its top function and is
// reported otherwise; a test whose first execution fails only because an
// earlier test's executions released a package-level pool's workers
// passes, with a warning, and so does an example on that pool, run after
// the tests; a test naming its own function literal sees their
// native names; and a real lost update still gets (c,v,t), a saved
// schedule and the replay command. Needs the rewriter and the engine.
func TestAlarms(t *testing.T) {
	dir := module(t, "alarms")
	actions, outputs, all := alarmResults(t, dir, nil, ".")
	const every = "; fails on every schedule: not an interleaving bug\n"
	notBug := map[string][]string{
		"TestAlwaysWrong": {"vtbound: TestAlwaysWrong: test failure: t.Error called" + every, "sum of squares = 5, want 6"},
	}
	for name, wants := range notBug {
		checkNotBug(t, dir, name, actions[name], outputs[name], wants)
	}
	// The poller's loop, left waiting for work where nothing checks
	// leaks with goleak, is listed, not failed (docs/verdicts.md).
	const idle = "vtbound: TestBackgroundPoller: goroutines left waiting for work, or blocked in the test's own code, after the test body returned, on every schedule (not failed: the test does not check leaks with goleak): alarms.go:50 (recv)"
	if actions["TestBackgroundPoller"] != "pass" || !strings.Contains(all, idle) {
		t.Errorf("TestBackgroundPoller: %s, want pass and %q:\n%s", actions["TestBackgroundPoller"], idle, outputs["TestBackgroundPoller"])
	}
	checkTakenBack(t, dir, actions, all)
	for _, name := range []string{"TestAllocs", "TestHeapFreed"} {
		if actions[name] != "pass" {
			t.Errorf("%s: %s, want pass (run natively):\n%s", name, actions[name], outputs[name])
		}
	}
	checkEarlierTests(t, actions, outputs, all)
	if actions["ExampleHandle"] != "pass" {
		t.Errorf("ExampleHandle: %s, want pass (run in a fresh process, away from the released workers):\n%s", actions["ExampleHandle"], outputs["ExampleHandle"])
	}
	if actions["TestFuncNames"] != "pass" {
		t.Errorf("TestFuncNames: %s, want pass (function literals keep their native names):\n%s", actions["TestFuncNames"], outputs["TestFuncNames"])
	}
	// A loop left waiting for work does not hide the failure another
	// schedule shows (idleleak.go).
	dropped := outputs["TestPollerAndDroppedValue"]
	if actions["TestPollerAndDroppedValue"] != "fail" || !strings.Contains(dropped, "vtbound: TestPollerAndDroppedValue: test failure") || !strings.Contains(dropped, "replay: ") {
		t.Errorf("TestPollerAndDroppedValue: %s, want the failed check reported with its replay:\n%s", actions["TestPollerAndDroppedValue"], dropped)
	}
	// The lost update races: the race heads the report, the failed check
	// follows it.
	out := outputs["TestLostUpdate"]
	for _, want := range []string{"vtbound: TestLostUpdate: data race: ", "; then test failure: ", "(c,v,t) = (", "schedule saved: ", "replay: "} {
		if actions["TestLostUpdate"] != "fail" || !strings.Contains(out, want) {
			t.Errorf("TestLostUpdate: %s, want a failure reporting %q:\n%s", actions["TestLostUpdate"], want, out)
		}
	}
	if len(schedules(dir, "TestLostUpdate")) == 0 {
		t.Errorf("TestLostUpdate: no schedule saved")
	}
}

// checkEarlierTests checks that TestPoolFirst and TestPoolSecond, whose
// later executions (and the second test's first) find the package-level
// pool's workers released, pass, each with its one warning line.
func checkEarlierTests(t *testing.T, actions, outputs map[string]string, all string) {
	t.Helper()
	for _, name := range []string{"TestPoolFirst", "TestPoolSecond"} {
		if actions[name] != "pass" {
			t.Errorf("%s: %s, want pass (not repeatable in one process):\n%s", name, actions[name], outputs[name])
		}
	}
	const warn = "vtbound: warning: TestPoolSecond: execution 1 failed (deadlock"
	if !strings.Contains(all, warn) || !strings.Contains(all, "after the earlier tests") {
		t.Errorf("no warning %q saying the failure follows the earlier tests:\n%s", warn, all)
	}
}

// checkTakenBack checks that TestRegisterOnce and TestLockFile, which fail
// through t.Fatal from their second execution on (a registry keeps the
// name, a lock file stays), pass with one warning line each saying the
// failure is not repeatable in one process and what was left behind, and
// save no schedule.
func checkTakenBack(t *testing.T, dir string, actions map[string]string, all string) {
	t.Helper()
	for name, left := range map[string]string{"TestRegisterOnce": "", "TestLockFile": " (left behind: file created: alarms.lock)"} {
		warn := "vtbound: warning: " + name + ": execution 2 failed (test failure: t.Fatal/t.FailNow called), which is not repeatable in one process, so the test keeps its native verdict (pass)"
		if actions[name] != "pass" || strings.Count(all, warn) != 1 || !strings.Contains(all, "left in the process"+left+"\n") {
			t.Errorf("%s: %s, want pass with one warning %q ending %q:\n%s", name, actions[name], warn, left, all)
		}
		if files := schedules(dir, name); len(files) > 0 {
			t.Errorf("%s: schedules saved: %v", name, files)
		}
	}
}

// checkNotBug checks a failure reported once as not an interleaving bug.
func checkNotBug(t *testing.T, dir, name, action, out string, wants []string) {
	t.Helper()
	if action != "fail" {
		t.Errorf("%s: %s, want fail:\n%s", name, action, out)
		return
	}
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("%s: output lacks %q:\n%s", name, want, out)
		}
	}
	if n := strings.Count(out, "vtbound: "+name+": "); n != 1 {
		t.Errorf("%s: reported %d times, want once:\n%s", name, n, out)
	}
	for _, bad := range []string{"(c,v,t)", "schedule saved:", "replay:"} {
		if strings.Contains(out, bad) {
			t.Errorf("%s: report has %q, which only interleaving bugs have:\n%s", name, bad, out)
		}
	}
	if files := schedules(dir, name); len(files) > 0 {
		t.Errorf("%s: schedules saved: %v", name, files)
	}
}

// TestAlarmsIgnoreLeaks: the poller's loop, never stopped, is accepted
// when VTBOUND_IGNORE_LEAKS names its top function, and summarised in one
// line. Needs the rewriter and the engine.
func TestAlarmsIgnoreLeaks(t *testing.T) {
	dir := module(t, "alarms")
	env := []string{"VTBOUND_IGNORE_LEAKS=example.com/alarms.(*Poller).loop"}
	actions, outputs, all := alarmResults(t, dir, env, "-run=^TestBackgroundPoller$", ".")
	if actions["TestBackgroundPoller"] != "pass" {
		t.Errorf("TestBackgroundPoller: %s, want pass:\n%s", actions["TestBackgroundPoller"], outputs["TestBackgroundPoller"])
	}
	const summary = "vtbound: TestBackgroundPoller: accepted leaked goroutines in "
	if n := strings.Count(all, summary); n != 1 || !strings.Contains(all, "(VTBOUND_IGNORE_LEAKS): example.com/alarms.(*Poller).loop\n") {
		t.Errorf("want one summary line %q... naming the loop, got %d:\n%s", summary, n, all)
	}
}

// TestAlarmsPackagePool: a package-level pool made at init (ants' default
// pool in small) is restarted by a test in every execution, and once more
// by an example run natively after it. The goroutines each execution
// leaves behind are released, and their deferred calls (a close in a
// sync.Once, a counter's decrement) must take effect, or the next
// Restart waits for ever: the test was reported as a deadlock (excused as
// not repeatable) and the example then failed. Both pass natively, and
// so must they under vtbound, without a warning. Needs the rewriter and
// the engine.
func TestAlarmsPackagePool(t *testing.T) {
	dir := module(t, "pkgpool")
	actions, outputs, all := alarmResults(t, dir, []string{"VTBOUND_BUDGET=300,2s"}, "-timeout=2m", ".")
	for _, name := range []string{"TestRestart", "ExampleRestart"} {
		if actions[name] != "pass" {
			t.Errorf("%s: %s, want pass:\n%s", name, actions[name], outputs[name])
		}
	}
	if strings.Contains(all, "vtbound: warning") || strings.Contains(all, "not repeatable") {
		t.Errorf("want no warning: every execution passes as natively:\n%s", all)
	}
}
