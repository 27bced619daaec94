//go:build e2e

package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoldenCompiles compiles every rewritten golden output, test files
// included, against the real rt package with the real compiler.
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a module with the go command")
	}
	files := map[string][]byte{}
	for _, c := range goldenCases(t) {
		if !c.compile {
			continue
		}
		got, _ := rewriteCase(t, c)
		files[filepath.Join(c.name, c.filename())] = got
		extra, err := os.ReadDir(c.dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range extra {
			switch e.Name() {
			case "input.go", "want.go", "config":
				continue
			}
			data, err := os.ReadFile(filepath.Join(c.dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files[filepath.Join(c.name, e.Name())] = data
		}
	}
	dir := writeModule(t, files)
	out, err := goCmd(t, dir, "build", "./...")
	if err != nil {
		t.Fatalf("rewritten golden outputs do not compile: %v\n%s", err, out)
	}
	out, err = goCmd(t, dir, "test", "-vet=off", "-count=1", "-run=^$", "./...")
	if err != nil {
		t.Fatalf("rewritten golden outputs do not compile: %v\n%s", err, out)
	}
	if strings.Contains(out, "FAIL") {
		t.Fatalf("go test reported a failure:\n%s", out)
	}
}
