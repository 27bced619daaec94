package alias

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Options configures an analysis.
type Options struct {
	// Sanity enables a check of the solver's invariants after solving;
	// Analyze fails if one does not hold.
	Sanity bool
}

// Site is one memory access found in the package's SSA form.
type Site struct {
	Pos    token.Pos       // position of the access (identifier, selector name, '[' or '*')
	Group  string          // variable group of the accessed location
	Shared bool            // may be reachable by more than one goroutine
	Write  bool            // a store (or map update) rather than a load
	Instr  ssa.Instruction // the load, store, lookup or map update
}

// AllocSite is an allocation whose objects a site may access.
type AllocSite struct {
	Pos    token.Pos // position of the allocation (SSA position: '{' of a literal, '(' of new/make)
	Group  string    // alloc:file.go:line:col, or the local variable's group
	Shared bool      // objects allocated here may be reachable by more than one goroutine
}

// Result is the answer of the analysis for one package. It is immutable and
// safe for concurrent queries.
type Result struct {
	fset *token.FileSet
	pkg  *types.Package
	info *types.Info
	ssa  *ssa.Package
	g    *graph

	vals      map[ssa.Value]int32        // L(v): class of what v points to
	varAllocs map[token.Pos][]*ssa.Alloc // named locals kept in memory, by declaration
	allocVals map[token.Pos][]ssa.Value  // allocation instructions by position
	records   map[token.Pos][]siteRec    // what each access position touches
	allocs    map[token.Pos]*AllocSite   // allocation sites by SSA position
	sites     []Site                     // all loads/stores, sorted by position
	funcs     []*ssa.Function            // functions with bodies that were analysed
	external  map[*ssa.Function]bool     // functions callable from unknown code
}

// siteRec is what one SSA instruction says about one source position.
type siteRec struct {
	group  string
	shared bool
	memory bool      // false for value extractions (Field, Index) that touch no memory
	addr   bool      // an address computation (FieldAddr, IndexAddr), not the access itself
	class  ssa.Value // the address (or map) whose points-to class is accessed; nil if none
}

// Analyze runs the analysis with default options. See AnalyzeWith.
func Analyze(fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info) (*Result, error) {
	return AnalyzeWith(fset, files, pkg, info, Options{})
}

// AnalyzeWith builds SSA for pkg (imports from their types only), solves
// the alias and escape constraints and returns the queryable result.
func AnalyzeWith(fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info, opts Options) (*Result, error) {
	sp, err := buildSSA(fset, files, pkg, info)
	if err != nil {
		return nil, fmt.Errorf("alias %s: %w", pkg.Path(), err)
	}
	return analyzeSSA(sp, info, opts)
}

// analyzeSSA runs the three phases on a built SSA package. An internal
// failure on unexpected input becomes an error: callers then treat every
// site as shared.
func analyzeSSA(sp *ssa.Package, info *types.Info, opts Options) (res *Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, fmt.Errorf("alias %s: internal error: %v", sp.Pkg.Path(), p)
		}
	}()
	r := &Result{
		fset:      sp.Prog.Fset,
		pkg:       sp.Pkg,
		info:      info,
		ssa:       sp,
		g:         &graph{},
		vals:      map[ssa.Value]int32{},
		varAllocs: map[token.Pos][]*ssa.Alloc{},
		allocVals: map[token.Pos][]ssa.Value{},
		records:   map[token.Pos][]siteRec{},
		allocs:    map[token.Pos]*AllocSite{},
		external:  map[*ssa.Function]bool{},
	}
	b := newBuilder(r, info)
	b.build()
	r.solve()
	r.index()
	if opts.Sanity {
		if err := r.sanityCheck(); err != nil {
			return nil, fmt.Errorf("alias %s: sanity: %w", sp.Pkg.Path(), err)
		}
	}
	return r, nil
}

// Classify is SiteGroup in the shape of the rewriter's Groups hook
// (toolexec/rewrite.Input.Groups): an expression the analysis does not
// recognise as a memory access is reported shared with group "", which
// leaves the naming to the caller.
func (r *Result) Classify(e ast.Expr) (group string, shared bool) {
	group, shared, ok := r.SiteGroup(e)
	if !ok {
		return "", true
	}
	return group, shared
}

// Package returns the SSA form of the analysed package.
func (r *Result) Package() *ssa.Package { return r.ssa }

// Functions returns the analysed functions with bodies, in a stable order.
func (r *Result) Functions() []*ssa.Function { return r.funcs }

// External reports whether fn may be called by code the analysis does not
// see (exported, used as a value, or a method reachable through interfaces).
func (r *Result) External(fn *ssa.Function) bool { return r.external[fn] }

// Sites returns every load, store, map lookup and map update, sorted by
// position.
func (r *Result) Sites() []Site { return r.sites }

// AllocSites returns the allocation sites of the package, sorted by
// position. Shared ones must be registered with the runtime so dynamic
// objects can be named by (allocation site, loop-iteration number).
func (r *Result) AllocSites() []AllocSite {
	out := make([]AllocSite, 0, len(r.allocs))
	for _, a := range r.allocs {
		out = append(out, *a)
	}
	sortAllocs(out)
	return out
}

// errMissingInfo reports a types.Info without a map go/ssa needs.
var errMissingInfo = errors.New("types.Info lacks a map go/ssa needs (Types, Defs, Uses, Implicits, Instances, Scopes, Selections, FileVersions)")
