package rt

import "github.com/vtbound/vtbound/rt/internal/explore"

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
