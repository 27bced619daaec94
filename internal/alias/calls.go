package alias

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// call generates the constraints of a call; res is the call's value or nil.
func (b *builder) call(c *ssa.CallCommon, res ssa.Value) {
	switch {
	case c.IsInvoke():
		b.invoke(c, res)
	case isBuiltin(c):
		b.builtin(c, res)
	case c.StaticCallee() != nil:
		b.static(c.StaticCallee(), c, res)
	default:
		b.unknownCall(c, res)
	}
}

// goStmt is a call whose callee runs in a new goroutine: everything it
// receives is shared.
func (b *builder) goStmt(in *ssa.Go) {
	c := in.Common()
	b.call(c, nil)
	b.r.g.escape(b.val(c.Value))
	for _, a := range c.Args {
		b.r.g.escape(b.val(a))
	}
	if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		for _, bind := range mc.Bindings {
			b.r.g.escape(b.val(bind))
		}
	}
}

// static links arguments to parameters of a callee with a body in this
// package; other callees are unknown unless known not to share arguments.
func (b *builder) static(fn *ssa.Function, c *ssa.CallCommon, res ssa.Value) {
	if fn.Blocks == nil {
		if retainsNothing(fn) {
			b.aliasResult(c, res)
			return
		}
		b.unknownCall(c, res)
		return
	}
	b.enqueue(fn)
	b.bind(fn, c.Args, res)
}

// bind unifies args with fn's parameters and res with fn's results.
func (b *builder) bind(fn *ssa.Function, args []ssa.Value, res ssa.Value) {
	for i, a := range args {
		if i < len(fn.Params) {
			b.unify(fn.Params[i], a)
		}
	}
	if res != nil {
		b.r.g.union(b.val(res), b.ret(fn))
	}
}

// invoke is an interface method call: any implementation may run, so the
// receiver and arguments are shared; in-package methods of that name are
// also bound (they may be the implementation).
func (b *builder) invoke(c *ssa.CallCommon, res ssa.Value) {
	b.unknownCall(c, res)
	args := append([]ssa.Value{c.Value}, c.Args...)
	for _, fn := range b.methods[c.Method.Name()] {
		if len(fn.Params) == len(args) {
			b.bind(fn, args, res)
		}
	}
}

// unknownCall shares the callee value and arguments; the result points to
// unknown shared objects.
func (b *builder) unknownCall(c *ssa.CallCommon, res ssa.Value) {
	b.r.g.escape(b.val(c.Value))
	for _, a := range c.Args {
		b.r.g.escape(b.val(a))
	}
	if res != nil {
		b.r.g.union(b.val(res), b.unknown(res.Type()))
	}
}

// aliasResult models a callee that keeps no reference to its arguments
// but may return one of them.
func (b *builder) aliasResult(c *ssa.CallCommon, res ssa.Value) {
	if res == nil {
		return
	}
	for _, a := range c.Args {
		b.unify(res, a)
	}
}

// builtin models the built-in functions that move pointers.
func (b *builder) builtin(c *ssa.CallCommon, res ssa.Value) {
	switch c.Value.(*ssa.Builtin).Name() {
	case "append":
		b.aliasResult(c, res)
		if len(c.Args) == 2 {
			b.unify(c.Args[0], c.Args[1])
		}
	case "copy":
		b.unify(c.Args[0], c.Args[1])
	case "recover":
		b.r.g.union(b.val(res), b.unknown(res.Type()))
	case "ssa:wrapnilchk":
		b.aliasResult(c, res)
	}
}

func isBuiltin(c *ssa.CallCommon) bool {
	_, ok := c.Value.(*ssa.Builtin)
	return ok
}

// retainsNothing reports whether fn, a function without a body here, is
// known to neither keep its pointer arguments nor hand them to another
// goroutine (nor call back into code that could).
func retainsNothing(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return false
	}
	path := obj.Pkg().Path()
	if pureStd[path] {
		return true
	}
	recv := ""
	if r := obj.Signature().Recv(); r != nil {
		if n, ok := types.Unalias(pointee(r.Type())).(*types.Named); ok {
			recv = n.Obj().Name() + "."
		}
	}
	return pureFuncs[path+"."+recv+obj.Name()]
}

// pureStd lists packages none of whose functions retain pointer arguments
// or run callbacks on other goroutines.
var pureStd = map[string]bool{
	"errors": true, "math": true, "math/bits": true, "strconv": true,
	"strings": true, "unicode": true, "unicode/utf8": true, "unicode/utf16": true,
	"bytes": true, "sort": true, "slices": true, "maps": true, "cmp": true,
}

// pureFuncs lists individual functions and methods with that property.
var pureFuncs = map[string]bool{
	"sync.Mutex.Lock": true, "sync.Mutex.Unlock": true, "sync.Mutex.TryLock": true,
	"sync.RWMutex.Lock": true, "sync.RWMutex.Unlock": true, "sync.RWMutex.TryLock": true,
	"sync.RWMutex.RLock": true, "sync.RWMutex.RUnlock": true, "sync.RWMutex.TryRLock": true,
	"sync.WaitGroup.Add": true, "sync.WaitGroup.Done": true, "sync.WaitGroup.Wait": true,
	"sync.Once.Do": true, "sync.Cond.Wait": true, "sync.Cond.Signal": true, "sync.Cond.Broadcast": true,
	"fmt.Sprintf": true, "fmt.Sprint": true, "fmt.Sprintln": true, "fmt.Errorf": true,
	"time.Now": true, "time.Since": true, "time.Sleep": true, "runtime.Gosched": true,
}
