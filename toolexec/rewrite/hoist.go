package rewrite

import (
	"go/ast"
	"go/token"

	"github.com/dave/dst"
	"github.com/dave/dst/dstutil"
)

// hoistGuard turns the one guarded access of a simple statement back into a
// plain access preceded by the guard as a statement,
//
//	if _vtbG[g].On() { _vtbrt.Read(site, _vtbunsafe.Pointer(&x)) }
//
// which costs a load and a branch when the group is off (the helper call of
// the expression form does not inline). It applies only when nothing in the
// statement can run between that guard and the access: no calls (other than
// conversions and builtins), receives, function literals or short-circuit
// operators, and exactly one instrumented access. It returns the guard
// statement, or nil when the statement keeps the expression form.
func (fr *fileRewriter) hoistGuard(r dst.Stmt, as ast.Stmt) dst.Stmt {
	switch as.(type) {
	case *ast.AssignStmt, *ast.IncDecStmt, *ast.ReturnStmt, *ast.DeclStmt:
	default:
		return nil
	}
	var hook *dst.CallExpr
	count := 0
	dst.Inspect(r, func(n dst.Node) bool {
		if c := accessHook(n); c != nil {
			hook = c
			count++
		}
		return count < 2
	})
	if count != 1 || !fr.straightLine(as, fr.astExpr(hook.Args[2].(*dst.UnaryExpr).X)) {
		return nil
	}
	dstutil.Apply(r, func(c *dstutil.Cursor) bool {
		if accessHook(c.Node()) == hook {
			c.Replace(hook.Args[2].(*dst.UnaryExpr).X)
			return false
		}
		return true
	}, nil)
	return fr.guardStmt(hook)
}

// accessHook returns the helper call of an access *_vtbR(g, site, &x) or
// *_vtbW(...), or nil.
func accessHook(n dst.Node) *dst.CallExpr {
	star, ok := n.(*dst.StarExpr)
	if !ok {
		return nil
	}
	call, ok := star.X.(*dst.CallExpr)
	if !ok || len(call.Args) != 3 {
		return nil
	}
	if id, ok := call.Fun.(*dst.Ident); ok && (id.Name == readHelper || id.Name == writeHelp) {
		return star.X.(*dst.CallExpr)
	}
	return nil
}

// guardStmt builds the guard statement for a helper call.
func (fr *fileRewriter) guardStmt(hook *dst.CallExpr) dst.Stmt {
	hookName := "Read"
	if hook.Fun.(*dst.Ident).Name == writeHelp {
		hookName = "Write"
	}
	addr := dst.Clone(hook.Args[2]).(dst.Expr)
	ptr := &dst.CallExpr{Fun: &dst.SelectorExpr{X: ident(unsafeName), Sel: ident("Pointer")}, Args: []dst.Expr{addr}}
	fr.usesUnsafe = true
	guard := &dst.IndexExpr{X: ident(guardsName), Index: hook.Args[0]}
	on := &dst.CallExpr{Fun: &dst.SelectorExpr{X: guard, Sel: ident("On")}}
	call := fr.rtCall(hookName, hook.Args[1], ptr)
	return &dst.IfStmt{Cond: on, Body: block(exprStmt(call))}
}

// straightLine reports whether evaluating s runs no user code that could
// perform a visible operation before the access (an original expression
// of s, nil if unknown) and evaluates every operand unconditionally: s
// calls no function (other than conversions and builtins) except ones
// whose arguments hold the access, which Go evaluates before the call.
func (fr *fileRewriter) straightLine(s ast.Stmt, access ast.Expr) bool {
	ok := true
	ast.Inspect(s, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			ok = ok && x.Op != token.ARROW
		case *ast.BinaryExpr:
			ok = ok && x.Op != token.LAND && x.Op != token.LOR
		case *ast.CallExpr:
			tv := fr.info.Types[x.Fun]
			ok = ok && (tv.IsType() || tv.IsBuiltin() || inArgs(x, access))
		}
		return ok
	})
	return ok
}

// inArgs reports whether e lies within one of call's arguments.
func inArgs(call *ast.CallExpr, e ast.Expr) bool {
	if e == nil {
		return false
	}
	for _, a := range call.Args {
		if a.Pos() <= e.Pos() && e.End() <= a.End() {
			return true
		}
	}
	return false
}
