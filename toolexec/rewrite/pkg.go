package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"path/filepath"
)

// site is one entry of the package's rt.Site table.
type site struct {
	file      string
	line, col int
	kind      string // name of an rt.SiteKind constant, e.g. "KRead"
	group     string // "" for non-access sites
	name      string // the accessed expression as written, for reports
}

// pkgRewriter holds the state shared by all files of one package.
//
// Invariant: groupIndex[g] < len(groupOrder) and groupOrder[groupIndex[g]] == g.
type pkgRewriter struct {
	in        *Input
	captured  map[*types.Var]bool // captured variables that may change
	addressed map[*types.Var]bool // local variables whose address is taken
	mutable   map[*types.Var]bool

	sites      []site
	groupIndex map[string]int
	groupOrder []string
	temps      int
	helpers    map[string]bool      // optional helpers the rewritten code calls
	metering   map[*types.Func]bool // the package's functions that measure memory (meteringFuncs)

	warnings           []string
	accessSeen         int
	accessInstrumented int
	allocRegistered    int
}

// newPkgRewriter prepares the package-wide analyses.
func newPkgRewriter(in *Input) *pkgRewriter {
	p := &pkgRewriter{
		in:         in,
		groupIndex: map[string]int{},
		helpers:    map[string]bool{},
	}
	p.captured = capturedVars(in.Files, in.Info)
	p.mutable = mutableVars(in.Files, in.Info, p.sharedLoopVars)
	for v := range p.captured {
		if !p.mutable[v] {
			delete(p.captured, v)
		}
	}
	p.addressed = addressedVars(in.Files, in.Info)
	return p
}

// warn records a construct left unchanged.
func (p *pkgRewriter) warn(pos token.Pos, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	p.warnings = append(p.warnings, fmt.Sprintf("%s: %s", p.in.Fset.Position(pos), msg))
}

// newTemp returns a fresh identifier name, unique in the package.
func (p *pkgRewriter) newTemp(kind string) string {
	p.temps++
	return fmt.Sprintf("_vtb%s%d", kind, p.temps)
}

// addSite appends a site and returns its index (the offset from _vtbS).
func (p *pkgRewriter) addSite(pos token.Pos, kind, group, name string) int {
	position := p.in.Fset.Position(pos)
	s := site{file: filepath.Base(position.Filename), line: position.Line, col: position.Column, kind: kind, group: group, name: name}
	if group != "" {
		if _, ok := p.groupIndex[group]; !ok {
			p.groupIndex[group] = len(p.groupOrder)
			p.groupOrder = append(p.groupOrder, group)
		}
	}
	p.sites = append(p.sites, s)
	return len(p.sites) - 1
}

// sharedLoopVars reports whether loop variables of file f are shared by
// all iterations (language version before go1.22, from the file's own
// //go:build version if the type checker recorded one, else from -lang).
func (p *pkgRewriter) sharedLoopVars(f *ast.File) bool {
	v := p.in.GoVersion
	if fv, ok := p.in.Info.FileVersions[f]; ok && fv != "" {
		v = fv
	}
	return v != "" && version.IsValid(v) && version.Compare(v, "go1.22") < 0
}

// capturedVars returns the local variables referenced from a function
// literal that does not declare them.
func capturedVars(files []*ast.File, info *types.Info) map[*types.Var]bool {
	captured := map[*types.Var]bool{}
	for _, f := range files {
		var lits []*ast.FuncLit
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			if fl, ok := n.(*ast.FuncLit); ok {
				lits = append(lits, fl)
			}
			return true
		})
		for _, fl := range lits {
			ast.Inspect(fl.Body, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				v, ok := info.Uses[id].(*types.Var)
				if !ok || v.IsField() || v.Parent() == nil || v.Pkg() == nil {
					return true
				}
				if v.Parent() == v.Pkg().Scope() || v.Parent() == types.Universe {
					return true
				}
				if (v.Pos() < fl.Pos() || v.Pos() >= fl.End()) && !isTestingHandle(v.Type()) {
					captured[v] = true
				}
				return true
			})
		}
	}
	return captured
}

// isGlobal reports whether v is a package-level variable.
func isGlobal(v *types.Var) bool {
	return v != nil && !v.IsField() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// isTestingHandle reports whether t is *testing.T, *testing.B, *testing.F or
// testing.TB: variables of these types are read-only handles shared on
// purpose, not shared state worth scheduling around.
func isTestingHandle(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "testing" {
		return false
	}
	switch n.Obj().Name() {
	case "T", "B", "F", "TB":
		return true
	}
	return false
}
