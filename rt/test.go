package rt

import (
	"testing"

	"github.com/vtbound/vtbound/rt/internal/explore"
)

// Test runs body repeatedly under schedule control, one execution per
// explored schedule, and fails t with a report when an execution fails.
//
// Saved schedules of the test (under VTBOUND_DIR, default
// testdata/vtbound/<TestName>/) are replayed first; VTBOUND_REPLAY=<file>
// replays exactly one schedule. Then the strategy named by
// VTBOUND_STRATEGY explores within VTBOUND_BUDGET. A body that never starts
// a goroutine runs once. Called from inside a running exploration (a
// nested rt.Test), it simply runs body.
//
// body may call t.Error, t.Fatal and t.FailNow from any controlled
// goroutine. Because testing.T keeps its failed state, exploration stops
// at the first failing execution.
func Test(t *testing.T, body func(t *testing.T)) {
	t.Helper()
	explore.Test(t, body)
}

// Exploring reports whether an exploration of t is under way. The
// rewriter keeps a test function's body where it was and makes the
// function explore itself:
//
//	func TestX(t *testing.T) {
//		if !rt.Exploring(t) {
//			rt.Test(t, TestX)
//			return
//		}
//		... the body, unchanged ...
//	}
//
// so that the body's function literals keep their native names
// (TestX.func1, as runtime.FuncForPC and stack traces show them) and the
// body's frames are the test function's own.
func Exploring(t *testing.T) bool {
	return explore.Active(t)
}

// ExampleElsewhere is called by the rewriter first in every example that
// go test runs (one with an output comment), with the example's name and
// its expected output:
//
//	func ExampleX() {
//		if rt.ExampleElsewhere("ExampleX", "the output comment's text\n") {
//			return
//		}
//		... the body, unchanged ...
//	}
//
// Once a test has been explored in this process, the example runs in a
// fresh process of the test binary instead, where it finds the state a
// fresh process has, not what the explorations' released goroutines left
// (a package-level worker pool whose workers are gone); ExampleElsewhere
// then prints the output go test compares and reports true.
func ExampleElsewhere(name, want string) bool {
	return explore.ExampleElsewhere(name, want)
}
