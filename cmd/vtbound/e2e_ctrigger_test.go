//go:build e2e

package main

import (
	"strings"
	"testing"
)

// TestCTriggerE2E runs testdata/e2e/ctrigger under VTBOUND_STRATEGY=ctrigger:
// the lost log entry and the opposite-order transfers are each found by
// forcing (an unserializable triple, a lock-order cycle), and the locked
// log passes with its coverage printed.
func TestCTriggerE2E(t *testing.T) {
	dir := module(t, "ctrigger")
	env := []string{"VTBOUND_STRATEGY=ctrigger", "VTBOUND_SEED=1", "VTBOUND_VERBOSE=1", "VTBOUND_RACES=off"}
	for _, c := range []struct {
		test string
		want []string
	}{
		{"TestLog", []string{"log has 1 entries", "found by ctrigger force R-W-W"}},
		{"TestTransfer", []string{"deadlock", "found by ctrigger force lock cycle"}},
	} {
		r := goCmd(t, dir, env, "test", toolexecFlag(t), "-count=1", "-run=^"+c.test+"$", ".")
		for _, w := range c.want {
			if r.code == 0 || !strings.Contains(r.output(), w) {
				t.Errorf("%s: want a failure mentioning %q (exit %d):\n%s", c.test, w, r.code, r.output())
			}
		}
	}
	r := goCmd(t, dir, env, "test", toolexecFlag(t), "-count=1", "-v", "-run=^TestLogLocked$", ".")
	if out := r.output(); r.code != 0 || !strings.Contains(out, "ctrigger: ") || !strings.Contains(out, "pruned by order") {
		t.Errorf("TestLogLocked: want a pass with ctrigger's coverage (exit %d):\n%s", r.code, out)
	}
}
