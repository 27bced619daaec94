package rewrite

import (
	"go/ast"
	"go/types"
	"strconv"

	"github.com/dave/dst"
	"github.com/dave/dst/dstutil"
)

// A modelled function used as a value (var nowFunc = time.Now, f(time.After),
// sleep := time.Sleep) becomes a function literal of exactly its signature
// that calls the rt entry with a site for the position of the value:
//
//	time.Now            -> func() time.Time { return _vtbrt.Now(_vtbS + 17) }
//	(*time.Timer).Stop  -> func(_vtbp0 *time.Timer) bool { return _vtbrt.TimerStop(_vtbS + 18, _vtbp0) }
//	t.Stop              -> func(_vtbr *time.Timer) func() bool {
//	                           return func() bool { return _vtbrt.TimerStop(_vtbS + 19, _vtbr) }
//	                       }(t)
//
// A method value evaluates its receiver once, where the value is made, as Go
// does. The literal refers to the site base _vtbS, which is initialised
// before the first initialiser that runs code (see placeSiteBase), so a
// package-level `var nowFunc = time.Now` keeps its place in the package's
// initialisation order. Values the rewrite cannot spell (a generic function,
// a parameter type not nameable in the file, an interface method, an
// atomic) keep the real function and the warning of warnFuncValue. Which
// functions and methods are modelled as values is apiTable's value column.

// funcValue returns the literal replacing the modelled function or method
// obj used as a value at x, or nil when it is none the rewrite models as a
// value.
func (fr *fileRewriter) funcValue(x *dst.SelectorExpr, ae *ast.SelectorExpr, obj types.Object, sel *types.Selection) dst.Expr {
	f, ok := obj.(*types.Func)
	if !ok || f.Pkg() == nil {
		return nil
	}
	if fs, _ := f.Type().(*types.Signature); fs == nil || fs.TypeParams().Len() > 0 {
		return nil // a generic function value is instantiated: not spelt here
	}
	sig, ok := fr.typeOf(ae).(*types.Signature)
	if !ok {
		return nil
	}
	rtFunc, kind := valueEntry(f, sel)
	switch {
	case rtFunc == "":
		return nil
	case sel == nil:
		return fr.funcLitValue(x, ae, sig, rtFunc, kind)
	case sel.Kind() == types.MethodExpr:
		if len(sel.Index()) > 1 || !isPointer(sel.Recv()) {
			return nil // promoted: the rt entry takes the embedded value
		}
		return fr.funcLitValue(x, ae, sig, rtFunc, kind)
	}
	return fr.methodValue(x, ae, sig, sel, rtFunc)
}

// valueEntry names the rt function and site kind of a modelled function or
// method f used as a value; "" when the rewrite does not model it as one:
// rows of apiTable whose value form is valueLiteral, package-level
// functions (shapeFunc) and method values and method expressions of
// pointer methods (shapeMethod).
func valueEntry(f *types.Func, sel *types.Selection) (rtFunc, kind string) {
	a, ok := lookupAPI(f)
	if !ok || a.value != valueLiteral {
		return "", ""
	}
	key, _ := methodKey(f)
	switch {
	case a.shape == shapeFunc && sel == nil && key == "",
		a.shape == shapeMethod && sel != nil && sel.Kind() != types.FieldVal:
		return a.rt, a.shape.siteKind()
	}
	return "", ""
}

// warnFuncValue warns about a modelled function or method used as a value
// (not called) that the rewrite leaves unmodelled, when its row says so.
func (fr *fileRewriter) warnFuncValue(ae *ast.SelectorExpr, obj types.Object) {
	f, _ := obj.(*types.Func)
	if a, ok := lookupAPI(f); ok && a.warn {
		fr.p.warn(ae.Pos(), "%s used as a function value left unmodelled", ae.Sel.Name)
	}
}

// funcLitValue builds the literal for a package-level function or a method
// expression (whose receiver is the literal's first parameter) and keeps
// the replaced reference so that its import stays used.
func (fr *fileRewriter) funcLitValue(x *dst.SelectorExpr, ae *ast.SelectorExpr, sig *types.Signature, rtFunc, kind string) dst.Expr {
	ft, names, ok := fr.funcTypeExpr(sig, ae)
	if !ok {
		return nil
	}
	site := fr.site(ae.Pos(), kind, "")
	lit := &dst.FuncLit{Type: ft, Body: block(fr.forwardCall(rtFunc, site, names, sig))}
	fr.dropped = append(fr.dropped, dst.Clone(x).(dst.Expr))
	return lit
}

// methodValue builds the literal for a method value recv.M, applied at once
// to the receiver pointer so that the receiver is evaluated here.
func (fr *fileRewriter) methodValue(x *dst.SelectorExpr, ae *ast.SelectorExpr, sig *types.Signature, sel *types.Selection, rtFunc string) dst.Expr {
	msig, _ := sel.Obj().Type().(*types.Signature)
	if msig == nil || msig.Recv() == nil || !isPointer(msig.Recv().Type()) {
		return nil
	}
	recvType, ok := fr.typeExpr(msig.Recv().Type(), ae.Pos())
	if !ok {
		return nil
	}
	ft, names, ok := fr.funcTypeExpr(sig, ae)
	if !ok {
		return nil
	}
	ptr, ok := fr.recvPointer(x, ae, sel)
	if !ok {
		return nil
	}
	const recv = "_vtbr"
	site := fr.site(ae.Pos(), "KSync", "")
	inner := &dst.FuncLit{Type: ft, Body: block(fr.forwardCall(rtFunc, site, append([]string{recv}, names...), sig))}
	outerType := &dst.FuncType{Func: true,
		Params:  &dst.FieldList{List: []*dst.Field{{Names: []*dst.Ident{ident(recv)}, Type: recvType}}},
		Results: &dst.FieldList{List: []*dst.Field{{Type: dst.Clone(ft).(dst.Expr)}}}}
	outer := &dst.FuncLit{Type: outerType, Body: block(&dst.ReturnStmt{Results: []dst.Expr{inner}})}
	return &dst.CallExpr{Fun: outer, Args: []dst.Expr{ptr}}
}

// funcTypeExpr spells sig as a function type with parameters _vtbp0...
// (the last one variadic when sig is) and returns the parameter names; ok
// is false when a type cannot be named at ae.
func (fr *fileRewriter) funcTypeExpr(sig *types.Signature, ae *ast.SelectorExpr) (*dst.FuncType, []string, bool) {
	params := &dst.FieldList{Opening: true, Closing: true}
	var names []string
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		variadic := sig.Variadic() && i == sig.Params().Len()-1
		if variadic {
			t = t.(*types.Slice).Elem()
		}
		te, ok := fr.typeExpr(t, ae.Pos())
		if !ok {
			return nil, nil, false
		}
		if variadic {
			te = &dst.Ellipsis{Elt: te}
		}
		names = append(names, "_vtbp"+strconv.Itoa(i))
		params.List = append(params.List, &dst.Field{Names: []*dst.Ident{ident(names[i])}, Type: te})
	}
	results := &dst.FieldList{Opening: sig.Results().Len() > 1, Closing: sig.Results().Len() > 1}
	for i := range sig.Results().Len() {
		te, ok := fr.typeExpr(sig.Results().At(i).Type(), ae.Pos())
		if !ok {
			return nil, nil, false
		}
		results.List = append(results.List, &dst.Field{Type: te})
	}
	return &dst.FuncType{Func: true, Params: params, Results: results}, names, true
}

// forwardCall is the literal's body: _vtbrt.rtFunc(site, args...),
// returned when sig has results, the last argument spread when variadic.
func (fr *fileRewriter) forwardCall(rtFunc string, site dst.Expr, args []string, sig *types.Signature) dst.Stmt {
	call := fr.rtCall(rtFunc, site)
	for _, a := range args {
		call.Args = append(call.Args, ident(a))
	}
	call.Ellipsis = sig.Variadic()
	if sig.Results().Len() == 0 {
		return exprStmt(call)
	}
	return &dst.ReturnStmt{Results: []dst.Expr{call}}
}

// funcValuesOnly replaces the modelled functions and method expressions
// used as values in a package-level initialiser (var nowFunc = time.Now,
// clock{now: time.Now}), which is otherwise left as it is (see
// rewriteDecl): the literal only calls rt when the value is called, so the
// initialiser itself still does nothing controlled. Function literals are
// left to funcLitsOnly, called functions (time.Now() at initialisation)
// and method values (their receiver would be instrumented) stay native.
func (fr *fileRewriter) funcValuesOnly(e dst.Expr) dst.Expr {
	return dstutil.Apply(e, func(c *dstutil.Cursor) bool {
		switch x := c.Node().(type) {
		case *dst.FuncLit:
			return false
		case *dst.SelectorExpr:
			if _, call := c.Parent().(*dst.CallExpr); call && c.Name() == "Fun" {
				return false
			}
			if fv := fr.packageLevelValue(x); fv != nil {
				c.Replace(fv)
				return false
			}
		}
		return true
	}, nil).(dst.Expr)
}

// packageLevelValue is funcValue for a qualified function or a method
// expression in a package-level initialiser; nil for anything else.
func (fr *fileRewriter) packageLevelValue(x *dst.SelectorExpr) dst.Expr {
	ae, ok := fr.astExpr(x).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	sel := fr.info.Selections[ae]
	switch {
	case sel == nil:
		return fr.funcValue(x, ae, fr.info.Uses[ae.Sel], nil)
	case sel.Kind() == types.MethodExpr:
		return fr.funcValue(x, ae, sel.Obj(), sel)
	}
	return nil
}
