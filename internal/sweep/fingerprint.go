package sweep

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Fingerprints.
//
// A test's fingerprint says which code its learned state applies to. It
// is the sha256 of
//
//   - the build environment: the vtbound binary (it embeds rt and the
//     rewriter), `go env` (Go version, GOOS, GOARCH, GOFLAGS, GOEXPERIMENT,
//     CGO_ENABLED, CC) and -buildflags;
//   - every non-standard package the test binary links (go list -deps
//     -test), as the names and contents of its Go, cgo, C, assembly and
//     embedded files, except the _test.go files of the package under test;
//   - the declarations of that package's _test.go files the test reaches:
//     the test function, the top-level functions, types, variables and
//     constants it names, transitively (a type brings its methods), plus
//     what runs for every test (init functions, TestMain, package-level
//     variables), printed without comments or positions.
//
// So editing a package changes the fingerprints of exactly the tests whose
// binaries link it; editing one test (or a helper only it uses) changes
// that test's alone; comments and moved lines in _test.go files change
// nothing. The package's build key (the same inputs with every _test.go
// file whole) names its cached test binary.

// goPkg is one package of go list -deps -test -json.
type goPkg struct {
	ImportPath, Dir, ForTest                            string
	Match                                               []string
	Standard                                            bool
	GoFiles, CgoFiles, CFiles, CXXFiles, HFiles, SFiles []string
	SysoFiles, EmbedFiles, TestGoFiles, XTestGoFiles    []string
	Deps                                                []string
}

// sourceFiles are the files of a package that make its compiled code.
func (g *goPkg) sourceFiles() []string {
	var fs []string
	for _, l := range [][]string{g.GoFiles, g.CgoFiles, g.CFiles, g.CXXFiles, g.HFiles, g.SFiles, g.SysoFiles, g.EmbedFiles} {
		fs = append(fs, l...)
	}
	return fs
}

// listPackages runs go list -deps -test on the patterns and returns the
// packages they match with their fingerprint inputs. A package that does
// not load is kept (its build fails and is recorded).
// cache is the binary cache's directory (it memoises the vtbound
// binary's hash).
func listPackages(ctx context.Context, cfg *Config, cache string) ([]*pkg, error) {
	var env string
	var envErr error
	done := make(chan struct{})
	go func() { // concurrently with go list
		defer close(done)
		env, envErr = buildEnv(ctx, cfg, cache)
	}()
	all, err := goListDeps(ctx, cfg)
	<-done
	if err == nil {
		err = envErr
	}
	if err != nil {
		return nil, err
	}
	byPath := map[string]*goPkg{}
	for _, g := range all {
		byPath[g.ImportPath] = g
	}
	h := &hasher{files: map[string]string{}}
	var pkgs []*pkg
	for _, g := range all {
		if len(g.Match) == 0 || g.ForTest != "" || strings.HasSuffix(g.ImportPath, ".test") {
			continue
		}
		p := &pkg{Path: g.ImportPath, Dir: g.Dir, HasTests: len(g.TestGoFiles)+len(g.XTestGoFiles) > 0}
		if p.HasTests {
			p.depsKey = h.depsKey(env, g, byPath)
			p.testFiles = testFiles(g)
			p.Fingerprint = h.buildKey(p)
		}
		pkgs = append(pkgs, p)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Path < pkgs[j].Path })
	return pkgs, nil
}

// goListDeps runs go list -e -deps -test -json on the patterns.
func goListDeps(ctx context.Context, cfg *Config) ([]*goPkg, error) {
	args := append([]string{"list", "-e", "-deps", "-test", "-json=ImportPath,Dir,ForTest,Match,Standard,GoFiles,CgoFiles,CFiles,CXXFiles,HFiles,SFiles,SysoFiles,EmbedFiles,TestGoFiles,XTestGoFiles,Deps"}, cfg.BuildFlags...)
	args = append(args, cfg.Packages...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = cfg.Dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v: %s", strings.Join(cfg.Packages, " "), err, firstLine(stderr.String()))
	}
	var all []*goPkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		g := new(goPkg)
		if err := dec.Decode(g); err == io.EOF {
			return all, nil
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %v", err)
		}
		all = append(all, g)
	}
}

// buildEnv hashes what every instrumented build depends on besides the
// sources: the vtbound binary, go env and the build flags.
func buildEnv(ctx context.Context, cfg *Config, cache string) (string, error) {
	tool, err := toolHash(cfg.Tool, cache)
	if err != nil {
		return "", fmt.Errorf("-toolexec %s: %v", cfg.Tool, err)
	}
	cmd := exec.CommandContext(ctx, "go", "env", "GOVERSION", "GOOS", "GOARCH", "GOFLAGS", "GOEXPERIMENT", "CGO_ENABLED", "CC", "GOAMD64", "GOARM64")
	cmd.Dir = cfg.Dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env: %v", err)
	}
	return hashStrings("env", tool, string(out), strings.Join(cfg.BuildFlags, "\x00")), nil
}

// toolHash is the sha256 of the vtbound binary, memoised in the cache
// directory by its path, size and modification time (a new build of the
// binary changes them).
func toolHash(path, cache string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	memo := filepath.Join(cache, "tool-"+hashStrings(abs, fmt.Sprint(fi.Size()), fmt.Sprint(fi.ModTime().UnixNano()))[:16])
	if b, err := os.ReadFile(memo); err == nil && len(b) == sha256.Size*2 {
		return string(b), nil
	}
	sum, err := fileHash(abs)
	if err == nil {
		writeAtomic(memo, []byte(sum)) // a memo that cannot be written is computed again
	}
	return sum, err
}

// hasher hashes files once per sweep.
type hasher struct {
	files map[string]string // path -> hex sha256 ("" when unreadable)
}

// file returns the hash of the file at path.
func (h *hasher) file(path string) string {
	if s, ok := h.files[path]; ok {
		return s
	}
	s, _ := fileHash(path)
	h.files[path] = s
	return s
}

// depsKey hashes env and the sources of the non-standard packages g's
// test binary links, without g's _test.go files.
func (h *hasher) depsKey(env string, g *goPkg, byPath map[string]*goPkg) string {
	parts := []string{"deps", env, g.ImportPath}
	seen := map[string]bool{}
	deps := []string{g.ImportPath}
	if bin := byPath[g.ImportPath+".test"]; bin != nil {
		deps = append(deps, bin.Deps...)
	}
	for _, id := range deps {
		path, _, _ := strings.Cut(id, " ") // "q [p.test]": q recompiled for the test, same sources
		d := byPath[path]
		if seen[path] || d == nil || d.Standard || strings.HasSuffix(path, ".test") {
			continue
		}
		seen[path] = true
		parts = append(parts, path)
		for _, f := range d.sourceFiles() {
			parts = append(parts, f, h.file(filepath.Join(d.Dir, f)))
		}
	}
	return hashStrings(parts...)
}

// buildKey is the key of p's test binary: its deps and all its _test.go
// files as they are.
func (h *hasher) buildKey(p *pkg) string {
	parts := []string{"build", p.depsKey}
	for _, f := range p.testFiles {
		parts = append(parts, filepath.Base(f), h.file(f))
	}
	return hashStrings(parts...)
}

// testFiles are the paths of g's _test.go files, internal then external.
func testFiles(g *goPkg) []string {
	var out []string
	for _, f := range slices.Concat(g.TestGoFiles, g.XTestGoFiles) {
		out = append(out, filepath.Join(g.Dir, f))
	}
	return out
}

// testFingerprints computes the fingerprint of each of p's tests (after
// p.Tests is listed).
func (p *pkg) testFingerprints() {
	p.testFP = map[string]string{}
	src, err := parseTestSource(p.testFiles)
	for _, test := range p.Tests {
		if err != nil || len(src.byName[test]) == 0 {
			p.testFP[test] = hashStrings("test", p.Fingerprint, test) // unparsable or not found: every _test.go file counts
			continue
		}
		p.testFP[test] = hashStrings("test", p.depsKey, test, src.closure(test))
	}
}

// hashStrings is the hex sha256 of the strings, each length-prefixed.
func hashStrings(parts ...string) string {
	h := sha256.New()
	for _, s := range parts {
		fmt.Fprintf(h, "%d:%s", len(s), s)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// fileHash is the hex sha256 of a file.
func fileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
