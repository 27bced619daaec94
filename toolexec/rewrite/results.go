package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/dave/dst"
)

// bareReturnReads returns the reads that a bare return at pos makes of the
// enclosing function's named results that are shared variables (captured
// by a closure that writes them): the caller reads them when the function
// returns. Functions with a defer statement are left alone, since their
// deferred calls run, and may synchronise, between the return and the
// caller's read.
func (fr *fileRewriter) bareReturnReads(pos token.Pos) []dst.Stmt {
	ft, body := fr.enclosingFunc(pos)
	if ft == nil || ft.Results == nil || hasDefer(body) {
		return nil
	}
	var reads []dst.Stmt
	for _, field := range ft.Results.List {
		for _, name := range field.Names {
			v, ok := fr.info.Defs[name].(*types.Var)
			if !ok || name.Name == "_" {
				continue
			}
			g, ok := fr.p.varGroup(v)
			if !ok {
				continue
			}
			if g, ok = fr.p.hookGroup(name, g); !ok {
				continue
			}
			e := fr.accessExpr(ident(name.Name), pos, false, g, name.Name)
			reads = append(reads, &dst.AssignStmt{Lhs: []dst.Expr{ident("_")}, Tok: token.ASSIGN, Rhs: []dst.Expr{e}})
		}
	}
	return reads
}

// enclosingFunc returns the type and body of the innermost function
// declaration or literal of this file containing pos.
func (fr *fileRewriter) enclosingFunc(pos token.Pos) (*ast.FuncType, *ast.BlockStmt) {
	var ft *ast.FuncType
	var body *ast.BlockStmt
	ast.Inspect(fr.af, func(n ast.Node) bool {
		if n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		switch f := n.(type) {
		case *ast.FuncDecl:
			ft, body = f.Type, f.Body
		case *ast.FuncLit:
			ft, body = f.Type, f.Body
		}
		return true
	})
	return ft, body
}

// hasDefer reports whether body has a defer statement of its own (not in
// a nested function literal).
func hasDefer(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.DeferStmt:
			found = true
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}
