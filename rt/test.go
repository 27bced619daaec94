package rt

import (
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
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

// Search explores body under schedule control without reporting anything:
// the strategy named by VTBOUND_STRATEGY (with VTBOUND_SEED) runs body
// for at most execs executions and at most d, and Search reports whether
// body returned false in one of them, stopping there. Executions that
// fail otherwise (a panic, a deadlock, a leak) do not count; no schedule
// is replayed, saved or minimised. Libraries built on rt use it to ask
// whether a smaller variant of a failing test still fails (package
// lincheck minimises its scenarios with it). t names the test, so that
// the explorations of t and of its ancestors wait for the search; it may
// be a benchmark's B.
//
// Called from inside an execution, or in a child process that vtbound
// started to probe or minimise a schedule, Search explores nothing and
// reports false.
func Search(t testing.TB, body func() bool, execs int, d time.Duration) bool {
	t.Helper()
	return explore.Search(t, body, execs, d)
}

// Instrumented reports whether the test binary was built with
// `go test -toolexec=vtbound`: every package the compile wrapper rewrites
// registers with rt from its initialiser (RegisterTable, even with no
// sites), so Instrumented is true from the moment package initialisation
// is over, and false in a binary that only imports rt. Libraries that run
// natively under plain go test and under the engine otherwise (package
// lincheck) choose their mode with it.
func Instrumented() bool {
	return engine.Instrumented()
}
