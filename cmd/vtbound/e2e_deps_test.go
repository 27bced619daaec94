//go:build e2e

package main

import (
	"strings"
	"testing"
)

// TestDepsUnderControl: the concurrency operations of dependencies from
// the module cache are rewritten (VTBOUND_DEPS, on by default). testify's
// Eventually and x/sync's singleflight wait under control and pass, and
// goroutines that errgroup starts are controlled, so a race between the
// functions it runs (in the module, in scope) is found, with errgroup's
// own operations in the interleaving.
func TestDepsUnderControl(t *testing.T) {
	actions, outputs, all := engineRun(t, "deps", "GOFLAGS=-mod=mod")
	wantActions(t, actions, outputs, map[string]string{
		"TestEventually":   "pass",
		"TestSingleflight": "pass",
		"TestErrgroupRace": "fail",
	})
	race := outputs["TestErrgroupRace"]
	if !strings.Contains(race, "data race") || !strings.Contains(race, "errgroup.go") {
		t.Errorf("TestErrgroupRace: want a data race with errgroup's operations in the report:\n%s", race)
	}
	if strings.Contains(all, "compiled unchanged") {
		t.Errorf("a dependency fell back to its unchanged code:\n%s", all)
	}
}

// TestHandoffSelfServer: tests that start their own server on a goroutine
// (HTTP, raw TCP) and connect to it pass: a controlled goroutine blocked
// in network I/O is handed off and the other goroutines run (before: a
// 10 s timeout in every such test).
func TestHandoffSelfServer(t *testing.T) {
	actions, outputs, all := engineRun(t, "handoff", "VTBOUND_BUDGET=100")
	wantActions(t, actions, outputs, map[string]string{"TestHTTPServe": "pass", "TestTCPEcho": "pass"})
	for _, bad := range []string{"without reaching a scheduling point", "timeout", "exit status"} {
		if strings.Contains(all, bad) {
			t.Errorf("output has %q:\n%s", bad, all)
		}
	}
}
