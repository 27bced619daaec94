package explore

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Background goroutines left waiting for work.
//
// A test that starts a cache, a pool or a fake clock and never closes it
// leaves its goroutines waiting for work that never comes: a select in
// their service loop, a receive they have come back to, the timer of a
// ticker they read. goleak reports them; a package that does not check
// leaks with goleak has decided not to care, and its maintainers read
// such a report as noise (dgraph-io/ristretto's tests leave a cache's two
// goroutines behind in 12 tests, maypok86/otter's a fake clock's). So a
// goroutine leak that occurs on every schedule, in a test that does not
// check leaks with goleak, and whose goroutines all wait so, or are
// blocked in the test's own code (a _test.go file: a helper the test chose
// not to wait for), does not fail the test: one line lists the places,
// and the JSON record has them as `idle`, as loops left running on the
// clock are (loops.go). A leak that depends on the schedule always fails,
// and so does a goroutine of the package blocked anywhere else (a send
// nobody will receive, a lock, a Wait, a receive it reached once): the
// worker that gave up on its caller.

// A leak of that form is held back while the exploration goes on: another
// schedule of the same test may fail otherwise, and that failure is the
// bug to report. eapache/channels' TestRingChannel leaves a ring buffer's
// goroutine waiting in its select on every schedule, and on some
// schedules its assertion "expected closed but got 0" fails (the buffer's
// goroutine sends the value it received, where the test expects it
// dropped): reported at once, the leak was classified as depending on the
// schedule (the other schedules failed otherwise) and hid the assertion.
// When the exploration ends with no other failure, the held leak is
// reported as it was found, and classified as above.

// heldLeak is the first leak of the idle form an exploration held back.
type heldLeak struct {
	res   *engine.Result
	first bool // it ended the exploration's first execution
}

// hold keeps res, the n-th execution's failure, when it is the first leak
// of the idle form in a test that does not check leaks with goleak (and
// it raced with nothing), and reports whether it did or one was held
// already: the exploration then goes on.
func (h *heldLeak) hold(d *driver, res *engine.Result, n int) bool {
	if res.Outcome != sched.Leak || res.Failure.Bound || len(res.RaceReports) > 0 || res.FailedBy > 0 || d.t.Failed() ||
		d.checksLeaks() || idleWaiters(res) == nil {
		return false // not only a loop left waiting: the test failed, or raced, too
	}
	if h.res == nil {
		h.res, h.first = res.Clone(), n == 0
	}
	return true
}

// idleWaiters returns the places where res's leaked goroutines wait for
// work (see above), or nil when one of them waits otherwise.
func idleWaiters(res *engine.Result) []string {
	var where []string
	for _, st := range res.States {
		if !st.Live || st.Pending.Kind == sched.OpNone {
			continue
		}
		if !waitsForWork(st, res.Trace) && !inTestFile(st.Pending.Site) {
			return nil
		}
		where = append(where, strings.TrimSpace(fmt.Sprintf("%s (%s)", siteLine(st.Pending.Site), st.Pending.Kind)))
	}
	slices.Sort(where)
	return slices.Compact(where)
}

// inTestFile reports whether site is in a _test.go file: a goroutine of
// the test's own code blocked there for ever on every schedule waits for
// what the test chose not to wait for (robfig/cron's tests wait for a job
// that must not run with a helper goroutine in a select against a
// timeout, and leave the helper blocked when the timeout wins, as they
// mean to).
func inTestFile(site int32) bool {
	s := engine.SiteInfo(site)
	return s != nil && strings.HasSuffix(s.File, "_test.go")
}

// waitsForWork reports whether goroutine st waits as a service loop does:
// in a select, in a timer's wait, at the top of a range over a channel
// (its first value may never come: a reporter the test never used), or
// in a receive at a place it has been before (the trace holds the blocked
// attempt too: a receive it came back to has at least two steps there).
func waitsForWork(st engine.GoroutineState, trace []sched.Step) bool {
	switch st.Pending.Kind {
	case sched.OpSelect, sched.OpTimer:
		return true
	case sched.OpRecv:
		if s := engine.SiteInfo(st.Pending.Site); s != nil && s.Kind == engine.KChanLoop {
			return true
		}
		n := 0
		for _, s := range trace {
			if s.G == st.ID && s.Op.Site == st.Pending.Site {
				n++
			}
		}
		return n >= 2
	}
	return false
}

// idleLeak reports a leak classified v as idle background goroutines,
// when it is one (see above), and reports whether it did.
func (d *driver) idleLeak(res *engine.Result, v verdict) bool {
	if v.kind != everySchedule || res.Outcome != sched.Leak || d.checksLeaks() {
		return false
	}
	where := idleWaiters(res)
	if where == nil {
		return false
	}
	if r := d.lookupRecord(); r != nil {
		r.res.Idle = where
	}
	fmt.Fprintf(os.Stderr, "vtbound: %s: goroutines left waiting for work, or blocked in the test's own code, after the test body returned, on every schedule (not failed: the test does not check leaks with goleak): %s\n",
		d.t.Name(), strings.Join(where, ", "))
	return true
}
