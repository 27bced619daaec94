package alias

import (
	"encoding/json"
	"go/ast"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/vtbound/vtbound/internal/differential"
)

// moduleDir downloads mod through the module proxy (into GOMODCACHE, not
// into go.mod) and returns its directory.
func moduleDir(tb testing.TB, mod string) string {
	tb.Helper()
	out, err := exec.Command("go", "mod", "download", "-json", mod).Output()
	if err != nil {
		tb.Skipf("go mod download %s: %v (no module proxy?)", mod, err)
	}
	var m struct{ Dir, Version string }
	if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
		tb.Fatalf("go mod download %s: bad answer %s: %v", mod, out, err)
	}
	tb.Logf("%s in %s", mod, m.Dir)
	return m.Dir
}

// withGoMod returns dir, or for a module without a go.mod (a +incompatible
// version) a copy of it with a minimal go.mod declaring path.
func withGoMod(tb testing.TB, path, dir string) string {
	tb.Helper()
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		return dir
	}
	cp := tb.TempDir()
	if err := os.CopyFS(cp, os.DirFS(dir)); err != nil {
		tb.Fatalf("copy %s: %v", dir, err)
	}
	if err := os.WriteFile(filepath.Join(cp, "go.mod"), []byte("module "+path+"\n\ngo 1.16\n"), 0o644); err != nil {
		tb.Fatal(err)
	}
	return cp
}

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

// BenchmarkXSync analyses every package of golang.org/x/sync (latest, from
// the module cache) and reports the fraction of memory-access sites judged
// shared, which is the fraction the compile wrapper instruments.
func BenchmarkXSync(b *testing.B) {
	benchFraction(b, "x/sync", moduleDir(b, "golang.org/x/sync@latest"))
}

// BenchmarkModules does the same for each module of the differential check
// (internal/differential), at its pinned version.
func BenchmarkModules(b *testing.B) {
	for _, m := range differential.Modules {
		b.Run(m.Path, func(b *testing.B) {
			benchFraction(b, m.Path, withGoMod(b, m.Path, moduleDir(b, m.Path+"@"+m.Version)))
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
