package sharedvar

import (
	"github.com/vtbound/vtbound/analyzers/internal/locks"
	"golang.org/x/tools/go/ssa"
)

// This file decides which accesses of a group can race: those that may
// run concurrently with a conflicting access (one of the two writes) with
// neither a lock in common nor synchronisation ordering them.

// mayOverlap reports whether the functions of a and b may run on two
// goroutines at once: two different entry points reach them, or one that
// may run concurrently with itself (see overlap).
func mayOverlap(a, b access, locked bool) bool {
	for _, ea := range a.entries {
		for _, eb := range b.entries {
			if overlap(ea, eb, locked) {
				return true
			}
		}
	}
	return false
}

// overlap reports whether entry points ea and eb may run at once.
// Package initialisation runs alone; tests run one at a time unless both
// call t.Parallel. Two functions called from outside the package, with no
// goroutine of the package between them, are taken to run at once only
// for a variable that some access locks (locked): its author expects
// concurrent callers; other code's concurrency contract is unknown.
func overlap(ea, eb *entry, locked bool) bool {
	switch {
	case ea.seq || eb.seq:
		return false
	case ea == eb:
		return ea.multi
	case ea.test && eb.test && !(ea.parallel && eb.parallel):
		return false
	case ea.caller && eb.caller:
		return locked
	}
	return true
}

// single reports whether fn runs on at most one goroutine at a time: one
// entry point reaches it, and that entry point does not run concurrently
// with itself.
func (cg *callGraph) single(fn *ssa.Function) bool {
	es := cg.reachedBy[fn]
	return len(es) == 1 && !es[0].multi
}

// partner returns the index of an access of accs that accs[i] can race
// with, or -1. With useLocks false, locks are ignored (only the order
// counts); callers says whether two callers from outside the package
// may run at once (see overlap).
func (st *analysisState) partner(accs []access, i int, useLocks, callers bool) int {
	a := accs[i]
	for j, b := range accs {
		if !a.site.Write && !b.site.Write || !mayOverlap(a, b, callers) || st.sameInvocation(a, b) {
			continue
		}
		if useLocks && locks.Protects(a.locks, b.locks) {
			continue
		}
		if !st.order.Ordered(a.site.Instr, b.site.Instr) {
			return j
		}
	}
	return -1
}

// sameInvocation reports whether a and b are accesses of a local variable
// (or parameter) made by the function that declares it: one call of the
// function, on one goroutine, makes both (two calls have two variables).
func (st *analysisState) sameInvocation(a, b access) bool {
	return a.home != nil && a.site.Instr.Parent() == a.home && b.site.Instr.Parent() == a.home
}

// anyLocked reports whether some access of accs holds a lock.
func anyLocked(accs []access) bool {
	for _, a := range accs {
		if len(a.locks) > 0 {
			return true
		}
	}
	return false
}

// race is an access that can race and one access it can race with.
type race struct{ at, with int }

// races lists the accesses of accs that can race, in the order of accs.
func (st *analysisState) races(accs []access) []race {
	var out []race
	locked := anyLocked(accs)
	for i := range accs {
		if j := st.partner(accs, i, true, locked); j >= 0 {
			out = append(out, race{i, j})
		}
	}
	return out
}

// handedOver counts the accesses ordered by synchronisation with every
// conflicting access that may run concurrently with them, taking any two
// callers from outside the package to run at once (the inventory's view).
func (st *analysisState) handedOver(accs []access) int {
	n := 0
	for i := range accs {
		if st.partner(accs, i, false, true) < 0 {
			n++
		}
	}
	return n
}

// orderedUnprotected counts the accesses that do not hold the common lock
// but need none: no conflicting concurrent access escapes both their
// locks and synchronisation order.
func (st *analysisState) orderedUnprotected(accs []access, common string) int {
	n := 0
	for i, a := range accs {
		if (common == "" || !a.locks[common]) && st.partner(accs, i, true, true) < 0 {
			n++
		}
	}
	return n
}
