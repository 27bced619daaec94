package sharedvar

import (
	"github.com/vtbound/vtbound/analyzers/internal/locks"
	"golang.org/x/tools/go/ssa"
)

// lockset is a set of lock groups held at a point.
type lockset = locks.Set

// maxLockRounds bounds the interprocedural fixpoint; without convergence
// every function is assumed entered with no lock held.
const maxLockRounds = 20

// allHeldLocks computes the locks held at every instruction of the
// package's functions. A function entered only from call sites in the
// package (not an entry point, not a callback) starts with the locks held
// at all of its call sites; any other function starts with none.
func allHeldLocks(cg *callGraph) map[*ssa.Function]map[ssa.Instruction]lockset {
	entry := map[*ssa.Function]lockset{} // absent: not yet known (top)
	for _, fn := range cg.res.Functions() {
		if !internalOnly(cg, fn) {
			entry[fn] = lockset{}
		}
	}
	for round := 0; round < maxLockRounds; round++ {
		held := map[*ssa.Function]map[ssa.Instruction]lockset{}
		for fn, e := range entry {
			held[fn] = locks.HeldModes(cg.res, fn, e)
		}
		if !refineEntries(cg, entry, held) {
			return held
		}
	}
	held := map[*ssa.Function]map[ssa.Instruction]lockset{}
	for _, fn := range cg.res.Functions() {
		held[fn] = locks.HeldModes(cg.res, fn, lockset{})
	}
	return held
}

// internalOnly reports whether fn is entered only through call
// instructions of the package.
func internalOnly(cg *callGraph, fn *ssa.Function) bool {
	if _, isEntry := cg.entries[fn]; isEntry || len(cg.callSites[fn]) == 0 {
		return false
	}
	for _, cs := range cg.callSites[fn] {
		if cs.instr == nil {
			return false
		}
	}
	return true
}

// refineEntries recomputes the entry locks of internal functions from the
// locks held at their call sites; it reports whether anything changed.
func refineEntries(cg *callGraph, entry map[*ssa.Function]lockset, held map[*ssa.Function]map[ssa.Instruction]lockset) bool {
	changed := false
	for _, fn := range cg.res.Functions() {
		if !internalOnly(cg, fn) {
			continue
		}
		var meet lockset
		for _, cs := range cg.callSites[fn] {
			h, known := held[cs.caller][cs.instr]
			if !known {
				continue // caller not reached yet: no constraint
			}
			if meet == nil {
				meet = h.Copy()
			} else {
				meet = meet.Intersect(h)
			}
		}
		if meet == nil {
			continue
		}
		if old, ok := entry[fn]; !ok || len(old) != len(meet) {
			entry[fn] = meet
			changed = true
		}
	}
	return changed
}
