package alias

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Group returns the group of the location that pointer addr points to and
// whether that location may be shared. addr must be a value of an analysed
// function.
func (r *Result) Group(addr ssa.Value) (group string, shared bool) {
	return r.addrGroup(addr), r.shared(addr)
}

// DeclPos returns the declaration of a group when it lies in the analysed
// package: the variable, the struct field, the allocation; for a container
// element, the declaration of the container. It returns token.NoPos for
// groups declared elsewhere or of unknown origin.
func (r *Result) DeclPos(group string) token.Pos {
	for strings.HasPrefix(group, "elem:") {
		group = strings.TrimPrefix(group, "elem:")
	}
	for pos, a := range r.allocs {
		if a.Group == group {
			return pos
		}
	}
	for pos := range r.varAllocs {
		if varName(r.fset, pos) == group {
			return pos
		}
	}
	return r.memberPos(group)
}

// memberPos finds pkgpath.var or pkgpath.Type.field in the package scope.
func (r *Result) memberPos(group string) token.Pos {
	rest, ok := strings.CutPrefix(group, r.pkg.Path()+".")
	if !ok {
		return token.NoPos
	}
	name, field, isField := strings.Cut(rest, ".")
	obj := r.pkg.Scope().Lookup(name)
	if obj == nil {
		return token.NoPos
	}
	if !isField {
		return obj.Pos()
	}
	st, ok := obj.Type().Underlying().(*types.Struct)
	if !ok {
		return token.NoPos
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == field {
			return st.Field(i).Pos()
		}
	}
	return token.NoPos
}

// ValueGroup names the points-to class of a reference value v (a channel,
// map, pointer or function value of an analysed function): the label of
// the objects it may refer to, such as alloc:file.go:line:col, or
// type:T when the analysis knows nothing better.
func (r *Result) ValueGroup(v ssa.Value) string {
	return r.className(v)
}
