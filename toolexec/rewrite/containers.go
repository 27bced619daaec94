package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/dave/dst"
)

// Helpers for the accesses of container operations, generated into a
// package when used (see containerHelperSource). Each tests its group's
// guard first, so an untracked site costs a call, a load and a branch.
// Their code compiles at go1.18, the oldest language version rewritten
// code is compiled at (no min, max or clear but in _vtbClear, which only
// a clear in the user's code, of go1.21, calls).
const (
	readRange  = "_vtbRR"      // *_vtbRR(g, site, &x): read of a whole struct or array
	writeRange = "_vtbWR"      // *_vtbWR(g, site, &x): write of a whole struct or array
	mapHelper  = "_vtbM"       // _vtbM(g, site, write, m): an operation on map m
	copyHelper = "_vtbCopy"    // _vtbCopy(g, site, dst, src) is copy(dst, src)
	copyStr    = "_vtbCopyS"   // _vtbCopyS(g, site, dst, s) is copy(dst, s) from a string
	appendHelp = "_vtbAppend"  // _vtbAppend(g, site, spread, s, xs...) is append(s, xs...)
	appendStr  = "_vtbAppendS" // _vtbAppendS(g, site, s, str) is append(s, str...) of a string
	clearSlice = "_vtbClear"   // _vtbClear(g, site, s) is clear(s) of a slice
	sliceRead  = "_vtbSR"      // _vtbSR(g, site, s): read of every element of s
)

// containerHelperSource renders the used container helpers.
func (p *pkgRewriter) containerHelperSource(b *strings.Builder) {
	on := "if " + guardsName + "[g].On() {\n\t\t"
	srcs := map[string]string{
		readRange:  "[T any](g int, site int32, p *T) *T {\n\t" + on + rtName + ".ReadRange(site, " + unsafeName + ".Pointer(p), " + unsafeName + ".Sizeof(*p))\n\t}\n\treturn p\n}",
		writeRange: "[T any](g int, site int32, p *T) *T {\n\t" + on + rtName + ".WriteRange(site, " + unsafeName + ".Pointer(p), " + unsafeName + ".Sizeof(*p))\n\t}\n\treturn p\n}",
		mapHelper:  "[M any](g int, site int32, write bool, m M) M {\n\t" + on + rtName + ".Map(site, m, write)\n\t}\n\treturn m\n}",
		copyHelper: "[E any](g int, site int32, dst, src []E) int {\n\t" + on + rtName + ".Copy(site, dst, src)\n\t}\n\treturn copy(dst, src)\n}",
		copyStr:    "(g int, site int32, dst []byte, src string) int {\n\t" + on + "n := len(src)\n\t\tif len(dst) < n {\n\t\t\tn = len(dst)\n\t\t}\n\t\t" + rtName + ".Slice(site, dst[:n], true)\n\t}\n\treturn copy(dst, src)\n}",
		appendHelp: "[S ~[]E, E any](g int, site int32, spread bool, s S, xs ...E) S {\n\t" + on + rtName + ".Append(site, s, xs, spread)\n\t}\n\treturn append(s, xs...)\n}",
		appendStr:  "[S ~[]byte](g int, site int32, s S, str string) S {\n\t" + on + "if n := len(str); n > 0 && cap(s)-len(s) >= n {\n\t\t\t" + rtName + ".Slice(site, []byte(s[len(s):len(s)+n]), true)\n\t\t} else if n > 0 {\n\t\t\t" + rtName + ".Slice(site, []byte(s), false)\n\t\t}\n\t}\n\treturn append(s, str...)\n}",
		clearSlice: "[E any](g int, site int32, s []E) {\n\t" + on + rtName + ".Slice(site, s, true)\n\t}\n\tclear(s)\n}",
		sliceRead:  "[S ~[]E, E any](g int, site int32, s S) S {\n\t" + on + rtName + ".Slice(site, s, false)\n\t}\n\treturn s\n}",
	}
	for _, name := range []string{readRange, writeRange, mapHelper, copyHelper, copyStr, appendHelp, appendStr, clearSlice, sliceRead} {
		if p.helpers[name] {
			fmt.Fprintf(b, "func %s%s\n\n", name, srcs[name])
		}
	}
}

// hookCall registers an access site and returns helper(g, site, args...),
// marking the helper as used.
func (fr *fileRewriter) hookCall(helper string, pos token.Pos, write bool, group, name string, args ...dst.Expr) *dst.CallExpr {
	kind := "KRead"
	if write {
		kind = "KWrite"
	}
	s := fr.namedSite(pos, kind, group, name)
	fr.p.helpers[helper] = true
	all := append([]dst.Expr{intLit(fr.p.groupIndex[group]), s}, args...)
	return &dst.CallExpr{Fun: ident(helper), Args: all}
}

// containerGroup applies the Groups hook to an operation on the whole
// container x (a map or slice operand of a builtin or of range), presented
// to the hook as an element access x[] at pos: the left parenthesis of a
// builtin call, the for of a range over a map (where the alias analysis
// records such operations), or no position (the hook then answers from
// syntax, conservatively). Composite literals are fresh: not candidates.
func (fr *fileRewriter) containerGroup(x ast.Expr, pos token.Pos) (string, bool) {
	if _, lit := ast.Unparen(x).(*ast.CompositeLit); lit {
		return "", false
	}
	return fr.p.groupFor(&ast.IndexExpr{X: x, Lbrack: pos, Index: &ast.BadExpr{}})
}

// boolLit returns the literal true or false.
func boolLit(b bool) dst.Expr { return ident(fmt.Sprint(b)) }

// isMapType reports whether t is, or has the core type of, a map.
func isMapType(t types.Type) bool {
	_, ok := coreType(t).(*types.Map)
	return ok
}

// coreType is t's underlying type, or for a type parameter the one
// underlying type of all its type terms; nil if there is none.
func coreType(t types.Type) types.Type {
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return typeUnder(t)
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var core types.Type
	ok = iface.NumEmbeddeds() > 0
	for i := range iface.NumEmbeddeds() {
		u, isUnion := iface.EmbeddedType(i).(*types.Union)
		if !isUnion {
			core, ok = unifyCore(core, iface.EmbeddedType(i).Underlying(), ok)
			continue
		}
		for j := range u.Len() {
			core, ok = unifyCore(core, u.Term(j).Type().Underlying(), ok)
		}
	}
	if !ok {
		return nil
	}
	return core
}

// unifyCore folds one term's underlying type into a core type candidate.
func unifyCore(core, t types.Type, ok bool) (types.Type, bool) {
	if !ok || (core != nil && !types.Identical(core, t)) {
		return nil, false
	}
	return t, true
}

// mapAccess rewrites m[k] (x, originally ae) used in context c into
// _vtbM(g, site, write, m)[k]: the map object is the accessed location.
func (fr *fileRewriter) mapAccess(x *dst.IndexExpr, ae *ast.IndexExpr, c ctx) dst.Expr {
	x.X = fr.expr(x.X, ctxValue)
	x.Index = fr.expr(x.Index, ctxValue)
	group, ok := fr.p.groupFor(ae)
	if !ok {
		return x
	}
	write := c == ctxWrite
	x.X = fr.hookCall(mapHelper, ae.Pos(), write, group, types.ExprString(ae), boolLit(write), x.X)
	return x
}

// wholeValue reports whether an access of e touches a whole struct or
// array (several bytes that fields or elements are accessed in), which is
// then checked as an address range.
func (fr *fileRewriter) wholeValue(e ast.Expr) bool {
	switch typeUnder(fr.typeOf(e)).(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// containerCall instruments a builtin call on a map or slice whose
// arguments are already rewritten: delete and clear of a map write it,
// len reads it; copy reads and writes elements, append writes the new
// elements (or reads the old ones when it grows), clear of a slice writes
// every element. Other calls (len of a slice, cap) are returned unchanged.
func (fr *fileRewriter) containerCall(x *dst.CallExpr, ae *ast.CallExpr, name string) dst.Expr {
	if len(ae.Args) == 0 {
		return x
	}
	arg := ae.Args[0]
	if isMapType(fr.typeOf(arg)) {
		if name == "cap" || name == "copy" || name == "append" {
			return x
		}
		group, ok := fr.containerGroup(arg, ae.Lparen)
		if !ok {
			return x
		}
		write := name != "len"
		x.Args[0] = fr.hookCall(mapHelper, ae.Pos(), write, group, types.ExprString(ae), boolLit(write), x.Args[0])
		return x
	}
	if _, ok := typeUnder(fr.typeOf(arg)).(*types.Slice); !ok {
		return x
	}
	switch name {
	case "copy":
		return fr.copyCall(x, ae)
	case "append":
		return fr.appendCall(x, ae)
	case "clear":
		group, ok := fr.containerGroup(arg, ae.Lparen)
		if !ok {
			return x
		}
		return fr.hookCall(clearSlice, ae.Pos(), true, group, types.ExprString(ae), x.Args[0])
	}
	return x
}

// copyCall turns copy(dst, src) into _vtbCopy(g, site, dst, src), or
// _vtbCopyS when src is a string. Both operands get dst's group: the one
// site reads src and writes dst.
func (fr *fileRewriter) copyCall(x *dst.CallExpr, ae *ast.CallExpr) dst.Expr {
	helper := copyHelper
	if b, ok := typeUnder(fr.typeOf(ae.Args[1])).(*types.Basic); ok && b.Info()&types.IsString != 0 {
		helper = copyStr
	} else if _, ok := typeUnder(fr.typeOf(ae.Args[1])).(*types.Slice); !ok {
		return x
	}
	group, ok := fr.containerGroup(ae.Args[0], ae.Lparen)
	if !ok {
		return x
	}
	args := x.Args
	if helper == copyStr && !types.Identical(fr.typeOf(ae.Args[1]), types.Typ[types.String]) {
		// A named string type is not assignable to the helper's string.
		args = []dst.Expr{args[0], &dst.CallExpr{Fun: ident("string"), Args: []dst.Expr{args[1]}}}
	}
	return fr.hookCall(helper, ae.Pos(), true, group, types.ExprString(ae), args...)
}

// appendCall turns append(s, xs...) into _vtbAppend(g, site, spread, s,
// xs...), and append(s, str...) of a string into _vtbAppendS(g, site, s,
// str).
func (fr *fileRewriter) appendCall(x *dst.CallExpr, ae *ast.CallExpr) dst.Expr {
	spread := ae.Ellipsis.IsValid()
	if spread {
		if isString(fr.typeOf(ae.Args[1])) {
			return fr.appendString(x, ae)
		}
		if _, ok := typeUnder(fr.typeOf(ae.Args[1])).(*types.Slice); !ok {
			return x
		}
	}
	if len(ae.Args) == 1 {
		return x
	}
	var targs []dst.Expr
	if !spread && !fr.elementsMatch(ae) {
		if targs = fr.appendTypeArgs(ae); targs == nil {
			return x
		}
	}
	group, ok := fr.containerGroup(ae.Args[0], ae.Lparen)
	if !ok {
		return x
	}
	c := fr.hookCall(appendHelp, ae.Pos(), true, group, types.ExprString(ae), boolLit(spread))
	if targs != nil {
		c.Fun = &dst.IndexListExpr{X: c.Fun, Indices: targs}
	}
	c.Args = append(c.Args, x.Args...)
	c.Ellipsis = x.Ellipsis
	return c
}

// appendString turns append(s, str...) into _vtbAppendS(g, site, s, str):
// as append of a slice, a write of the new bytes when s has room, else a
// read of s's bytes (the string is immutable: reading it is no access).
func (fr *fileRewriter) appendString(x *dst.CallExpr, ae *ast.CallExpr) dst.Expr {
	group, ok := fr.containerGroup(ae.Args[0], ae.Lparen)
	if !ok {
		return x
	}
	str := x.Args[1]
	if !types.Identical(fr.typeOf(ae.Args[1]), types.Typ[types.String]) {
		// A named string type is not assignable to the helper's string.
		str = &dst.CallExpr{Fun: ident("string"), Args: []dst.Expr{str}}
	}
	return fr.hookCall(appendStr, ae.Pos(), true, group, types.ExprString(ae), x.Args[0], str)
}

// isString reports whether t's underlying type is a string type.
func isString(t types.Type) bool {
	b, ok := typeUnder(t).(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// appendTypeArgs returns the type arguments [S, E] of _vtbAppend for
// append(s, xs...) whose elements have other types than s's elements (a
// concrete value appended to a slice of interfaces), where type inference
// would fail; nil when they cannot be written here (the append then keeps
// its form, unmodelled).
func (fr *fileRewriter) appendTypeArgs(ae *ast.CallExpr) []dst.Expr {
	st := fr.typeOf(ae.Args[0])
	sl, ok := typeUnder(st).(*types.Slice)
	if !ok {
		return nil
	}
	s, ok1 := fr.typeExpr(st, ae.Pos())
	e, ok2 := fr.typeExpr(sl.Elem(), ae.Pos())
	if !ok1 || !ok2 {
		return nil
	}
	return []dst.Expr{s, e}
}

// elementsMatch reports whether every typed element appended by
// append(s, x1, x2, ...) has exactly s's element type, as _vtbAppend's type
// inference needs: with an element of another type assignable to it (a
// concrete value appended to a slice of interfaces) inference fails.
func (fr *fileRewriter) elementsMatch(ae *ast.CallExpr) bool {
	sl, ok := typeUnder(fr.typeOf(ae.Args[0])).(*types.Slice)
	if !ok {
		return false
	}
	for _, a := range ae.Args[1:] {
		t := fr.typeOf(a)
		if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			continue
		}
		if !types.Identical(t, sl.Elem()) {
			return false
		}
	}
	return true
}

// sliceToString instruments string(b) of a byte or rune slice b (already
// rewritten in x), which reads every element of b, as
// string(_vtbSR(g, site, b)). Other conversions are returned unchanged.
func (fr *fileRewriter) sliceToString(x *dst.CallExpr, ae *ast.CallExpr) dst.Expr {
	if len(ae.Args) != 1 {
		return x
	}
	to, ok := typeUnder(fr.typeOf(ae)).(*types.Basic)
	if !ok || to.Info()&types.IsString == 0 {
		return x
	}
	if _, ok := typeUnder(fr.typeOf(ae.Args[0])).(*types.Slice); !ok {
		return x
	}
	group, ok := fr.containerGroup(ae.Args[0], token.NoPos)
	if !ok {
		return x
	}
	x.Args[0] = fr.hookCall(sliceRead, ae.Pos(), false, group, types.ExprString(ae), x.Args[0])
	return x
}
