package rewrite

import (
	"go/token"
	"go/types"
	"strconv"

	"github.com/dave/dst"
)

// typeExpr spells type t as it can be written at pos in this file. ok is
// false when some part of it cannot be named there: an unexported type of
// another package, a package the file does not import, a shadowed name.
func (fr *fileRewriter) typeExpr(t types.Type, pos token.Pos) (dst.Expr, bool) {
	scope := fr.p.in.Pkg.Scope().Innermost(pos)
	if scope == nil {
		scope = fr.p.in.Pkg.Scope()
	}
	ok := true
	qual := func(p *types.Package) string {
		if p == fr.p.in.Pkg {
			return ""
		}
		name := fr.importName(p.Path())
		switch name {
		case "", "_":
			ok = false
			return p.Name()
		case ".":
			return ""
		}
		if _, obj := scope.LookupParent(name, pos); obj == nil {
			ok = false
		} else if pn, isPkg := obj.(*types.PkgName); !isPkg || pn.Imported() != p {
			ok = false
		}
		return name
	}
	s := types.TypeString(t, qual)
	if !ok || !fr.nameable(t, scope, pos, map[types.Type]bool{}) {
		return nil, false
	}
	return ident(s), true
}

// importName returns the name under which the file imports path: its
// explicit name, "." for a dot import, or the package's name; "" if the
// file does not import it.
func (fr *fileRewriter) importName(path string) string {
	for _, imp := range fr.af.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p != path {
			continue
		}
		if imp.Name != nil {
			return imp.Name.Name
		}
		if pn, ok := fr.info.Implicits[imp].(*types.PkgName); ok {
			return pn.Name()
		}
	}
	return ""
}

// nameable checks that every named part of t resolves, at pos, to itself.
func (fr *fileRewriter) nameable(t types.Type, scope *types.Scope, pos token.Pos, seen map[types.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	rec := func(u types.Type) bool { return fr.nameable(u, scope, pos, seen) }
	switch x := t.(type) {
	case *types.Basic:
		if x.Kind() == types.UnsafePointer {
			return fr.importName("unsafe") == "unsafe"
		}
		_, obj := scope.LookupParent(x.Name(), pos)
		return obj != nil && obj.Parent() == types.Universe
	case *types.Named:
		return fr.namedResolves(x, scope, pos, rec)
	case *types.Alias:
		return fr.namedResolves(x, scope, pos, rec)
	case *types.TypeParam:
		_, obj := scope.LookupParent(x.Obj().Name(), pos)
		return obj == x.Obj()
	case *types.Pointer:
		return rec(x.Elem())
	case *types.Slice:
		return rec(x.Elem())
	case *types.Array:
		return rec(x.Elem())
	case *types.Map:
		return rec(x.Key()) && rec(x.Elem())
	case *types.Chan:
		return rec(x.Elem())
	case *types.Signature:
		return fr.tupleNameable(x.Params(), rec) && fr.tupleNameable(x.Results(), rec)
	case *types.Struct:
		for i := range x.NumFields() {
			f := x.Field(i)
			if (!f.Exported() && f.Pkg() != fr.p.in.Pkg) || !rec(f.Type()) {
				return false
			}
		}
		return true
	case *types.Interface:
		for i := range x.NumExplicitMethods() {
			if m := x.ExplicitMethod(i); !m.Exported() && m.Pkg() != fr.p.in.Pkg {
				return false
			}
		}
		return x.NumEmbeddeds() == 0 || x.Empty()
	}
	return false
}

// namedResolves checks a named type or alias and its type arguments.
func (fr *fileRewriter) namedResolves(t interface {
	Obj() *types.TypeName
	TypeArgs() *types.TypeList
}, scope *types.Scope, pos token.Pos, rec func(types.Type) bool) bool {
	obj := t.Obj()
	if n, ok := t.(*types.Named); ok {
		obj = n.Origin().Obj()
	}
	if obj.Pkg() == nil || obj.Pkg() == fr.p.in.Pkg || fr.importName(obj.Pkg().Path()) == "." {
		if _, found := scope.LookupParent(obj.Name(), pos); found != obj {
			return false
		}
	} else if !obj.Exported() {
		return false
	}
	if args := t.TypeArgs(); args != nil {
		for i := range args.Len() {
			if !rec(args.At(i)) {
				return false
			}
		}
	}
	return true
}

// tupleNameable checks every element of a parameter or result list.
func (fr *fileRewriter) tupleNameable(tup *types.Tuple, rec func(types.Type) bool) bool {
	for i := range tup.Len() {
		if !rec(tup.At(i).Type()) {
			return false
		}
	}
	return true
}

// untypedConst reports whether tv is an untyped constant, which takes the
// type its context gives it (a typed constant has its own type).
func untypedConst(tv types.TypeAndValue) bool {
	b, ok := tv.Type.(*types.Basic)
	return tv.Value != nil && ok && b.Info()&types.IsUntyped != 0
}
