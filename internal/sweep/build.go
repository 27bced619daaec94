package sweep

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// pkg is one package of the sweep.
type pkg struct {
	Path, Dir   string
	HasTests    bool
	Binary      string // the instrumented test binary, once built
	Fingerprint string // the build key: what the binary is built from (see fingerprint.go)
	BuildError  string
	Tests       []string
	Cached      bool // the binary came from the cache

	depsKey   string            // the build key without the _test.go files
	testFiles []string          // paths of the _test.go files
	testFP    map[string]string // test -> its fingerprint
}

// build gives p its instrumented test binary and lists its tests: from
// the cache in dir when a binary with p's build key is there (unless
// -rebuild), otherwise compiled (go test -c -toolexec) and cached. A
// failure is recorded in p.BuildError.
func build(ctx context.Context, cfg *Config, p *pkg, dir string) {
	bin := filepath.Join(dir, safeName(p.Path)+"-"+p.Fingerprint[:16]+".test")
	list := bin + ".list"
	names, err := os.ReadFile(list)
	if _, serr := os.Stat(bin); err == nil && serr == nil && !cfg.Rebuild {
		now := time.Now()
		os.Chtimes(bin, now, now)
		p.Binary, p.Cached = bin, true
	} else if names, err = compile(ctx, cfg, p, bin); err != nil || names == nil {
		if err != nil {
			p.BuildError = err.Error()
		}
		return
	}
	p.Tests = selectTests(cfg, names)
	p.testFingerprints()
	pruneCache(dir, safeName(p.Path)+"-", bin)
}

// compile builds p's test binary into bin through a temporary file, lists
// its tests into bin+".list" and returns the list; nil without error when
// the package has no test binary.
func compile(ctx context.Context, cfg *Config, p *pkg, bin string) ([]byte, error) {
	tmp := fmt.Sprintf("%s.%d.tmp", bin, os.Getpid())
	defer os.Remove(tmp)
	args := append([]string{"test", "-c", "-o", tmp, "-toolexec=" + cfg.Tool}, cfg.BuildFlags...)
	cmd := exec.CommandContext(ctx, "go", append(args, p.Path)...)
	cmd.Dir = cfg.Dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, errors.New(strings.TrimSpace(fmt.Sprintf("%s\n%v", compileErrors(out), err)))
	}
	if _, err := os.Stat(tmp); err != nil {
		p.HasTests = false // go test -c writes nothing for a package without tests
		return nil, nil
	}
	names, err := listTests(ctx, tmp, p)
	if err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, bin); err != nil {
		return nil, err
	}
	p.Binary = bin
	return names, writeAtomic(bin+".list", names)
}

// writeAtomic writes a file through a temporary one and a rename, so a
// reader sees all of it or nothing.
func writeAtomic(path string, data []byte) error {
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// cacheAge is how long a cached binary of a package outlives a newer one.
const cacheAge = time.Hour

// pruneCache removes the package's other cached binaries (prefix) that
// were not used within cacheAge: one binary per package is kept, and one
// a concurrent sweep may be running is not removed under it.
func pruneCache(dir, prefix, keep string) {
	old, _ := filepath.Glob(filepath.Join(dir, prefix+"*"))
	for _, f := range old {
		key, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(f), prefix), ".")
		if f == keep || f == keep+".list" || strings.HasSuffix(f, ".tmp") || len(key) != 16 {
			continue // not this package's (a path that extends it: p-x), or in use
		}
		if fi, err := os.Stat(f); err == nil && time.Since(fi.ModTime()) > cacheAge {
			os.Remove(f)
		}
	}
}

// listTests runs the binary with -test.list and returns its output.
func listTests(ctx context.Context, bin string, p *pkg) ([]byte, error) {
	cmd := exec.CommandContext(ctx, bin, "-test.list", ".")
	cmd.Dir = p.Dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s -test.list: %v", p.Path, err)
	}
	return out, nil
}

// selectTests keeps the top-level tests of a -test.list output that -run
// selects.
func selectTests(cfg *Config, list []byte) []string {
	var tests []string
	for _, name := range strings.Fields(string(list)) {
		if strings.HasPrefix(name, "Test") && (cfg.Run == nil || cfg.Run.MatchString(name)) {
			tests = append(tests, name)
		}
	}
	return tests
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// compileErrors drops go test's "# package" header lines from its output
// so the first line is the first error.
func compileErrors(out []byte) string {
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(l, "# ") && strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}
