package sharedvar

import (
	"go/token"
	"go/types"

	"github.com/vtbound/vtbound/analyzers/internal/syncorder"
	"golang.org/x/tools/go/ssa"
)

// initialises reports whether instr is a store into an object allocated in
// the same function before that object can be seen by anyone else (a
// constructor filling in a struct before returning or publishing it):
// the store runs before every use of the object other than addressing
// its fields and elements, on every path. Such writes initialise the
// object; they are not shared accesses.
func initialises(instr ssa.Instruction) bool {
	st, ok := instr.(*ssa.Store)
	if !ok {
		return false
	}
	alloc, ok := allocRoot(st.Addr)
	if !ok || alloc.Parent() != st.Parent() {
		return false
	}
	for _, e := range escapes(alloc) {
		if !syncorder.Precedes(st, e) {
			return false
		}
	}
	return true
}

// allocRoot follows field and element addressing from addr back to the
// allocation it is part of.
func allocRoot(addr ssa.Value) (*ssa.Alloc, bool) {
	for {
		switch a := addr.(type) {
		case *ssa.Alloc:
			return a, true
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			if !isArrayPointer(a.X.Type()) {
				return nil, false // a slice's elements live in another object
			}
			addr = a.X
		default:
			return nil, false
		}
	}
}

// escapes returns the instructions at which the object allocated by a (or
// the address of one of its parts) is used other than to load or store
// through it: where it may become visible to other code.
func escapes(a *ssa.Alloc) []ssa.Instruction {
	var out []ssa.Instruction
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				walk(r)
			case *ssa.IndexAddr:
				walk(r)
			case *ssa.Store:
				if r.Val == v {
					out = append(out, r)
				}
			case *ssa.UnOp:
				if r.Op != token.MUL {
					out = append(out, r)
				}
			case *ssa.DebugRef:
			default:
				out = append(out, r)
			}
		}
	}
	walk(a)
	return out
}

// isArrayPointer reports whether t is a pointer to an array.
func isArrayPointer(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Array)
	return ok
}
