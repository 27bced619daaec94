package alias

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// index records, for every position with a memory operation, the group and
// sharing of the location it touches, and collects the load/store sites.
func (r *Result) index() {
	for _, fn := range r.funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				r.indexInstr(instr)
			}
		}
	}
	sort.SliceStable(r.sites, func(i, j int) bool { return r.sites[i].Pos < r.sites[j].Pos })
	for pos, a := range r.allocs {
		for _, v := range r.allocVals[pos] {
			a.Shared = a.Shared || r.shared(v)
		}
	}
}

// indexInstr records what one instruction says about its position.
func (r *Result) indexInstr(instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.UnOp:
		if in.Op == token.MUL {
			r.access(in.Pos(), r.addrGroup(in.X), in.X, false, in)
		}
	case *ssa.Store:
		if !implicitInit(in) {
			r.access(in.Pos(), r.addrGroup(in.Addr), in.Addr, true, in)
		}
	case *ssa.MapUpdate:
		r.access(in.Pos(), "elem:"+r.containerGroup(in.Map), in.Map, true, in)
	case *ssa.Lookup:
		if isMap(in.X.Type()) {
			r.access(in.Pos(), "elem:"+r.containerGroup(in.X), in.X, false, in)
		} else {
			r.record(in.Pos(), siteRec{group: "elem:" + r.containerGroup(in.X)})
		}
	case *ssa.FieldAddr, *ssa.IndexAddr:
		v := in.(ssa.Value)
		r.record(v.Pos(), siteRec{group: r.addrGroup(v), shared: r.shared(v), memory: true, addr: true, class: v})
	case *ssa.Field, *ssa.Index:
		v := in.(ssa.Value)
		r.record(v.Pos(), siteRec{group: r.valueGroup(v)})
	case *ssa.Call:
		r.indexBuiltin(in)
	case *ssa.Range:
		if isMap(in.X.Type()) {
			r.record(in.Pos(), siteRec{group: "elem:" + r.containerGroup(in.X), shared: r.shared(in.X), memory: true, class: in.X})
		}
	}
}

// isContainer reports whether t is a slice or a map.
func isContainer(t types.Type) bool {
	switch coreType(t).(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// indexBuiltin records a builtin call that accesses the elements of its
// first operand (delete, clear, len, copy, append) at the call's left
// parenthesis: the group of that container's elements, shared if any
// operand's elements may be. SiteGroup answers for it when asked about an
// index expression of the container positioned there.
func (r *Result) indexBuiltin(in *ssa.Call) {
	b, ok := in.Call.Value.(*ssa.Builtin)
	if !ok || len(in.Call.Args) == 0 {
		return
	}
	switch b.Name() {
	case "delete", "clear", "len", "copy", "append":
	default:
		return
	}
	x := in.Call.Args[0]
	shared := false
	for i, a := range in.Call.Args {
		if i == 0 || b.Name() == "copy" || b.Name() == "append" {
			shared = shared || (isContainer(a.Type()) && r.shared(a))
		}
	}
	r.record(in.Pos(), siteRec{group: "elem:" + r.containerGroup(x), shared: shared, memory: true, class: x})
}

// implicitInit reports whether in fills the array the compiler allocates
// for the arguments of a variadic call. Such a store carries the position
// of the argument expression, where the source has no write.
func implicitInit(in *ssa.Store) bool {
	ia, ok := in.Addr.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	a, ok := ia.X.(*ssa.Alloc)
	return ok && a.Comment == "varargs"
}

// access records a load or store through addr and adds it to the site
// list.
func (r *Result) access(pos token.Pos, group string, addr ssa.Value, write bool, in ssa.Instruction) {
	if !pos.IsValid() {
		return
	}
	shared := r.shared(addr)
	r.record(pos, siteRec{group: group, shared: shared, memory: true, class: addr})
	r.sites = append(r.sites, Site{Pos: pos, Group: group, Shared: shared, Write: write, Instr: in})
}

func (r *Result) record(pos token.Pos, rec siteRec) {
	if pos.IsValid() {
		r.records[pos] = append(r.records[pos], rec)
	}
}

// shared reports whether what v points to may be reachable by more than
// one goroutine; values the analysis never saw are shared.
func (r *Result) shared(v ssa.Value) bool {
	n, ok := r.vals[v]
	return !ok || r.g.escaped(n)
}

// addrGroup names the location that pointer p points to.
func (r *Result) addrGroup(p ssa.Value) string {
	switch p := p.(type) {
	case *ssa.Global:
		return globalName(p)
	case *ssa.FieldAddr:
		if name, ok := fieldName(pointee(p.X.Type()), p.Field); ok {
			return name
		}
		return r.addrGroup(p.X)
	case *ssa.IndexAddr:
		return "elem:" + r.containerGroup(p.X)
	case *ssa.FreeVar:
		// A captured variable: the free variable's position is the
		// declaration of the variable it refers to.
		if len(r.varAllocs[p.Pos()]) > 0 {
			return varName(r.fset, p.Pos())
		}
	case *ssa.Alloc:
		if len(r.varAllocs[p.Pos()]) > 0 {
			return varName(r.fset, p.Pos())
		}
		if p.Pos().IsValid() {
			return allocName(r.fset, p.Pos())
		}
	}
	return r.className(p)
}

// containerGroup names the array, slice or map that x holds or points to.
func (r *Result) containerGroup(x ssa.Value) string {
	switch x := x.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return r.addrGroup(x.X)
		}
	case *ssa.Slice:
		return r.containerGroup(x.X)
	case *ssa.Alloc, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr:
		return r.addrGroup(x)
	case *ssa.MakeSlice, *ssa.MakeMap:
		return allocName(r.fset, x.Pos())
	}
	return r.className(x)
}

// valueGroup names a value extraction (Field, Index) that touches no memory.
func (r *Result) valueGroup(v ssa.Value) string {
	if f, ok := v.(*ssa.Field); ok {
		if name, ok := fieldName(f.X.Type(), f.Field); ok {
			return name
		}
	}
	return r.className(v)
}

// className names the points-to class of v after its best label.
func (r *Result) className(v ssa.Value) string {
	if n, ok := r.vals[v]; ok {
		if l, ok := r.g.bestLabel(n); ok {
			return l.name
		}
	}
	return "type:" + typeName(pointee(v.Type()))
}

// SiteGroup returns the variable group of the memory access denoted by e
// (an identifier of a variable, a field selection, an index expression or
// a dereference) and whether that location may be shared between
// goroutines. ok is false if e does not denote a memory location. A site
// the analysis has no information about is reported shared.
func (r *Result) SiteGroup(e ast.Expr) (group string, shared bool, ok bool) {
	e = ast.Unparen(e)
	pos, ok := r.accessPos(e)
	if !ok {
		return "", false, false
	}
	if recs := r.records[pos]; len(recs) > 0 {
		group, shared = mergeRecords(recs)
		return group, shared, true
	}
	group, shared = r.fallback(e)
	return group, shared, true
}

// mergeRecords picks the group of the first access among recs (else the
// last address computation, else the first value extraction); a position
// is shared if any memory operation at it is.
func mergeRecords(recs []siteRec) (group string, shared bool) {
	group = recs[0].group
	chosen := false
	for _, rec := range recs {
		shared = shared || (rec.memory && rec.shared)
		if rec.memory && !rec.addr && !chosen {
			group, chosen = rec.group, true
		}
	}
	if !chosen {
		for _, rec := range recs {
			if rec.addr {
				group = rec.group
			}
		}
	}
	return group, shared
}

// accessPos returns the position SSA gives to accesses of e.
func (r *Result) accessPos(e ast.Expr) (token.Pos, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := r.objOf(e).(*types.Var)
		return e.Pos(), ok && !v.IsField()
	case *ast.SelectorExpr:
		if sel, ok := r.info.Selections[e]; ok {
			return e.Sel.Pos(), sel.Kind() == types.FieldVal
		}
		return r.accessPos(e.Sel) // qualified identifier
	case *ast.IndexExpr:
		tv, ok := r.info.Types[e.X]
		if !ok || tv.IsType() {
			return token.NoPos, false
		}
		_, isFunc := coreType(tv.Type).(*types.Signature)
		return e.Lbrack, !isFunc
	case *ast.StarExpr:
		tv, ok := r.info.Types[e]
		return e.Star, ok && tv.IsValue()
	}
	return token.NoPos, false
}

func (r *Result) objOf(id *ast.Ident) types.Object {
	if obj := r.info.Uses[id]; obj != nil {
		return obj
	}
	return r.info.Defs[id]
}
