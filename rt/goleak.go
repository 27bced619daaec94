package rt

import (
	"testing"

	"github.com/vtbound/vtbound/rt/internal/explore"
)

// IgnoreLeaks makes the leak oracle of every later exploration in this
// test binary accept leaked goroutines whose top function (the function
// holding the operation the goroutine is blocked on, named as in a stack
// trace) is one of tops, exactly as VTBOUND_IGNORE_LEAKS does.
//
// The rewriter calls it at the start of a TestMain whose
// goleak.VerifyTestMain call (go.uber.org/goleak) passes
// goleak.IgnoreTopFunction or goleak.IgnoreAnyFunction options with
// constant arguments, so that vtbound accepts the goroutines goleak
// accepts natively (docs/fidelity.md, "goleak's options").
func IgnoreLeaks(tops ...string) {
	explore.IgnoreLeaks(tops...)
}

// GoleakChecksAll records that every test of this test binary checks
// leaks with goleak: a goroutine a test leaves looping on the clock after
// its body returned (a background loop it never stopped) then fails it,
// where otherwise it is listed without failing (docs/verdicts.md). The
// rewriter calls it at the start of a TestMain that calls
// goleak.VerifyTestMain.
func GoleakChecksAll() {
	explore.GoleakChecks(nil)
}

// GoleakChecks records, when t is a testing.TB, that its test checks
// leaks with goleak, as GoleakChecksAll does for every test, and returns
// t. The rewriter wraps the first argument of goleak.VerifyNone calls
// with it.
func GoleakChecks[T any](t T) T {
	if tb, ok := any(t).(testing.TB); ok {
		explore.GoleakChecks(tb)
	}
	return t
}
