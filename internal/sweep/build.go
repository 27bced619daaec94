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
	"sort"
	"strings"
)

// pkg is one package of the sweep.
type pkg struct {
	Path, Dir   string
	HasTests    bool
	Binary      string // the instrumented test binary, once built
	Fingerprint string // sha256 of the binary
	BuildError  string
	Tests       []string
}

// listPackages runs go list on the patterns. A package that does not
// load is kept (its build fails and is recorded).
func listPackages(ctx context.Context, cfg *Config) ([]*pkg, error) {
	args := append([]string{"list", "-e", "-json=ImportPath,Dir,TestGoFiles,XTestGoFiles"}, cfg.BuildFlags...)
	args = append(args, cfg.Packages...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = cfg.Dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v: %s", strings.Join(cfg.Packages, " "), err, firstLine(stderr.String()))
	}
	var pkgs []*pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Dir           string
			TestGoFiles, XTestGoFiles []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %v", err)
		}
		pkgs = append(pkgs, &pkg{Path: p.ImportPath, Dir: p.Dir, HasTests: len(p.TestGoFiles)+len(p.XTestGoFiles) > 0})
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Path < pkgs[j].Path })
	return pkgs, nil
}

// build compiles p's instrumented test binary into dir (go test -c
// -toolexec), fingerprints it and lists its tests. A failure is recorded
// in p.BuildError.
func build(ctx context.Context, cfg *Config, p *pkg, dir string) {
	bin := filepath.Join(dir, fmt.Sprintf("%x", sha256.Sum256([]byte(p.Path)))[:16]+".test")
	args := append([]string{"test", "-c", "-o", bin, "-toolexec=" + cfg.Tool}, cfg.BuildFlags...)
	cmd := exec.CommandContext(ctx, "go", append(args, p.Path)...)
	cmd.Dir = cfg.Dir
	if out, err := cmd.CombinedOutput(); err != nil {
		p.BuildError = strings.TrimSpace(fmt.Sprintf("%s\n%v", compileErrors(out), err))
		return
	}
	if _, err := os.Stat(bin); err != nil {
		p.HasTests = false // go test -c writes nothing for a package without tests
		return
	}
	sum, err := fileHash(bin)
	if err != nil {
		p.BuildError = err.Error()
		return
	}
	p.Binary, p.Fingerprint = bin, sum
	p.Tests, err = listTests(ctx, cfg, p)
	if err != nil {
		p.BuildError = err.Error()
	}
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

// listTests runs the binary with -test.list and keeps the tests -run
// selects.
func listTests(ctx context.Context, cfg *Config, p *pkg) ([]string, error) {
	cmd := exec.CommandContext(ctx, p.Binary, "-test.list", ".")
	cmd.Dir = p.Dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s -test.list: %v", p.Path, err)
	}
	var tests []string
	for _, name := range strings.Fields(string(out)) {
		if strings.HasPrefix(name, "Test") && (cfg.Run == nil || cfg.Run.MatchString(name)) {
			tests = append(tests, name)
		}
	}
	return tests, nil
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
