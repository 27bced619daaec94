package rewrite

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the want.go files of testdata/golden")

// goldenCase is one directory of testdata/golden.
type goldenCase struct {
	name    string
	dir     string
	lang    string // GoVersion for the rewrite ("" = latest)
	test    bool   // the input is a _test.go file of a test compile
	compile bool   // the output is compiled (false only for negative cases)
}

// filename is the name the input is given: <case>.go or <case>_test.go.
func (c goldenCase) filename() string {
	if c.test {
		return c.name + "_test.go"
	}
	return c.name + ".go"
}

// goldenCases lists testdata/golden/<case>, reading each optional config
// file: lines "lang go1.21" and "test".
func goldenCases(t testing.TB) []goldenCase {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("testdata", "golden", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	var cases []goldenCase
	for _, dir := range dirs {
		c := goldenCase{name: filepath.Base(dir), dir: dir, compile: true}
		if cfg, err := os.ReadFile(filepath.Join(dir, "config")); err == nil {
			for _, line := range strings.Split(string(cfg), "\n") {
				f := strings.Fields(line)
				switch {
				case len(f) == 2 && f[0] == "lang":
					c.lang = f[1]
				case len(f) == 1 && f[0] == "test":
					c.test = true
				}
			}
		}
		cases = append(cases, c)
	}
	return cases
}

var (
	importerOnce sync.Once
	stdImporter  types.Importer
)

// initImporter makes one importer for the standard library and this
// module's packages (rt), from source, so that both see the same packages.
func initImporter() {
	stdImporter = importer.ForCompiler(token.NewFileSet(), "source", nil)
}

// typeCheck parses and type-checks one file as a package.
func typeCheck(t testing.TB, filename string, src []byte, lang string) *Input {
	t.Helper()
	importerOnce.Do(initImporter)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Implicits: map[ast.Node]types.Object{}, Instances: map[*ast.Ident]types.Instance{},
		Scopes: map[ast.Node]*types.Scope{}, FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{Importer: stdImporter, GoVersion: lang}
	pkg, err := conf.Check("example.com/"+f.Name.Name, fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatalf("type-check input: %v", err)
	}
	return &Input{Fset: fset, Files: []*ast.File{f}, Filenames: []string{filename}, Pkg: pkg, Info: info,
		ImportPath: pkg.Path(), GoVersion: lang, IsTest: strings.HasSuffix(filename, "_test.go")}
}

// rewriteCase rewrites a case's input and returns the new source (the input
// itself when nothing changed) and the warnings.
func rewriteCase(t *testing.T, c goldenCase) ([]byte, *Output) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(c.dir, "input.go"))
	if err != nil {
		t.Fatal(err)
	}
	in := typeCheck(t, c.filename(), src, c.lang)
	out, err := Package(in)
	if err != nil {
		t.Fatalf("Package: %v", err)
	}
	if got, ok := out.Files[c.filename()]; ok {
		return got, out
	}
	return src, out
}

// TestGolden compares every case's rewrite with its want.go.
func TestGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			got, out := rewriteCase(t, c)
			wantFile := filepath.Join(c.dir, "want.go")
			if *update {
				if err := os.WriteFile(wantFile, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(wantFile)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("rewrite of %s differs from want.go (run with -update after checking):\n%s", c.name, lineDiff(string(want), string(got)))
			}
			for _, w := range out.Warnings {
				t.Logf("warning: %s", w)
			}
		})
	}
}

// lineDiff shows the first differing lines of two texts.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl && shown < 10 {
			fmt.Fprintf(&b, "line %d:\n  want: %s\n  got:  %s\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}
