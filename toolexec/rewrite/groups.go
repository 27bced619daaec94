package rewrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
)

// accessGroup classifies an original expression as a shared-memory access.
// It returns the access's variable group and whether the access is a
// candidate at all (whatever the Groups hook then decides). Candidates are
// package-level variables, variables captured by closures, local
// variables whose address is taken, fields reached
// through a pointer, fields and array elements of those, slice and map
// elements, elements of arrays reached through a pointer, and *p.
//
// This is the one place where default group names are made:
//
//	package-level variable    pkgpath.name
//	field through a pointer   pkgpath.Type.field
//	captured or addressed     pkgpath/file.go:line:col of its declaration
//	slice or map element      elem:<group of the container>, elem:type:<type>
//	*p                        type:<type of *p>
func (p *pkgRewriter) accessGroup(e ast.Expr) (string, bool) {
	info := p.in.Info
	switch x := e.(type) {
	case *ast.ParenExpr:
		return p.accessGroup(x.X)
	case *ast.Ident:
		return p.varGroup(info.Uses[x])
	case *ast.SelectorExpr:
		sel := info.Selections[x]
		if sel == nil {
			return p.varGroup(info.Uses[x.Sel])
		}
		if sel.Kind() != types.FieldVal {
			return "", false
		}
		if _, star := ast.Unparen(x.X).(*ast.StarExpr); sel.Indirect() || star {
			return p.fieldGroup(sel), true
		}
		return p.accessGroup(x.X)
	case *ast.IndexExpr:
		switch t := coreType(info.TypeOf(x.X)).(type) {
		case *types.Array:
			return p.accessGroup(x.X)
		case *types.Slice, *types.Map:
			return p.elemGroup(x.X), true
		case *types.Pointer:
			if _, ok := typeUnder(t.Elem()).(*types.Array); ok {
				return p.elemGroup(x.X), true
			}
		}
	case *ast.StarExpr:
		if tv, ok := info.Types[x]; ok && tv.IsValue() {
			return "type:" + types.TypeString(tv.Type, nil), true
		}
	}
	return "", false
}

// defGroup is groupFor for the declaring identifier of a variable (which
// accessGroup, reading uses, does not see): the variable's group and
// whether its writes there are instrumented.
func (p *pkgRewriter) defGroup(id *ast.Ident) (string, bool) {
	g, ok := p.varGroup(p.in.Info.Defs[id])
	if !ok {
		return "", false
	}
	return p.hookGroup(id, g)
}

// elemGroup names the elements of the slice, map or array pointer x:
// elem:<group of x>, or elem:type:<type> when x is not a variable.
func (p *pkgRewriter) elemGroup(x ast.Expr) string {
	if g, ok := p.accessGroup(x); ok {
		return "elem:" + g
	}
	return "elem:type:" + types.TypeString(p.in.Info.TypeOf(x), nil)
}

// varGroup names a package-level or captured variable.
func (p *pkgRewriter) varGroup(obj types.Object) (string, bool) {
	v, ok := obj.(*types.Var)
	if !ok {
		return "", false
	}
	if isGlobal(v) {
		return v.Pkg().Path() + "." + v.Name(), true
	}
	if p.captured[v] || p.addressed[v] {
		pos := p.in.Fset.Position(v.Pos())
		return fmt.Sprintf("%s/%s:%d:%d", p.in.ImportPath, filepath.Base(pos.Filename), pos.Line, pos.Column), true
	}
	return "", false
}

// fieldGroup names the field a selection ends in, by its struct type.
func (p *pkgRewriter) fieldGroup(sel *types.Selection) string {
	field := sel.Obj()
	t := sel.Recv()
	idx := sel.Index()
	for _, i := range idx[:len(idx)-1] {
		st, ok := typeUnder(deref(t)).(*types.Struct)
		if !ok {
			break
		}
		t = st.Field(i).Type()
	}
	return p.structFieldGroup(deref(t), field)
}

// structFieldGroup names field of the struct type owner: pkgpath.Type.field
// for a named type, else by the field's declaration.
func (p *pkgRewriter) structFieldGroup(owner types.Type, field types.Object) string {
	owner = types.Unalias(owner)
	if n, ok := owner.(*types.Named); ok {
		obj := n.Origin().Obj()
		if obj.Pkg() != nil {
			return obj.Pkg().Path() + "." + obj.Name() + "." + field.Name()
		}
	}
	pos := p.in.Fset.Position(field.Pos())
	path := p.in.ImportPath
	if field.Pkg() != nil {
		path = field.Pkg().Path()
	}
	return fmt.Sprintf("%s.struct@%s:%d.%s", path, filepath.Base(pos.Filename), pos.Line, field.Name())
}

// deref strips one pointer.
func deref(t types.Type) types.Type {
	if p, ok := typeUnder(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// typeUnder is t.Underlying() that tolerates nil.
func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// isPointer reports whether t's underlying type is a pointer.
func isPointer(t types.Type) bool {
	_, ok := typeUnder(t).(*types.Pointer)
	return ok
}
