package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/dave/dst"
)

// shouldSplit reports whether an assignment to a shared variable must have
// its right-hand side evaluated first, into temporaries: the right-hand side
// calls a function or receives (so it may perform visible operations that
// happen before the write), and moving it first keeps Go's order because
// the written operands compute nothing.
func (fr *fileRewriter) shouldSplit(as *ast.AssignStmt) bool {
	if as.Tok == token.DEFINE {
		return false
	}
	shared := false
	for _, l := range as.Lhs {
		if !pureOperand(l) {
			return false
		}
		if _, ok := fr.p.accessGroup(l); ok {
			shared = true
		}
	}
	if !shared || !fr.callsOrReceives(as.Rhs) {
		return false
	}
	for _, r := range as.Rhs {
		if fr.untypedRisk(r) {
			return false
		}
	}
	if len(as.Lhs) == 2 && len(as.Rhs) == 1 && !isBlank(as.Lhs[1]) {
		return types.Identical(fr.typeOf(as.Lhs[1]), types.Typ[types.Bool]) || !isCommaOk(as.Rhs[0])
	}
	return true
}

// isCommaOk reports whether e is a receive, map index or type assertion,
// whose second result is an untyped bool.
func isCommaOk(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.ARROW
	case *ast.IndexExpr, *ast.TypeAssertExpr:
		return true
	}
	return false
}

// pureOperand reports whether an assigned operand computes nothing but
// addresses: identifiers, selectors, dereferences, indexes by such.
func pureOperand(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return pureOperand(x.X)
	case *ast.SelectorExpr:
		return pureOperand(x.X)
	case *ast.StarExpr:
		return pureOperand(x.X)
	case *ast.IndexExpr:
		return pureOperand(x.X) && pureOperand(x.Index)
	}
	return false
}

// callsOrReceives reports whether the expressions call a function (not a
// conversion or builtin) or receive from a channel.
func (fr *fileRewriter) callsOrReceives(list []ast.Expr) bool {
	found := false
	for _, e := range list {
		ast.Inspect(e, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.UnaryExpr:
				found = found || x.Op == token.ARROW
			case *ast.CallExpr:
				tv := fr.info.Types[x.Fun]
				found = found || !(tv.IsType() || tv.IsBuiltin())
			}
			return !found
		})
	}
	return found
}

// splitAssign turns lhs op= rhs into { t := rhs; lhs op= t }, with the
// temporaries in a block so that no goto jumps over their declaration.
func (fr *fileRewriter) splitAssign(x *dst.AssignStmt, as *ast.AssignStmt) dst.Stmt {
	n := len(x.Rhs)
	if n == 1 {
		n = len(x.Lhs) // one call (or comma-ok form) giving every value
	}
	var names []string
	var temps []dst.Expr
	for range n {
		name := fr.p.newTemp("v")
		names = append(names, name)
		temps = append(temps, ident(name))
	}
	var def *dst.AssignStmt
	if n == 2 && len(x.Rhs) == 1 && isRecv(x.Rhs[0]) {
		def = define(fr.recv2(x.Rhs[0]), names...)
	} else {
		fr.exprs(x.Rhs)
		def = &dst.AssignStmt{Tok: token.DEFINE, Rhs: x.Rhs}
		for _, name := range names {
			def.Lhs = append(def.Lhs, ident(name))
		}
	}
	for i := range x.Lhs {
		x.Lhs[i] = fr.expr(x.Lhs[i], ctxWrite)
	}
	x.Rhs = temps
	fr.mark(def, as.Pos())
	fr.mark(x, as.Pos())
	return block(def, x)
}
