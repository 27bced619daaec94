package rewrite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// initOrderSrc is a registry filled by package-level initialisers: the
// first file has nothing to rewrite, the second calls instrumented code.
var initOrderSrc = map[string]string{
	"a.go": `package main

var _ = register("json")
var _ = register("yaml")
var n = len(registry)
`,
	"b.go": `package main

import "fmt"

var registry []string

func register(name string) int {
	registry = append(registry, name)
	return len(registry)
}

func main() { fmt.Printf("n=%d registry=%v\n", n, registry) }
`,
}

// TestInitOrderKept: the rewrite keeps Go's package initialisation order.
// Variables whose initialisers call instrumented code are initialised where
// Go puts them, not after every independent variable (n = 2, not 0).
func TestInitOrderKept(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go run on a rewritten module")
	}
	dir := t.TempDir()
	srcs := map[string]string{}
	for name, src := range initOrderSrc {
		srcs[filepath.Join(dir, name)] = src
	}
	in := typeCheckFiles(t, srcs)
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for name, src := range initOrderSrc {
		files["reg/"+name] = []byte(src)
		if got, ok := out.Files[filepath.Join(dir, name)]; ok {
			files["reg/"+name] = got
		}
	}
	if _, ok := out.Files[filepath.Join(dir, "a.go")]; !ok {
		t.Fatalf("a.go, the first file, does not hold the registration")
	}
	mod := writeModuleAt(t, dir, repoRoot(t), files)
	got, err := goCmd(t, mod, "run", "./reg")
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, got)
	}
	if want := "n=2 registry=[json yaml]"; !strings.Contains(got, want) {
		t.Errorf("rewritten program printed %q, want %q (as natively)", strings.TrimSpace(got), want)
	}
}

// staticSrc has static copies before and after the first initialiser that
// runs code; the compiler initialises b statically only while no earlier
// initialiser may have changed a.
const staticSrc = `package main

var a = 1
var b = a
var h = 0

func f() int { h++; return h }

var c = f()
var d = a

func main() { println(a, b, c, d) }
`

// TestSiteBaseInitOrder: the site base is initialised right before the
// first variable whose initialiser runs code, so that the variables before
// it keep their static initialisation, and the order of the package's own
// variables is Go's.
func TestSiteBaseInitOrder(t *testing.T) {
	in := typeCheck(t, "static.go", []byte(staticSrc), "")
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	src, ok := out.Files["static.go"]
	if !ok {
		t.Fatal("nothing rewritten")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "static.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{}
	conf := types.Config{Importer: stdImporter}
	if _, err := conf.Check("main", fset, []*ast.File{f}, info); err != nil {
		t.Fatalf("type-check the rewrite: %v\n%s", err, src)
	}
	var order []string
	for _, init := range info.InitOrder {
		order = append(order, init.Lhs[0].Name())
	}
	if got, want := strings.Join(order, " "), "a b h _vtbS c d"; got != want {
		t.Errorf("initialisation order %q, want %q", got, want)
	}
}
