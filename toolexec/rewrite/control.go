package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/dave/dst"
)

// labeled rewrites a labeled statement. A range over a channel or a select
// keeps its label on the loop or switch that replaces it.
func (fr *fileRewriter) labeled(x *dst.LabeledStmt, as *ast.LabeledStmt) []dst.Stmt {
	var r []dst.Stmt
	switch inner := x.Stmt.(type) {
	case *dst.RangeStmt:
		r = fr.rangeStmt(inner, as.Stmt.(*ast.RangeStmt), x)
	case *dst.SelectStmt:
		r = fr.selectStmt(inner, as.Stmt.(*ast.SelectStmt), x)
	default:
		r = fr.stmt(x.Stmt)
		if len(r) == 1 {
			x.Stmt = r[0]
			return []dst.Stmt{x}
		}
		x.Stmt = r[len(r)-1]
		return append(r[:len(r)-1:len(r)-1], x)
	}
	return r
}

// withLabel puts the label of l (if any) on s.
func withLabel(l *dst.LabeledStmt, s dst.Stmt) dst.Stmt {
	if l == nil {
		return s
	}
	l.Stmt = s
	return l
}

// canRestructure reports whether a labeled statement may move into a new
// block: not when a goto jumps to its label.
func (fr *fileRewriter) canRestructure(l *dst.LabeledStmt, pos token.Pos, what string) bool {
	if l != nil && fr.gotos[l.Label.Name] {
		fr.p.warn(pos, "%s labeled %s is the target of a goto; left unmodelled", what, l.Label.Name)
		return false
	}
	return true
}

// goStmt rewrites go f(args): the function value and the arguments are
// evaluated into temporaries in the calling goroutine, in Go's order, then
// _vtbrt.Go starts a closure that calls f with them.
func (fr *fileRewriter) goStmt(x *dst.GoStmt, as *ast.GoStmt) []dst.Stmt {
	if fl, ok := x.Call.Fun.(*dst.FuncLit); ok && len(x.Call.Args) == 0 {
		fl.Body.List = fr.stmtList(fl.Body.List)
		s := fr.site(as.Pos(), "KGo", "")
		return []dst.Stmt{exprStmt(fr.rtCall("Go", s, fl))}
	}
	for _, a := range as.Call.Args {
		if fr.untypedRisk(a) {
			fr.p.warn(as.Pos(), "go statement with an untyped non-constant argument left uncontrolled")
			x.Call = fr.callOrSelf(x.Call)
			return []dst.Stmt{x}
		}
	}
	call := fr.callOrSelf(x.Call)
	var pre []dst.Stmt
	if !fr.isStatic(call.Fun) {
		name := fr.p.newTemp("f")
		pre = append(pre, define(call.Fun, name))
		call.Fun = ident(name)
	}
	pre = append(pre, fr.goArgs(call, as.Call)...)
	s := fr.site(as.Pos(), "KGo", "")
	inner := exprStmt(call)
	fr.mark(inner, as.Pos())
	body := &dst.FuncLit{Type: &dst.FuncType{Func: true, Params: &dst.FieldList{}}, Body: block(inner)}
	start := exprStmt(fr.rtCall("Go", s, body))
	if len(pre) == 0 {
		return []dst.Stmt{start}
	}
	// A block keeps the temporaries out of the way of gotos that jump
	// over this statement.
	for _, p := range pre {
		fr.mark(p, as.Pos())
	}
	fr.mark(start, as.Pos())
	return []dst.Stmt{block(append(pre, start)...)}
}

// goArgs moves the arguments of a go statement's call into temporaries,
// except constants, nil, function literals and site ids; a conversion of
// an unsafe.Pointer to uintptr stays in the call, on a temporary holding
// the pointer.
func (fr *fileRewriter) goArgs(call *dst.CallExpr, orig *ast.CallExpr) []dst.Stmt {
	var pre []dst.Stmt
	if len(orig.Args) == 1 && len(call.Args) == 1 {
		if tup, ok := fr.typeOf(orig.Args[0]).(*types.Tuple); ok {
			var names []string
			var args []dst.Expr
			for range tup.Len() {
				n := fr.p.newTemp("a")
				names = append(names, n)
				args = append(args, ident(n))
			}
			pre = append(pre, define(call.Args[0], names...))
			call.Args = args
			return pre
		}
	}
	for i, a := range call.Args {
		if fr.isStatic(a) {
			continue
		}
		n := fr.p.newTemp("a")
		if conv := fr.pointerToUintptr(call, orig, i); conv != nil {
			pre = append(pre, define(conv.Args[0], n))
			conv.Args[0] = ident(n)
			continue
		}
		pre = append(pre, define(a, n))
		call.Args[i] = ident(n)
	}
	return pre
}

// pointerToUintptr returns the argument i of call, the rewrite of orig,
// when it converts an unsafe.Pointer to a uintptr type: its temporary then
// holds the pointer, converted in the call, so that the object stays alive
// until the call as the original argument keeps it (for a
// //go:uintptrescapes function, or syscall's); nil otherwise.
func (fr *fileRewriter) pointerToUintptr(call *dst.CallExpr, orig *ast.CallExpr, i int) *dst.CallExpr {
	if len(orig.Args) != len(call.Args) {
		return nil // the rewrite added arguments (an rt call's site)
	}
	conv, ok := call.Args[i].(*dst.CallExpr)
	ac, aok := ast.Unparen(orig.Args[i]).(*ast.CallExpr)
	if !ok || !aok || len(conv.Args) != 1 || len(ac.Args) != 1 || conv.Ellipsis || !fr.info.Types[ac.Fun].IsType() {
		return nil
	}
	to, ok := typeUnder(fr.typeOf(ac)).(*types.Basic)
	from, fok := typeUnder(fr.typeOf(ac.Args[0])).(*types.Basic)
	if !ok || !fok || to.Kind() != types.Uintptr || from.Kind() != types.UnsafePointer {
		return nil
	}
	return conv
}

// isStatic reports whether evaluating e has no effect and gives the same
// value later: constants, nil, types, functions named statically, function
// literals and expressions the rewriter made for that purpose.
func (fr *fileRewriter) isStatic(e dst.Expr) bool {
	if fr.pure[e] {
		return true
	}
	switch x := e.(type) {
	case *dst.FuncLit:
		return true
	case *dst.ParenExpr:
		return fr.isStatic(x.X)
	case *dst.IndexExpr:
		if fr.isStatic(x.X) && fr.isStatic(x.Index) {
			return true
		}
	case *dst.IndexListExpr:
		return fr.isStatic(x.X)
	}
	ae := fr.astExpr(e)
	if ae == nil {
		return false
	}
	tv := fr.info.Types[ae]
	if tv.Value != nil || tv.IsNil() || tv.IsType() || tv.IsBuiltin() {
		return true
	}
	if id := identOf(ae); id != nil {
		if _, isSel := ast.Unparen(ae).(*ast.SelectorExpr); isSel && fr.info.Selections[ast.Unparen(ae).(*ast.SelectorExpr)] != nil {
			return false // method value: binds its receiver now
		}
		switch fr.info.Uses[id].(type) {
		case *types.Func, *types.Builtin:
			return true
		}
	}
	return false
}

// untypedRisk reports whether a non-constant argument gets its type from
// the parameter it is passed to (a comparison or a shift of an untyped
// constant), so that a temporary would change its type.
func (fr *fileRewriter) untypedRisk(e ast.Expr) bool {
	tv := fr.info.Types[e]
	if tv.Value != nil {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
			return !types.Identical(tv.Type, types.Typ[types.Bool])
		case token.SHL, token.SHR:
			return fr.info.Types[x.X].Value != nil
		}
		return fr.untypedRisk(x.X) || fr.untypedRisk(x.Y)
	case *ast.UnaryExpr:
		return fr.untypedRisk(x.X)
	}
	return false
}

// rangeStmt rewrites range over a channel into a receive loop; other range
// statements are instrumented by rangeAccesses.
func (fr *fileRewriter) rangeStmt(x *dst.RangeStmt, as *ast.RangeStmt, l *dst.LabeledStmt) []dst.Stmt {
	if chanElem(fr.typeOf(as.X)) == nil {
		return fr.rangeAccesses(x, as, l)
	}
	if !fr.canRestructure(l, as.Pos(), "range") {
		x.X = fr.expr(x.X, ctxValue)
		x.Body.List = fr.stmtList(x.Body.List)
		return []dst.Stmt{withLabel(l, x)}
	}
	c, ok := fr.p.newTemp("c"), fr.p.newTemp("ok")
	pre := []dst.Stmt{define(fr.expr(x.X, ctxValue), c)}
	decl, first := fr.rangeRecv(x, as, c, ok)
	if decl != nil {
		pre = append(pre, decl)
	}
	x.Body.List = fr.stmtList(x.Body.List)
	exit := &dst.IfStmt{Cond: &dst.UnaryExpr{Op: token.NOT, X: ident(ok)}, Body: block(&dst.BranchStmt{Tok: token.BREAK})}
	body := append([]dst.Stmt{first, exit}, fr.loopVarWrites(as)...)
	loop := &dst.ForStmt{Body: block(append(body, x.Body)...)}
	for _, n := range []dst.Node{first, exit, loop} {
		fr.mark(n, as.Pos())
	}
	return []dst.Stmt{block(append(pre, withLabel(l, loop))...)}
}

// rangeRecv returns the receive at the top of a range-over-channel loop
// (first) and, when the iteration variable outlives one iteration (before
// go1.22, or an assigned operand), its declaration before the loop (decl).
func (fr *fileRewriter) rangeRecv(x *dst.RangeStmt, as *ast.RangeStmt, c, ok string) (decl, first dst.Stmt) {
	recv := fr.rtCall("Recv2", fr.site(as.Pos(), "KChanLoop", ""), ident(c))
	zero := func(lhs dst.Expr) dst.Stmt {
		fr.p.helpers[zeroHelper] = true
		return &dst.AssignStmt{Lhs: []dst.Expr{lhs, ident(ok)}, Tok: token.DEFINE,
			Rhs: []dst.Expr{&dst.CallExpr{Fun: ident(zeroHelper), Args: []dst.Expr{ident(c)}}}}
	}
	switch {
	case x.Key == nil || isBlank(as.Key):
		return nil, &dst.AssignStmt{Lhs: []dst.Expr{ident("_"), ident(ok)}, Tok: token.DEFINE, Rhs: []dst.Expr{recv}}
	case x.Tok == token.ASSIGN:
		key := fr.expr(x.Key, ctxWrite)
		return zero(ident("_")), &dst.AssignStmt{Lhs: []dst.Expr{key, ident(ok)}, Tok: token.ASSIGN, Rhs: []dst.Expr{recv}}
	case fr.sharedLoop:
		// Before go1.22 the iteration variable is one variable for the loop.
		name := x.Key.(*dst.Ident).Name
		return zero(x.Key), &dst.AssignStmt{Lhs: []dst.Expr{ident(name), ident(ok)}, Tok: token.ASSIGN, Rhs: []dst.Expr{recv}}
	}
	return nil, &dst.AssignStmt{Lhs: []dst.Expr{x.Key, ident(ok)}, Tok: token.DEFINE, Rhs: []dst.Expr{recv}}
}
