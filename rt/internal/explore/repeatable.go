package explore

import (
	"fmt"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// A test that passes when run once natively must not fail under vtbound
// only because vtbound ran it several times in one process: a cache
// filled, a registry written or a package-level channel left without its
// partner by an earlier execution. When a failure first appears at an
// execution after the first, and the failing schedule, replayed as the
// first execution of a fresh process, passes, classify calls it not
// repeatable in one process; if the failure is one the engine detected
// (a deadlock, a leak, a livelock, a panic) and not one the test itself
// reported through testing.T — whose failed mark is then taken back, when
// that is safe (unfail.go) — the test keeps its native verdict, pass, and
// one warning line says why, with what the test left behind.
// The same holds for a failure of the exploration's first execution that
// depends on what earlier tests' executions left (afterEarlierTests): a
// package-level pool whose workers those executions released.
// See docs/verdicts.md, "State left by an earlier execution".

// excusable reports whether a failure classified v leaves the test
// passing: it is not repeatable in one process, at a later execution or
// (v.earlier) at the first after earlier tests, or it occurs on every
// schedule while the test passes natively (passesNatively), and the test has not
// failed through its own testing.T, or it did in that execution and the
// failure could be taken back (unfail.go; not when a subtest explored on
// its own, which reported its own verdict).
func (d *driver) excusable(v verdict, first bool) bool {
	if v.kind != passesNatively && (v.kind != notRepeatable || first && !v.earlier) {
		return false
	}
	return !d.t.Failed() || !d.subtests.Load() && takeBack(d.marks)
}

// warnNotRepeatable writes the one warning line of an excused failure.
func (d *driver) warnNotRepeatable(res *engine.Result, v verdict) {
	msg := oracleName(res)
	if f := res.Failure; f != nil && f.Message != "" {
		msg += ": " + f.Message
	}
	left := ""
	if l := d.before.leftBehind(d.s.Dir); len(l) > 0 {
		left = " (left behind: " + strings.Join(l, "; ") + ")"
	}
	if v.kind == passesNatively {
		warnf("%s: execution %d failed (%s) on every schedule, but the test passes natively, so it keeps its native verdict (pass): %s; vtbound's model of what the test does differs from Go's here (code that reads the clock or the scheduler around vtbound, for example); please report it", d.t.Name(), res.N, msg, v.why)
		return
	}
	warnf("%s: execution %d failed (%s), which is not repeatable in one process, so the test keeps its native verdict (pass): %s; it depends on state earlier executions or tests left in the process%s",
		d.t.Name(), res.N, msg, v.why, left)
	if d.s.Verbose > 0 {
		d.t.Logf("vtbound: %s passes: %s at execution %d is not repeatable in one process", d.t.Name(), oracleName(res), res.N)
	}
}

// divergedPass is the verdict for a failure at a later execution whose
// schedule, replayed in a fresh process, took another path and passed.
func divergedPass(res *engine.Result) verdict {
	return verdict{kind: notRepeatable, why: fmt.Sprintf(
		"execution %d failed in this process; its scheduling decisions, replayed as the first execution of a fresh process, took another path there and passed, so no schedule can show the failure", res.N)}
}
