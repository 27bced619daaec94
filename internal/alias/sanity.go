package alias

import (
	"errors"
	"fmt"

	"golang.org/x/tools/go/ssa"
)

// sanityCheck verifies the invariants of a solved result and returns every
// violation found. It is enabled by Options.Sanity.
func (r *Result) sanityCheck() error {
	var errs []error
	errs = append(errs, r.checkForest()...)
	errs = append(errs, r.checkEscape()...)
	errs = append(errs, r.checkRoots()...)
	return errors.Join(errs...)
}

// checkForest: parent chains end at a root; only roots carry state.
func (r *Result) checkForest() []error {
	var errs []error
	g := r.g
	for i := range g.nodes {
		n := int32(i)
		steps := 0
		for g.nodes[n].parent != n {
			n = g.nodes[n].parent
			if steps++; steps > len(g.nodes) {
				errs = append(errs, fmt.Errorf("node %d: parent chain has a cycle", i))
				break
			}
		}
		nd := g.nodes[i]
		if nd.parent != int32(i) && (nd.pt >= 0 || len(nd.labels) > 0) {
			errs = append(errs, fmt.Errorf("node %d: non-root carries a pointee or labels", i))
		}
		if nd.pt >= int32(len(g.nodes)) {
			errs = append(errs, fmt.Errorf("node %d: pointee %d out of range", i, nd.pt))
		}
	}
	return errs
}

// checkEscape: what a shared class points to is shared; globals are shared.
func (r *Result) checkEscape() []error {
	var errs []error
	g := r.g
	for i, nd := range g.nodes {
		if nd.parent != int32(i) {
			continue
		}
		if nd.escaped && nd.pt >= 0 && !g.escaped(nd.pt) {
			errs = append(errs, fmt.Errorf("class %v is shared but its pointee %v is not", g.sortedLabels(int32(i)), g.sortedLabels(nd.pt)))
		}
		for _, l := range nd.labels {
			if (l.kind == labelGlobal || l.kind == labelType) && !nd.escaped {
				errs = append(errs, fmt.Errorf("class of %s is not shared", l.name))
			}
		}
	}
	return errs
}

// checkRoots: the arguments of go statements and the values sent on
// channels are shared, and so is every site that accesses a global.
func (r *Result) checkRoots() []error {
	var errs []error
	for _, fn := range r.funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				for _, v := range rootValues(instr) {
					if !r.shared(v) {
						errs = append(errs, fmt.Errorf("%s: %s escapes but is not shared", r.fset.Position(instr.Pos()), v.Name()))
					}
				}
			}
		}
	}
	for _, s := range r.sites {
		if addr := siteAddr(s.Instr); addr != nil && !s.Shared {
			if _, isGlobal := addr.(*ssa.Global); isGlobal {
				errs = append(errs, fmt.Errorf("%s: access to global %s not shared", r.fset.Position(s.Pos), s.Group))
			}
		}
	}
	return errs
}

// rootValues returns the values instr makes shared by definition.
func rootValues(instr ssa.Instruction) []ssa.Value {
	switch in := instr.(type) {
	case *ssa.Go:
		return append([]ssa.Value{in.Call.Value}, in.Call.Args...)
	case *ssa.Send:
		return []ssa.Value{in.X}
	case *ssa.Panic:
		return []ssa.Value{in.X}
	}
	return nil
}

// siteAddr returns the address operand of a load or store.
func siteAddr(instr ssa.Instruction) ssa.Value {
	switch in := instr.(type) {
	case *ssa.UnOp:
		return in.X
	case *ssa.Store:
		return in.Addr
	}
	return nil
}
