package rewrite

import (
	"go/ast"
	"go/types"

	"github.com/dave/dst"
)

// callee returns the function or method a call's Fun refers to statically.
func (fr *fileRewriter) callee(fun ast.Expr) (*types.Func, *types.Selection) {
	return calleeOf(fr.info, fun)
}

// calleeOf is fileRewriter.callee with the type information info.
func calleeOf(info *types.Info, fun ast.Expr) (*types.Func, *types.Selection) {
	fun = ast.Unparen(fun)
	if s, ok := fun.(*ast.SelectorExpr); ok {
		if sel := info.Selections[s]; sel != nil {
			f, _ := sel.Obj().(*types.Func)
			return f, sel
		}
	}
	if id := identOf(fun); id != nil {
		f, _ := info.Uses[id].(*types.Func)
		return f, nil
	}
	return nil, nil
}

// methodKey returns "Type.Method" of a method and its package path.
func methodKey(f *types.Func) (key, pkg string) {
	sig, ok := f.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || f.Pkg() == nil {
		return "", ""
	}
	n, ok := types.Unalias(deref(sig.Recv().Type())).(*types.Named)
	if !ok {
		return "", ""
	}
	return n.Origin().Obj().Name() + "." + f.Name(), f.Pkg().Path()
}

// methodKeyOf is methodKey that tolerates nil.
func methodKeyOf(f *types.Func) (key, pkg string) {
	if f == nil {
		return "", ""
	}
	return methodKey(f)
}

// call rewrites a call expression.
func (fr *fileRewriter) call(x *dst.CallExpr, ae *ast.CallExpr) dst.Expr {
	if tv, ok := fr.info.Types[ae.Fun]; ok && tv.IsType() { // conversion
		fr.exprs(x.Args)
		return fr.sliceToString(x, ae)
	}
	if b, ok := fr.info.Uses[identOf(ae.Fun)].(*types.Builtin); ok && identOf(ae.Fun) != nil {
		return fr.builtinCall(x, ae, b.Name())
	}
	f, sel := fr.callee(ae.Fun)
	if f != nil && f.Pkg() != nil {
		if r := fr.specialCall(x, ae, f, sel); r != nil {
			return r
		}
	}
	if fr.goleakVerifyNone(x, ae) { // goleak.go
		return x
	}
	fr.callFun(x, ae)
	fr.exprs(x.Args)
	return x
}

// callFun rewrites the function operand of an ordinary call.
func (fr *fileRewriter) callFun(x *dst.CallExpr, ae *ast.CallExpr) {
	if s, ok := x.Fun.(*dst.SelectorExpr); ok {
		as := ast.Unparen(ae.Fun).(*ast.SelectorExpr)
		if sel := fr.info.Selections[as]; sel != nil && sel.Kind() == types.MethodVal {
			fr.receiver(s, as, sel)
			return
		}
	}
	x.Fun = fr.expr(x.Fun, ctxValue)
}

// specialCall rewrites a call of a modelled API (a row of apiTable, in
// apis.go) as the row's shape says; nil means the call is an ordinary one
// (or has a form its shape does not cover, such as a method expression).
func (fr *fileRewriter) specialCall(x *dst.CallExpr, ae *ast.CallExpr, f *types.Func, sel *types.Selection) dst.Expr {
	a, ok := lookupAPI(f)
	if !ok {
		return nil
	}
	methodVal := sel != nil && sel.Kind() == types.MethodVal
	switch {
	case a.shape == shapeFunc && sel == nil:
		r := fr.replaceCall(x, ae, a.rt, a.shape.siteKind())
		fr.keepImportOfGeneric(f)
		return r
	case a.shape == shapeMethod && methodVal:
		return fr.methodCall(x, ae, sel, a.rt)
	case a.shape == shapeRecv && methodVal:
		return fr.recvCall(x, ae, a)
	case a.shape == shapeAtomicArg && sel == nil:
		return fr.atomicFunc(x, ae, a.atomicKind())
	case a.shape == shapeAtomicRecv && methodVal:
		return fr.atomicMethod(x, ae, sel, f.Name(), a.atomicKind())
	case a.shape == shapeSubtest && fr.isTest:
		return fr.tRun(x, ae)
	case a.shape == shapeFuzz && fr.isTest:
		return fr.fFuzz(x, ae)
	}
	return nil
}

// recvCall turns x.M(args) into _vtbrt.R(site, x, args): the receiver as
// it is (shapeRecv).
func (fr *fileRewriter) recvCall(x *dst.CallExpr, ae *ast.CallExpr, a *api) dst.Expr {
	s := x.Fun.(*dst.SelectorExpr)
	recv := fr.expr(s.X, ctxValue)
	fr.exprs(x.Args)
	site := fr.site(ae.Pos(), a.shape.siteKind(), "")
	return fr.rtCall(a.rt, append([]dst.Expr{site, recv}, x.Args...)...)
}

// keepImportOfGeneric fixes the reference replaceCall keeps to the
// package of a replaced generic function (sync.OnceValue): a generic
// function cannot be referred to uninstantiated, so the first non-generic
// function of that package in apiTable (sync.OnceFunc) keeps the import
// used instead.
func (fr *fileRewriter) keepImportOfGeneric(f *types.Func) {
	sig, ok := f.Type().(*types.Signature)
	if !ok || sig.TypeParams().Len() == 0 || len(fr.dropped) == 0 {
		return
	}
	s, ok := fr.dropped[len(fr.dropped)-1].(*dst.SelectorExpr)
	if !ok {
		return
	}
	for _, a := range apiTable {
		if a.pkg != f.Pkg().Path() || a.recv != "" {
			continue
		}
		if g, ok := f.Pkg().Scope().Lookup(a.name).(*types.Func); ok && g.Signature().TypeParams().Len() == 0 {
			s.Sel = ident(a.name)
			return
		}
	}
}

// replaceCall turns pkg.F(args) into _vtbrt.F(site, args).
func (fr *fileRewriter) replaceCall(x *dst.CallExpr, ae *ast.CallExpr, name, kind string) dst.Expr {
	fr.exprs(x.Args)
	fr.dropped = append(fr.dropped, dst.Clone(x.Fun).(dst.Expr))
	s := fr.site(ae.Pos(), kind, "")
	return fr.rtCall(name, append([]dst.Expr{s}, x.Args...)...)
}

// builtinCall rewrites close, make(chan T[, n]) and new(T) (see alloc);
// other builtins keep their form and have their operands rewritten.
func (fr *fileRewriter) builtinCall(x *dst.CallExpr, ae *ast.CallExpr, name string) dst.Expr {
	switch name {
	case "close":
		fr.exprs(x.Args)
		name := "Close"
		if chanElem(fr.typeOf(ae.Args[0])) == nil {
			name = "CloseAny" // a type parameter's channel types of several element types
		}
		return fr.rtCall(name, fr.site(ae.Pos(), "KChan", ""), x.Args[0])
	case "make":
		if r := fr.makeChan(x, ae); r != nil {
			return r
		}
	case "new":
		fr.exprs(x.Args)
		return fr.alloc(x, ae)
	case "delete", "clear", "copy", "append", "len", "cap":
		fr.exprs(x.Args)
		return fr.containerCall(x, ae, name)
	}
	fr.exprs(x.Args)
	return x
}

// makeChan rewrites make(chan T[, n]) into _vtbrt.MakeChan[T](site, n).
// Another channel type C (named, directional) becomes
// C(_vtbrt.MakeChan[T](site, n)) when T can be written in this file. The size
// must be an int or a constant.
func (fr *fileRewriter) makeChan(x *dst.CallExpr, ae *ast.CallExpr) dst.Expr {
	t := fr.typeOf(ae)
	c, isChan := typeUnder(t).(*types.Chan)
	if !isChan {
		return nil
	}
	if len(x.Args) > 1 && !fr.intSize(x, ae) {
		fr.p.warn(ae.Pos(), "make(chan) with a size whose type cannot be converted to int here left unmodelled")
		return nil
	}
	if ct, ok := x.Args[0].(*dst.ChanType); ok && ct.Dir == dst.SEND|dst.RECV {
		return fr.makeChanCall(ct.Value, x, ae)
	}
	elem, ok := fr.typeExpr(c.Elem(), ae.Pos())
	if !ok || isTypeParam(t) {
		fr.p.warn(ae.Pos(), "make of a channel type whose element type cannot be named here left unmodelled")
		return nil
	}
	typ := x.Args[0]
	if _, isIdent := typ.(*dst.Ident); !isIdent {
		typ = &dst.ParenExpr{X: typ}
	}
	return &dst.CallExpr{Fun: typ, Args: []dst.Expr{fr.makeChanCall(elem, x, ae)}}
}

// intSize makes the size operand of make(chan T, n) an int: untyped
// constants and ints stay, another integer type is converted with int(n).
func (fr *fileRewriter) intSize(x *dst.CallExpr, ae *ast.CallExpr) bool {
	tv := fr.info.Types[ae.Args[1]]
	if untypedConst(tv) || types.Identical(tv.Type, types.Typ[types.Int]) {
		return true
	}
	intType, ok := fr.typeExpr(types.Typ[types.Int], ae.Pos())
	if !ok {
		return false
	}
	x.Args[1] = &dst.CallExpr{Fun: intType, Args: []dst.Expr{fr.expr(x.Args[1], ctxValue)}}
	return true
}

// makeChanCall returns _vtbrt.MakeChan[elem](site, size).
func (fr *fileRewriter) makeChanCall(elem dst.Expr, x *dst.CallExpr, ae *ast.CallExpr) dst.Expr {
	var size dst.Expr = intLit(0)
	if len(x.Args) > 1 {
		size = fr.expr(x.Args[1], ctxValue)
	}
	s := fr.site(ae.Pos(), "KChan", "")
	fun := &dst.IndexExpr{X: fr.rtSel("MakeChan"), Index: elem}
	return &dst.CallExpr{Fun: fun, Args: []dst.Expr{s, size}}
}

// recvPointer builds a pointer to the sync or atomic value a method is
// called on, following embedded fields of promoted methods. ok is false when
// an embedded field on the path cannot be named from this package.
func (fr *fileRewriter) recvPointer(x *dst.SelectorExpr, ae *ast.SelectorExpr, sel *types.Selection) (dst.Expr, bool) {
	t := sel.Recv()
	if isTypeParam(t) || isTypeParam(deref(t)) {
		return nil, false // the method comes from a constraint: no sync value to name
	}
	idx := sel.Index()
	var names []string
	for _, i := range idx[:len(idx)-1] {
		st, ok := typeUnder(deref(t)).(*types.Struct)
		if !ok {
			return nil, false
		}
		field := st.Field(i)
		if !field.Exported() && field.Pkg() != fr.p.in.Pkg {
			return nil, false
		}
		names = append(names, field.Name())
		t = field.Type()
	}
	base := fr.expr(x.X, fr.addressableCtx(ae.X))
	for _, n := range names {
		base = &dst.SelectorExpr{X: base, Sel: ident(n)}
	}
	if isPointer(t) {
		return base, true
	}
	return addrOf(base), true
}

// methodCall turns recv.M(args) into _vtbrt.F(site, &recv, args)
// (shapeMethod).
func (fr *fileRewriter) methodCall(x *dst.CallExpr, ae *ast.CallExpr, sel *types.Selection, rtFunc string) dst.Expr {
	s := x.Fun.(*dst.SelectorExpr)
	as := ast.Unparen(ae.Fun).(*ast.SelectorExpr)
	ptr, ok := fr.recvPointer(s, as, sel)
	if !ok {
		fr.p.warn(ae.Pos(), "%s through an unexported embedded field or a type parameter left unmodelled", as.Sel.Name)
		fr.exprs(x.Args)
		return x
	}
	fr.exprs(x.Args)
	site := fr.site(ae.Pos(), "KSync", "")
	return fr.rtCall(rtFunc, append([]dst.Expr{site, ptr}, x.Args...)...)
}

// syncMethodValue turns a method value x.M of a modelled method whose
// value form is a helper (the sync methods) into a call of that package
// helper, which binds the receiver pointer now, as a method value does:
// mu.Lock -> _vtbMV(site, &mu, _vtbrt.Lock). nil means M is no such method.
func (fr *fileRewriter) syncMethodValue(x *dst.SelectorExpr, ae *ast.SelectorExpr, sel *types.Selection) dst.Expr {
	f, _ := sel.Obj().(*types.Func)
	a, ok := lookupAPI(f)
	if !ok || !a.value.bound() {
		return nil
	}
	ptr, ok := fr.recvPointer(x, ae, sel)
	if !ok {
		fr.p.warn(ae.Pos(), "method value %s through an unexported embedded field or a type parameter left unmodelled", ae.Sel.Name)
		return nil
	}
	site := fr.site(ae.Pos(), a.shape.siteKind(), "")
	helper := methodValueHelperName(a.value)
	fr.p.helpers[helper] = true
	return &dst.CallExpr{Fun: ident(helper), Args: []dst.Expr{site, ptr, fr.rtSel(a.rt)}}
}

// atomicFunc turns atomic.F(p, args) into atomic.F(_vtbrt.Atomic(site, kind, p), args).
func (fr *fileRewriter) atomicFunc(x *dst.CallExpr, ae *ast.CallExpr, kind string) dst.Expr {
	fr.exprs(x.Args) // the function operand names a sync/atomic function
	if len(x.Args) == 0 || !isPointer(fr.typeOf(ae.Args[0])) {
		return x
	}
	s := fr.namedSite(ae.Pos(), "KAtomic", "", types.ExprString(ae)) // named: it races with plain accesses
	x.Args[0] = fr.rtCall("Atomic", s, fr.rtSel(kind), x.Args[0])
	return x
}

// atomicMethod turns v.M(args) of a typed atomic (or a sync.Map) into
// _vtbrt.Atomic(site, kind, &v).M(args).
func (fr *fileRewriter) atomicMethod(x *dst.CallExpr, ae *ast.CallExpr, sel *types.Selection, name, kind string) dst.Expr {
	s := x.Fun.(*dst.SelectorExpr)
	as := ast.Unparen(ae.Fun).(*ast.SelectorExpr)
	ptr, ok := fr.recvPointer(s, as, sel)
	if !ok {
		fr.p.warn(ae.Pos(), "atomic %s through an unexported embedded field or a type parameter left unmodelled", name)
		fr.exprs(x.Args)
		return x
	}
	fr.exprs(x.Args)
	site := fr.namedSite(ae.Pos(), "KAtomic", "", types.ExprString(ae))
	x.Fun = &dst.SelectorExpr{X: fr.rtCall("Atomic", site, fr.rtSel(kind), ptr), Sel: ident(name)}
	return x
}
