package explore

import (
	"fmt"
	"math/rand"
	"slices"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Long tests.
//
// The stress tests a library writes (ten goroutines each setting and
// getting 10,000 keys of a cache, a torture test of a disk queue) take
// millions of steps: every tracked access, atomic operation and lock
// acquisition is one. Their first execution reaches the step bound while
// its goroutines still make progress, which ends it without a verdict.
// The executions after such a cut explore the test as the variable-bounding paper
// explores any program, a few variables at a time (Sec. 3: only the
// accesses of the tracked variables are scheduling points, and the
// variables "may include synchronization operations"):
//   - each tracks one or two of the variable groups that two goroutines of
//     the cut execution shared, drawn at random, a group it accessed more
//     often than its share of a twentieth of the step bound only in a
//     window of that many accesses, placed at random among those it had (a group
//     accessed on every call of a cache would make an execution as long
//     as tracking everything); the accesses of the other groups, and of
//     a tracked one outside its window, are neither scheduling points
//     nor checked for races;
//   - the atomic operations, mutual exclusion, WaitGroup Add and Done and
//     sync.Map accesses take no scheduling point when they can proceed
//     (engine/quiet.go), except at one or two of the synchronisation
//     sites two goroutines used, also drawn at random, in a window of
//     their occurrences (a twentieth of the step bound in all, placed at
//     random among the occurrences the cut execution had): where a
//     preemption before a lock acquisition may matter (a check and an
//     act in two critical sections) — "control where it pays";
//   - a group whose tracking cut an execution again is not drawn again;
//     after three such cuts the exploration stops, with a warning.
// Go forces one difference from the paper: its alias analysis picks the
// instrumented sites at build time, so the untracked accesses still call
// rt, which returns at once (a group's guard is off when no exploration
// tracks it). A long test is given a longer share of time than the budget
// (up to longShare times it, within the binary's -timeout share) to
// complete longMinExecs executions. Every execution still checks the
// oracles; a failure is reported and minimised as any other (the schedule
// file says quiet: on, which sites stayed steps and which groups were
// tracked in a window). A search in which
// operations were quiet proves nothing (proofLimits), and the record of
// the test says how the test was explored (Result.Long).

// longMinExecs is how many completed executions a long test is given time
// for.
const longMinExecs = 10

// longShare bounds a long test's time, in multiples of the time budget.
const longShare = 10

// longCuts is how many executions cut at the bound after the first end
// the exploration of a long test.
const longCuts = 3

// longTest is the state of a long test's exploration.
type longTest struct {
	on      bool
	rng     *rand.Rand
	until   time.Time        // the end of the test's share of time (zero: none)
	groups  []int32          // variable groups two goroutines of the cut execution shared
	syncs   []int32          // synchronisation sites two goroutines of it used
	uses    map[[2]int32]int // the uses of each group and site in it (sharedOf)
	width   int              // the occurrences a long execution's windows hold in all
	hot     map[int32]bool   // groups whose tracking cut an execution
	cur     sched.Plan       // what the running execution tracks
	cuts    int              // executions cut at a bound
	skipped int              // of them, gone past before the long exploration (longGoesOn)
	record  LongRun
	tracked map[int32]bool // groups tracked by a completed execution
}

// LongRun is a Result's account of a long test's exploration: execution
// From reached the step bound after Steps steps while its goroutines made
// progress, and the executions after it tracked one or two of Groups
// shared variable groups each (Tracked of them by some completed
// execution) and kept one or two of SyncSites synchronisation sites as
// scheduling points; Completed of them ran to their end, Cut did not.
type LongRun struct {
	From      int `json:"from"`
	Steps     int `json:"steps"`
	Completed int `json:"completed"`
	Cut       int `json:"cut"`
	Groups    int `json:"shared_groups"`
	Tracked   int `json:"tracked_groups"`
	SyncSites int `json:"sync_sites"`
}

// begin starts the long exploration after res, execution n+1, was cut at
// the step bound: the executions of e from now on track less (plan).
func (l *longTest) begin(d *driver, e *engine.Engine, res *engine.Result, start time.Time) {
	l.on = true
	l.rng = rand.New(rand.NewSource(d.s.Seed ^ 0x6c6f6e67))
	l.groups, l.syncs, l.uses = sharedOf(res.Trace)
	l.width = max(1, d.s.MaxSteps/20)
	if d.s.MaxSteps <= 0 {
		l.width = engine.DefaultLimits.MaxSteps / 20
	}
	l.hot, l.tracked = map[int32]bool{}, map[int32]bool{}
	l.record = LongRun{From: res.N, Steps: len(res.Trace), Groups: len(l.groups), SyncSites: len(l.syncs)}
	l.until = d.end.at
	if d.s.Time > 0 && !d.end.shortened {
		l.until = start.Add(longShare * d.s.Time)
		if share, ok := timeoutShare(binaryTimeout(), start); ok {
			l.until = minTime(l.until, start.Add(share))
		}
	}
	e.Override(l.plan)
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// sharedOf returns the variable groups that two goroutines of trace
// accessed, and the sites of the quiet synchronisation operations two of
// them performed, each in order of first use, with the accesses of each
// group and the occurrences of each site (uses, keyed by group or site).
func sharedOf(trace []sched.Step) (groups, syncs []int32, uses map[[2]int32]int) {
	type users struct{ first, other, n int }
	seen := map[[2]int32]*users{} // (0, group) or (1, site)
	var order [][2]int32
	for _, st := range trace {
		key, ok := useKey(st.Op)
		if !ok {
			continue
		}
		u := seen[key]
		if u == nil {
			u = &users{first: st.G}
			seen[key] = u
			order = append(order, key)
		} else if u.other == 0 && st.G != u.first {
			u.other = st.G
		}
		u.n++
	}
	uses = map[[2]int32]int{}
	for _, k := range order {
		if seen[k].other == 0 {
			continue
		}
		uses[k] = seen[k].n
		if k[0] == groupUse {
			groups = append(groups, k[1])
		} else {
			syncs = append(syncs, k[1])
		}
	}
	return groups, syncs, uses
}

// The kinds of use sharedOf counts.
const (
	groupUse = 0 // a plain access of a variable group
	siteUse  = 1 // a quiet operation at a site
)

// useKey is what op uses that a long execution may track: its variable
// group (a plain access) or its site (a quiet operation).
func useKey(op sched.Op) ([2]int32, bool) {
	switch info := op.Kind.Info(); {
	case info.Access && op.Group >= 0 && info.Class == sched.ClassMemory && !info.Quiet:
		return [2]int32{groupUse, op.Group}, true
	case info.Quiet && op.Site > 0:
		return [2]int32{siteUse, op.Site}, true
	}
	return [2]int32{}, false
}

// plan makes p an execution of the long exploration (engine.Override).
func (l *longTest) plan(p *sched.Plan) {
	var cool []int32
	for _, g := range l.groups {
		if !l.hot[g] {
			cool = append(cool, g)
		}
	}
	p.TrackAll, p.Quiet = false, true
	p.Track = l.draw(cool)
	p.Windows = l.windows(groupUse, p.Track)
	p.Steps = l.windows(siteUse, l.draw(l.syncs))
	p.Label += " long"
	l.cur = *p
}

// draw returns one or two of from, drawn at random.
func (l *longTest) draw(from []int32) []int32 {
	k := min(1+l.rng.Intn(2), len(from))
	out := make([]int32, 0, k)
	for _, i := range l.rng.Perm(len(from))[:k] {
		out = append(out, from[i])
	}
	slices.Sort(out)
	return out
}

// windows places a window of uses on each of ids (groups or sites, as
// kind says) used more often than its share of l.width in the cut
// execution, at random among those uses; the others are kept whole.
func (l *longTest) windows(kind int32, ids []int32) []sched.Window {
	ws := []sched.Window{}
	for _, id := range ids {
		width := max(1, l.width/len(ids))
		if n := l.uses[[2]int32{kind, id}]; n > width {
			from := 1 + l.rng.Intn(n-width+1)
			ws = append(ws, sched.Window{ID: id, From: from, To: from + width})
		} else if kind == siteUse {
			ws = append(ws, sched.Window{ID: id, From: 1})
		}
	}
	return ws
}

// cut notes that the running execution was cut at the bound too, and
// reports whether the exploration goes on: fewer than longCuts cuts
// since the first, and something left to untrack.
func (l *longTest) cut() bool {
	l.record.Cut++
	for _, g := range l.cur.Track {
		l.hot[g] = true
	}
	return l.record.Cut < longCuts && len(l.cur.Track) > 0
}

// completed notes that the running execution ran to its end.
func (l *longTest) completed() {
	l.record.Completed++
	for _, g := range l.cur.Track {
		if !l.tracked[g] {
			l.tracked[g] = true
			l.record.Tracked++
		}
	}
}

// extends reports whether the long exploration goes on past the time
// budget at now: it has not completed longMinExecs executions, and its
// share of time is not over.
func (l *longTest) extends(now time.Time) bool {
	return l.on && l.record.Completed < longMinExecs && (l.until.IsZero() || now.Before(l.until))
}

// line is the verdict line's account of a long exploration.
func (l *longTest) line(name string) string {
	r := l.record
	return fmt.Sprintf("vtbound: %s: a long test: execution %d reached the step bound after %d steps while goroutines made progress; %d executions after it each tracked at most 2 of the %d variable groups two goroutines shared (%d tracked in all) and took scheduling points at most at 2 of the %d synchronisation sites two goroutines used (docs/model.md#long-tests); %d completed, %d cut",
		name, r.From, r.Steps, r.Completed+r.Cut, r.Groups, r.Tracked, r.SyncSites, r.Completed, r.Cut)
}

// longGoesOn reports whether the exploration goes on after execution res
// was cut at the step bound while its goroutines made progress: the first
// such cut begins the long exploration, a later one ends it unless cut
// lets it go on. Two cuts let the exploration go on as it was, until
// longCuts of them: a cut after the test body returned, past the test's
// end (goroutines it left keep working, where natively the test has
// ended), and a cut that tracking less would not shorten after
// executions that completed (the schedule, not the test, is long). Both
// are schedules that another schedule may avoid. A cut at the time bound,
// a fuzz input's exploration and a parent test whose subtests explore on
// their own end the exploration.
func (d *driver) longGoesOn(e *engine.Engine, res *engine.Result, n int, start time.Time) bool {
	l := &d.long
	l.cuts++
	switch {
	case res.TimeBound || d.in != nil || d.subtests.Load():
		return false
	case l.on:
		return l.cut()
	case res.BodyReturned || (n+1 > l.cuts && !shortens(res.Trace)):
		l.skipped++
		return l.skipped < longCuts
	case !shortens(res.Trace):
		return false
	}
	l.begin(d, e, res, start)
	return true
}

// notePassedCuts says, in a warning, the verdict line and the record's
// cut, that executions gone past at the step bound (longGoesOn) left the
// exploration, which ran n executions, with fewer than longMinExecs
// completed: the test was not explored as the budget meant.
func (d *driver) notePassedCuts(n int) {
	l := &d.long
	completed := n - l.cuts
	if l.on || l.skipped == 0 || completed >= longMinExecs || d.t.Failed() {
		return
	}
	warnf("%s: %d of %d executions reached the step bound while goroutines were still making progress (after the test body returned, or with nothing a long exploration would shorten); the budget ran out with %d completed (VTBOUND_BUDGET raises the budget)",
		d.t.Name(), l.skipped, n, completed)
	d.t.Logf("vtbound: exploration stopped with %d of %d executions cut at the step bound", l.skipped, n)
	if r := d.lookupRecord(); r != nil {
		r.res.Cut = fmt.Sprintf("step bound at %d of %d executions", l.skipped, n)
		r.res.NativeVerdict = false
	}
}

// shortens reports whether a long exploration can shorten executions like
// trace's: at least half of its steps are quiet operations or accesses
// of variable groups, which it need not take as steps. A test that only
// yields, or spins on channels, is as long with it.
func shortens(trace []sched.Step) bool {
	n := 0
	for _, st := range trace {
		info := st.Op.Kind.Info()
		if info.Quiet || (info.Access && info.Class == sched.ClassMemory && st.Op.Group >= 0) {
			n++
		}
	}
	return 2*n >= len(trace)
}
