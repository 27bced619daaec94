package rt_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// rtPath is the import path of package rt; its own packages are rtPath
// and everything under it.
const rtPath = "github.com/vtbound/vtbound/rt"

// listedPackage is the part of `go list -json` output the test needs.
type listedPackage struct {
	ImportPath string
	Standard   bool
}

// TestImports requires that rt, which is linked into users' test binaries,
// depends only on the standard library and its own packages, as listed by
// the real go command.
func TestImports(t *testing.T) {
	pkgs := listDeps(t, rtPath)
	paths := make([]string, len(pkgs))
	for i, p := range pkgs {
		paths[i] = p.ImportPath
	}
	for _, want := range []string{rtPath, rtPath + "/internal/engine", "sync", "testing"} {
		if !slices.Contains(paths, want) {
			t.Errorf("go list -deps %s does not list %s; listed: %v", rtPath, want, paths)
		}
	}
	if bad := foreignDeps(pkgs); len(bad) > 0 {
		t.Errorf("%s depends on packages outside the standard library: %v", rtPath, bad)
	}
}

// TestImportsCheckFlagsForeign checks that the classification used by
// TestImports flags a dependency that is neither standard nor rt's own.
func TestImportsCheckFlagsForeign(t *testing.T) {
	pkgs := []listedPackage{
		{ImportPath: "sync", Standard: true},
		{ImportPath: rtPath},
		{ImportPath: rtPath + "/internal/engine"},
		{ImportPath: "golang.org/x/tools/go/ssa"},
		{ImportPath: "github.com/vtbound/vtbound/rtx"},
		{ImportPath: "github.com/vtbound/vtbound/toolexec"},
	}
	got := foreignDeps(pkgs)
	want := []string{"golang.org/x/tools/go/ssa", "github.com/vtbound/vtbound/rtx", "github.com/vtbound/vtbound/toolexec"}
	if !slices.Equal(got, want) {
		t.Errorf("foreignDeps = %v, want %v", got, want)
	}
}

// foreignDeps returns the import paths that are neither in the standard
// library nor rt's own packages.
func foreignDeps(pkgs []listedPackage) []string {
	var bad []string
	for _, p := range pkgs {
		if p.Standard || p.ImportPath == rtPath || strings.HasPrefix(p.ImportPath, rtPath+"/") {
			continue
		}
		bad = append(bad, p.ImportPath)
	}
	return bad
}

// listDeps runs `go list -deps -json` on pkg from the module root and
// returns the listed packages.
func listDeps(t *testing.T, pkg string) []listedPackage {
	t.Helper()
	cmd := exec.Command(goCommand(t), "list", "-deps", "-json=ImportPath,Standard", pkg)
	cmd.Dir = moduleRoot(t)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, stderr.String())
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("decoding go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// moduleRoot returns the module root: the parent of the test's working
// directory (the rt package directory), which must hold go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatalf("locating module root: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root %s has no go.mod: %v", root, err)
	}
	return root
}

// goCommand returns the go command. go test puts the running toolchain's
// bin directory first in PATH, so this is the toolchain under test.
func goCommand(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command in PATH: %v", err)
	}
	return p
}
