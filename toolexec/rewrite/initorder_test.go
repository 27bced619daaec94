package rewrite

import (
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

// TestHelperOnlyFileCompiles: a file whose only instrumentation calls a
// helper of the registration file (a whole-value read of a package-level
// struct) imports nothing it does not use (go.uber.org/atomic's time.go
// fell back to the original code for an unused unsafe import).
func TestHelperOnlyFileCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build on a rewritten module")
	}
	srcs := map[string]string{
		"a.go": "package main\n\nfunc main() { println(isZero(T{})) }\n",
		"b.go": "package main\n\ntype T struct{ a, b int }\n\nvar zero T\n\nfunc isZero(v T) bool { return v == zero }\n",
	}
	dir := t.TempDir()
	abs := map[string]string{}
	for name, src := range srcs {
		abs[filepath.Join(dir, name)] = src
	}
	out, err := Package(typeCheckFiles(t, abs))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for name, src := range srcs {
		files["h/"+name] = []byte(src)
		if got, ok := out.Files[filepath.Join(dir, name)]; ok {
			files["h/"+name] = got
		}
	}
	if !strings.Contains(string(files["h/b.go"]), "_vtbRR(") {
		t.Fatalf("b.go's whole-value read is not instrumented:\n%s", files["h/b.go"])
	}
	mod := writeModuleAt(t, dir, repoRoot(t), files)
	if got, err := goCmd(t, mod, "build", "-o", filepath.Join(dir, "h.bin"), "./h"); err != nil {
		t.Fatalf("rewritten package does not compile: %v\n%s", err, got)
	}
}
