package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
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
