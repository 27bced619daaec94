package rewrite

import (
	"fmt"
	"go/token"
	"strconv"

	"github.com/dave/dst"
)

// ident returns a new identifier.
func ident(name string) *dst.Ident { return &dst.Ident{Name: name} }

// intLit returns a decimal integer literal.
func intLit(n int) *dst.BasicLit {
	return &dst.BasicLit{Kind: token.INT, Value: strconv.Itoa(n)}
}

// rtSel returns the selector _vtbrt.name.
func (fr *fileRewriter) rtSel(name string) dst.Expr {
	fr.usesRT = true
	fr.changed = true
	e := &dst.SelectorExpr{X: ident(rtName), Sel: ident(name)}
	fr.pure[e] = true
	return e
}

// rtCall returns the call _vtbrt.name(args...).
func (fr *fileRewriter) rtCall(name string, args ...dst.Expr) *dst.CallExpr {
	return &dst.CallExpr{Fun: fr.rtSel(name), Args: args}
}

// site registers a site at pos and returns the expression naming its id.
func (fr *fileRewriter) site(pos token.Pos, kind, group string) dst.Expr {
	return fr.namedSite(pos, kind, group, "")
}

// namedSite is site for a memory access, recording the accessed
// expression's source text for reports.
func (fr *fileRewriter) namedSite(pos token.Pos, kind, group, name string) dst.Expr {
	k := fr.p.addSite(pos, kind, group, name)
	e := &dst.BinaryExpr{X: ident(siteBase), Op: token.ADD, Y: intLit(k)}
	fr.pure[e] = true
	fr.changed = true
	return e
}

// addrOf returns &e.
func addrOf(e dst.Expr) dst.Expr {
	if p, ok := e.(*dst.ParenExpr); ok {
		e = p.X
	}
	return &dst.UnaryExpr{Op: token.AND, X: e}
}

// accessExpr returns *_vtbR(guard, site, &e) (or _vtbW for writes): the
// access e preceded by its guarded scheduling point, evaluated in place.
func (fr *fileRewriter) accessExpr(e dst.Expr, pos token.Pos, write bool, group, name string) dst.Expr {
	kind, helper := "KRead", readHelper
	if write {
		kind, helper = "KWrite", writeHelp
	}
	s := fr.namedSite(pos, kind, group, name)
	g := fr.p.groupIndex[group]
	call := &dst.CallExpr{Fun: ident(helper), Args: []dst.Expr{intLit(g), s, addrOf(e)}}
	return &dst.StarExpr{X: call}
}

// mark puts a //line directive carrying the original position pos before
// node n (a statement, case clause or declaration).
func (fr *fileRewriter) mark(n dst.Node, pos token.Pos) {
	if !pos.IsValid() {
		return
	}
	p := fr.p.in.Fset.Position(pos)
	if p.Line <= 0 {
		return
	}
	col := p.Column
	if col <= 0 {
		col = 1
	}
	decs := n.Decorations()
	for _, d := range decs.Start {
		if isOurDirective(d) {
			return
		}
	}
	decs.Before = dst.NewLine
	decs.Start.Append(fmt.Sprintf("//line %s:%d:%d", p.Filename, p.Line, col))
}

// block returns a block statement holding list.
func block(list ...dst.Stmt) *dst.BlockStmt { return &dst.BlockStmt{List: list} }

// define returns lhs... := rhs.
func define(rhs dst.Expr, lhs ...string) *dst.AssignStmt {
	var l []dst.Expr
	for _, n := range lhs {
		l = append(l, ident(n))
	}
	return &dst.AssignStmt{Lhs: l, Tok: token.DEFINE, Rhs: []dst.Expr{rhs}}
}

// exprStmt wraps a call in a statement.
func exprStmt(e dst.Expr) *dst.ExprStmt { return &dst.ExprStmt{X: e} }
