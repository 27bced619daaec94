package alias

import (
	"go/ast"
	"go/types"
)

// fallback answers for an access with no SSA record, from syntax and types
// alone. Only a local variable that SSA keeps in no memory cell is known to
// be unshared; everything else is reported shared.
func (r *Result) fallback(e ast.Expr) (group string, shared bool) {
	switch e := e.(type) {
	case *ast.Ident:
		return r.identFallback(e)
	case *ast.SelectorExpr:
		if _, ok := r.info.Selections[e]; !ok {
			return r.identFallback(e.Sel)
		}
		return r.fieldFallback(e), true
	case *ast.IndexExpr:
		t := r.info.TypeOf(e.X)
		if b, ok := coreType(t).(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return "elem:" + r.exprName(e.X), false // strings are immutable
		}
		return "elem:" + r.exprName(e.X), true
	}
	return "type:" + typeName(r.info.TypeOf(e)), true
}

// identFallback handles a variable identifier.
func (r *Result) identFallback(id *ast.Ident) (string, bool) {
	v := r.objOf(id).(*types.Var)
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		return v.Pkg().Path() + "." + v.Name(), true
	}
	allocs := r.varAllocs[v.Pos()]
	if len(allocs) == 0 {
		return varName(r.fset, v.Pos()), false // lifted to SSA registers
	}
	shared := false
	for _, a := range allocs {
		shared = shared || r.shared(a)
	}
	return varName(r.fset, v.Pos()), shared
}

// fieldFallback names a field selection by its struct type.
func (r *Result) fieldFallback(e *ast.SelectorExpr) string {
	sel := r.info.Selections[e]
	st := pointee(sel.Recv())
	idx := sel.Index()
	for _, i := range idx[:len(idx)-1] {
		s, ok := coreType(st).(*types.Struct)
		if !ok {
			break
		}
		st = pointee(s.Field(i).Type())
	}
	if name, ok := fieldName(st, idx[len(idx)-1]); ok {
		return name
	}
	return r.exprName(e.X)
}

// exprName names the location an expression denotes, for fallbacks.
func (r *Result) exprName(e ast.Expr) string {
	if _, ok := r.accessPos(ast.Unparen(e)); ok {
		g, _, _ := r.SiteGroup(e)
		return g
	}
	return "type:" + typeName(r.info.TypeOf(e))
}
