package alias

import (
	"go/ast"
	"testing"

	"github.com/vtbound/vtbound/internal/differential"
)

// siteCounts is the number of source-level memory-access expressions and
// how many of them are judged shared, plus the same for SSA loads/stores.
type siteCounts struct{ exprs, sharedExprs, ssa, sharedSSA int }

func (c *siteCounts) add(r *Result, files []*ast.File) {
	for _, f := range files {
		for _, es := range accessExprs(r, f) {
			for _, e := range es {
				_, shared, ok := r.SiteGroup(e)
				if ok {
					c.exprs++
					if shared {
						c.sharedExprs++
					}
				}
			}
		}
	}
	for _, s := range r.Sites() {
		c.ssa++
		if s.Shared {
			c.sharedSSA++
		}
	}
}

// BenchmarkModules analyses every package of each module of the
// differential check (internal/differential, x/sync among them), at its
// pinned version, and reports the fraction of memory-access sites judged
// shared, which is the fraction the compile wrapper instruments.
func BenchmarkModules(b *testing.B) {
	for _, m := range differential.Modules {
		b.Run(m.Path, func(b *testing.B) {
			benchFraction(b, m.Path, differential.Checkout(b, m))
		})
	}
}

// BenchmarkKernels does the same on the project's bug kernels.
func BenchmarkKernels(b *testing.B) {
	benchFraction(b, "kernels", "../../testdata/e2e/kernels")
}

func benchFraction(b *testing.B, name, dir string) {
	pkgs := load(b, dir, "./...")
	b.ResetTimer()
	var c siteCounts
	for i := 0; i < b.N; i++ {
		c = siteCounts{}
		for _, p := range pkgs {
			c.add(analyze(b, p), p.Syntax)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(c.sharedExprs)/float64(c.exprs), "shared-exprs/expr")
	b.ReportMetric(float64(c.sharedSSA)/float64(c.ssa), "shared-ssa/ssa-site")
	b.Logf("%s: %d packages; %d/%d access expressions shared (%.1f%%); %d/%d SSA loads/stores shared (%.1f%%)",
		name, len(pkgs), c.sharedExprs, c.exprs, 100*float64(c.sharedExprs)/float64(c.exprs),
		c.sharedSSA, c.ssa, 100*float64(c.sharedSSA)/float64(c.ssa))
}
