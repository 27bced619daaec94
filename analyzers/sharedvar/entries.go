package sharedvar

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/internal/alias"
	"golang.org/x/tools/go/ssa"
)

// entry is a goroutine entry point: a function that may start running on
// a goroutine of its own.
type entry struct {
	name     string
	multi    bool // may run concurrently with itself
	seq      bool // package initialisation: runs before any goroutine starts
	caller   bool // called by code outside the package (or the go command's test runner), not started by it
	test     bool // a Test, Benchmark, Example or Fuzz function: tests run one at a time
	parallel bool // a test that calls t.Parallel
}

// weight is how many concurrent goroutines the entry stands for.
func (e *entry) weight() int {
	switch {
	case e.seq:
		return 0
	case e.multi:
		return 2
	}
	return 1
}

// String names the entry point, marking one that may run many times at once.
func (e *entry) String() string {
	if e.multi {
		return e.name + " (many)"
	}
	return e.name
}

// callGraph is the package's static call graph and its entry points.
type callGraph struct {
	fset      *token.FileSet
	res       *alias.Result
	callees   map[*ssa.Function][]*ssa.Function
	hasCaller map[*ssa.Function]bool
	callSites map[*ssa.Function][]callSite // how each function is entered in the package
	entries   map[*ssa.Function]*entry
	reachedBy map[*ssa.Function][]*entry
}

// buildCallGraph computes calls, entry points and which entry points reach
// each function.
func buildCallGraph(fset *token.FileSet, res *alias.Result) *callGraph {
	cg := &callGraph{
		fset:      fset,
		res:       res,
		callees:   map[*ssa.Function][]*ssa.Function{},
		hasCaller: map[*ssa.Function]bool{},
		callSites: map[*ssa.Function][]callSite{},
		entries:   map[*ssa.Function]*entry{},
		reachedBy: map[*ssa.Function][]*entry{},
	}
	methods := map[string][]*ssa.Function{}
	for _, fn := range res.Functions() {
		if fn.Signature.Recv() != nil {
			methods[fn.Name()] = append(methods[fn.Name()], fn)
		}
	}
	for _, fn := range res.Functions() {
		cg.scan(fn, methods)
	}
	cg.addRoots()
	for fn, e := range cg.entries {
		cg.reach(fn, e)
	}
	return cg
}

// scan records the calls and go statements of fn.
func (cg *callGraph) scan(fn *ssa.Function, methods map[string][]*ssa.Function) {
	if fn.Parent() != nil && !cg.res.External(fn) && !onlyStarted(fn) {
		cg.edge(fn.Parent(), fn, nil) // a closure its creator may run synchronously
	}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			com := call.Common()
			if g, isGo := instr.(*ssa.Go); isGo {
				cg.goEntry(g, com.StaticCallee())
				continue
			}
			if com.IsInvoke() {
				for _, m := range methods[com.Method.Name()] {
					cg.edge(fn, m, instr)
				}
			} else if callee := com.StaticCallee(); callee != nil && callee.Blocks != nil {
				cg.edge(fn, callee, instr)
			}
		}
	}
}

// callSite is a call of a function from another; instr is nil when the
// call does not appear in the caller (a callback run by other code).
type callSite struct {
	caller *ssa.Function
	instr  ssa.Instruction
}

func (cg *callGraph) edge(from, to *ssa.Function, instr ssa.Instruction) {
	cg.callees[from] = append(cg.callees[from], to)
	cg.callSites[to] = append(cg.callSites[to], callSite{from, instr})
	cg.hasCaller[to] = true
}

// goEntry records the target of a go statement as an entry point.
func (cg *callGraph) goEntry(g *ssa.Go, target *ssa.Function) {
	if target == nil || target.Blocks == nil {
		return
	}
	if e, ok := cg.entries[target]; ok {
		e.multi = true
		return
	}
	cg.entries[target] = &entry{name: "go " + cg.funcName(target), multi: inLoop(g.Block())}
	cg.hasCaller[target] = true
}

// addRoots makes entry points of functions callable from unknown code and
// of package-level functions nobody in the package calls (main, init,
// unused helpers).
func (cg *callGraph) addRoots() {
	for _, fn := range cg.res.Functions() {
		if _, ok := cg.entries[fn]; ok {
			continue
		}
		switch {
		case cg.res.External(fn):
			cg.entries[fn] = cg.callerEntry(fn)
			cg.entries[fn].caller = fn.Parent() == nil // a closure used as a value may be run by a goroutine
		case !cg.hasCaller[fn] && fn.Parent() == nil:
			e := cg.callerEntry(fn)
			e.seq = e.name == "init" || strings.HasPrefix(e.name, "init#")
			cg.entries[fn] = e
		}
	}
}

// callerEntry makes the entry of a package-level function or method that
// code outside the package calls, telling tests apart.
func (cg *callGraph) callerEntry(fn *ssa.Function) *entry {
	e := &entry{name: cg.funcName(fn), caller: true}
	if isTest(cg.fset, fn) {
		e.test, e.parallel = true, callsParallel(fn)
	}
	return e
}

// isTest reports whether fn is a function the go command's test runner
// calls: Test, Benchmark, Example or Fuzz in a _test.go file.
func isTest(fset *token.FileSet, fn *ssa.Function) bool {
	if fn.Parent() != nil || fn.Signature.Recv() != nil || !strings.HasSuffix(fset.Position(fn.Pos()).Filename, "_test.go") {
		return false
	}
	for _, p := range []string{"Test", "Benchmark", "Example", "Fuzz"} {
		if strings.HasPrefix(fn.Name(), p) {
			return true
		}
	}
	return false
}

// callsParallel reports whether fn calls a Parallel method (t.Parallel).
func callsParallel(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if callee := c.Call.StaticCallee(); callee != nil && callee.Name() == "Parallel" {
					return true
				}
			}
		}
	}
	return false
}

// reach marks every function reachable from fn as reached by e.
func (cg *callGraph) reach(fn *ssa.Function, e *entry) {
	seen := map[*ssa.Function]bool{fn: true}
	work := []*ssa.Function{fn}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		cg.reachedBy[f] = append(cg.reachedBy[f], e)
		for _, c := range cg.callees[f] {
			if !seen[c] {
				seen[c] = true
				work = append(work, c)
			}
		}
	}
}

// funcName names a function for diagnostics.
func (cg *callGraph) funcName(fn *ssa.Function) string {
	if fn.Parent() != nil {
		p := cg.fset.Position(fn.Pos())
		return fmt.Sprintf("func literal at %s:%d", filepath.Base(p.Filename), p.Line)
	}
	name := fn.RelString(cg.res.Package().Pkg)
	name = strings.TrimSuffix(strings.TrimSuffix(name, "$bound"), "$thunk")
	return name
}

// inLoop reports whether b lies on a cycle of its function's CFG.
func inLoop(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			work = append(work, x.Succs...)
		}
	}
	return false
}

// onlyStarted reports whether the closure fn is used by its creator only
// as the function of go statements, so that the creator never runs it
// itself.
func onlyStarted(fn *ssa.Function) bool {
	started := false
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				continue // judged by the uses of its value
			}
			for _, op := range instr.Operands(nil) {
				if !denotes(*op, fn) {
					continue
				}
				g, isGo := instr.(*ssa.Go)
				if !isGo || g.Call.Value != *op || g.Call.IsInvoke() {
					return false
				}
				started = true
			}
		}
	}
	return started
}

// denotes reports whether v is fn or a closure of fn.
func denotes(v ssa.Value, fn *ssa.Function) bool {
	if mc, ok := v.(*ssa.MakeClosure); ok {
		return mc.Fn == fn
	}
	return v == fn
}
