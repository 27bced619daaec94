//go:build e2e

package main

import "testing"

// TestTimerPool runs the timerpool module under vtbound: a lock-wait
// detector in the style of github.com/sasha-s/go-deadlock recycles its
// stopped AfterFunc timers across executions and only Resets them. Both
// tests pass, as natively: the detector reports the one long wait, on the
// virtual clock, in every execution, and never a wait that did not happen.
// Before timers of earlier executions were adopted (engine.G.TimerOf),
// TestReportsLongWait failed from its second execution on: the Reset
// armed the real timer behind the model, whose function did nothing.
func TestTimerPool(t *testing.T) {
	dir := module(t, "timerpool")
	r := goCmd(t, dir, alarmsEnv, "test", "-json", "-count=1", "-timeout=5m", toolexecFlag(t), ".")
	actions, outputs, _ := testEvents(t, r)
	for _, name := range []string{"TestReportsLongWait", "TestQuietWithoutWaits"} {
		if actions[name] != "pass" {
			t.Errorf("%s: %s, want pass:\n%s", name, actions[name], outputs[name])
		}
	}
}
