package differential

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Checkout copies m from the module cache (downloading it through the
// module proxy) into a writable temporary directory of tb, adds a go.mod
// when the version has none (+incompatible), downloads its dependencies,
// and returns the directory. Failures end tb.
func Checkout(tb testing.TB, m Module) string {
	tb.Helper()
	src := downloadDir(tb, m)
	dst := filepath.Join(tb.TempDir(), "m")
	if err := copyTree(src, dst); err != nil {
		tb.Fatalf("copying %s: %v", src, err)
	}
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err != nil {
		goCmd(tb, dst, "mod", "init", m.Path)
		goCmd(tb, dst, "mod", "tidy")
	}
	goCmd(tb, dst, "mod", "download")
	return dst
}

// downloadDir returns the module's directory in the module cache.
func downloadDir(tb testing.TB, m Module) string {
	tb.Helper()
	out := goCmd(tb, "", "mod", "download", "-json", m.Path+"@"+m.Version)
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil {
		tb.Fatalf("go mod download -json %s@%s: %v\n%s", m.Path, m.Version, err, out)
	}
	if info.Error != "" || info.Dir == "" {
		tb.Fatalf("go mod download %s@%s: %q", m.Path, m.Version, info.Error)
	}
	return info.Dir
}

// copyTree copies the regular files under src to dst, writable (the module
// cache is read-only).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// moduleEnv is the environment of go commands on a checked-out module: it
// is standalone, may update its go.sum, and no vtbound or GOFLAGS settings
// of the caller leak in.
func moduleEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "VTBOUND_") && !strings.HasPrefix(kv, "GOFLAGS=") {
			env = append(env, kv)
		}
	}
	return append(env, "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
}

// goCmd runs a go command that must succeed and returns its standard output.
func goCmd(tb testing.TB, dir string, args ...string) []byte {
	tb.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = moduleEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("go %s (in %s): %v\n%s%s", strings.Join(args, " "), dir, err, out, stderr.Bytes())
	}
	return out
}
