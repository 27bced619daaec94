package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/dave/dst"
)

// selectStmt rewrites a select statement into case values made in source
// order and a switch on _vtbrt.Select:
//
//	{ c0 := _vtbrt.RecvCase(ch1); c1 := _vtbrt.SendCase(ch2, x)
//	  switch _vtbrt.Select(site, hasDefault, c0, c1) { case 0: v := c0.V; ...; default: ... } }
//
// Without a default clause the last case becomes the switch's default, so
// that a select ending a function stays a terminating statement. Each case
// value keeps its case's position.
func (fr *fileRewriter) selectStmt(x *dst.SelectStmt, as *ast.SelectStmt, l *dst.LabeledStmt) []dst.Stmt {
	if len(x.Body.List) == 0 {
		s := fr.site(as.Pos(), "KChan", "")
		call := exprStmt(fr.rtCall("Select", s, ident("false")))
		fr.mark(call, as.Pos())
		return []dst.Stmt{call, withLabel(l, x)}
	}
	if !fr.canRestructure(l, as.Pos(), "select") || !fr.selectSupported(as) {
		fr.selectPlain(x)
		return []dst.Stmt{withLabel(l, x)}
	}
	var pre []dst.Stmt
	var caseVals []dst.Expr
	var clauses []dst.Stmt
	hasDefault := false
	for i, s := range x.Body.List {
		cc := s.(*dst.CommClause)
		acc := as.Body.List[i].(*ast.CommClause)
		if cc.Comm == nil {
			hasDefault = true
			clauses = append(clauses, fr.switchClause(cc, acc, nil, nil))
			continue
		}
		name := fr.p.newTemp("case")
		mk, assign := fr.commCase(cc.Comm, acc.Comm, name)
		c := define(mk, name)
		fr.mark(c, acc.Comm.Pos()) // a panic in the case's operands is the case's
		pre = append(pre, c)
		caseVals = append(caseVals, ident(name))
		clauses = append(clauses, fr.switchClause(cc, acc, intLit(len(caseVals)-1), assign))
	}
	if !hasDefault {
		clauses[len(clauses)-1].(*dst.CaseClause).List = nil
	}
	s := fr.site(as.Pos(), "KChan", "")
	args := append([]dst.Expr{s, ident(boolName(hasDefault))}, caseVals...)
	sw := &dst.SwitchStmt{Tag: fr.rtCall("Select", args...), Body: block(clauses...)}
	fr.mark(sw, as.Pos())
	return []dst.Stmt{block(append(pre, withLabel(l, sw))...)}
}

// boolName spells a boolean constant.
func boolName(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// selectSupported reports whether every case can be rewritten: sends whose
// value needs no explicit type the file cannot name, receives assigning to
// bool ok operands.
func (fr *fileRewriter) selectSupported(as *ast.SelectStmt) bool {
	for _, s := range as.Body.List {
		switch c := s.(*ast.CommClause).Comm.(type) {
		case *ast.SendStmt:
			if _, ok := fr.chanFunc("SendCase", c.Chan, c.Value); !ok {
				fr.p.warn(c.Pos(), "select send whose channel element type cannot be named here; select left unmodelled")
				return false
			}
		case *ast.AssignStmt:
			if len(c.Lhs) == 2 && c.Tok == token.ASSIGN && !isBlank(c.Lhs[1]) && !types.Identical(fr.typeOf(c.Lhs[1]), types.Typ[types.Bool]) {
				fr.p.warn(c.Pos(), "select receive into a non-bool ok operand; select left unmodelled")
				return false
			}
		}
	}
	return true
}

// selectPlain rewrites the operands and bodies of a select left as it is.
func (fr *fileRewriter) selectPlain(x *dst.SelectStmt) {
	for _, s := range x.Body.List {
		cc := s.(*dst.CommClause)
		switch c := cc.Comm.(type) {
		case *dst.SendStmt:
			c.Chan = fr.expr(c.Chan, ctxValue)
			c.Value = fr.expr(c.Value, ctxValue)
		case *dst.ExprStmt:
			if u, ok := c.X.(*dst.UnaryExpr); ok {
				u.X = fr.expr(u.X, ctxValue)
			}
		case *dst.AssignStmt:
			if u, ok := c.Rhs[0].(*dst.UnaryExpr); ok {
				u.X = fr.expr(u.X, ctxValue)
			}
		}
		cc.Body = fr.stmtList(cc.Body)
	}
}

// commCase returns the expression making a select case and, for a receive
// with operands, the statement assigning them in the chosen clause.
func (fr *fileRewriter) commCase(comm dst.Stmt, acomm ast.Stmt, name string) (dst.Expr, dst.Stmt) {
	switch c := comm.(type) {
	case *dst.SendStmt:
		ac := acomm.(*ast.SendStmt)
		fun, _ := fr.chanFunc("SendCase", ac.Chan, ac.Value)
		return &dst.CallExpr{Fun: fun, Args: []dst.Expr{fr.expr(c.Chan, ctxValue), fr.expr(c.Value, ctxValue)}}, nil
	case *dst.ExprStmt:
		return fr.recvCase(c.X), nil
	case *dst.AssignStmt:
		mk := fr.recvCase(c.Rhs[0])
		rhs := []dst.Expr{&dst.SelectorExpr{X: ident(name), Sel: ident("V")}}
		if len(c.Lhs) == 2 {
			rhs = append(rhs, &dst.SelectorExpr{X: ident(name), Sel: ident("OK")})
		}
		if c.Tok == token.ASSIGN {
			for i := range c.Lhs {
				c.Lhs[i] = fr.expr(c.Lhs[i], ctxWrite)
			}
		}
		return mk, &dst.AssignStmt{Lhs: c.Lhs, Tok: c.Tok, Rhs: rhs}
	}
	return nil, nil
}

// recvCase returns _vtbrt.RecvCase(ch) for the receive expression <-ch.
func (fr *fileRewriter) recvCase(e dst.Expr) dst.Expr {
	u := unparen(e).(*dst.UnaryExpr)
	return fr.rtCall("RecvCase", fr.expr(u.X, ctxValue))
}

// switchClause turns a select clause into a switch clause: value nil is
// the default clause.
func (fr *fileRewriter) switchClause(cc *dst.CommClause, acc *ast.CommClause, value dst.Expr, assign dst.Stmt) *dst.CaseClause {
	body := fr.stmtList(cc.Body)
	if assign != nil {
		fr.mark(assign, acc.Pos())
		body = append([]dst.Stmt{assign}, body...)
	}
	out := &dst.CaseClause{Body: body}
	if value != nil {
		out.List = []dst.Expr{value}
	}
	out.Decs.NodeDecs = cc.Decs.NodeDecs
	fr.mark(out, acc.Pos())
	return out
}
