package explore

import (
	"fmt"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/report"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Failures that are vtbound's doing, and tests that no execution judged.
//
// An execution ends with goroutines still alive when its body returned
// and left some blocked, or when the step or time bound cut it while
// goroutines still made progress (outcome StepBound: the exploration
// stops with a warning, and the test is not failed for it). Those
// goroutines, the cut body among them, are released with runtime.Goexit,
// and their deferred calls run for real (engine/released.go). A deferred
// check then sees a body that never finished: golang-queue/queue's
// TestNewQueueWithZeroWorker, cut at the step bound, failed with gomock's
// "missing call(s) to *mocks.MockWorker.Shutdown()" from its deferred
// controller.Finish. Natively the body would have gone on, and a
// goroutine left blocked would have stayed blocked, its deferred calls
// not run. So a failure the test records while an execution's goroutines
// are released (engine.Result.FailedInRelease) says nothing about the
// program: it is taken back as unfail.go takes back an excused failure,
// with a warning, or, where that is not safe (a parallel test on the
// chain), left standing with a warning that says why.
//
// When the cut execution was the exploration's first, no execution
// completed and vtbound has no verdict of its own: the test keeps its
// native verdict. It is run once natively (no engine: every rewritten
// operation is the real one) in a fresh process (probe.go, nativeProbe);
// if it fails there, it fails here, with that run's output (a
// fails-natively report), otherwise it passes with the step-bound
// warning.

// dropReleasedFailure takes back a failure recorded while the goroutines
// of res's execution were released, when res itself passed (a failing
// execution is reported, or excused, on its own).
func (d *driver) dropReleasedFailure(res *engine.Result) {
	if !res.FailedInRelease || res.Failure != nil {
		return
	}
	how := "ended with goroutines still blocked, which natively would have stayed blocked"
	if res.Outcome == sched.StepBound {
		how = "was cut at the step bound while goroutines still made progress, where natively the test would have gone on"
		if res.TimeBound {
			how = "was cut at the time bound, where natively the test would have gone on"
		}
	}
	if !d.subtests.Load() && takeBack(d.marks) {
		warnf("%s: execution %d %s; a deferred call of a goroutine it left (released with runtime.Goexit) then marked the test failed, which natively it would not have: the failure was taken back",
			d.t.Name(), res.N, how)
		return
	}
	warnf("%s: execution %d %s; a deferred call of a goroutine it left (released with runtime.Goexit) then marked the test failed, which natively it would not have, and the failure cannot be taken back (a test on the chain to the root is parallel, or a subtest explored on its own): the test fails for it",
		d.t.Name(), res.N, how)
}

// nativeVerdict gives a test whose first execution was cut at a bound
// (res) its native verdict: it runs the test once natively in a fresh
// process and fails it, with that run's output, when it fails there.
func (d *driver) nativeVerdict(res *engine.Result) {
	d.t.Helper()
	if !d.childrenAllowed() {
		return
	}
	p, err := d.probe(nativeProbe)
	switch {
	case err != nil:
		warnf("%s: no execution completed, and the test could not be run natively in a fresh process: %v; it passes, as no execution failed", d.t.Name(), err)
	case p.passed():
		warnf("%s: no execution completed; run natively in a fresh process, the test passes, and keeps that verdict", d.t.Name())
	default:
		d.emit(d.nativeReport(res, p))
	}
}

// nativeReport is the report of a test that fails natively and whose
// first execution, res, was cut at a bound.
func (d *driver) nativeReport(res *engine.Result, p probeResult) *report.Report {
	bound := "the step bound, while goroutines were still making progress"
	if res.TimeBound {
		bound = "the time bound"
	}
	return &report.Report{
		Kind: report.FailsNatively, Test: d.t.Name(), Oracle: sched.Failed.String(),
		Why:    fmt.Sprintf("execution %d was cut at %s, so no execution completed; run once natively (without exploration) in a fresh process, the test failed", res.N, bound),
		Native: nativeLines(p.Output),
	}
}

// nativeLines are the lines of a native run's output worth showing: its
// last 30, without the trailing FAIL and exit-status lines of the
// process.
func nativeLines(out string) []string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for len(lines) > 0 {
		last := strings.TrimSpace(lines[len(lines)-1])
		if last != "FAIL" && !strings.HasPrefix(last, "exit status") {
			break
		}
		lines = lines[:len(lines)-1]
	}
	return lines[max(0, len(lines)-30):]
}
