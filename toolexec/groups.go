package toolexec

import (
	"go/ast"
	"strings"

	"github.com/vtbound/vtbound/internal/alias"
)

// groupsHook returns the rewriter's Groups hook for a package: the alias
// analysis decides which candidate accesses may touch memory shared
// between goroutines and names their variable groups. Accesses the analysis
// cannot classify stay instrumented; when the analysis fails, or
// VTBOUND_ALIAS=off, every candidate is instrumented with the rewriter's
// default group. cover, when not nil, is applied first (cover counters).
func groupsHook(env *Env, p *compilePlan, l *loaded, cover func(ast.Expr) (string, bool)) func(ast.Expr) (string, bool) {
	if env.NoAlias {
		return cover
	}
	res, err := alias.Analyze(l.fset, l.files, l.pkg, l.info)
	if err != nil {
		env.debugf("compile %s: alias analysis failed, instrumenting every candidate: %v", p.name, err)
		return cover
	}
	return func(e ast.Expr) (string, bool) {
		if cover != nil {
			if _, shared := cover(e); !shared {
				return "", false
			}
		}
		g, shared := res.Classify(e)
		return qualifyGroup(p.name, g), shared
	}
}

// qualifyGroup makes the package-local group names of the analysis
// (captured variables "file.go:line:col", allocation sites "alloc:...",
// container elements "elem:<group>") unique across packages by prefixing
// the import path, as the rewriter's own default names are. Names of
// package-level variables and fields ("pkg.v", "pkg.T.f") and of types
// ("type:...") are global already.
func qualifyGroup(pkg, g string) string {
	switch {
	case g == "", strings.HasPrefix(g, "type:"):
		return g
	case strings.HasPrefix(g, "alloc:"):
		return "alloc:" + qualifyGroup(pkg, strings.TrimPrefix(g, "alloc:"))
	case strings.HasPrefix(g, "elem:"):
		return "elem:" + qualifyGroup(pkg, strings.TrimPrefix(g, "elem:"))
	case strings.Contains(g, ":") && !strings.Contains(g, "/"):
		return pkg + "/" + g
	}
	return g
}
