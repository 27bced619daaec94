package rewrite

import (
	"go/ast"
	"go/doc"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/dst"
)

// isTestFunc reports whether fd is a test function: TestXxx(t *testing.T).
func isTestFunc(fd *ast.FuncDecl, info *types.Info) bool {
	name := fd.Name.Name
	if fd.Recv != nil || fd.Type.TypeParams != nil || !strings.HasPrefix(name, "Test") || name == "TestMain" {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(name[len("Test"):]); len(name) > 4 && unicode.IsLower(r) {
		return false
	}
	f, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := f.Type().(*types.Signature)
	return sig.Results().Len() == 0 && sig.Params().Len() == 1 && isTestingT(sig.Params().At(0).Type())
}

// isTestingT reports whether t is *testing.T.
func isTestingT(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" && n.Obj().Name() == "T"
}

// wrapTestDecl wraps the body of a test function in _vtbrt.Test, unless the
// body only dispatches subtests.
func (fr *fileRewriter) wrapTestDecl(d *dst.FuncDecl, fd *ast.FuncDecl) {
	field := d.Type.Params.List[0]
	name := "_"
	if len(field.Names) == 1 {
		name = field.Names[0].Name
	}
	if fr.dispatchOnly(fd.Body, name) || fr.callsRTTest(fd.Body) || fr.measuresMemory(fd.Body) {
		return
	}
	if name == "_" {
		field.Names = []*dst.Ident{ident("_vtbt")}
	}
	outer := field.Names[0].Name
	if n := parallelPrefix(d.Body.List, name); !declares(d.Body.List[:n]) {
		d.Body.List = fr.exploreSelf(d.Body.List, n, outer, d.Name.Name, fd.Pos())
		return
	}
	d.Body.List = fr.wrapBody(d.Body.List, outer, name, field.Type, fd.Pos())
}

// exploreSelf returns list behind a guard that makes the test function
// explore itself (see rt.Exploring): its first n statements (up to a
// leading t.Parallel()) run once, before the exploration, and the body
// stays in the function, so that its function literals keep their native
// names (TestX.func1, not TestX.func1.1) for runtime.FuncForPC and stack
// traces, and its frames are the test function's.
func (fr *fileRewriter) exploreSelf(list []dst.Stmt, n int, t, fn string, pos token.Pos) []dst.Stmt {
	once := append(append([]dst.Stmt(nil), list[:n]...),
		exprStmt(fr.rtCall("Test", ident(t), ident(fn))), &dst.ReturnStmt{})
	guard := &dst.IfStmt{
		Cond: &dst.UnaryExpr{Op: token.NOT, X: fr.rtCall("Exploring", ident(t))},
		Body: block(once...),
	}
	fr.mark(guard, pos)
	return append([]dst.Stmt{guard}, list[n:]...)
}

// declares reports whether a statement of list declares a name (which the
// guard of exploreSelf would scope to itself).
func declares(list []dst.Stmt) bool {
	for _, s := range list {
		switch x := s.(type) {
		case *dst.DeclStmt:
			return true
		case *dst.AssignStmt:
			if x.Tok == token.DEFINE {
				return true
			}
		}
	}
	return false
}

// wrapBody returns list moved into _vtbrt.Test(t, func(t *testing.T) {...}),
// with a leading t.Parallel() kept outside, together with the simple
// statements before it (tc := tc, t.Helper()): natively they run once, and
// t.Parallel() may not run twice.
func (fr *fileRewriter) wrapBody(list []dst.Stmt, outer, inner string, typ dst.Expr, pos token.Pos) []dst.Stmt {
	var keep []dst.Stmt
	if n := parallelPrefix(list, inner); n > 0 {
		keep, list = append([]dst.Stmt(nil), list[:n]...), list[n:]
	}
	lit := &dst.FuncLit{
		Type: &dst.FuncType{Func: true, Params: &dst.FieldList{List: []*dst.Field{{Names: []*dst.Ident{ident(inner)}, Type: dst.Clone(typ).(dst.Expr)}}}},
		Body: block(list...),
	}
	call := exprStmt(fr.rtCall("Test", ident(outer), lit))
	fr.mark(call, pos)
	return append(keep, call)
}

// maxParallelPrefix bounds how many statements may precede t.Parallel()
// and still be kept outside the explored body.
const maxParallelPrefix = 4

// parallelPrefix returns the length of the prefix of list that ends with
// t.Parallel() and before it holds only declarations, assignments and calls
// of t's own methods; 0 when there is none.
func parallelPrefix(list []dst.Stmt, t string) int {
	for i, s := range list {
		if i > maxParallelPrefix {
			return 0
		}
		if isParallelCall(s, t) {
			return i + 1
		}
		switch x := s.(type) {
		case *dst.AssignStmt, *dst.DeclStmt:
		case *dst.ExprStmt:
			if _, _, ok := methodCallOn(x, t); !ok {
				return 0
			}
		default:
			return 0
		}
	}
	return 0
}

// methodCallOn returns the method name and argument count of a statement
// t.M(args...), and whether s is one.
func methodCallOn(s dst.Stmt, t string) (name string, nargs int, ok bool) {
	es, ok := s.(*dst.ExprStmt)
	if !ok {
		return "", 0, false
	}
	call, ok := es.X.(*dst.CallExpr)
	if !ok {
		return "", 0, false
	}
	sel, ok := call.Fun.(*dst.SelectorExpr)
	if !ok {
		return "", 0, false
	}
	if x, ok := sel.X.(*dst.Ident); !ok || x.Name != t {
		return "", 0, false
	}
	return sel.Sel.Name, len(call.Args), true
}

// isParallelCall reports whether s is t.Parallel() on the test's t.
func isParallelCall(s dst.Stmt, t string) bool {
	name, nargs, ok := methodCallOn(s, t)
	return ok && name == "Parallel" && nargs == 0
}

// tRun rewrites t.Run(name, func(t *testing.T) {...}): the literal's body is
// rewritten and wrapped like a test body.
func (fr *fileRewriter) tRun(x *dst.CallExpr, ae *ast.CallExpr) dst.Expr {
	fr.callFun(x, ae)
	fr.exprs(x.Args)
	if len(x.Args) != 2 {
		return x
	}
	fl, ok := x.Args[1].(*dst.FuncLit)
	afl, _ := ae.Args[1].(*ast.FuncLit)
	if !ok || afl == nil || len(fl.Type.Params.List) != 1 {
		return x
	}
	field := fl.Type.Params.List[0]
	name := "_"
	if len(field.Names) == 1 {
		name = field.Names[0].Name
	}
	if fr.dispatchOnly(afl.Body, name) || fr.callsRTTest(afl.Body) || fr.measuresMemory(afl.Body) {
		return x
	}
	if name == "_" {
		field.Names = []*dst.Ident{ident("_vtbt")}
	}
	fl.Body.List = fr.wrapBody(fl.Body.List, field.Names[0].Name, name, field.Type, afl.Pos())
	return x
}

// dispatchOnly reports whether a test body only dispatches subtests: it
// calls t.Run and, outside the function literals passed to t.Run, performs
// no visible operation. Function literals that are not called on the spot
// (table entries) are not part of the body; ones called on the spot are.
func (fr *fileRewriter) dispatchOnly(body *ast.BlockStmt, t string) bool {
	runs, visible := 0, false
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if visible || n == nil {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fl, ok := ast.Unparen(x.Fun).(*ast.FuncLit); ok {
				ast.Inspect(fl.Body, visit)
			}
			if fr.isTRun(x) {
				runs++
				for _, a := range x.Args {
					ast.Inspect(a, visit)
				}
				return false
			}
		}
		visible = fr.isVisible(n)
		return !visible
	}
	ast.Inspect(body, visit)
	return runs > 0 && !visible
}

// callsRTTest reports whether a body already calls rt.Test itself (code
// written against rt directly), so that it is not wrapped twice.
func (fr *fileRewriter) callsRTTest(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if f, _ := fr.callee(call.Fun); f != nil && f.Pkg() != nil && f.Pkg().Path() == RTPath && f.Name() == "Test" {
				found = true
			}
		}
		return !found
	})
	return found
}

// memoryMeters are the functions whose call in a test body makes the test
// one that measures memory: testing.AllocsPerRun counts allocations, as
// testing.Benchmark does for a test that asserts its result's AllocsPerOp
// (coocood/freecache's TestBenchmarkCacheSet), runtime.ReadMemStats reads
// the heap (a test asserting that objects were freed after runtime.GC).
var memoryMeters = map[string]map[string]bool{
	"testing": {"AllocsPerRun": true, "Benchmark": true},
	"runtime": {"ReadMemStats": true},
}

// measuresMemory reports whether a body calls a memory meter itself (not
// in a function literal it defines), or a function of the package that
// calls one (a helper such as jellydator/ttlcache's allocsPerSingleRun,
// which reads runtime.ReadMemStats around a call). Such a test runs
// natively, unwrapped: an allocation count or heap size taken under
// schedule control counts the engine's allocations and the objects its
// tables keep alive for the execution, and the test's visible operations
// run natively outside an exploration.
func (fr *fileRewriter) measuresMemory(body *ast.BlockStmt) bool {
	found := false
	metering := fr.p.meteringFuncs()
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if f, _ := fr.callee(x.Fun); f != nil && (isMemoryMeter(f) || metering[f.Origin()]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isMemoryMeter reports whether f is one of memoryMeters.
func isMemoryMeter(f *types.Func) bool {
	return f.Pkg() != nil && memoryMeters[f.Pkg().Path()][f.Name()]
}

// meteringFuncs returns the functions declared in the package that call a
// memory meter, directly (in their bodies or function literals there) or
// through other functions of the package.
func (p *pkgRewriter) meteringFuncs() map[*types.Func]bool {
	if p.metering != nil {
		return p.metering
	}
	p.metering = map[*types.Func]bool{}
	calls := map[*types.Func][]*types.Func{} // a function -> the package's functions it calls
	for _, file := range p.in.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := p.in.Info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					switch f, _ := calleeOf(p.in.Info, call.Fun); {
					case f == nil:
					case isMemoryMeter(f):
						p.metering[fn] = true
					case f.Pkg() == p.in.Pkg:
						calls[fn] = append(calls[fn], f.Origin())
					}
				}
				return true
			})
		}
	}
	for changed := true; changed; {
		changed = false
		for fn, callees := range calls {
			if !p.metering[fn] && slices.ContainsFunc(callees, func(f *types.Func) bool { return p.metering[f] }) {
				p.metering[fn], changed = true, true
			}
		}
	}
	return p.metering
}

// isTRun reports whether call is (*testing.T).Run with two arguments.
func (fr *fileRewriter) isTRun(call *ast.CallExpr) bool {
	f, _ := fr.callee(call.Fun)
	if f == nil || len(call.Args) != 2 {
		return false
	}
	key, path := methodKey(f)
	return path == "testing" && key == "T.Run"
}

// isVisible reports whether n is (or directly makes) a visible operation.
func (fr *fileRewriter) isVisible(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.GoStmt, *ast.SendStmt, *ast.SelectStmt:
		return true
	case *ast.UnaryExpr:
		return x.Op == token.ARROW
	case *ast.RangeStmt:
		return chanElem(fr.typeOf(x.X)) != nil
	case *ast.CallExpr:
		if b, ok := fr.info.Uses[identOf(x.Fun)].(*types.Builtin); ok {
			return b.Name() == "close"
		}
		f, _ := fr.callee(x.Fun)
		if f == nil || f.Pkg() == nil {
			return false
		}
		switch f.Pkg().Path() {
		case "sync", "sync/atomic":
			return true
		case "runtime":
			return f.Name() == "Gosched"
		case "time":
			return f.Name() == "Sleep" || f.Name() == "After"
		case "testing/synctest":
			return true
		}
	}
	return false
}

// fFuzz rewrites f.Fuzz(func(t *testing.T, args...) {...}): the literal's
// body is rewritten and moved into _vtbrt.Fuzz(t, func(t *testing.T)
// {...}, args...), so that every input is explored like a test body.
// Unnamed and blank parameters are named, to pass them on.
func (fr *fileRewriter) fFuzz(x *dst.CallExpr, ae *ast.CallExpr) dst.Expr {
	fr.callFun(x, ae)
	fr.exprs(x.Args)
	if len(x.Args) != 1 {
		return x
	}
	fl, ok := x.Args[0].(*dst.FuncLit)
	afl, _ := ae.Args[0].(*ast.FuncLit)
	if !ok || afl == nil || len(fl.Type.Params.List) < 2 || fr.callsRTTest(afl.Body) || fr.measuresMemory(afl.Body) {
		return x
	}
	names := nameParams(fl.Type.Params.List)
	inner := names[0]
	if inner == "_vtbf0" {
		inner = "_"
	}
	keep, list := []dst.Stmt(nil), fl.Body.List
	if n := parallelPrefix(list, inner); n > 0 { // as in wrapBody
		keep, list = append(keep, list[:n]...), list[n:]
	}
	lit := &dst.FuncLit{
		Type: &dst.FuncType{Func: true, Params: &dst.FieldList{List: []*dst.Field{{Names: []*dst.Ident{ident(inner)}, Type: dst.Clone(fl.Type.Params.List[0].Type).(dst.Expr)}}}},
		Body: block(list...),
	}
	args := []dst.Expr{ident(names[0]), lit}
	for _, n := range names[1:] {
		args = append(args, ident(n))
	}
	call := exprStmt(fr.rtCall("Fuzz", args...))
	fr.mark(call, afl.Pos())
	fl.Body.List = append(keep, call)
	return x
}

// nameParams gives every parameter in list a name (blank and unnamed ones
// become _vtbf<i>) and returns the names in order.
func nameParams(list []*dst.Field) []string {
	var names []string
	for _, f := range list {
		if len(f.Names) == 0 {
			f.Names = []*dst.Ident{ident("_")}
		}
		for _, n := range f.Names {
			if n.Name == "_" {
				n.Name = "_vtbf" + strconv.Itoa(len(names))
			}
			names = append(names, n.Name)
		}
	}
	return names
}

// guardExample makes an example that go test runs (one with an output
// comment) run in a fresh process once the test binary has explored a
// test (rt.ExampleElsewhere): its body is left alone behind
//
//	if _vtbrt.ExampleElsewhere("ExampleX", "output") { return }
//
// Any other function left alone (a benchmark, TestMain, an example
// without output) is left as it is.
func (fr *fileRewriter) guardExample(d *dst.FuncDecl, fd *ast.FuncDecl) {
	want, ok := fr.exampleOutputs()[fd.Name.Name]
	if !ok {
		return
	}
	args := []dst.Expr{
		&dst.BasicLit{Kind: token.STRING, Value: strconv.Quote(fd.Name.Name)},
		&dst.BasicLit{Kind: token.STRING, Value: strconv.Quote(want)},
	}
	guard := &dst.IfStmt{Cond: fr.rtCall("ExampleElsewhere", args...), Body: block(&dst.ReturnStmt{})}
	fr.mark(guard, fd.Body.Lbrace)
	if len(fd.Body.List) > 0 {
		fr.mark(d.Body.List[0], fd.Body.List[0].Pos())
	}
	d.Body.List = append([]dst.Stmt{guard}, d.Body.List...)
}

// exampleOutputs maps the examples of the file that go test runs to their
// expected output, as go test finds them (go/doc).
func (fr *fileRewriter) exampleOutputs() map[string]string {
	if fr.examples == nil {
		fr.examples = map[string]string{}
		for _, ex := range doc.Examples(fr.af) {
			if ex.Output != "" || ex.EmptyOutput {
				fr.examples["Example"+ex.Name] = ex.Output
			}
		}
	}
	return fr.examples
}
