package rewrite

import (
	"go/ast"
	"go/token"

	"github.com/dave/dst"
)

// atomicArgTemps handles a statement whose call is a sync/atomic operation
// with arguments that call functions or receive (atomic.AddInt64(&x, f()),
// c.n.Store(<-ch)): those arguments are evaluated into temporaries first,
// so that the operation's scheduling point comes right before the operation.
// It returns the temporaries' declarations (the call's arguments then name
// them), or nil when the statement needs none or the order would change (the
// pointer operand computes something).
func (fr *fileRewriter) atomicArgTemps(s dst.Stmt, as ast.Stmt) []dst.Stmt {
	call, acall := fr.stmtCall(s, as)
	if call == nil {
		return nil
	}
	f, sel := fr.callee(acall.Fun)
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != "sync/atomic" || len(acall.Args) == 0 {
		return nil
	}
	from, ptr := 1, ast.Expr(nil)
	if sel != nil { // typed atomic method: the receiver is the pointer
		from, ptr = 0, ast.Unparen(acall.Fun).(*ast.SelectorExpr).X
	} else if u, ok := acall.Args[0].(*ast.UnaryExpr); ok && u.Op == token.AND {
		ptr = u.X
	} else {
		ptr = acall.Args[0]
	}
	if !pureOperand(ptr) || !fr.callsOrReceives(acall.Args[from:]) {
		return nil
	}
	var temps []dst.Stmt
	for i := from; i < len(call.Args); i++ {
		if fr.untypedRisk(acall.Args[i]) {
			return nil
		}
	}
	for i := from; i < len(call.Args); i++ {
		name := fr.p.newTemp("v")
		def := define(fr.expr(call.Args[i], ctxValue), name)
		fr.mark(def, as.Pos())
		temps = append(temps, def)
		call.Args[i] = ident(name)
	}
	return temps
}

// stmtCall returns the call an expression statement makes, or the single
// call on the right of an assignment.
func (fr *fileRewriter) stmtCall(s dst.Stmt, as ast.Stmt) (*dst.CallExpr, *ast.CallExpr) {
	var e dst.Expr
	var ae ast.Expr
	switch x := s.(type) {
	case *dst.ExprStmt:
		e, ae = x.X, as.(*ast.ExprStmt).X
	case *dst.AssignStmt:
		a := as.(*ast.AssignStmt)
		if len(x.Rhs) != 1 || len(x.Lhs) != 1 {
			return nil, nil
		}
		e, ae = x.Rhs[0], a.Rhs[0]
	default:
		return nil, nil
	}
	call, ok := e.(*dst.CallExpr)
	acall, aok := ae.(*ast.CallExpr)
	if !ok || !aok {
		return nil, nil
	}
	return call, acall
}
