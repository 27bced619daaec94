package engine

import "github.com/vtbound/vtbound/rt/internal/sched"

// Quiet operations.
//
// A stress test performs millions of atomic operations and lock
// acquisitions (VictoriaMetrics/fastcache's TestCacheGetSetConcurrent: ten
// goroutines, each setting and getting 10,000 keys, every call taking a
// bucket's lock and adding to atomic counters), and as scheduling points
// they make one execution longer than the step bound. Under Plan.Quiet
// (a long test's executions, explore/long.go), and while the test body is
// alone (solo.go), an operation whose kind the kind table marks Quiet
// takes no scheduling point when it can proceed at once: its goroutine
// keeps the token and performs it, with all its synchronisation (clocks,
// lock states, waiters), but nothing is recorded and the strategy is not
// asked. It still takes one
//   - when its site is one of Plan.Steps and the operation's occurrence
//     at the site lies in that step's window: a long test's executions
//     keep a few synchronisation sites, for some of their occurrences, as
//     places where a preemption may matter;
//   - when it cannot proceed (a lock held by another goroutine): the
//     goroutine waits, and another runs;
//   - once in every quietEvery such operations, so that a goroutine
//     spinning on atomics still meets the step and time bounds and the
//     busy-wait detector.
// A write that takes no step (an unlock, an atomic store) is counted
// (quietWrites): the step bound's probation (stepbound.go) then does not
// mistake a goroutine whose progress was quiet for one waiting on others.

// quietEvery is how many quiet operations make one scheduling point.
const quietEvery = 256

// quietState is an execution's count of quiet operations.
type quietState struct {
	seen   int   // operations that might have been quiet (Plan.Quiet)
	at     []int // occurrences of each of Plan.Steps' sites so far
	acc    []int // accesses of each of Plan.Windows' groups so far
	ops    int   // quiet operations performed
	writes int   // those that may have changed shared state
}

// quietStep reports whether g's pending operation (announced, with its
// wait set) is performed without a scheduling point, and counts it if so.
func (x *execution) quietStep(g *G) bool {
	if !x.plan.Quiet && len(x.gs) != 1 {
		return false // the common case, decided before the kind's properties are read
	}
	info := g.op.Kind.Info()
	if !info.Quiet {
		return false
	}
	switch {
	case x.plan.Quiet:
		if x.quiet.seen++; x.quiet.seen%quietEvery == 0 || x.inWindow(g.op.Site) {
			return false
		}
	case len(x.gs) == 1:
		if !x.solo() {
			return false
		}
	default:
		return false
	}
	if !x.enabled(g) {
		return false
	}
	x.quiet.ops++
	if info.Write {
		x.quiet.writes++
	}
	return true
}

// inWindow counts an occurrence of an operation at site and reports
// whether it lies in the window Plan.Steps gives the site.
func (x *execution) inWindow(site int32) bool {
	in, _ := countIn(x.plan.Steps, &x.quiet.at, site)
	return in
}

// inGroupWindow counts an access of tracked group and reports whether it
// lies in the window Plan.Windows gives the group (true when none does).
func (x *execution) inGroupWindow(group int32) bool {
	if !x.plan.Quiet {
		return true
	}
	in, found := countIn(x.plan.Windows, &x.quiet.acc, group)
	return in || !found
}

// countIn counts a use of id in counts (parallel to ws, made on first
// use) and reports whether ws gives id a window (found) and the use lies
// in it (in).
func countIn(ws []sched.Window, counts *[]int, id int32) (in, found bool) {
	for i, w := range ws {
		if w.ID != id {
			continue
		}
		if *counts == nil {
			*counts = make([]int, len(ws))
		}
		(*counts)[i]++
		return w.Has((*counts)[i]), true
	}
	return false, false
}
