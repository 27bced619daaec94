// Package testbin builds the vtbound command once for the tests of a run
// and gives every test package that runs vtbound as a program the same
// binary, as orchestrion's FindOrchestrionBinary does for its tests. It
// also keeps those tests on the machine's build cache: [KeepGoCache] for
// tests that move HOME or XDG_CACHE_HOME, [FixedDir] for copies of the
// repository that are built; and it reads the oracle of a report in their
// output ([ReportsOracle]).
//
// [Vtbound] builds ./cmd/vtbound of the module that holds the calling
// test's package into
//
//	$TMPDIR/vtbound-testbin/KEY/vtbound
//
// where KEY hashes the files the binary is built from (every Go, assembly
// and embedded file of cmd/vtbound's dependencies in this module, as `go
// list -deps` reports them, and go.mod and go.sum), the module's directory,
// the Go version, the platform, CGO_ENABLED and GOEXPERIMENT. A later call with the same sources, in
// the same test binary or in another test package of the same `go test
// ./...`, or in a later run, returns the binary already built; an exclusive
// lock on KEY.lock makes concurrent test packages wait for one build
// instead of racing. Editing a test file does not change KEY, and the
// binary is built without VCS stamping, so the same sources always give
// the same bytes.
//
// Why one binary: vtbound's answer to `-V=full` hashes its own executable,
// so the instrumented standard library in the build cache is keyed by the
// binary. Every test that builds under `-toolexec=` this binary with the
// go command's default GOCACHE shares one instrumented standard library
// per build configuration, across test packages and across runs while the
// sources are unchanged. Tests that check cold builds set GOCACHE to an
// empty directory of their own and keep doing so.
//
// Reading the source files to hash them also makes `go test` key a test's
// cached result on them, so a package whose tests run vtbound is not
// reported "(cached)" after a change to vtbound's sources.
//
// Entries not used for a day are removed when a new binary is built.
package testbin

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vtbound/vtbound/internal/filelock"
)

// Vtbound returns the path of a vtbound binary built from the current
// sources of the module that holds the working directory (a test runs in
// its package's directory), building it if no earlier run did; it fails
// tb if that is not possible. The first call's answer serves every later
// call of the process.
func Vtbound(tb testing.TB) string {
	tb.Helper()
	bin, err := vtbound()
	if err != nil {
		tb.Fatal(err)
	}
	return bin
}

// vtbound is find, called once per process.
var vtbound = sync.OnceValues(find)

// find returns the entry for the current sources, building it if needed.
func find() (string, error) {
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	key, err := sourceKey(root)
	if err != nil {
		return "", err
	}
	base := filepath.Join(os.TempDir(), "vtbound-testbin")
	if err := os.MkdirAll(base, 0o755); err != nil {
		return "", err
	}
	unlock, err := filelock.Lock(filepath.Join(base, key+".lock"))
	if err != nil {
		return "", fmt.Errorf("testbin: %w", err)
	}
	defer unlock()
	dir := filepath.Join(base, key)
	bin := filepath.Join(dir, "vtbound")
	if _, err := os.Stat(bin); err == nil {
		now := time.Now()
		return bin, os.Chtimes(dir, now, now) // marks the entry used
	}
	prune(base, key)
	if err := build(root, dir, bin); err != nil {
		return "", err
	}
	return bin, nil
}

// moduleRoot returns the directory of the go.mod that holds the working
// directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("testbin: no go.mod above the working directory")
		}
		dir = parent
	}
}

// build builds cmd/vtbound into bin through a temporary file in dir, so
// that bin never exists half-written.
func build(root, dir, bin string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp := bin + ".tmp"
	cmd := exec.Command("go", "build", "-buildvcs=false", "-o", tmp, "./cmd/vtbound")
	cmd.Dir, cmd.Env = root, goEnv()
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("testbin: go build ./cmd/vtbound: %v\n%s", err, out)
	}
	return os.Rename(tmp, bin)
}

// goEnv is the environment of the go commands testbin runs: the test's,
// without GOFLAGS (go test may pass test flags through it) and outside any
// workspace, so that the binary depends on the module's sources alone.
func goEnv() []string {
	return append(os.Environ(), "GOFLAGS=", "GOWORK=off")
}

// listedPackage is the part of `go list -json` sourceKey reads.
type listedPackage struct {
	Dir                                       string
	GoFiles, CgoFiles, CFiles, SFiles, HFiles []string
	EmbedFiles, SysoFiles                     []string
	Module                                    *struct{ Main bool }
}

// sourceKey hashes what the vtbound binary is built from: the files of
// cmd/vtbound's dependencies in the main module, go.mod and go.sum, the
// module's directory (it appears in the binary), the Go version, the
// platform and the environment that selects files.
func sourceKey(root string) (string, error) {
	cmd := exec.Command("go", "list", "-deps", "-json=Dir,GoFiles,CgoFiles,CFiles,SFiles,HFiles,EmbedFiles,SysoFiles,Module", "./cmd/vtbound")
	cmd.Dir, cmd.Env = root, goEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("testbin: go list ./cmd/vtbound: %v\n%s", err, stderr.Bytes())
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s %s/%s %s CGO_ENABLED=%s GOEXPERIMENT=%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, root,
		os.Getenv("CGO_ENABLED"), os.Getenv("GOEXPERIMENT"))
	files := []string{filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum")}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			return "", fmt.Errorf("testbin: go list output: %w", err)
		}
		if p.Module == nil || !p.Module.Main {
			continue
		}
		for _, list := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.SFiles, p.HFiles, p.EmbedFiles, p.SysoFiles} {
			for _, f := range list {
				files = append(files, filepath.Join(p.Dir, f))
			}
		}
	}
	for _, f := range files {
		if err := hashFile(h, root, f); err != nil {
			return "", fmt.Errorf("testbin: %w", err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:12]), nil
}

// hashFile adds a file's path relative to root and its contents to h.
func hashFile(h io.Writer, root, file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	rel, _ := filepath.Rel(root, file)
	sum := sha256.Sum256(data)
	fmt.Fprintf(h, "%s %x\n", filepath.ToSlash(rel), sum)
	return nil
}

// maxAge is how long an entry may go unused before prune removes it.
const maxAge = 24 * time.Hour

// prune removes the entries of base other than keep that no call has used
// for maxAge, with their lock files, and lock files as old as that whose
// entry is gone (a failed build). Errors are ignored: pruning only saves
// space.
func prune(base, keep string) {
	entries, err := os.ReadDir(base)
	if err != nil {
		return
	}
	for _, e := range entries {
		key := strings.TrimSuffix(e.Name(), ".lock")
		if key == keep {
			continue
		}
		info, err := e.Info()
		if err != nil || time.Since(info.ModTime()) < maxAge {
			continue
		}
		if e.IsDir() {
			os.RemoveAll(filepath.Join(base, key))
			os.Remove(filepath.Join(base, key+".lock"))
		} else if _, err := os.Stat(filepath.Join(base, key)); errors.Is(err, fs.ErrNotExist) {
			os.Remove(filepath.Join(base, e.Name()))
		}
	}
}
