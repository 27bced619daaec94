// Package strategy implements vtbound's schedule-search strategies behind the
// sched.Strategy interface, following variable-thread-bounding.txt (Bindal,
// Bansal, Lal, ISSTA 2013) and PCT (Burckhardt et al., ASPLOS 2010).
//
// A bug is characterised by (c, v, t): c preemptions, v distinct variables
// (objects) at the preemption points, t goroutines whose order matters
// (Characterize). Strategies, by name (New):
//
//   - random: uniform choice among the enabled goroutines at every step.
//   - pct: PCT with depth d: random distinct priorities >= d for goroutines as
//     they appear, d-1 change points uniform in [1,k] where k is the largest
//     step count seen so far; at the i-th change point the running goroutine's
//     priority drops to i.
//   - pctvb: PCT with variable bounding (paper Sec. 3): after preparatory
//     random executions that record every variable class (a variable group,
//     split by allocation site for registered heap objects) and its access
//     count k_q, each execution chooses v classes, tracks only their groups
//     (Plan.Track) and places the d-1 change points among their accesses.
//     Levels (v,d) are iterated cheapest first.
//   - vt: thread-bounded priorities (Sec. 4): each execution draws fresh random
//     priorities for the n goroutines and the c preemption fragments (a random
//     permutation of n+c); the i-th preemption lowers the running goroutine to
//     P(n+i). Report states the Lemma 4.1 guarantee reached.
//   - exhaustive: Algorithm 1 (Sec. 5) for each subset of at most V variables
//     (shared ones first), iterative context bounding up to C with preemptions
//     only after accesses to the subset and after synchronisation operations,
//     thread-bounded priority orders, and happens-before pruning per subset.
//   - dynamic: VT-CHESS (Sec. 6.1): the same search tracking every group, where
//     the first V preemptions fix the variables and later ones may only follow
//     accesses to them.
//   - dpor: dynamic partial-order reduction (see DPOR below).
//   - dpor-v: bounded DPOR: after preparatory random executions, a complete
//     dpor search per subset of V shared variable groups, tracking only that
//     subset (one execution per trace of the projected program).
//   - portfolio: ctrigger, then random and pct; then dpor when their executions
//     predict that it finishes in half of the budget left (a complete dpor
//     ends the search), else dpor-v; then pctvb at v=1, then exhaustive at
//     c<=2, v<=1, then wider bounds, within the budget.
//
// Minimize turns a failing execution into candidate schedules with fewer
// preemptions, variables and ordered goroutines; WithMetrics and
// WithDeterminismCheck wrap another strategy.
//
// Go-specific extensions of the paper. A scheduling point precedes each
// visible operation, so "preempted after an access to x" (the paper's
// varaccess) is a switch at the point that follows the preempted goroutine's
// access to x; a preemption is attributed to the object of the preempted
// goroutine's last operation (the paper's "last accessed variable"). Channel,
// mutex, WaitGroup, Once and Cond operations are synchronisation operations:
// always scheduling points, always preemptible in the exhaustive search, and
// their objects count as variables in (c,v,t) (the paper's "variables may
// include synchronization operations"). A switch right after a go statement
// is not a preemption (the paper does not count the priority-order switch to
// a newly created thread). A select with several ready cases is a choice the
// exhaustive search branches on at no preemption cost. Goroutines marked
// Spinning by the engine get the lowest priority, so busy-waiting terminates.
//
// Heap variables (Sec. 2.4, Fig. 5). The engine names each location inside
// a registered heap object (rt.Alloc) by the object's allocation site, its
// allocation count at that site and its loop-iteration number (earlier
// allocations at the site with the identical call stack); VarKey carries
// them. Other locations (globals, captured variables, objects of
// unregistered allocations) have no allocation identity and are named by
// their group and their rank of first use within it. Loop-iteration bounding
// keeps VarKey.LoopIter() < L for the variables searched individually; a
// group with variables beyond the bound is also offered as one coarse
// variable (the paper's whole-array fallback). Go forced one departure: the
// paper's Fig. 5 names every heap allocation, while vtbound registers only
// allocations of structs the alias analysis finds shared, because only
// struct fields reached through pointers are instrumented accesses.
//
// DPOR (dpor-read-commutativity-sleep-sets.txt, Flanagan-Godefroid POPL
// 2005; source sets of Abdulla et al. POPL 2014). Two operations are
// dependent as sched.Dependent says (reads of one location commute, RLock
// and RUnlock commute, WaitGroup Adds and Dones commute among themselves,
// a send and a receive of one channel commute, a resumed channel
// operation commutes with everything);
// happens-before uses vector clocks (sched.VClock) with the seed's write
// and access clocks (Fig. 3) generalised to commute tags; the clocks of the prefix
// an execution shares with the previous one are kept (dpor_incr.go). The
// search is depth-first over the decisions of executions, reached again
// by replaying decision prefixes. After each execution every race (two
// dependent operations of different goroutines, ordered only by their
// direct dependence) adds, at the Pick before the earlier one, an initial
// of the reversed order if the backtrack or sleep set there holds none
// (source sets); the new branch
// follows the reversed order (its wakeup sequence) as far as it can. Sleep
// sets (Fig. 7) are always on: an execution that reaches a state where every
// enabled goroutine is asleep is counted as sleep-set blocked, not as a
// trace, and its races up to that point are still used. Executions that are
// not blocked are distinct Mazurkiewicz traces: Stats().Traces is the trace
// count when the search completes.
//
// Where Go forced departures: (1) Pick is called only when several
// goroutines are enabled, so a race whose earlier side was the only enabled
// step has no backtrack point there (nothing else could run); (2) the
// papers' events belong to one thread each, so a channel rendezvous cannot
// be one event of two goroutines: a blocking channel operation is one
// event where it arrives at its channel (the two arrivals of a rendezvous
// commute, sched.Commutes), the step that resumes it after a partner
// performed it is none (sched.Op.Done; the engine runs it without a
// Pick, sched.Plan.Resume), and the engine's links between the two sides
// (sched.Step.Partner) order each side's next events after both arrivals
// in the happens-before, as program order (docs/dpor.md, "Channels");
// an RWMutex Lock takes two steps (arrive as a waiting writer, complete),
// and a lock after the release that freed it is irreversible when it is
// a sync.Mutex's (sched.Step.Mutex), and the search goes on to the
// releaser's earlier operations (its own lock) as Flanagan-Godefroid's
// rule "a disabled operation's partner is the backtrack point" requires;
// for an RWMutex's Lock, which may arrive before the release, the race is
// reversed and the search goes on too (sound, but may cost sleep-set
// blocked executions); (3) a select names only its first channel and
// Cond.Wait an unnamed lock, so they are dependent with every operation of
// their class; sleeps, timers, Once and polls of uncontrolled code are
// dependent with everything; (4) a failed CompareAndSwap is recorded as a
// read-modify-write (the engine announces it before it runs), so it
// commutes with nothing on its location — correct, sometimes more
// executions; (5) range accesses (copy, append, whole-struct) are one
// operation on their base address; (6) a Once.Do waiting for another
// goroutine's running function becomes enabled at that goroutine's next
// visible operation (the function's end is none), so a race of the Do with
// a third goroutine's operation from a state where the Do was disabled is
// still reversed when an event between them not ordered after that
// operation is dependent with the Do (its enabler); the search goes on to
// the earlier operations as for an irreversible race.
// Sharding (Config.Shard, Shards) fixes the top of the tree identically in
// every shard (full expansion, or the one goroutine whose next operation
// touches nothing shared) and hashes the leading decisions to a shard.
// Optimality is not reached: without
// wakeup trees some branches end sleep-set blocked (lastzero(10): see
// docs/dpor.md for the measured ratio of executions to traces).
// DPOR.SetOptimal selects wakeup trees (optimal DPOR, Abdulla et al.
// Algorithm 2; dpor_wakeup.go), which the "dpor" setting uses: objects
// are compared across executions by their stable numbers or by the
// engine's allocation identities (Op.Ident); when an answer would depend
// on an object with neither, the search starts over with source sets, so
// a complete search is a proof in both modes.
package strategy
