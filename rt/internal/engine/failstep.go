package engine

import "github.com/vtbound/vtbound/rt/internal/sched"

// When the test was marked failed.
//
// A t.Error marks the test failed without ending the execution: the body
// goes on to its deferred calls and other goroutines keep running, so the
// trace goes on past the failed assertion. The report's first sentence
// must not name what came after it (a Close deferred by the test is no
// cause of the assertion before it). The testing package tells nobody when
// a test is marked failed, so pickNext asks once every failCheckMask+1
// steps, which costs one testing.T.Failed (a read lock) per 16 steps; a
// t.Fatal or t.FailNow is seen exactly, when its goroutine exits
// (exitFailure). Result.FailedBy is the step count by which the test was
// marked failed.

// failCheckMask makes pickNext ask whether the test has failed once every
// 16 steps.
const failCheckMask = 1<<4 - 1

// FailedBySlack is how many steps after the test was marked failed
// Result.FailedBy may be: the test is asked once every that many steps.
const FailedBySlack = failCheckMask + 1

// checkFailed notes the step count when the test is first seen failed
// during the execution.
func (x *execution) checkFailed() {
	if x.failedBy == 0 && !x.failedBefore && x.e.failed() {
		x.failedBy = max(x.step, 1)
	}
}

// failedSteps is Result.FailedBy: the step count by which the test was
// marked failed; the whole trace when the execution failed that way and
// it was not seen earlier; 0 when the test was not marked failed.
func (x *execution) failedSteps() int {
	if x.failedBy > 0 {
		return x.failedBy
	}
	if x.failure != nil && x.failure.Outcome == sched.Failed {
		return len(x.trace)
	}
	return 0
}
