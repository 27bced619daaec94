// Package coverage measures how much of a test's concurrent behaviour the
// executions explored so far have covered, with the two metrics of the
// coverage-guided strategies: HaPSets (hapset-coverage-guided-sct.txt,
// "Fusion") and synchronization-pair (SP) requirements
// (sync-pair-coverage-tsa.txt, "TSA"). It derives everything from the
// traces the engine records (sched.Execution) and imports only the standard
// library and package sched.
//
// # Statements
//
// A statement (Stmt) is the paper's (file, line, thr, ctx): the
// instrumented site and the operation kind performed there; the truncated
// calling context, a hash of the innermost k frames of the goroutine's
// stack outside vtbound, which the engine records in sched.Step.Ctx when
// sched.Plan.Context = k asks for it (0 when not recorded); and whether
// the goroutine is the local (0) or the remote (1) side of the pair being
// recorded: of two events of different goroutines, the one of the
// goroutine with the smaller ID is local (paper Sec. 3.1).
//
// # HaPSets
//
// HaPSet[st] is the set of statements st has been immediately dependent
// upon in some execution that did not fail (Definition 2). Learn implements
// LearnHaPSets of the paper's Algorithm 1: for every step p and every other
// goroutine, the last earlier event of that goroutine on the same object
// is found; when the two have a data conflict (sched.Dependent: read-write,
// write-write, lock-lock, send-receive, ...) stmt of that event joins
// HaPSet[stmt(p)]. Unlock statements are ignored, as in the paper.
//
// # SP requirements
//
// An SP requirement is a pair of locations <l1, l2> of synchronisation
// actions on the same object with no other such action on that object in
// between (Definition 1; pairs by one goroutine count). The paper's lock
// statements are Java's monitor entries; in Go every primitive whose
// operations order goroutines provides "lock statements", the actions
// below, and the requirement is the order of two consecutive actions on
// one object:
//
//	Mutex, RWMutex    Lock, RLock, TryLock          (the paper's lock; Unlock is its unlock)
//	channel           send, receive, close, select  (send -> receive partners, close -> receive)
//	WaitGroup         Done, Wait                    (Done -> Wait, Done -> Done)
//	Once              Do                            (which Do ran the function)
//	Cond              Signal, Broadcast, Wait's wake (Signal/Broadcast -> Wait)
//
// A blocking operation the engine records as two steps (arrival, then
// completion) is one action, at its arrival. Estimate keeps the pairs of
// one execution's thread model that pass the acceptance conditions AC1-AC4
// (Sec. 2.3) with the locksets of Mutex and RWMutex write locks and the
// precedence of go statements; Covered marks the pairs an execution
// satisfies (Definition 2). The estimate is an estimate: pairs in loops
// that ran fewer times, or that one execution did not reach, are missed,
// and infeasible pairs may be kept (paper Sec. 3.4); a pair covered but not
// estimated is counted apart.
//
// # Coverage file
//
// State is written in a line-based text format whose first line names the
// format and its version ("vtbound-coverage 1"); sites are written as
// file:line, never as numbers that move between builds. See File.
package coverage
