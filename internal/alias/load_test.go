package alias

import (
	"fmt"
	"go/ast"
	"os"
	"testing"

	"golang.org/x/tools/go/packages"
)

// loadMode is what Analyze needs: syntax and full type information for the
// packages themselves, dependencies from export data.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports

// load type-checks the packages matching patterns in the module at dir.
func load(tb testing.TB, dir string, patterns ...string) []*packages.Package {
	tb.Helper()
	cfg := &packages.Config{Mode: loadMode, Dir: dir, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		tb.Fatalf("load %s: %v", dir, err)
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			tb.Fatalf("load %s: %v", p.PkgPath, e)
		}
	}
	return pkgs
}

// analyze runs the analysis with the sanity check on.
func analyze(tb testing.TB, p *packages.Package) *Result {
	tb.Helper()
	r, err := AnalyzeWith(p.Fset, p.Syntax, p.Types, p.TypesInfo, Options{Sanity: true})
	if err != nil {
		tb.Fatalf("analyze %s: %v", p.PkgPath, err)
	}
	return r
}

// accessExprs returns every expression of f that denotes a memory location
// according to r, keyed by line.
func accessExprs(r *Result, f *ast.File) map[int][]ast.Expr {
	out := map[int][]ast.Expr{}
	ast.Inspect(f, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if pos, ok := r.accessPos(e); ok {
			line := r.fset.Position(pos).Line
			out[line] = append(out[line], e)
		}
		return true
	})
	return out
}

func describe(r *Result, e ast.Expr) string {
	g, s, _ := r.SiteGroup(e)
	return fmt.Sprintf("%s=%s/shared=%v", types2str(e), g, s)
}

func types2str(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return types2str(e.X) + "." + e.Sel.Name
	case *ast.IndexExpr:
		return types2str(e.X) + "[]"
	case *ast.StarExpr:
		return "*" + types2str(e.X)
	}
	return fmt.Sprintf("%T", e)
}
