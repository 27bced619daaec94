package alias

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
)

// AllocGroup returns the group of the objects allocated by e (a composite
// literal, &T{...}, new(T) or make(...)) and whether they may be shared.
// ok is false if e allocates nothing. An allocation SSA does not perform
// in memory is reported shared, as the analysis knows nothing about it.
func (r *Result) AllocGroup(e ast.Expr) (group string, shared bool, ok bool) {
	pos, ok := r.allocPos(ast.Unparen(e))
	if !ok {
		return "", false, false
	}
	if a := r.allocs[pos]; a != nil {
		return a.Group, a.Shared, true
	}
	return allocName(r.fset, pos), true, true
}

// allocPos returns the position SSA gives to the allocation of e.
func (r *Result) allocPos(e ast.Expr) (token.Pos, bool) {
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if cl, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok && e.Op == token.AND {
			return cl.Lbrace, true
		}
	case *ast.CompositeLit:
		return e.Lbrace, true
	case *ast.CallExpr:
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		if !ok {
			return token.NoPos, false
		}
		if b, ok := r.info.Uses[id].(*types.Builtin); ok && (b.Name() == "new" || b.Name() == "make") {
			return e.Lparen, true
		}
	}
	return token.NoPos, false
}

// Objects returns the abstract objects the access denoted by e may touch:
// the labels (pkgpath.var, file.go:line:col, alloc:file.go:line:col,
// type:T) of the points-to classes of its addresses, sorted. A dynamic
// object accessed by e was allocated at one of the alloc: sites listed, or
// is of unknown origin if a type: label is listed. It returns nil if e is
// not an access the analysis has a record of.
func (r *Result) Objects(e ast.Expr) []string {
	pos, ok := r.accessPos(ast.Unparen(e))
	if !ok {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, rec := range r.records[pos] {
		if rec.class == nil {
			continue
		}
		n, ok := r.vals[rec.class]
		if !ok {
			continue
		}
		for _, l := range r.g.sortedLabels(n) {
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	sort.Strings(out)
	return out
}
