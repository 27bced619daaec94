// Package ctrigger implements the trace analysis of CTrigger
// (ctrigger-unserializable-interleavings.txt, Lu, Park, Zhou, TSE 2011) for
// the vtbound engine: from the traces of profiling executions it identifies
// unserializable interleavings (Sec. 5.1), prunes the infeasible ones
// (Sec. 5.2), ranks the rest by local gap (Sec. 5.3), and builds the
// lock-order graph whose cycles are potential deadlocks. The forcing of one
// interleaving at a time (Sec. 6) is the strategy "ctrigger" in package
// strategy, which uses this package.
//
// # Unserializable interleavings
//
// For every pair of consecutive accesses p, c of one goroutine to one
// location and every access r of another goroutine to that location, the
// triple is kept when its pattern (p, r, c) is one of the paper's Fig. 3:
// R-W-R, W-W-R, R-W-W, W-R-W. A location is an object of one execution
// (sched.Op.Obj, with the heap object it lies in), so locations are never
// confused across allocations (the paper's memory-recycling pruning). The
// static triple names each access by its site and whether it writes; its
// dynamic instances are the (p, c, r) of the traces.
//
// # Pruning
//
// An instance is infeasible by order when r happens before p or c happens
// before r under the order synchronisation that every schedule respects:
// program order, a go statement before the goroutine's first step, the
// first send of a channel's only sender before every receive that
// completes (the close, on a channel nobody sends on; no channel order at
// all when the trace has a select, whose other cases it does not name),
// and WaitGroup Done before a Wait that follows every Add of the
// WaitGroup. Orders that hold in the profiled trace but not in every
// schedule (which goroutine ran a Once function, which waiter a Signal
// woke, which sender a receiver met) are not used, and neither are locks:
// pruning must never drop a feasible interleaving. This order is a
// sub-order of the trace's causal order (sched.HB), which also uses the
// orders that hold in the profiled trace only (every earlier send before a
// receive, Add before Wait, Once); TestOrderWithinCausalOrder checks it. An instance is
// infeasible by mutual exclusion when p and c lie in one critical section
// of a lock (critical-section IDs come from a counter incremented at every
// acquisition) and r lies in a critical section of the same lock that
// excludes it (not both read-locked). Cond.Wait ends every critical
// section of its goroutine, since the trace does not name its lock. A
// static triple is pruned when all its instances are.
//
// # Ranking
//
// The local gap of an instance is the number of steps its goroutine takes
// from p to c (steps of one goroutine are stable across schedules, as the
// paper's local time is). When p, c and r lie in separate critical sections
// of one lock (Fig. 8b) the gap runs from the end of p's critical section
// to the start of c's. A triple's score is the sum of the gaps of its
// distinct (p, c) pairs, averaged over the profiling traces; the smallest
// score ranks first (least likely to occur by chance), the larger remote
// distance (global steps from the window to the closest r) breaks ties.
// Triples exercised by a profiling trace (r between p and c) are dropped.
//
// # Lock order
//
// Each profiling trace gives edges A -> B when a goroutine holding lock A
// acquires lock B or performs a channel operation on B, and ch -> A when a
// goroutine performs an operation on channel ch after having acquired (and
// released) lock A. Cycles of two or three edges by distinct goroutines
// are potential deadlocks; a cycle whose edges hold a common further lock
// (a gate lock) is pruned.
//
// Analysis is bounded and linear in the trace: at most the first
// MaxAccesses accesses of a trace and MaxInstances candidate instances per
// trace are examined, the order clocks of a goroutine's accesses are shared
// between its joins, and the lock-order graph takes at most maxEdges edges.
// The order clocks are sparse (a goroutine's clock has components only for
// the goroutines in its causal past), not the dense sched.VClock of the
// other analyses: a profiling trace of thousands of goroutines that
// synchronise only through their go statements keeps clocks of two
// components (TestClocksStaySmall), where dense ones would grow with the
// goroutine IDs and make the analysis quadratic.
package ctrigger
