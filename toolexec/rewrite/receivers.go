package rewrite

import (
	"go/ast"
	"go/types"

	"github.com/dave/dst"
)

// receiver rewrites the receiver operand x.X of a method selection x.M,
// the function of a call or a method value. Evaluating it may read memory
// the source does not show: the embedded pointer fields of a promoted
// method's path (d.M() with d embedding *Base reads d.Base), and, for a
// value receiver reached through a pointer, the whole pointee it copies
// (p.M() reads *p). Such a selection is made explicit, x.M becoming
// (*_vtbRR(g, site, *_vtbR(g, site, &x.Base))).M, each implicit read an
// access as the race detector sees it; other receivers are read (value
// receiver) or addressed (pointer receiver) as written.
func (fr *fileRewriter) receiver(x *dst.SelectorExpr, ae *ast.SelectorExpr, sel *types.Selection) {
	if !fr.implicitReceiver(ae, sel) {
		x.X = fr.expr(x.X, fr.receiverCtx(ae, sel))
		return
	}
	r := recvWalk{fr: fr, ae: ae, name: types.ExprString(ae.X), through: isPointer(fr.typeOf(ae.X))}
	if r.through {
		r.cur = fr.expr(x.X, ctxValue)
	} else {
		r.cur = fr.expr(x.X, ctxAddr)
		r.group, r.tracked = fr.p.groupFor(ae.X)
		r.tracked = r.tracked && fr.addressable(ae.X)
	}
	t := fr.typeOf(ae.X)
	path := sel.Index()[:len(sel.Index())-1]
	for _, i := range path {
		owner := deref(t)
		t = r.field(owner, typeUnder(owner).(*types.Struct).Field(i))
	}
	if !methodHasPointerRecv(sel) {
		r.wholeValue(t)
	}
	x.X = r.cur
}

// implicitReceiver reports whether the receiver of x.M is reached through
// implicit selections or dereferences that receiver makes explicit: an
// embedded field path, or a value receiver through a pointer. Selections
// on interfaces and type parameters, and paths through fields this
// package cannot name, keep their form.
func (fr *fileRewriter) implicitReceiver(ae *ast.SelectorExpr, sel *types.Selection) bool {
	t := fr.typeOf(ae.X)
	if t == nil || isTypeParam(t) || isTypeParam(deref(t)) || types.IsInterface(t) {
		return false
	}
	path := sel.Index()[:len(sel.Index())-1]
	if len(path) == 0 {
		return isPointer(t) && !methodHasPointerRecv(sel)
	}
	for _, i := range path {
		st, ok := typeUnder(deref(t)).(*types.Struct)
		if !ok {
			return false
		}
		f := st.Field(i)
		if !f.Exported() && f.Pkg() != fr.p.in.Pkg {
			return false
		}
		t = f.Type()
	}
	return !types.IsInterface(t) && !isTypeParam(t) && !isTypeParam(deref(t))
}

// methodHasPointerRecv reports whether the selected method is declared
// with a pointer receiver.
func methodHasPointerRecv(sel *types.Selection) bool {
	sig, ok := sel.Obj().Type().(*types.Signature)
	return ok && sig.Recv() != nil && isPointer(sig.Recv().Type())
}

// recvWalk builds the explicit form of a receiver, one embedded field at a
// time.
//
// Invariant: cur is the rewritten expression of the location reached so
// far; through says whether cur is (or is inside) memory reached through
// a pointer; otherwise group and tracked are those of the receiver
// operand's variable, whose fields cur selects.
type recvWalk struct {
	fr        *fileRewriter
	ae        *ast.SelectorExpr
	cur       dst.Expr
	name      string // the source text of cur, for reports
	through   bool
	lastField string // the group of the last embedded field selected
	group     string
	tracked   bool
}

// field selects the embedded field f of cur, a struct of type owner or a
// pointer to one, reading it when it is a pointer the path goes on
// through, and returns its type.
func (r *recvWalk) field(owner types.Type, f *types.Var) types.Type {
	r.cur = &dst.SelectorExpr{X: r.paren(), Sel: ident(f.Name())}
	r.name += "." + f.Name()
	r.lastField = r.fr.p.structFieldGroup(owner, f)
	if !isPointer(f.Type()) {
		return f.Type()
	}
	if group, ok := r.location(f.Type(), r.lastField); ok {
		r.cur = r.fr.accessExpr(r.cur, r.ae.Pos(), false, group, r.name)
	}
	r.through = true
	return f.Type()
}

// wholeValue reads the value receiver cur whole: the pointee when t is a
// pointer, else the struct or array cur denotes.
func (r *recvWalk) wholeValue(t types.Type) {
	if isPointer(t) {
		group, ok := r.pointee(t)
		if !ok {
			r.cur = &dst.StarExpr{X: r.cur}
			return
		}
		r.cur = &dst.StarExpr{X: r.fr.hookCall(readRange, r.ae.Pos(), false, group, "*"+r.name, r.cur)}
		return
	}
	group, ok := r.location(t, r.lastField)
	if !ok {
		return
	}
	r.cur = &dst.StarExpr{X: r.fr.hookCall(readRange, r.ae.Pos(), false, group, r.name, addrOf(r.cur))}
}

// location returns the group of the location cur denotes and whether to
// instrument an access of it: inside the operand's own variable, that
// variable's group; through a pointer, the field's group (byField, the
// struct type's field name) or else the type's.
func (r *recvWalk) location(t types.Type, byField string) (string, bool) {
	if !r.through {
		return r.group, r.tracked
	}
	g := byField
	if g == "" {
		g = "type:" + types.TypeString(t, nil)
	}
	return r.fr.p.hookGroup(r.ae, g)
}

// pointee returns the group of the value the pointer cur (of type t)
// points to, and whether to instrument a read of it.
func (r *recvWalk) pointee(t types.Type) (string, bool) {
	return r.fr.p.hookGroup(r.ae, "type:"+types.TypeString(deref(t), nil))
}

// paren returns cur, parenthesised when it is a dereference.
func (r *recvWalk) paren() dst.Expr {
	if _, star := r.cur.(*dst.StarExpr); star {
		return &dst.ParenExpr{X: r.cur}
	}
	return r.cur
}
