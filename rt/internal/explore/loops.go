package explore

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// Background loops a test leaves running. The engine runs the clock on
// after the body until every goroutine has exited, is blocked for ever or
// loops on the clock (engine/testend.go), and lists the loopers. goleak
// would report each of them; but a leak checker is the package's choice,
// and a test that starts a server or a cache and never stops it is no bug
// to its maintainer unless the package checks leaks. So a loop fails the
// execution, as a goroutine leak (engine.Limits.LoopFails),
//   - when the test checks leaks with goleak (VerifyNone on the test's T,
//     VerifyTestMain in its package: GoleakChecks), or
//   - when it depends on the schedule: some passing executions left a
//     goroutine looping at that place and others did not. The exploration
//     then replays one that did, now failing, and reports it; the site is
//     carried to the processes that replay the schedule (loopsEnv, the
//     schedule file's loop lines).
//
// Otherwise the loops are listed in one line after the exploration and in
// the JSON record (loops), and the test keeps its verdict.

// loopsEnv carries to a child process (minimiser, fresh-process probe)
// the test and the sites where a loop fails it: "TEST\tSITE\tSITE...".
const loopsEnv = "VTBOUND_LOOPS_FAIL"

// loopsSeen collects the loops of one exploration's passing executions.
type loopsSeen struct {
	execs int                  // passing executions
	sites map[string]*loopSite // by engine.SiteName of the wait
	fail  map[string]bool      // sites where a loop fails the execution
	given map[string]bool      // sites whose failing replay did not leave the loop again
}

// loopSite is one place where passing executions left a goroutine
// looping.
type loopSite struct {
	where string         // engine.LoopWhere
	execs int            // the passing executions that left one there
	res   *engine.Result // the first of them
}

// goleakChecks names the tests that check leaks with goleak ("" for every
// test of the process: VerifyTestMain).
var goleakChecks sync.Map // string -> bool

// GoleakChecks records that the test t names checks leaks with goleak
// (nil: every test of the process, as goleak.VerifyTestMain does): a
// goroutine it leaves looping on the clock then fails it.
func GoleakChecks(t testing.TB) {
	name := ""
	if t != nil {
		name = t.Name()
	}
	goleakChecks.Store(name, true)
}

// checksLeaks reports whether d's test, or an ancestor, or the whole
// process, checks leaks with goleak, or a subtest of d's test does (a
// probe or a minimiser runs the body as one).
func (d *driver) checksLeaks() bool {
	name := d.t.Name()
	sub := false
	goleakChecks.Range(func(k, _ any) bool {
		sub = strings.HasPrefix(k.(string), name+"/")
		return !sub
	})
	for !sub {
		if _, ok := goleakChecks.Load(name); ok {
			return true
		}
		i := strings.LastIndexByte(name, '/')
		if i < 0 {
			_, ok := goleakChecks.Load("")
			return ok
		}
		name = name[:i]
	}
	return true
}

// loopFails is d's engine.Limits.LoopFails: why the loop lp fails the
// execution, or "".
func (d *driver) loopFails(lp engine.Looper) string {
	switch {
	case d.checksLeaks():
		return "the test checks leaks with goleak"
	case d.loops.fail[engine.SiteName(lp.Wait.Site)]:
		return "on other schedules no goroutine is left looping there"
	}
	return ""
}

// fromSchedule takes what schedule file sf says beyond its decisions:
// loops that fail its replay, and whether its decisions include the wall
// clock's phase (files written before the phase was a choice do not).
func (d *driver) fromSchedule(sf *schedfile.Schedule) {
	d.failLoopsFrom(sf.Loops)
	d.noWallPhase = !sf.WallPhase
}

// failLoopsFrom makes loops at the sites a schedule file (or the parent
// process, loopsEnv) names fail d's executions.
func (d *driver) failLoopsFrom(sites []string) {
	if test, rest, ok := strings.Cut(os.Getenv(loopsEnv), "\t"); ok && test == d.name() {
		sites = append(sites, strings.Split(rest, "\t")...)
	}
	for _, s := range sites {
		d.loops.markFailing(s)
	}
}

// markFailing makes a loop at site fail the execution.
func (l *loopsSeen) markFailing(site string) {
	if l.fail == nil {
		l.fail = map[string]bool{}
	}
	l.fail[site] = true
}

// failingLoops returns the sites where a loop fails the execution because
// it depends on the schedule, sorted.
func (l *loopsSeen) failingLoops() []string {
	return slices.Sorted(maps.Keys(l.fail))
}

// noteLoops counts the loops of a passing execution, and returns the
// first passing execution that left a goroutine looping at a place where
// another passing execution left none, if there is one: the loop depends
// on the schedule. An execution that ended with a goroutine away in
// uncontrolled code (Result.EndedAway) is not counted: whether that
// goroutine would have looped was not seen, and when it was handed off
// depends on real time, not on the schedule.
func (d *driver) noteLoops(res *engine.Result) *engine.Result {
	if res.Failure != nil || res.EndedAway {
		return nil
	}
	l := &d.loops
	if l.sites == nil {
		l.sites = map[string]*loopSite{}
	}
	l.execs++
	seen := map[string]bool{}
	for _, lp := range res.Loops {
		name := engine.SiteName(lp.Wait.Site)
		if seen[name] {
			continue
		}
		seen[name] = true
		s := l.sites[name]
		if s == nil {
			s = &loopSite{where: engine.LoopWhere(lp), res: res.Clone()}
			l.sites[name] = s
		}
		s.execs++
	}
	for _, name := range slices.Sorted(maps.Keys(l.sites)) {
		if s := l.sites[name]; s.execs < l.execs && !l.given[name] && !l.fail[name] {
			l.markFailing(name)
			return s.res
		}
	}
	return nil
}

// failScheduledLoop replays res, a passing execution that left a goroutine
// looping where other schedules left none, so that it fails now, and
// reports it. It reports whether it did.
func (d *driver) failScheduledLoop(res *engine.Result, strat sched.Strategy) bool {
	d.t.Helper()
	e := engine.New(newReplay(res.Decisions, res.Plan), d.limits(), d.t.Failed)
	again, ok := e.Run(d.body)
	if !ok || again.Failure == nil || again.Outcome != sched.Leak {
		d.loops.giveUp()
		warnf("%s: a goroutine was left looping on the clock on some schedules only, but replaying one of them did not leave it again; not reported", d.t.Name())
		return false
	}
	d.passed = false // the first execution passed before the loop was known to fail
	d.report(again, strat, false)
	return true
}

// giveUp takes back the sites marked failing when a replay did not leave
// their loop again, so that the exploration goes on as before and tries
// them no more.
func (l *loopsSeen) giveUp() {
	if l.given == nil {
		l.given = map[string]bool{}
	}
	for site := range l.fail {
		l.given[site] = true
	}
	clear(l.fail)
}

// loopsChildEnv returns the setting that carries the sites where a loop
// fails to a child process replaying this test's schedules (loopsEnv).
func (d *driver) loopsChildEnv() []string {
	sites := d.loops.failingLoops()
	if len(sites) == 0 {
		return nil
	}
	return []string{loopsEnv + "=" + d.name() + "\t" + strings.Join(sites, "\t")}
}

// summarizeLoops prints one line about the loops the passing executions
// left, if any, on standard error, and records them in the JSON record.
func (d *driver) summarizeLoops() {
	where := map[string]bool{}
	for _, s := range d.loops.sites {
		where[s.where] = true
	}
	if len(where) == 0 {
		return
	}
	names := slices.Sorted(maps.Keys(where))
	if r := d.lookupRecord(); r != nil {
		r.res.Loops = names
	}
	fmt.Fprintf(os.Stderr, "vtbound: %s: goroutines left looping on the clock after the test body returned, in every execution (not failed: the test does not check leaks with goleak): %s\n",
		d.t.Name(), strings.Join(names, ", "))
}
