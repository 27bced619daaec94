package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/dave/dst"
)

// ctx says how an expression is used where it appears.
type ctx int

const (
	ctxValue ctx = iota // its value is read
	ctxAddr             // its address is taken (no access at this level)
	ctxWrite            // it is assigned (=, op=, ++, --)
)

// groupFor applies the Groups hook to a candidate access. instrument is
// false for non-candidates and for accesses the hook says are not shared.
func (p *pkgRewriter) groupFor(e ast.Expr) (group string, instrument bool) {
	g, ok := p.accessGroup(e)
	if !ok {
		return "", false
	}
	return p.hookGroup(e, g)
}

// hookGroup applies the Groups hook to a candidate access e whose default
// group is g.
func (p *pkgRewriter) hookGroup(e ast.Expr, g string) (group string, instrument bool) {
	p.accessSeen++
	if p.in.Groups != nil {
		hg, shared := p.in.Groups(e)
		if !shared {
			return "", false
		}
		if hg != "" {
			g = hg
		}
	}
	p.accessInstrumented++
	return g, true
}

// expr rewrites e used in context c and returns its replacement.
func (fr *fileRewriter) expr(e dst.Expr, c ctx) dst.Expr {
	ae := fr.astExpr(e)
	if e == nil || ae == nil {
		return e
	}
	if tv, ok := fr.info.Types[ae]; ok && (tv.Value != nil || tv.IsType() || tv.IsBuiltin()) {
		return e // constants, types and builtins hold no accesses
	}
	switch x := e.(type) {
	case *dst.ParenExpr:
		x.X = fr.expr(x.X, c)
		return x
	case *dst.Ident:
		return fr.maybeAccess(e, ae, c)
	case *dst.SelectorExpr:
		return fr.selector(x, ae.(*ast.SelectorExpr), c)
	case *dst.IndexExpr:
		return fr.index(x, ae.(*ast.IndexExpr), c)
	case *dst.StarExpr:
		x.X = fr.expr(x.X, ctxValue)
		return fr.maybeAccess(x, ae, c)
	case *dst.UnaryExpr:
		return fr.unary(x, ae.(*ast.UnaryExpr))
	case *dst.BinaryExpr:
		x.X = fr.expr(x.X, ctxValue)
		x.Y = fr.expr(x.Y, ctxValue)
	case *dst.CallExpr:
		return fr.call(x, ae.(*ast.CallExpr))
	case *dst.CompositeLit:
		fr.compositeLit(x, ae.(*ast.CompositeLit))
	case *dst.FuncLit:
		x.Body.List = fr.stmtList(x.Body.List)
	case *dst.TypeAssertExpr:
		x.X = fr.expr(x.X, ctxValue)
	case *dst.SliceExpr:
		x.X = fr.expr(x.X, fr.addressableCtx(ae.(*ast.SliceExpr).X))
		x.Low = fr.expr(x.Low, ctxValue)
		x.High = fr.expr(x.High, ctxValue)
		x.Max = fr.expr(x.Max, ctxValue)
	case *dst.KeyValueExpr:
		x.Value = fr.expr(x.Value, ctxValue)
	}
	return e
}

// exprs rewrites a list of values in place.
func (fr *fileRewriter) exprs(list []dst.Expr) {
	for i := range list {
		list[i] = fr.expr(list[i], ctxValue)
	}
}

// maybeAccess wraps e when it is an instrumented access read or written.
func (fr *fileRewriter) maybeAccess(e dst.Expr, ae ast.Expr, c ctx) dst.Expr {
	if c == ctxAddr {
		return e
	}
	if id, ok := ae.(*ast.Ident); ok && id.Name == "_" {
		return e
	}
	if !fr.addressable(ae) {
		return e // a part of a map element or of a call's result: no address to hook
	}
	group, ok := fr.p.groupFor(ae)
	if !ok {
		return e
	}
	if fr.wholeValue(ae) {
		helper := readRange
		if c == ctxWrite {
			helper = writeRange
		}
		return &dst.StarExpr{X: fr.hookCall(helper, ae.Pos(), c == ctxWrite, group, types.ExprString(ae), addrOf(e))}
	}
	return fr.accessExpr(e, ae.Pos(), c == ctxWrite, group, types.ExprString(ae))
}

// addressable reports whether e denotes a variable whose address the hook
// can take (the Go spec's addressability): a field or array element of a
// map element (m[k].f, m[k][0]) or of a call's result is not; the map
// access itself is hooked instead.
func (fr *fileRewriter) addressable(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.StarExpr:
		return true
	case *ast.SelectorExpr:
		sel := fr.info.Selections[x]
		if sel == nil || sel.Indirect() {
			return true // a qualified identifier, or a field through a pointer
		}
		if _, ptr := typeUnder(fr.typeOf(x.X)).(*types.Pointer); ptr {
			return true
		}
		return fr.addressable(x.X)
	case *ast.IndexExpr:
		switch typeUnder(fr.typeOf(x.X)).(type) {
		case *types.Slice, *types.Pointer: // a slice or an array pointer
			return true
		case *types.Array:
			return fr.addressable(x.X)
		}
		return false // a map element or a string's byte
	}
	return false
}

// addressableCtx is the context for the operand of a field selection, an
// array index or a slice expression: a struct or array value is addressed,
// a pointer (or slice, map, string) is read.
func (fr *fileRewriter) addressableCtx(operand ast.Expr) ctx {
	switch typeUnder(fr.typeOf(operand)).(type) {
	case *types.Struct, *types.Array:
		return ctxAddr
	}
	return ctxValue
}

// selector rewrites x.f: a qualified identifier, a field, a method value.
func (fr *fileRewriter) selector(x *dst.SelectorExpr, ae *ast.SelectorExpr, c ctx) dst.Expr {
	sel := fr.info.Selections[ae]
	if sel == nil { // qualified identifier
		if fv := fr.funcValue(x, ae, fr.info.Uses[ae.Sel], nil); fv != nil {
			return fv
		}
		fr.warnFuncValue(ae, fr.info.Uses[ae.Sel])
		return fr.maybeAccess(x, ae, c)
	}
	switch sel.Kind() {
	case types.FieldVal:
		x.X = fr.expr(x.X, fr.addressableCtx(ae.X))
		return fr.maybeAccess(x, ae, c)
	case types.MethodVal:
		if mv := fr.syncMethodValue(x, ae, sel); mv != nil {
			return mv
		}
		if fv := fr.funcValue(x, ae, sel.Obj(), sel); fv != nil {
			return fv
		}
		fr.warnFuncValue(ae, sel.Obj())
		fr.receiver(x, ae, sel)
	case types.MethodExpr:
		if fv := fr.funcValue(x, ae, sel.Obj(), sel); fv != nil {
			return fv
		}
		fr.warnFuncValue(ae, sel.Obj())
	}
	return x
}

// receiverCtx is the context of a method's receiver operand: addressed for a
// pointer method called on an addressable value, read otherwise.
func (fr *fileRewriter) receiverCtx(ae *ast.SelectorExpr, sel *types.Selection) ctx {
	sig, ok := sel.Obj().Type().(*types.Signature)
	if ok && sig.Recv() != nil && isPointer(sig.Recv().Type()) && !isPointer(fr.typeOf(ae.X)) {
		return ctxAddr
	}
	return ctxValue
}

// index rewrites x[i]: an array element is an access of its array's group,
// a slice element or an element of an array pointer one of elem:<group>, a
// map element an operation on the map (mapAccess); a generic instantiation
// is left alone.
func (fr *fileRewriter) index(x *dst.IndexExpr, ae *ast.IndexExpr, c ctx) dst.Expr {
	if tv, ok := fr.info.Types[ae.X]; ok && tv.IsType() {
		return x
	}
	if _, isSig := typeUnder(fr.typeOf(ae)).(*types.Signature); isSig {
		if id := identOf(ae.X); id != nil {
			if _, inst := fr.info.Instances[id]; inst {
				return x
			}
		}
	}
	if isMapType(fr.typeOf(ae.X)) {
		return fr.mapAccess(x, ae, c)
	}
	if b, ok := coreType(fr.typeOf(ae.X)).(*types.Basic); ok && b.Info()&types.IsString != 0 {
		x.X = fr.expr(x.X, ctxValue)
		x.Index = fr.expr(x.Index, ctxValue)
		return x // strings are immutable
	}
	x.X = fr.expr(x.X, fr.addressableCtx(ae.X))
	x.Index = fr.expr(x.Index, ctxValue)
	return fr.maybeAccess(x, ae, c)
}

// identOf returns the identifier naming a (possibly qualified) object.
func identOf(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// unary rewrites &x, <-ch and the arithmetic operators.
func (fr *fileRewriter) unary(x *dst.UnaryExpr, ae *ast.UnaryExpr) dst.Expr {
	switch x.Op {
	case token.AND:
		x.X = fr.expr(x.X, ctxAddr)
		if _, lit := ast.Unparen(ae.X).(*ast.CompositeLit); lit {
			return fr.alloc(x, ae)
		}
		return x
	case token.ARROW:
		ch := fr.expr(x.X, ctxValue)
		s := fr.site(ae.Pos(), "KChan", "")
		return fr.rtCall("Recv", s, ch)
	}
	x.X = fr.expr(x.X, ctxValue)
	return x
}

// compositeLit rewrites the element values of a composite literal; keys of
// map, slice and array literals are values too, struct field keys are not.
func (fr *fileRewriter) compositeLit(x *dst.CompositeLit, ae *ast.CompositeLit) {
	_, isStruct := typeUnder(deref(fr.typeOf(ae))).(*types.Struct)
	for i, el := range x.Elts {
		kv, ok := el.(*dst.KeyValueExpr)
		if !ok {
			x.Elts[i] = fr.expr(el, ctxValue)
			continue
		}
		if !isStruct {
			kv.Key = fr.expr(kv.Key, ctxValue)
		}
		kv.Value = fr.expr(kv.Value, ctxValue)
	}
}

// alloc wraps e, an allocation &T{...} or new(T) whose rewritten form is x,
// in _vtbrt.Alloc(site, x) when T is a struct (the objects whose fields
// are instrumented accesses) and the Allocs hook says they may be shared,
// so that the engine names the objects by allocation site and
// loop-iteration number.
func (fr *fileRewriter) alloc(x dst.Expr, ae ast.Expr) dst.Expr {
	if _, isStruct := typeUnder(deref(fr.typeOf(ae))).(*types.Struct); !isStruct {
		return x
	}
	if h := fr.p.in.Allocs; h != nil && !h(ae) {
		return x
	}
	fr.p.allocRegistered++
	return fr.rtCall("Alloc", fr.site(ae.Pos(), "KAlloc", ""), x)
}
