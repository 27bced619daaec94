package sharedvar

import (
	"go/types"
	"sort"

	"github.com/vtbound/vtbound/internal/alias"
	"golang.org/x/tools/go/ssa"
)

// lockset is a set of lock groups held at a point.
type lockset map[string]bool

// heldLocks computes, for each instruction of fn, the locks certainly held
// when it runs, given the locks held on entry: a forward must-analysis over
// fn's CFG where Lock and RLock add the group of the mutex and Unlock and
// RUnlock remove it. Deferred unlocks keep the lock held until the
// function returns.
func heldLocks(res *alias.Result, fn *ssa.Function, entry lockset) map[ssa.Instruction]lockset {
	in := map[*ssa.BasicBlock]lockset{}
	if len(fn.Blocks) == 0 {
		return nil
	}
	in[fn.Blocks[0]] = copySet(entry)
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks {
			cur, ok := in[b]
			if !ok {
				continue
			}
			out := transfer(res, b, cur, nil)
			for _, s := range b.Succs {
				if old, ok := in[s]; !ok {
					in[s] = out
					changed = true
				} else if meet := intersect(old, out); len(meet) != len(old) {
					in[s] = meet
					changed = true
				}
			}
		}
	}
	held := map[ssa.Instruction]lockset{}
	for _, b := range fn.Blocks {
		if cur, ok := in[b]; ok {
			transfer(res, b, cur, held)
		}
	}
	return held
}

// transfer applies the lock operations of b to a copy of cur, recording the
// set before each instruction in held if it is not nil.
func transfer(res *alias.Result, b *ssa.BasicBlock, cur lockset, held map[ssa.Instruction]lockset) lockset {
	out := copySet(cur)
	for _, instr := range b.Instrs {
		if held != nil {
			held[instr] = copySet(out)
		}
		if name, acquire, ok := lockOp(res, instr); ok {
			if acquire {
				out[name] = true
			} else {
				delete(out, name)
			}
		}
	}
	return out
}

// lockOp recognises calls of sync.Mutex and sync.RWMutex lock methods.
func lockOp(res *alias.Result, instr ssa.Instruction) (name string, acquire, ok bool) {
	call, isCall := instr.(*ssa.Call)
	if !isCall {
		return "", false, false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || len(call.Common().Args) == 0 {
		return "", false, false
	}
	obj, isFunc := callee.Object().(*types.Func)
	if !isFunc || obj.Pkg() == nil || obj.Pkg().Path() != "sync" {
		return "", false, false
	}
	recv := obj.Signature().Recv()
	if recv == nil {
		return "", false, false
	}
	switch obj.Name() {
	case "Lock", "RLock":
		acquire = true
	case "Unlock", "RUnlock":
	default:
		return "", false, false
	}
	group, _ := res.Group(call.Common().Args[0])
	return group, acquire, true
}

func copySet(s lockset) lockset {
	out := make(lockset, len(s))
	for k := range s {
		out[k] = true
	}
	return out
}

func intersect(a, b lockset) lockset {
	out := lockset{}
	for k := range a {
		if b[k] {
			out[k] = true
		}
	}
	return out
}

// names returns the locks of s, sorted.
func (s lockset) names() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

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
			held[fn] = heldLocks(cg.res, fn, e)
		}
		if !refineEntries(cg, entry, held) {
			return held
		}
	}
	held := map[*ssa.Function]map[ssa.Instruction]lockset{}
	for _, fn := range cg.res.Functions() {
		held[fn] = heldLocks(cg.res, fn, lockset{})
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
				meet = copySet(h)
			} else {
				meet = intersect(meet, h)
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
