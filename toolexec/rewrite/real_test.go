//go:build e2e

package rewrite

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// copyModule copies a module from the module cache into dir (writable) and
// makes it require vtbound from this repository.
func copyModule(t *testing.T, src, dir string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	root := repoRoot(t)
	f, err := os.OpenFile(filepath.Join(dir, "go.mod"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("\nrequire github.com/vtbound/vtbound v0.0.0\n\nreplace github.com/vtbound/vtbound => " + root + "\n"); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRewriteRealModule rewrites every package of golang.org/x/sync
// (errgroup, semaphore, singleflight, syncmap: goroutines, channels, select,
// sync, atomics) together with its tests, in a copy of the module, and
// compiles the result, tests included.
func TestRewriteRealModule(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and compiles a third-party module")
	}
	src := filepath.Join(os.Getenv("GOMODCACHE"), "golang.org", "x", "sync@v0.24.0")
	if out, err := goCmd(t, repoRoot(t), "env", "GOMODCACHE"); err == nil {
		src = filepath.Join(strings.TrimSpace(out), "golang.org", "x", "sync@v0.24.0")
	}
	dir := t.TempDir()
	copyModule(t, src, dir)
	cfg := &packages.Config{
		Mode:  packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Tests: true,
		Dir:   dir,
		Env:   append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	rewritten := rewriteLoaded(t, pkgs)
	if rewritten < 4 {
		t.Fatalf("only %d files rewritten", rewritten)
	}
	if got, err := goCmd(t, dir, "test", "-count=1", "-run=^$", "./..."); err != nil {
		t.Fatalf("rewritten module does not compile: %v\n%s", err, got)
	}
}

// rewriteLoaded rewrites each loaded package in place on disk: a package
// compiled with its tests is rewritten in that form only. It returns the
// number of files written.
func rewriteLoaded(t *testing.T, pkgs []*packages.Package) int {
	t.Helper()
	hasTestVariant := map[string]bool{}
	for _, p := range pkgs {
		if p.ID == p.PkgPath+" ["+p.PkgPath+".test]" {
			hasTestVariant[p.PkgPath] = true
		}
	}
	n := 0
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.ID, p.Errors)
		}
		if strings.HasSuffix(p.ID, ".test") || hasTestVariant[p.ID] {
			continue
		}
		in := &Input{Fset: p.Fset, Files: p.Syntax, Filenames: p.CompiledGoFiles, Pkg: p.Types, Info: p.TypesInfo,
			ImportPath: p.PkgPath, IsTest: strings.Contains(p.ID, "[")}
		out, err := Package(in)
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		for _, w := range out.Warnings {
			t.Logf("%s: %s", p.ID, w)
		}
		for name, src := range out.Files {
			if err := os.WriteFile(name, src, 0o644); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	return n
}
