// Package rewrite routes the visible operations of one type-checked Go
// package into the vtbound runtime (package rt).
//
// It rewrites, with github.com/dave/dst, shared-memory accesses (package-level
// variables, variables captured by closures, fields reached through pointers),
// go statements, channel operations (make, send, receive, close, range, select),
// and calls of the standard-library APIs it models (sync, sync/atomic, time,
// context, ...: one table, apiTable in apis.go), and wraps test functions in
// rt.Test. Every statement keeps the position of the user's original source
// through //line directives.
//
// A construct that cannot be rewritten safely is left unchanged and reported
// in Output.Warnings; a file that cannot be rewritten at all makes Package
// return an error naming it, so the caller compiles the package unchanged.
package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"
)

// RTPath is the import path of the runtime package that rewritten code calls.
const RTPath = "github.com/vtbound/vtbound/rt"

// Input is one package to rewrite, already parsed and type-checked.
type Input struct {
	Fset       *token.FileSet
	Files      []*ast.File
	Filenames  []string // Filenames[i] is the path the compiler was given for Files[i]
	Pkg        *types.Package
	Info       *types.Info // needs Types, Defs, Uses, Selections, Implicits, Instances, Scopes, FileVersions
	ImportPath string
	GoVersion  string // from -lang, e.g. "go1.21"; "" means the latest language version
	IsTest     bool   // the package is compiled with its _test.go files

	// Groups, when set, names the variable group of an access expression
	// (an *ast.Ident, *ast.SelectorExpr or *ast.IndexExpr of the original
	// syntax) and says whether it may be shared. shared=false leaves the
	// access uninstrumented; group "" falls back to the default naming.
	Groups func(e ast.Expr) (group string, shared bool)

	// Allocs, when set, says whether the objects allocated by e (an
	// &T{...} or new(T) expression of the original syntax) may be shared;
	// only those allocations are registered with rt.Alloc. When nil, every
	// allocation of a struct is registered.
	Allocs func(e ast.Expr) (shared bool)

	// ConcurrencyOnly rewrites the concurrency operations only (go
	// statements, channels, select, sync, sync/atomic, time): no memory
	// access is instrumented, no allocation registered, no test function
	// wrapped, and the sites are registered as a dependency's
	// (rt.RegisterDependency). The compile wrapper uses it for packages
	// outside VTBOUND_SCOPE, so that their goroutines and waits run under
	// control without the cost of tracking their memory.
	ConcurrencyOnly bool

	// Check, when set, type-checks the rewritten package with this importer
	// (which must resolve RTPath); a failure makes Package return an error.
	// Rewritten files are always re-parsed.
	Check types.Importer
}

// Output holds the rewritten files.
type Output struct {
	// Files maps an original filename (as in Input.Filenames) to its new
	// source, with //line directives. Unchanged files are absent.
	Files    map[string][]byte
	Warnings []string // one line per construct left unchanged, with its position
	NeedsRT  bool     // the rewritten files import rt

	Sites       int // instrumented memory-access sites
	AccessSites int // all memory-access sites seen (instrumented or not)
	AllocSites  int // allocation sites registered with rt.Alloc
}

// Package rewrites one package. It returns an error naming the file and the
// construct when a file cannot be rewritten safely; the caller should then
// compile the package unchanged.
func Package(in *Input) (*Output, error) {
	if err := checkInput(in); err != nil {
		return nil, err
	}
	if in.ConcurrencyOnly {
		in = concurrencyOnly(in)
	}
	p := newPkgRewriter(in)
	out := &Output{Files: map[string][]byte{}}
	var files []*fileRewriter
	changed := false
	for i, f := range in.Files {
		name := in.Filenames[i]
		if skipFile(f, name) {
			continue
		}
		fr, err := p.rewriteFile(f, name)
		if err != nil {
			return nil, fmt.Errorf("rewrite %s: %w", name, err)
		}
		files = append(files, fr)
		changed = changed || fr.changed
	}
	out.Warnings = p.warnings
	out.Sites, out.AccessSites, out.AllocSites = p.accessInstrumented, p.accessSeen, p.allocRegistered
	if !changed {
		return out, nil
	}
	files[0].addRegistration()
	p.placeSiteBase(files, files[0])
	for _, fr := range files {
		if !fr.changed {
			continue
		}
		src, err := fr.print()
		if err != nil {
			return nil, fmt.Errorf("rewrite %s: print: %w", fr.filename, err)
		}
		out.Files[fr.filename] = src
	}
	out.NeedsRT = true
	if err := verify(in, out); err != nil {
		return nil, err
	}
	return out, nil
}

// checkInput reports a programmer error in the Input.
func checkInput(in *Input) error {
	switch {
	case in == nil || in.Fset == nil || in.Pkg == nil || in.Info == nil:
		return fmt.Errorf("rewrite: incomplete input")
	case len(in.Files) != len(in.Filenames):
		return fmt.Errorf("rewrite %s: %d files but %d filenames", in.ImportPath, len(in.Files), len(in.Filenames))
	case in.Info.Types == nil || in.Info.Uses == nil || in.Info.Defs == nil || in.Info.Selections == nil:
		return fmt.Errorf("rewrite %s: types.Info lacks Types, Uses, Defs or Selections", in.ImportPath)
	}
	return nil
}

// concurrencyOnly returns a copy of in whose hooks leave every memory
// access and allocation uninstrumented, and which wraps no test.
func concurrencyOnly(in *Input) *Input {
	c := *in
	c.Groups = func(ast.Expr) (string, bool) { return "", false }
	c.Allocs = func(ast.Expr) bool { return false }
	c.IsTest = false
	return &c
}

// skipFile reports whether a file is left alone entirely: cgo files and
// files the go command generates.
func skipFile(f *ast.File, name string) bool {
	base := filepath.Base(name)
	if base == "_testmain.go" || strings.HasPrefix(base, "_cgo_") || strings.HasSuffix(base, ".cgo1.go") {
		return true
	}
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil && p == "C" {
			return true
		}
	}
	return false
}
