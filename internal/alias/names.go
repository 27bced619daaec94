package alias

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// globalName is the group of a package-level variable: pkgpath.var.
func globalName(g *ssa.Global) string {
	return g.Pkg.Pkg.Path() + "." + g.Name()
}

// varName is the group of a local variable: file.go:line:col of its
// declaration.
func varName(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
}

// allocName is the group of an allocation site: alloc:file.go:line:col.
func allocName(fset *token.FileSet, pos token.Pos) string {
	return "alloc:" + varName(fset, pos)
}

// fieldName is the group of field i of struct type t, if t is named:
// pkgpath.Type.field.
func fieldName(t types.Type, i int) (string, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return "", false
	}
	obj := n.Origin().Obj()
	return obj.Pkg().Path() + "." + obj.Name() + "." + st.Field(i).Name(), true
}

// typeName renders t with full package paths.
func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Path() })
}

// pointee returns what t points to, or t itself if t is not a pointer.
func pointee(t types.Type) types.Type {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	if p, ok := coreType(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// isMap reports whether t's core type is a map.
func isMap(t types.Type) bool {
	_, ok := coreType(t).(*types.Map)
	return ok
}

// coreType approximates the core type of t: its underlying type, or for a
// type parameter the underlying type of the first term of its type set.
func coreType(t types.Type) types.Type {
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return t.Underlying()
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			if e.Len() > 0 {
				return e.Term(0).Type().Underlying()
			}
		default:
			if _, isIface := e.Underlying().(*types.Interface); !isIface {
				return e.Underlying()
			}
		}
	}
	return nil
}

// funcLess orders functions by position, then name.
func funcLess(a, b *ssa.Function) bool {
	if a.Pos() != b.Pos() {
		return a.Pos() < b.Pos()
	}
	return a.String() < b.String()
}

// sortAllocs orders allocation sites by position.
func sortAllocs(as []AllocSite) {
	sort.Slice(as, func(i, j int) bool { return as[i].Pos < as[j].Pos })
}
