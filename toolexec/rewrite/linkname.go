package rewrite

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/dave/dst"
)

// Runtime functions reached by //go:linkname.
//
// Some code reads the clock faster than time.Now by declaring a function
// without a body and linking it to the runtime's clock (sethvargo/go-limiter's
// fasttime: `//go:linkname now time.now`). Left alone, such a function
// reads real time beside the execution's virtual clock, and a test that
// sleeps (virtually) and then measures with it fails on every schedule.
//
// Other code pins its goroutine to its P (runtime.procPin, as
// bytedance/gopkg's per-P pools do) around accesses the rewriter
// instruments; an instrumented access is a scheduling point, and a
// goroutine that parks there while pinned corrupts the runtime's state
// ("fatal error: releasep: invalid p state"). rt's replacements pin for
// real and tell the engine, which takes no scheduling point in a pinned
// goroutine.
//
// And some code registers its own pool clean-up with the runtime
// (sync.runtime_registerPoolCleanup, as gopkg's syncx.Pool does), which the
// runtime calls while the world is stopped at the start of a collection:
// an instrumented access there must take no step either. rt's replacement
// registers a wrapper that runs the clean-up without steps.
//
// So a body-less function linked to one of the functions below, with its
// signature, is given a body that calls the rt function standing in for
// it with its parameters, and its linkname (and noescape) directives are
// dropped.

// linkedFunc is a runtime function and its rt replacement.
type linkedFunc struct {
	results string // the types of the function's results, comma separated
	rt      string // the rt function with the same parameters and results
	params  string // the types of the function's parameters, comma separated
}

// linkedFuncs maps each function by its linkname target.
var linkedFuncs = map[string]linkedFunc{
	"time.now":                         {"int64, int32, int64", "LinkTimeNow", ""},
	"runtime.walltime":                 {"int64, int32", "LinkWalltime", ""},
	"runtime.nanotime":                 {"int64", "LinkNanotime", ""},
	"time.runtimeNano":                 {"int64", "LinkNanotime", ""},
	"runtime.procPin":                  {"int", "LinkProcPin", ""},
	"runtime.procUnpin":                {"", "LinkProcUnpin", ""},
	"sync.runtime_procPin":             {"int", "LinkProcPin", ""},
	"sync.runtime_procUnpin":           {"", "LinkProcUnpin", ""},
	"sync.runtime_registerPoolCleanup": {"", "LinkRegisterPoolCleanup", "func()"},
}

// linkRuntime gives a body-less function d linked to one of linkedFuncs (see
// above) a body that calls its rt replacement.
func (fr *fileRewriter) linkRuntime(d *dst.FuncDecl, fd *ast.FuncDecl) {
	if fd.Recv != nil || d.Body != nil {
		return
	}
	target, i := linknameOf(d.Decs.Start, fd.Name.Name)
	c, ok := linkedFuncs[target]
	if !ok || !fr.hasResults(fd, c.results) {
		return
	}
	args, ok := fr.forwarded(fd, c.params)
	if !ok {
		return
	}
	var start dst.Decorations
	for j, dec := range d.Decs.Start {
		if j != i && strings.TrimSpace(dec) != "//go:noescape" {
			start = append(start, dec)
		}
	}
	d.Decs.Start = start
	if c.results == "" {
		d.Body = block(&dst.ExprStmt{X: fr.rtCall(c.rt, args...)})
		return
	}
	d.Body = block(&dst.ReturnStmt{Results: []dst.Expr{fr.rtCall(c.rt, args...)}})
}

// linknameOf finds the directive "//go:linkname name target" among decs
// and returns its target and index ("" and -1 when there is none).
func linknameOf(decs []string, name string) (string, int) {
	for i, dec := range decs {
		f := strings.Fields(dec)
		if len(f) == 3 && f[0] == "//go:linkname" && f[1] == name {
			return f[2], i
		}
	}
	return "", -1
}

// hasResults reports whether the types of fd's results, comma separated,
// read as want.
func (fr *fileRewriter) hasResults(fd *ast.FuncDecl, want string) bool {
	fn, ok := fr.info.Defs[fd.Name].(*types.Func)
	return ok && typeList(fn.Type().(*types.Signature).Results()) == want
}

// forwarded returns fd's parameters as arguments, when their types, comma
// separated, read as want and each has a name.
func (fr *fileRewriter) forwarded(fd *ast.FuncDecl, want string) ([]dst.Expr, bool) {
	fn, ok := fr.info.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil, false
	}
	ps := fn.Type().(*types.Signature).Params()
	args := make([]dst.Expr, ps.Len())
	for i := range args {
		if name := ps.At(i).Name(); name != "" && name != "_" {
			args[i] = ident(name)
		} else {
			return nil, false
		}
	}
	return args, typeList(ps) == want
}

// typeList renders the types of a tuple, comma separated.
func typeList(t *types.Tuple) string {
	parts := make([]string, t.Len())
	for i := range parts {
		parts[i] = types.TypeString(t.At(i).Type(), nil)
	}
	return strings.Join(parts, ", ")
}
