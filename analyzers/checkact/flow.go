package checkact

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// maxFlow bounds the values followed from one read.
const maxFlow = 256

// derived returns the values of v's function computed from v, v included.
func derived(v ssa.Value) map[ssa.Value]bool {
	out := map[ssa.Value]bool{v: true}
	work := []ssa.Value{v}
	for len(work) > 0 && len(out) < maxFlow {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		refs := x.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			for _, y := range next(x, r) {
				if !out[y] {
					out[y] = true
					work = append(work, y)
				}
			}
		}
	}
	return out
}

// next returns the values that instruction r, a user of x, computes from
// x: r itself when it is a value, or the loads of a local variable r
// stores x into (a result kept in a local for deferred calls).
func next(x ssa.Value, r ssa.Instruction) []ssa.Value {
	if y, ok := r.(ssa.Value); ok {
		return []ssa.Value{y}
	}
	st, ok := r.(*ssa.Store)
	if !ok || st.Val != x {
		return nil
	}
	local, ok := st.Addr.(*ssa.Alloc)
	if !ok || local.Heap {
		return nil
	}
	var out []ssa.Value
	for _, u := range refs(local) {
		if ld, ok := u.(*ssa.UnOp); ok && ld.Op == token.MUL {
			out = append(out, ld)
		}
	}
	return out
}

// decides reports whether the value read by the check decides the act:
// the act is reached on one side only of a branch on a value derived from
// it, or writes (or passes) such a value.
func decides(v ssa.Value, a act) bool {
	d := derived(v)
	for _, in := range a.inputs {
		if d[in] {
			return true
		}
	}
	return branches(d, a.instr)
}

// branchesTo reports whether a branch on a value derived from v decides
// whether w runs.
func branchesTo(v ssa.Value, w ssa.Instruction) bool {
	return branches(derived(v), w)
}

// branches reports whether an if on one of the values d controls w: w's
// block is dominated by exactly one of the if's successors.
func branches(d map[ssa.Value]bool, w ssa.Instruction) bool {
	for x := range d {
		for _, r := range refs(x) {
			iff, ok := r.(*ssa.If)
			if !ok || len(iff.Block().Succs) != 2 {
				continue
			}
			s := iff.Block().Succs
			if s[0].Dominates(w.Block()) != s[1].Dominates(w.Block()) {
				return true
			}
		}
	}
	return false
}

// refs returns the instructions that use v.
func refs(v ssa.Value) []ssa.Instruction {
	if r := v.Referrers(); r != nil {
		return *r
	}
	return nil
}

// returned reports whether a value derived from v is returned.
func returned(v ssa.Value) bool {
	for x := range derived(v) {
		for _, r := range refs(x) {
			if _, ok := r.(*ssa.Return); ok {
				return true
			}
		}
	}
	return false
}

// written returns the value a write instruction stores.
func written(w ssa.Instruction) []ssa.Value {
	switch w := w.(type) {
	case *ssa.Store:
		return []ssa.Value{w.Val}
	case *ssa.MapUpdate:
		return []ssa.Value{w.Value}
	}
	return nil
}
