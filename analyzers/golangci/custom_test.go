//go:build integration

package golangci_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// golangciVersion is the golangci-lint release the custom build uses.
const golangciVersion = "v2.15.0"

// TestCustomBinary does what `golangci-lint custom` does with the
// documented .custom-gcl.yml, from the module proxy instead of a git
// clone (golangci-lint clones its repository from GitHub): golangci-lint's
// source with a file importing this plugin, built into a binary, which is
// then run with the documented .golangci.yml on a module with the bundled
// example's bug. It downloads and compiles golangci-lint (10 to 33 minutes
// the first time on a loaded two-core machine, about a minute from a warm
// build cache: -trimpath lets later runs reuse the cache although the
// source is copied to a new directory each time), so it is in the
// integration tier (docs/editors.md).
func TestCustomBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint from source (minutes)")
	}
	start := time.Now()
	bin := buildCustom(t)
	t.Logf("custom-gcl built in %.0fs", time.Since(start).Seconds())
	target := filepath.Join(t.TempDir(), "target")
	if err := os.CopyFS(target, os.DirFS(filepath.Join("testdata", "lintmod"))); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", "./...")
	cmd.Dir = target
	out, _ := cmd.CombinedOutput() // exit status 1: issues found
	for _, want := range []string{
		"inventory.go:34:11: checkact: check-then-act on elem:Inventory.stock",
		"checkact(related information): the check: read under",
		"(vtbound)",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("custom-gcl run lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "sharedvar:") {
		t.Errorf("custom-gcl run reports sharedvar on a map whose every access holds the lock:\n%s", out)
	}
	t.Logf("custom-gcl run on testdata/lintmod:\n%s", out)
}

// buildCustom builds golangci-lint with this plugin the way `golangci-lint
// custom` does and returns the binary.
func buildCustom(t *testing.T) string {
	t.Helper()
	repo, _ := filepath.Abs(filepath.Join("..", ".."))
	src := filepath.Join(t.TempDir(), "golangci-lint")
	mod := run(t, "", "go", "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+golangciVersion)
	dir := field(mod, `"Dir": "`)
	if err := os.CopyFS(src, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	run(t, src, "chmod", "-R", "u+w", ".")
	plugins := "package main\n\nimport _ \"github.com/vtbound/vtbound/analyzers/golangci\"\n"
	if err := os.WriteFile(filepath.Join(src, "cmd", "golangci-lint", "plugins.go"), []byte(plugins), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, src, "go", "mod", "edit", "-require=github.com/vtbound/vtbound@v0.0.0", "-replace=github.com/vtbound/vtbound="+repo)
	run(t, src, "go", "mod", "tidy")
	bin := filepath.Join(t.TempDir(), "custom-gcl")
	run(t, src, "go", "build", "-trimpath", "-o", bin, "./cmd/golangci-lint")
	return bin
}

func run(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// field returns the string value after key in go's JSON output.
func field(out, key string) string {
	i := strings.Index(out, key)
	if i < 0 {
		return ""
	}
	rest := out[i+len(key):]
	return rest[:strings.Index(rest, `"`)]
}
