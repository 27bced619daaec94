package rewrite

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// typeCheckFiles parses and type-checks several files as one package.
func typeCheckFiles(t *testing.T, srcs map[string]string) *Input {
	t.Helper()
	importerOnce.Do(initImporter)
	fset := token.NewFileSet()
	var names []string
	for n := range srcs {
		names = append(names, n)
	}
	sort.Strings(names)
	var files []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(fset, n, srcs[n], parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Implicits: map[ast.Node]types.Object{}, Instances: map[*ast.Ident]types.Instance{},
		Scopes: map[ast.Node]*types.Scope{}, FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{Importer: stdImporter, FakeImportC: true}
	pkg, err := conf.Check("example.com/"+files[0].Name.Name, fset, files, info)
	if err != nil {
		t.Fatalf("type-check: %v", err)
	}
	return &Input{Fset: fset, Files: files, Filenames: names, Pkg: pkg, Info: info, ImportPath: pkg.Path()}
}

func TestNothingToRewrite(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{"a.go": "package a\n\nfunc F(x int) int { y := x; y++; return y }\n"})
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Files) != 0 || out.NeedsRT || out.Sites != 0 || out.AccessSites != 0 {
		t.Errorf("got %+v, want no files, no rt, no sites", out)
	}
}

func TestCgoFileSkipped(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{
		"a.go": "package a\n\nimport \"C\"\n\nvar shared int\n\nfunc F() { shared++; go F() }\n",
		"b.go": "package a\n\nfunc G() { shared++ }\n",
	})
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := out.Files["a.go"]; ok {
		t.Error("cgo file a.go was rewritten")
	}
	if _, ok := out.Files["b.go"]; !ok {
		t.Error("b.go was not rewritten")
	}
}

func TestRegistrationInOneFile(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{
		"a.go": "package a\n\nimport \"sync\"\n\nvar mu sync.Mutex\n\nfunc A() { mu.Lock(); mu.Unlock() }\n",
		"b.go": "package a\n\nvar n int\n\nfunc B() { n++; f := mu.Lock; f() }\n",
		"c.go": "package a\n\nfunc C() int { return 1 }\n",
	})
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Files) != 2 {
		t.Fatalf("rewrote %d files, want a.go and b.go", len(out.Files))
	}
	regs := 0
	for name, src := range out.Files {
		regs += strings.Count(string(src), "_vtbrt.RegisterTable(")
		if name == "a.go" && !strings.Contains(string(src), `"b.go\t5\t12\tKWrite\texample.com/a.n\tn\n"`) {
			t.Errorf("a.go's site table lacks b.go's write of n:\n%s", src)
		}
	}
	if regs != 1 {
		t.Errorf("found %d registrations, want 1", regs)
	}
	files := map[string][]byte{"a/c.go": []byte("package a\n\nfunc C() int { return 1 }\n")}
	for name, src := range out.Files {
		files[filepath.Join("a", name)] = src
	}
	if got, err := goCmd(t, writeModule(t, files), "build", "./..."); err != nil {
		t.Fatalf("multi-file rewrite does not compile: %v\n%s", err, got)
	}
}

func TestGroupsHook(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{
		"a.go": "package a\n\nvar hot, cold int\n\nfunc F() { hot++; cold++ }\n",
	})
	in.Groups = func(e ast.Expr) (string, bool) {
		switch ast.Unparen(e).(*ast.Ident).Name {
		case "hot":
			return "alias#1", true
		}
		return "", false
	}
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	src := string(out.Files["a.go"])
	if !strings.Contains(src, `\tKWrite\talias#1\t`) || strings.Contains(src, "&cold") {
		t.Errorf("hook not applied:\n%s", src)
	}
	if out.Sites != 1 || out.AccessSites != 2 {
		t.Errorf("Sites, AccessSites = %d, %d; want 1, 2", out.Sites, out.AccessSites)
	}
}

func TestSiteCounts(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{
		"a.go": `package a

type T struct{ f int }

var g int

func F(p *T) func() int {
	local := 0
	g = p.f + local
	return func() int { local++; return local }
}
`,
	})
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	// g (write), p.f (read), local (read, write and read in the closure, read in F).
	if out.Sites != 5 || out.AccessSites != 5 {
		t.Errorf("Sites, AccessSites = %d, %d; want 5, 5", out.Sites, out.AccessSites)
	}
}

func TestCheckImporter(t *testing.T) {
	c := goldenCase{name: "mutex", dir: filepath.Join("testdata", "golden", "mutex")}
	src, _ := rewriteCase(t, c)
	in := typeCheckFiles(t, map[string]string{"mutex.go": mustRead(t, filepath.Join(c.dir, "input.go"))})
	in.Check = importer.ForCompiler(token.NewFileSet(), "source", nil)
	out, err := Package(in)
	if err != nil {
		t.Fatalf("rewritten package does not type-check: %v", err)
	}
	if string(out.Files["mutex.go"]) != string(src) {
		t.Error("Check changed the output")
	}
	bad := &Output{Files: map[string][]byte{"mutex.go": []byte("package mutex\n\nfunc F() { undefinedName() }\n")}}
	if err := verify(in, bad); err == nil || !strings.Contains(err.Error(), "type-check") {
		t.Errorf("verify of a broken output: got %v, want a type-check error", err)
	}
	bad.Files["mutex.go"] = []byte("package mutex\n\nfunc F() {\n")
	if err := verify(in, bad); err == nil || !strings.Contains(err.Error(), "parse") {
		t.Errorf("verify of unparsable output: got %v, want a parse error", err)
	}
}

func TestBadInput(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{"a.go": "package a\n"})
	in.Filenames = nil
	if _, err := Package(in); err == nil {
		t.Error("Package accepted mismatched Files and Filenames")
	}
	if _, err := Package(&Input{}); err == nil {
		t.Error("Package accepted an empty Input")
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWrapOnlyTestFiles(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{
		"a.go":      "package a\n\nimport \"testing\"\n\nvar n int\n\nfunc TestX(t *testing.T) { n++ }\n",
		"b_test.go": "package a\n\nimport \"testing\"\n\nfunc TestY(t *testing.T) { n++ }\n",
	})
	in.IsTest = true
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out.Files["a.go"]), "_vtbrt.Test(") {
		t.Error("TestX in a non-test file was wrapped")
	}
	if !strings.Contains(string(out.Files["b_test.go"]), "_vtbrt.Test(") {
		t.Error("TestY in b_test.go was not wrapped")
	}
	in.IsTest = false
	out, err = Package(in)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out.Files["b_test.go"]), "_vtbrt.Test(") {
		t.Error("wrapped a test although Input.IsTest is false")
	}
}

// TestFunctionValueWarnings: modelled functions used as values (not
// called) that funcvalue.go cannot model (atomics, interface methods) are
// left unmodelled with one warning each, naming them.
func TestFunctionValueWarnings(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{
		"a.go": "package a\n\nimport (\n\t\"sync\"\n\t\"sync/atomic\"\n)\n\nfunc F(l sync.Locker, n *atomic.Int64) {\n\tadd, lock := atomic.AddInt64, l.Lock\n\t_, _ = add, lock\n\tload := n.Load\n\t_ = load\n}\n",
	})
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(out.Warnings, "\n")
	for _, name := range []string{"AddInt64", "Lock", "Load"} {
		if !strings.Contains(all, name+" used as a function value left unmodelled") {
			t.Errorf("no warning for %s:\n%s", name, all)
		}
	}
}
