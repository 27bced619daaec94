package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/dave/dst"
)

// stmtList rewrites a statement list; every resulting statement carries a
// //line directive with the position of the statement it came from.
func (fr *fileRewriter) stmtList(list []dst.Stmt) []dst.Stmt {
	var out []dst.Stmt
	for _, s := range list {
		pos := token.NoPos
		if as := fr.astNode(s); as != nil {
			pos = as.Pos()
		}
		rs := fr.stmt(s)
		if as := fr.astNode(s); len(rs) == 1 && rs[0] == s && as != nil {
			if guard := fr.hoistGuard(s, as.(ast.Stmt)); guard != nil {
				rs = []dst.Stmt{guard, s}
			}
		}
		for _, r := range rs {
			fr.mark(r, pos)
			out = append(out, r)
		}
	}
	return out
}

// simple rewrites a simple statement (an init or post statement), which
// always stays one statement.
func (fr *fileRewriter) simple(s dst.Stmt) dst.Stmt {
	if s == nil {
		return nil
	}
	saved := fr.inSimple
	fr.inSimple = true
	r := fr.stmt(s)
	fr.inSimple = saved
	if len(r) != 1 {
		return block(r...) // not reached: simple statements stay single
	}
	return r[0]
}

// stmt rewrites one statement into one or more.
func (fr *fileRewriter) stmt(s dst.Stmt) []dst.Stmt {
	as := fr.astNode(s)
	if as == nil {
		return []dst.Stmt{s}
	}
	switch x := s.(type) {
	case *dst.ExprStmt:
		if !fr.inSimple {
			if temps := fr.atomicArgTemps(x, as.(ast.Stmt)); temps != nil {
				x.X = fr.expr(x.X, ctxValue)
				return []dst.Stmt{block(append(temps, x)...)}
			}
		}
		x.X = fr.expr(x.X, ctxValue)
	case *dst.SendStmt:
		return []dst.Stmt{fr.send(x, as.(*ast.SendStmt))}
	case *dst.IncDecStmt:
		x.X = fr.expr(x.X, ctxWrite)
	case *dst.AssignStmt:
		if x.Tok == token.DEFINE && !fr.inSimple {
			if temps := fr.atomicArgTemps(x, as.(ast.Stmt)); temps != nil {
				fr.assign(x, as.(*ast.AssignStmt))
				return append(temps, x) // the temporaries are new names: no block needed for scope
			}
		}
		if !fr.inSimple && fr.shouldSplit(as.(*ast.AssignStmt)) {
			return []dst.Stmt{fr.splitAssign(x, as.(*ast.AssignStmt))}
		}
		fr.assign(x, as.(*ast.AssignStmt))
	case *dst.GoStmt:
		return fr.goStmt(x, as.(*ast.GoStmt))
	case *dst.DeferStmt:
		x.Call = fr.callOrSelf(x.Call)
	case *dst.ReturnStmt:
		if len(x.Results) == 0 && !fr.inSimple {
			if reads := fr.bareReturnReads(as.Pos()); len(reads) > 0 {
				return append(reads, x)
			}
		}
		fr.exprs(x.Results)
	case *dst.BlockStmt:
		x.List = fr.stmtList(x.List)
	case *dst.IfStmt:
		fr.ifStmt(x)
	case *dst.ForStmt, *dst.SwitchStmt, *dst.TypeSwitchStmt:
		fr.loopOrSwitch(s)
	case *dst.RangeStmt:
		return fr.rangeStmt(x, as.(*ast.RangeStmt), nil)
	case *dst.SelectStmt:
		return fr.selectStmt(x, as.(*ast.SelectStmt), nil)
	case *dst.LabeledStmt:
		return fr.labeled(x, as.(*ast.LabeledStmt))
	case *dst.DeclStmt:
		fr.declStmt(x)
	}
	return []dst.Stmt{s}
}

// loopOrSwitch rewrites a for loop or a (type) switch in place.
func (fr *fileRewriter) loopOrSwitch(s dst.Stmt) {
	switch x := s.(type) {
	case *dst.ForStmt:
		x.Init = fr.simple(x.Init)
		x.Cond = fr.expr(x.Cond, ctxValue)
		x.Post = fr.simple(x.Post)
		x.Body.List = fr.stmtList(x.Body.List)
	case *dst.SwitchStmt:
		x.Init = fr.simple(x.Init)
		x.Tag = fr.expr(x.Tag, ctxValue)
		fr.caseClauses(x.Body, true)
	case *dst.TypeSwitchStmt:
		x.Init = fr.simple(x.Init)
		fr.typeSwitchGuard(x.Assign)
		fr.caseClauses(x.Body, false)
	}
}

// callOrSelf rewrites the call of a defer statement; the result stays a call.
func (fr *fileRewriter) callOrSelf(c *dst.CallExpr) *dst.CallExpr {
	if r, ok := fr.expr(c, ctxValue).(*dst.CallExpr); ok {
		return r
	}
	return c
}

// ifStmt rewrites an if statement and its else chain.
func (fr *fileRewriter) ifStmt(x *dst.IfStmt) {
	x.Init = fr.simple(x.Init)
	x.Cond = fr.expr(x.Cond, ctxValue)
	x.Body.List = fr.stmtList(x.Body.List)
	switch e := x.Else.(type) {
	case *dst.BlockStmt:
		e.List = fr.stmtList(e.List)
	case *dst.IfStmt:
		fr.ifStmt(e)
	}
}

// caseClauses rewrites the clauses of a switch (values too when exprs).
func (fr *fileRewriter) caseClauses(body *dst.BlockStmt, exprs bool) {
	for _, s := range body.List {
		cc := s.(*dst.CaseClause)
		if exprs {
			fr.exprs(cc.List)
		}
		cc.Body = fr.stmtList(cc.Body)
		if a := fr.astNode(cc); a != nil {
			fr.mark(cc, a.Pos())
		}
	}
}

// typeSwitchGuard rewrites the operand of x.(type).
func (fr *fileRewriter) typeSwitchGuard(s dst.Stmt) {
	var e dst.Expr
	switch g := s.(type) {
	case *dst.ExprStmt:
		e = g.X
	case *dst.AssignStmt:
		e = g.Rhs[0]
	}
	if ta, ok := e.(*dst.TypeAssertExpr); ok {
		ta.X = fr.expr(ta.X, ctxValue)
	}
}

// declStmt rewrites the initialisers of a local var declaration.
func (fr *fileRewriter) declStmt(x *dst.DeclStmt) {
	gd, ok := x.Decl.(*dst.GenDecl)
	if !ok || gd.Tok != token.VAR {
		return
	}
	for _, spec := range gd.Specs {
		vs := spec.(*dst.ValueSpec)
		if len(vs.Names) == 2 && len(vs.Values) == 1 && isRecv(vs.Values[0]) {
			vs.Values[0] = fr.recv2(vs.Values[0])
			continue
		}
		fr.exprs(vs.Values)
	}
}

// assign rewrites an assignment: written operands on the left (not for :=),
// values on the right, and v, ok = <-ch.
func (fr *fileRewriter) assign(x *dst.AssignStmt, as *ast.AssignStmt) {
	if x.Tok != token.DEFINE {
		for i := range x.Lhs {
			x.Lhs[i] = fr.expr(x.Lhs[i], ctxWrite)
		}
	}
	if len(x.Lhs) == 2 && len(x.Rhs) == 1 && isRecv(x.Rhs[0]) {
		if x.Tok == token.DEFINE || isBlank(as.Lhs[1]) || types.Identical(fr.typeOf(as.Lhs[1]), types.Typ[types.Bool]) {
			x.Rhs[0] = fr.recv2(x.Rhs[0])
			return
		}
		fr.p.warn(as.Pos(), "receive into a non-bool ok operand left unmodelled")
		u := unparen(x.Rhs[0]).(*dst.UnaryExpr)
		u.X = fr.expr(u.X, ctxValue)
		return
	}
	fr.exprs(x.Rhs)
}

// recv2 rewrites <-ch used in a two-value context into _vtbrt.Recv2; nil if
// e is not a receive.
func (fr *fileRewriter) recv2(e dst.Expr) dst.Expr {
	u, ok := unparen(e).(*dst.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	au := fr.astExpr(u)
	ch := fr.expr(u.X, ctxValue)
	return fr.rtCall("Recv2", fr.site(au.Pos(), "KChan", ""), ch)
}

// unparen strips parentheses.
func unparen(e dst.Expr) dst.Expr {
	for {
		p, ok := e.(*dst.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// isRecv reports whether e is a receive expression <-ch.
func isRecv(e dst.Expr) bool {
	u, ok := unparen(e).(*dst.UnaryExpr)
	return ok && u.Op == token.ARROW
}

// isBlank reports whether e is the blank identifier.
func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// send rewrites ch <- v into _vtbrt.Send(site, ch, v).
func (fr *fileRewriter) send(x *dst.SendStmt, as *ast.SendStmt) dst.Stmt {
	fun, ok := fr.chanFunc("Send", as.Chan, as.Value)
	if !ok {
		fr.p.warn(as.Pos(), "send whose channel element type cannot be named here left unmodelled")
		x.Chan = fr.expr(x.Chan, ctxValue)
		x.Value = fr.expr(x.Value, ctxValue)
		return x
	}
	ch := fr.expr(x.Chan, ctxValue)
	v := fr.expr(x.Value, ctxValue)
	s := fr.site(as.Pos(), "KChan", "")
	return exprStmt(&dst.CallExpr{Fun: fun, Args: []dst.Expr{s, ch, v}})
}

// chanFunc returns _vtbrt.name for a send of value on ch, instantiated
// explicitly when type inference from the arguments would not give the
// channel's element type: a value of another type, a typed constant such as
// syscall.SIGTERM on a chan os.Signal, a channel whose type is a type
// parameter with channel types of several directions. ok is false when
// that type cannot be written here.
func (fr *fileRewriter) chanFunc(name string, ch, value ast.Expr) (dst.Expr, bool) {
	elem := chanElem(fr.typeOf(ch))
	if elem == nil {
		return nil, false
	}
	tv := fr.info.Types[value]
	if coreChan(fr.typeOf(ch)) != nil && (untypedConst(tv) || tv.IsNil() || types.Identical(tv.Type, elem)) {
		return fr.rtSel(name), true
	}
	t, ok := fr.typeExpr(elem, ch.Pos())
	if !ok {
		return nil, false
	}
	return &dst.IndexExpr{X: fr.rtSel(name), Index: t}, true
}

// coreChan returns the channel type of t: its underlying type, or for a
// type parameter the one channel type all its type terms share; nil if none.
func coreChan(t types.Type) *types.Chan {
	chans := chanTypes(t)
	for _, c := range chans {
		if !types.Identical(c, chans[0]) {
			return nil
		}
	}
	if len(chans) == 0 {
		return nil
	}
	return chans[0]
}

// chanElem returns the element type of the channel type of t, or for a
// type parameter the one element type all its channel types share (of any
// directions); nil if none.
func chanElem(t types.Type) types.Type {
	chans := chanTypes(t)
	for _, c := range chans {
		if !types.Identical(c.Elem(), chans[0].Elem()) {
			return nil
		}
	}
	if len(chans) == 0 {
		return nil
	}
	return chans[0].Elem()
}

// chanTypes returns the channel type t's underlying type is or, for a type
// parameter, the underlying types of every type term of its constraint
// (through embedded interfaces); nil when one of them is not a channel.
func chanTypes(t types.Type) []*types.Chan {
	if c, ok := typeUnder(t).(*types.Chan); ok {
		return []*types.Chan{c}
	}
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return nil
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var chans []*types.Chan
	if !termChans(iface, &chans) {
		return nil
	}
	return chans
}

// termChans appends the channel types of iface's type terms to chans; false
// when a term is not a channel.
func termChans(iface *types.Interface, chans *[]*types.Chan) bool {
	for i := range iface.NumEmbeddeds() {
		var terms []types.Type
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := range e.Len() {
				terms = append(terms, e.Term(j).Type())
			}
		default:
			if inner, ok := typeUnder(e).(*types.Interface); ok {
				if !termChans(inner, chans) {
					return false
				}
				continue
			}
			terms = append(terms, e)
		}
		for _, term := range terms {
			c, ok := typeUnder(term).(*types.Chan)
			if !ok {
				return false
			}
			*chans = append(*chans, c)
		}
	}
	return true
}

// isTypeParam reports whether t is a type parameter.
func isTypeParam(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.TypeParam)
	return ok
}
