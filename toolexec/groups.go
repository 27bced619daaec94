package toolexec

import (
	"go/ast"
	"strings"

	"github.com/vtbound/vtbound/internal/alias"
	"github.com/vtbound/vtbound/toolexec/rewrite"
)

// useAnalysis installs the rewriter's Groups and Allocs hooks for a
// package: the alias analysis decides which candidate accesses may touch
// memory shared between goroutines, names their variable groups, and says
// which allocations create objects that may be shared. Accesses the
// analysis cannot classify stay instrumented; when the analysis fails, or
// VTBOUND_ALIAS=off, every candidate is instrumented with the rewriter's
// default group and every struct allocation is registered. A Groups hook
// already set (cover counters) is applied first.
func useAnalysis(env *Env, p *compilePlan, l *loaded, in *rewrite.Input) {
	if env.NoAlias {
		return
	}
	res, err := alias.Analyze(l.fset, l.files, l.pkg, l.info)
	if err != nil {
		env.debugf("compile %s: alias analysis failed, instrumenting every candidate: %v", p.name, err)
		return
	}
	cover := in.Groups
	in.Groups = func(e ast.Expr) (string, bool) {
		if cover != nil {
			if _, shared := cover(e); !shared {
				return "", false
			}
		}
		g, shared := res.Classify(e)
		return qualifyGroup(p.name, g), shared
	}
	in.Allocs = func(e ast.Expr) bool {
		_, shared, ok := res.AllocGroup(e)
		return !ok || shared
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
