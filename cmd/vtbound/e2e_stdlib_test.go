//go:build e2e

package main

import (
	"strings"
	"testing"
)

// TestStdlib runs the stdlib module (timers, tickers, AfterFunc, context,
// sync.Map, OnceValue, Cond with any Locker, sync.Locker calls, synctest)
// under vtbound: a context nobody cancels is a leak on every schedule, a
// deadline as long as the work is found to win sometimes (on the virtual
// clock), synctest tests are explored without a warning (a data race
// inside a bubble is reported), and every other
// test passes (no false alarm from Timer.Reset, Ticker.Reset, AfterFunc
// with Reset, sync.Map publication or a Cond over an RLocker; a loop
// stopped by a t.Cleanup function is no leak and its Close does not hang,
// each execution running its own Cleanup functions). Needs the
// rewriter and the engine.
func TestStdlib(t *testing.T) {
	dir := module(t, "stdlib")
	r := goCmd(t, dir, alarmsEnv, "test", "-json", "-count=1", "-timeout=10m", toolexecFlag(t), ".")
	actions, outputs, _ := testEvents(t, r)
	// A worker waiting for work on a context nobody cancels, where nothing
	// checks leaks with goleak: listed as left waiting, not failed.
	leak := outputs["TestContextNeverCancelled"]
	if actions["TestContextNeverCancelled"] != "pass" || !strings.Contains(leak, "vtbound: TestContextNeverCancelled: goroutines left waiting for work, or blocked in the test's own code, after the test body returned") {
		t.Errorf("TestContextNeverCancelled: %s, want it listed as left waiting for work:\n%s", actions["TestContextNeverCancelled"], leak)
	}
	race := outputs["TestContextDeadlineRace"]
	for _, want := range []string{"vtbound: TestContextDeadlineRace: test failure", "deadline before the work", "(c,v,t) = ("} {
		if actions["TestContextDeadlineRace"] != "fail" || !strings.Contains(race, want) {
			t.Errorf("TestContextDeadlineRace: %s, want a failure with %q:\n%s", actions["TestContextDeadlineRace"], want, race)
		}
	}
	// Timing bugs: a 5 ms sleep against a 10 ms deadline (the deadline
	// fires first natively when the worker is delayed 5 ms), and a
	// debouncer whose two triggers are 10 ms apart when the second
	// goroutine is delayed (it fires twice). Each is found and labelled
	// timing-dependent; with time as a barrier both pass.
	for name, want := range map[string]string{"TestContextDeadlineAfterWork": "deadline before the work", "TestDebounce": "fired 2 times"} {
		for _, w := range []string{want, "timing-dependent: G", "(c,v,t) = ("} {
			if actions[name] != "fail" || !strings.Contains(outputs[name], w) {
				t.Errorf("%s: %s, want a failure with %q:\n%s", name, actions[name], w, outputs[name])
			}
		}
	}
	blocked := goCmd(t, dir, append(alarmsEnv, "VTBOUND_TIME=blocked"), "test", "-count=1", "-run=^(TestContextDeadlineAfterWork|TestDebounce)$", toolexecFlag(t), ".")
	if blocked.code != 0 {
		t.Errorf("timing tests under VTBOUND_TIME=blocked: exit %d\n%s", blocked.code, blocked.output())
	}
	for _, line := range strings.Split(r.output(), "\n") {
		if strings.Contains(line, "vtbound: warning") && strings.Contains(line, "synctest") {
			t.Errorf("want synctest tests explored without a warning, got %q", line)
		}
	}
	pinger := outputs["TestSynctestPinger"]
	for _, want := range []string{"vtbound: TestSynctestPinger: data race", "p.n"} {
		if actions["TestSynctestPinger"] != "fail" || !strings.Contains(pinger, want) {
			t.Errorf("TestSynctestPinger: %s, want a data race report with %q:\n%s", actions["TestSynctestPinger"], want, pinger)
		}
	}
	checkTestEnd(t, actions, outputs, r.output())
	for _, name := range []string{"TestTimerReset", "TestTickerReset", "TestWaitTimeout",
		"TestContextCancelTree", "TestSyncMap", "TestCondLockers", "TestSynctest", "TestTContext",
		"TestCleanupStopsLoop", "TestKeepAlive"} {
		if actions[name] != "pass" {
			t.Errorf("%s: %s, want pass:\n%s", name, actions[name], outputs[name])
		}
	}
}

// checkTestEnd checks TestStdlib's tests of a test's end and of a test
// that cannot run twice in one process: a check-then-act bug found in
// fresh processes, a worker that blocks for ever two hours after the body
// returned (a leak), and a keep-alive loop nobody stops (listed in one
// line, not failed: the package does not check leaks).
func checkTestEnd(t *testing.T, actions, outputs map[string]string, all string) {
	t.Helper()
	acct := outputs["TestGlobalAccount"]
	for _, want := range []string{"vtbound: TestGlobalAccount: test failure", "explored in fresh processes"} {
		if actions["TestGlobalAccount"] != "fail" || !strings.Contains(acct+all, want) {
			t.Errorf("TestGlobalAccount: %s, want a failure with %q:\n%s", actions["TestGlobalAccount"], want, acct)
		}
	}
	worker := outputs["TestWorkerOutlivesCaller"]
	if actions["TestWorkerOutlivesCaller"] != "fail" || !strings.Contains(worker, "vtbound: TestWorkerOutlivesCaller: goroutine leak") {
		t.Errorf("TestWorkerOutlivesCaller: %s, want a goroutine leak:\n%s", actions["TestWorkerOutlivesCaller"], worker)
	}
	if !strings.Contains(all, "vtbound: TestKeepAlive: goroutines left looping on the clock after the test body returned") {
		t.Errorf("want TestKeepAlive's loop listed in one line:\n%s", all)
	}
}
