package rewrite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"github.com/dave/dst"
)

// goleakPath is the import path of go.uber.org/goleak.
const goleakPath = "go.uber.org/goleak"

// goleakOptions carries goleak's options over to vtbound's leak oracle.
// When a TestMain calls goleak.VerifyTestMain, _vtbrt.GoleakChecksAll is
// called first thing in TestMain: every test of the package checks leaks,
// so a goroutine left looping on the clock fails it (rt/internal/explore,
// loops.go). When the call passes IgnoreTopFunction or IgnoreAnyFunction
// options whose argument is a constant, the names are registered there
// too with _vtbrt.IgnoreLeaks, so that the explorations accept the
// goroutines goleak accepts. (IgnoreAnyFunction is honoured for the top
// function only.) The rest of TestMain is left unchanged.
func (fr *fileRewriter) goleakOptions(d *dst.FuncDecl, fd *ast.FuncDecl) {
	if !fr.isTest || fd.Recv != nil || fd.Name.Name != "TestMain" {
		return
	}
	var names []dst.Expr
	pos := token.NoPos
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !fr.goleakFunc(call.Fun, "VerifyTestMain") || len(call.Args) < 1 {
			return true
		}
		pos = call.Pos()
		for _, arg := range call.Args[1:] {
			if name, ok := fr.ignoredFunction(arg); ok {
				names = append(names, &dst.BasicLit{Kind: token.STRING, Value: strconv.Quote(name)})
			}
		}
		return true
	})
	if pos == token.NoPos {
		return
	}
	stmts := []dst.Stmt{exprStmt(fr.rtCall("GoleakChecksAll"))}
	if len(names) > 0 {
		stmts = append(stmts, exprStmt(fr.rtCall("IgnoreLeaks", names...)))
	}
	for _, stmt := range stmts {
		fr.mark(stmt, pos)
	}
	d.Body.List = append(stmts, d.Body.List...)
}

// goleakVerifyNone marks the T passed to goleak.VerifyNone as a test that
// checks leaks: x's first argument t becomes _vtbrt.GoleakChecks(t),
// which returns t. It reports whether x is such a call.
func (fr *fileRewriter) goleakVerifyNone(x *dst.CallExpr, ae *ast.CallExpr) bool {
	if len(x.Args) == 0 || !fr.goleakFunc(ae.Fun, "VerifyNone") {
		return false
	}
	fr.callFun(x, ae)
	fr.exprs(x.Args)
	x.Args[0] = fr.rtCall("GoleakChecks", x.Args[0])
	return true
}

// ignoredFunction returns the function name of a goleak.IgnoreTopFunction
// or goleak.IgnoreAnyFunction option with a constant argument.
func (fr *fileRewriter) ignoredFunction(e ast.Expr) (string, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !(fr.goleakFunc(call.Fun, "IgnoreTopFunction") || fr.goleakFunc(call.Fun, "IgnoreAnyFunction")) {
		return "", false
	}
	tv, ok := fr.info.Types[call.Args[0]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// goleakFunc reports whether fun names the function name of package goleak
// (qualified or dot-imported).
func (fr *fileRewriter) goleakFunc(fun ast.Expr, name string) bool {
	var id *ast.Ident
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return false
	}
	obj, ok := fr.info.Uses[id].(*types.Func)
	return ok && obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == goleakPath
}
