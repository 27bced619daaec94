//go:build e2e

package rewrite

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// compileCases are small packages whose rewrite once failed to compile
// (the compile wrapper then compiles the package unchanged, uninstrumented).
var compileCases = []struct {
	name string
	srcs map[string]string
	want string // a fragment the rewrite of b.go must contain
}{
	// A file whose only instrumentation calls a helper of the registration
	// file must not import unsafe (go.uber.org/atomic's time.go).
	{"helper-only file", map[string]string{
		"a.go": "package main\n\nfunc main() { println(isZero(T{})) }\n",
		"b.go": "package main\n\ntype T struct{ a, b int }\n\nvar zero T\n\nfunc isZero(v T) bool { return v == zero }\n",
	}, "_vtbRR("},
	// A field or array element of a map element has no address
	// ($GOROOT/test/map.go, bigmap.go): the map read is hooked instead.
	{"map element parts", map[string]string{
		"a.go": "package main\n\nfunc main() { println(get(\"k\")) }\n",
		"b.go": "package main\n\ntype T struct{ f int; b [2]byte }\n\nvar m = map[string]T{}\n\nfunc get(k string) int { return m[k].f + int(m[k].b[0]) }\n",
	}, "_vtbM("},
	// copy from a named string type ($GOROOT/test/copy.go).
	{"copy from a named string", map[string]string{
		"a.go": "package main\n\nfunc main() { println(fill()) }\n",
		"b.go": "package main\n\ntype S string\n\nvar buf = make([]byte, 4)\n\nfunc fill() int { return copy(buf, S(\"abcd\")) }\n",
	}, "_vtbCopyS("},
}

// TestRewriteCompiles: each of compileCases compiles after the rewrite.
func TestRewriteCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build on rewritten modules")
	}
	for i, c := range compileCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			abs := map[string]string{}
			for name, src := range c.srcs {
				abs[filepath.Join(dir, name)] = src
			}
			out, err := Package(typeCheckFiles(t, abs))
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{}
			for name, src := range c.srcs {
				files["h/"+name] = []byte(src)
				if got, ok := out.Files[filepath.Join(dir, name)]; ok {
					files["h/"+name] = got
				}
			}
			if !strings.Contains(string(files["h/b.go"]), c.want) {
				t.Fatalf("b.go's rewrite lacks %s:\n%s", c.want, files["h/b.go"])
			}
			mod := writeModuleAt(t, dir, repoRoot(t), files)
			if got, err := goCmd(t, mod, "build", "-o", filepath.Join(dir, fmt.Sprintf("h%d.bin", i)), "./h"); err != nil {
				t.Fatalf("rewritten package does not compile: %v\n%s", err, got)
			}
		})
	}
}
