package engine

import "github.com/vtbound/vtbound/rt/internal/sched"

// Busy-wait detection, which the livelock oracle (livelock.go) and the
// virtual clock (execution.advanceClock: time passes when every enabled
// goroutine busy-waits) use. How a step of each kind counts is its
// kind's Idle column in sched's operation table; an operation whose
// step only its own code can classify (sched.IdleOwn) calls progressed
// or idleStep itself when the step runs (chan.go, rmw.go).

// noteProgress updates g's busy-wait counter for the step it takes now,
// as the operation table says (sched.KindInfo.Idle). A step counts as
// idle when it changes no shared state (a read, a Gosched, a lock or
// unlock, a TryLock, ...) and touches a location the goroutine touched in
// one of its last few idle steps: a busy-wait re-reads the same locations
// ("re-reading an unchanged location", paper Sec. 5), while a scan over
// many locations is not waiting for anything. Any other step is progress;
// one that may modify an object is noted (lastProgress), and a streak of
// idle steps counts only from after the last such step of any goroutine
// (see spinning). A step of class sched.IdleOwn is classified by its
// operation's code when it runs.
func (x *execution) noteProgress(g *G) {
	switch g.op.Kind.Info().Idle {
	case sched.Progress:
		x.progressed(g)
	case sched.IdlePlain:
		x.idleStep(g, [2]int32{g.op.Site, g.op.Obj}, false, x.step)
	case sched.IdleWait:
		x.idleStep(g, [2]int32{g.op.Site, g.op.Obj}, true, x.step)
	}
}

// idleStep notes an idle step of g on key (site, object), taken at step;
// waits says whether the step makes its streak a wait that SpinThreshold
// steps mark as a busy-wait (see spinning), which a plain read, a lock or
// an unlock does not (sched.IdlePlain).
func (x *execution) idleStep(g *G, key [2]int32, waits bool, step int) {
	for i, k := range g.recent {
		if k == key {
			g.idle++
			g.waited = g.waited || waits
			g.recentAt[i] = step
			if g.fresh < x.lastProgress {
				g.fresh = g.reread() // it only matters once someone progressed
			}
			return
		}
	}
	i := g.nrecent % len(g.recent)
	g.recent[i], g.recentAt[i] = key, step
	g.nrecent++
	g.restartIdle(step)
}

// restartIdle begins a new idle streak of g at step.
func (g *G) restartIdle(step int) {
	g.idle, g.idleFrom, g.fresh, g.waited = 0, step, step, false
}

// reread returns the step since which g has re-read every location of its
// current idle streak: the earliest last visit among them.
func (g *G) reread() int {
	least := g.idleFrom
	first := true
	for _, at := range g.recentAt {
		if at >= g.idleFrom && at > 0 && (first || at < least) {
			least, first = at, false
		}
	}
	return least
}

// progressed notes that g's step is no idle one; when it may modify an
// object others wait on (a write, a store, a send, an unlock, ...; not a
// goroutine's start), it is progress for the others too.
func (x *execution) progressed(g *G) {
	g.restartIdle(x.step)
	if g.op.Kind.Info().Write {
		x.lastProgress = x.step
	}
}

// spinning reports whether g busy-waits: SpinThreshold idle steps in a
// row, and every location of the streak re-read since another goroutine's
// last progress. A goroutine spinning on a flag is not spinning any more
// once the flag is written (or anything else changes), until it has
// re-read its locations since: otherwise virtual time would pass, every
// goroutine being marked spinning, before the spinners saw the write
// (ants' TestMultiPool: 50 workers spin on a flag, the test sets it and
// gives them 3 s to stop). One re-read is enough: it sees the write, or
// the write did not concern it. (Requiring SpinThreshold idle steps again
// cost every write of the test SpinThreshold steps per spinner: ants'
// TestMultiPoolReleaseContext, 50 spinners, reached the step bound.)
//
// A streak of plain reads, locks and unlocks and non-blocking sends that
// find no room alone needs plainReadSpins times as many steps: a loop
// that re-reads a few fields while it computes with local variables the
// engine does not see (robfig/cron's schedule search walks day by day,
// re-reading the schedule's fields), or that locks a mutex around writes
// to variables this execution does not track and notifies a worker with
// a send that may find it notified already (muesli/cache2go's tests add
// and read entries of a table in a loop; reugn/go-quartz's tests schedule
// 100 jobs, each waking the scheduler's loop with a select of a send and
// a default; a DPOR-v run tracking no variable sees only the locks and
// the selects), looks like a busy-wait, and virtual time passing during it is
// a false alarm (a 2 s timeout fired while the schedule was computed; the
// table's 10 s expiry timer fired half-way through the loop; the test's
// 500 ms deadline passed while the jobs were scheduled). A busy-wait on a
// plain read is a data race under Go's memory model anyway; one that
// waits on an atomic load, a TryLock, a yield, a failed CompareAndSwap, a
// select polling for a value or uncontrolled code is marked after
// SpinThreshold steps.
func (x *execution) spinning(g *G) bool {
	need := x.e.lim.SpinThreshold
	if !g.waited {
		need *= plainReadSpins
	}
	return g.idle >= need && g.fresh >= x.lastProgress
}

// plainReadSpins is the factor by which a streak of plain reads must be
// longer than SpinThreshold to count as a busy-wait (see spinning).
const plainReadSpins = 100
