//go:build e2e

package main

import (
	"strings"
	"testing"
)

// TestStacksGoleak: tests that check for leaked goroutines with the real
// go.uber.org/goleak (from the module cache) see what they would see
// natively (docs/stacks.md). Correct concurrent code under
// defer goleak.VerifyNone(t) passes (goleak does not see the test's own
// goroutine waiting for the exploration); a goroutine blocked in a receive
// is listed in state "chan receive" with its own function on top, so that
// goleak.IgnoreTopFunction accepts it and runtime.NumGoroutine counts it;
// a really leaked goroutine still fails the test.
func TestStacksGoleak(t *testing.T) {
	actions, outputs, all := engineRun(t, "stacks", "GOFLAGS=-mod=mod", "VTBOUND_BUDGET=50")
	wantActions(t, actions, outputs, map[string]string{
		"TestSum":                "pass",
		"TestBlockedLooksNative": "pass",
		"TestLeak":               "fail",
	})
	leak := outputs["TestLeak"]
	if !strings.Contains(leak, "example.com/stacks.waitFor on top of the stack") {
		t.Errorf("TestLeak: goleak does not show the leaked goroutine with its own top frame:\n%s", leak)
	}
	if strings.Contains(leak, "found unexpected goroutines") && strings.Contains(leak, "vtbound/rt") {
		t.Errorf("TestLeak: goleak's listing shows vtbound's frames:\n%s", leak)
	}
	if strings.Contains(all, "compiled unchanged") {
		t.Errorf("a package fell back to its unchanged code:\n%s", all)
	}
}
