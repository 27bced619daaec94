//go:build e2e

package main

import (
	"fmt"
	"strings"
	"testing"
)

// engineRun runs the tests of testdata/e2e/<name> under vtbound and returns
// each top-level test's action and output, and the whole output (with the
// exit status when it is not 0).
func engineRun(t *testing.T, name string, env ...string) (map[string]string, map[string]string, string) {
	t.Helper()
	dir := module(t, name)
	env = append(append([]string{}, kernelEnv...), env...)
	r := goCmd(t, dir, env, "test", "-json", "-count=1", "-timeout=5m", toolexecFlag(t), ".")
	actions, outputs, _ := testEvents(t, r)
	if r.code != 0 {
		return actions, outputs, r.output() + "\nexit status " + fmt.Sprint(r.code)
	}
	return actions, outputs, r.output()
}

// wantActions requires each named test to end with the given action.
func wantActions(t *testing.T, actions, outputs map[string]string, want map[string]string) {
	t.Helper()
	for test, action := range want {
		if actions[test] != action {
			t.Errorf("%s: %q, want %q; output:\n%s", test, actions[test], action, outputs[test])
		}
	}
}

// TestEnginePackageChannel: controlled goroutines rendezvous on
// package-level channels made at init (never polled from both ends).
func TestEnginePackageChannel(t *testing.T) {
	actions, outputs, all := engineRun(t, "pkgchan")
	wantActions(t, actions, outputs, map[string]string{"TestRelay": "pass"})
	if strings.Contains(all, "exit status") {
		t.Errorf("go test failed:\n%s", all)
	}
}

// TestEngineMutexDamage: a mutex overwritten while locked is reported as
// the fatal error it would be natively, the test binary does not crash,
// and the next test of the package still runs.
func TestEngineMutexDamage(t *testing.T) {
	actions, outputs, all := engineRun(t, "mutexdamage")
	wantActions(t, actions, outputs, map[string]string{"TestOverwrite": "fail", "TestLater": "pass"})
	if !strings.Contains(outputs["TestOverwrite"], "fatal error: sync: unlock of unlocked mutex: the Mutex was overwritten or copied while locked") {
		t.Errorf("TestOverwrite report:\n%s", outputs["TestOverwrite"])
	}
	for _, line := range strings.Split(all, "\n") {
		if strings.HasPrefix(line, "fatal error:") || strings.HasPrefix(line, "panic:") {
			t.Errorf("the test binary crashed: %s", line)
		}
	}
}

// TestEngineLongLoop: one goroutine taking many steps alone is not a
// livelock: the step bound stops exploration with a warning and the test
// passes.
func TestEngineLongLoop(t *testing.T) {
	actions, outputs, all := engineRun(t, "longloop", "VTBOUND_MAXSTEPS=100000")
	wantActions(t, actions, outputs, map[string]string{"TestLongLoop": "pass"})
	if strings.Contains(all, "livelock") {
		t.Errorf("reported as a livelock:\n%s", all)
	}
	if !strings.Contains(all, "reached the step bound") {
		t.Errorf("no step-bound warning (the loop did not reach the bound?):\n%s", all)
	}
}

// TestEngineLeakCheck: a goleak-style checker (stacks of all goroutines,
// after the tests in TestMain) and a goroutine count before and after a
// test see no goroutine of vtbound.
func TestEngineLeakCheck(t *testing.T) {
	actions, outputs, all := engineRun(t, "leakcheck")
	wantActions(t, actions, outputs, map[string]string{"TestWorkers": "pass", "TestCount": "pass"})
	if strings.Contains(all, "leaked goroutines") || strings.Contains(all, "exit status") {
		t.Errorf("leak checker in TestMain failed:\n%s", all)
	}
}

// TestEngineTimeoutShare: six tests that would each explore for 4 s fit
// in a test binary with -timeout=8s: the explorations shorten as the
// timeout nears, one warning says so, and go test passes instead of
// panicking with "test timed out".
func TestEngineTimeoutShare(t *testing.T) {
	dir := module(t, "timeoutshare")
	env := append(append([]string{}, kernelEnv...), "VTBOUND_BUDGET=100000000,4s")
	r := goCmd(t, dir, env, "test", "-json", "-count=1", "-timeout=8s", toolexecFlag(t), ".")
	actions, outputs, _ := testEvents(t, r)
	for _, test := range []string{"TestA", "TestB", "TestC", "TestD", "TestE", "TestF"} {
		if actions[test] != "pass" {
			t.Errorf("%s: %q, want pass; output:\n%s", test, actions[test], outputs[test])
		}
	}
	all := r.output()
	if r.code != 0 || strings.Contains(all, "test timed out") {
		t.Errorf("go test exited %d:\n%s", r.code, all)
	}
	if n := strings.Count(all, "-test.timeout of 8s is near"); n != 1 {
		t.Errorf("%d warnings about the near timeout, want 1:\n%s", n, all)
	}
}
