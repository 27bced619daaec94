package alias

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// builder generates the unification constraints of one package.
type builder struct {
	r       *Result
	info    *types.Info
	rets    map[*ssa.Function]int32    // class of everything fn returns
	seen    map[*ssa.Function]bool     // functions queued for analysis
	queue   []*ssa.Function            // functions still to walk
	methods map[string][]*ssa.Function // in-package methods by name (for invoke calls)
	locals  map[token.Pos]*types.Var   // local variables by declaration position
}

func newBuilder(r *Result, info *types.Info) *builder {
	b := &builder{
		r:       r,
		info:    info,
		rets:    map[*ssa.Function]int32{},
		seen:    map[*ssa.Function]bool{},
		methods: map[string][]*ssa.Function{},
		locals:  map[token.Pos]*types.Var{},
	}
	for _, obj := range info.Defs {
		if v, ok := obj.(*types.Var); ok && !v.IsField() && v.Parent() != r.pkg.Scope() {
			b.locals[v.Pos()] = v
		}
	}
	return b
}

// build walks every function of the package reachable from its
// declarations and generates constraints.
func (b *builder) build() {
	b.seedFunctions()
	for len(b.queue) > 0 {
		fn := b.queue[0]
		b.queue = b.queue[1:]
		b.function(fn)
	}
	sort.Slice(b.r.funcs, func(i, j int) bool { return funcLess(b.r.funcs[i], b.r.funcs[j]) })
}

// seedFunctions queues declared functions and methods; exported ones
// (and every exported-name method) are callable from unknown code.
func (b *builder) seedFunctions() {
	prog := b.r.ssa.Prog
	var objs []*types.Func
	for _, obj := range b.info.Defs {
		if f, ok := obj.(*types.Func); ok && f.Pkg() == b.r.pkg {
			objs = append(objs, f)
		}
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].Pos() < objs[j].Pos() })
	for _, f := range objs {
		fn := prog.FuncValue(f)
		if fn == nil {
			continue
		}
		b.enqueue(fn)
		if f.Exported() {
			b.markExternal(fn)
		}
		if sig := f.Signature(); sig.Recv() != nil {
			b.methods[f.Name()] = append(b.methods[f.Name()], fn)
		}
	}
	if init := b.r.ssa.Func("init"); init != nil {
		b.enqueue(init)
	}
}

// enqueue schedules fn for a walk if it has a body.
func (b *builder) enqueue(fn *ssa.Function) {
	if fn == nil || b.seen[fn] || fn.Blocks == nil {
		return
	}
	b.seen[fn] = true
	b.queue = append(b.queue, fn)
	b.r.funcs = append(b.r.funcs, fn)
	for _, anon := range fn.AnonFuncs {
		b.enqueue(anon)
	}
}

// markExternal makes fn's parameters point to unknown shared objects and
// its results shared: code outside the package may call it.
func (b *builder) markExternal(fn *ssa.Function) {
	if b.r.external[fn] {
		return
	}
	b.r.external[fn] = true
	for _, p := range fn.Params {
		b.r.g.union(b.val(p), b.unknown(p.Type()))
	}
	for _, fv := range fn.FreeVars {
		b.r.g.escape(b.val(fv))
	}
	b.r.g.escape(b.ret(fn))
}

// val returns L(v), creating it (and labelling globals) on first use.
func (b *builder) val(v ssa.Value) int32 {
	if n, ok := b.r.vals[v]; ok {
		return n
	}
	n := b.r.g.fresh()
	b.r.vals[v] = n
	if gl, ok := v.(*ssa.Global); ok {
		b.r.g.addLabel(n, label{labelGlobal, globalName(gl)})
		b.r.g.escape(n)
	}
	return n
}

// ret returns the class of fn's results.
func (b *builder) ret(fn *ssa.Function) int32 {
	if n, ok := b.rets[fn]; ok {
		return n
	}
	n := b.r.g.fresh()
	b.rets[fn] = n
	return n
}

// unknown returns a fresh shared class for objects of unknown origin
// pointed to by values of type t.
func (b *builder) unknown(t types.Type) int32 {
	n := b.r.g.fresh()
	b.r.g.addLabel(n, label{labelType, "type:" + typeName(pointee(t))})
	b.r.g.escape(n)
	return n
}

// function generates the constraints of one function body.
func (b *builder) function(fn *ssa.Function) {
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			b.operands(instr)
			b.instr(fn, instr)
		}
	}
}

// operands queues functions mentioned by instr; a function used as a
// value (not called directly) becomes callable from unknown code.
func (b *builder) operands(instr ssa.Instruction) {
	var callee ssa.Value
	if c, ok := instr.(ssa.CallInstruction); ok && !c.Common().IsInvoke() {
		callee = c.Common().Value
	}
	for _, op := range instr.Operands(nil) {
		fn, ok := (*op).(*ssa.Function)
		if !ok {
			continue
		}
		b.enqueue(fn)
		if _, isClosure := instr.(*ssa.MakeClosure); fn == callee || isClosure {
			continue
		}
		if syncCallback(instr) {
			b.markCallback(fn)
		} else {
			b.markExternal(fn)
		}
	}
}

// syncCallback reports whether instr is a call (not a go statement) of a
// function known to run its function arguments synchronously, if at all.
func syncCallback(instr ssa.Instruction) bool {
	c, ok := instr.(ssa.CallInstruction)
	if _, isGo := instr.(*ssa.Go); !ok || isGo {
		return false
	}
	callee := c.Common().StaticCallee()
	return callee != nil && callee.Blocks == nil && retainsNothing(callee)
}

// unify merges the classes of two values.
func (b *builder) unify(x, y ssa.Value) { b.r.g.union(b.val(x), b.val(y)) }

// load makes v point to what pointers stored in ptr's targets point to.
func (b *builder) load(v, ptr ssa.Value) {
	b.r.g.union(b.val(v), b.r.g.pointee(b.val(ptr)))
}

// store makes the contents of ptr's targets include what v points to.
func (b *builder) store(ptr, v ssa.Value) {
	b.r.g.union(b.r.g.pointee(b.val(ptr)), b.val(v))
}

// instr generates the constraints of one instruction.
func (b *builder) instr(fn *ssa.Function, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.Alloc:
		b.alloc(in)
	case *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
		b.object(in.(ssa.Value), allocName(b.r.fset, in.Pos()), in.Pos())
	case *ssa.MakeClosure:
		b.closure(in)
	case *ssa.UnOp:
		if in.Op == token.MUL || in.Op == token.ARROW {
			b.load(in, in.X)
		}
	case *ssa.Store:
		b.store(in.Addr, in.Val)
	case *ssa.FieldAddr:
		b.unify(in, in.X)
	case *ssa.IndexAddr:
		b.unify(in, in.X)
	case *ssa.Field:
		b.unify(in, in.X)
	case *ssa.Index:
		b.unify(in, in.X)
	case *ssa.Lookup:
		if isMap(in.X.Type()) {
			b.load(in, in.X)
		}
	case *ssa.MapUpdate:
		b.store(in.Map, in.Key)
		b.store(in.Map, in.Value)
	case *ssa.Range:
		b.unify(in, in.X)
	case *ssa.Next:
		if !in.IsString {
			b.load(in, in.Iter)
		}
	default:
		b.flow(fn, instr)
	}
}

// flow handles value-copying instructions, calls and communication.
func (b *builder) flow(fn *ssa.Function, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.Slice:
		b.unify(in, in.X)
	case *ssa.SliceToArrayPointer:
		b.unify(in, in.X)
	case *ssa.ChangeType:
		b.unify(in, in.X)
	case *ssa.Convert:
		b.unify(in, in.X)
	case *ssa.MultiConvert:
		b.unify(in, in.X)
	case *ssa.ChangeInterface:
		b.unify(in, in.X)
	case *ssa.MakeInterface:
		b.unify(in, in.X)
	case *ssa.TypeAssert:
		b.unify(in, in.X)
	case *ssa.Extract:
		b.unify(in, in.Tuple)
	case *ssa.Phi:
		for _, e := range in.Edges {
			b.unify(in, e)
		}
	case *ssa.Return:
		for _, res := range in.Results {
			b.r.g.union(b.ret(fn), b.val(res))
		}
	case *ssa.Panic:
		b.r.g.escape(b.val(in.X))
	case *ssa.Send:
		b.store(in.Chan, in.X)
		b.r.g.escape(b.val(in.X))
	case *ssa.Select:
		b.selectStmt(in)
	case *ssa.Call:
		b.call(in.Common(), in)
	case *ssa.Defer:
		b.call(in.Common(), nil)
	case *ssa.Go:
		b.goStmt(in)
	}
}

// alloc labels a local allocation as a variable or an allocation site.
func (b *builder) alloc(in *ssa.Alloc) {
	if v, ok := b.locals[in.Pos()]; ok && v.Name() == in.Comment {
		n := b.val(in)
		b.r.g.addLabel(n, label{labelVar, varName(b.r.fset, in.Pos())})
		b.r.varAllocs[in.Pos()] = append(b.r.varAllocs[in.Pos()], in)
		return
	}
	b.object(in, allocName(b.r.fset, in.Pos()), in.Pos())
}

// object makes v point to a new labelled object of an allocation site.
func (b *builder) object(v ssa.Value, name string, pos token.Pos) {
	b.r.g.addLabel(b.val(v), label{labelAlloc, name})
	if pos.IsValid() {
		b.r.allocVals[pos] = append(b.r.allocVals[pos], v)
		if _, ok := b.r.allocs[pos]; !ok {
			b.r.allocs[pos] = &AllocSite{Pos: pos, Group: name}
		}
	}
}

// closure links a closure's free variables to its bindings; the closure
// value points to an environment object whose contents are the bindings.
func (b *builder) closure(in *ssa.MakeClosure) {
	fn := in.Fn.(*ssa.Function)
	env := b.val(in)
	for i, bind := range in.Bindings {
		b.unify(fn.FreeVars[i], bind)
		b.r.g.union(b.r.g.pointee(env), b.val(bind))
	}
	switch {
	case onlyCalled(in, nil):
	case onlyCalled(in, retainsNothing):
		b.markCallback(fn)
	default:
		b.markExternal(fn)
	}
}

// markCallback handles a closure passed to a callee that calls it
// synchronously: its parameters and results are unknown and shared, its
// free variables are not.
func (b *builder) markCallback(fn *ssa.Function) {
	for _, p := range fn.Params {
		b.r.g.union(b.val(p), b.unknown(p.Type()))
	}
	b.r.g.escape(b.ret(fn))
}

// selectStmt treats each case as a send or a receive.
func (b *builder) selectStmt(in *ssa.Select) {
	for _, st := range in.States {
		if st.Dir == types.SendOnly {
			b.store(st.Chan, st.Send)
			b.r.g.escape(b.val(st.Send))
		} else {
			b.load(in, st.Chan)
		}
	}
}

// onlyCalled reports whether v is used only as the callee of calls or, if
// sync is not nil, as an argument of static callees for which sync holds.
func onlyCalled(v ssa.Value, sync func(*ssa.Function) bool) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		c, ok := ref.(ssa.CallInstruction)
		if !ok {
			return false
		}
		com := c.Common()
		if com.Value == v && !contains(com.Args, v) {
			continue
		}
		callee := com.StaticCallee()
		if sync == nil || callee == nil || callee.Blocks != nil || !sync(callee) {
			return false
		}
		if _, isGo := ref.(*ssa.Go); isGo {
			return false
		}
	}
	return true
}

func contains(vs []ssa.Value, v ssa.Value) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}
