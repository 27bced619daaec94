package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the vtbound module root, two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "rt")); err != nil {
		t.Fatalf("rt package not found under %s: %v", root, err)
	}
	return root
}

// writeModule writes a module example.com that requires vtbound through a
// replace directive pointing at this repository, and returns its directory.
func writeModule(t *testing.T, files map[string][]byte) string {
	t.Helper()
	return writeModuleAt(t, t.TempDir(), repoRoot(t), files)
}

// goCmd runs the go command in dir with a clean environment for the build.
func goCmd(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

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
