//go:build e2e || integration

package rewrite

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The Go team's own corpus: the `// run` programs of $GOROOT/test, each a
// main package whose output (and exit status) is its specification. The
// rewrite must not change what any of them does: TestGorootRun rewrites a
// deterministic sample, builds and runs every program natively and
// rewritten, and compares exit status and output. It is in the e2e tier
// (a sample of gorootDefaultSample programs) and the integration tier,
// where it runs every program:
//
//	go test -tags integration -run TestGorootRun -v -timeout 60m ./toolexec/rewrite
//
// VTBOUND_GOROOT_TESTS=all runs every program in either tier, a number N
// runs N of them, and any other value is a regular expression selecting
// programs by their path below $GOROOT/test, e.g.
// VTBOUND_GOROOT_TESTS='^gcstring.go$'.

// gorootKnown lists the programs whose rewritten form does not yet behave
// as the original, with the reason (found by the whole-corpus run below).
// They are built, but not compared.
var gorootKnown = map[string]string{
	"fixedbugs/issue4618.go": "without the alias analysis (no Input.Allocs, as here and with VTBOUND_ALIAS=off) every &T{} is registered with rt.Alloc, " +
		"which makes it escape: testing.AllocsPerRun counts a heap allocation where Go allocates on the stack; " +
		"the compile wrapper's alias analysis leaves that allocation alone and the program matches",
	"noinit.go": "registering the site table is initialisation work: the package's init task has an init function, which the program checks it has not",
}

// gorootProgram is one `// run` program of the corpus.
type gorootProgram struct {
	rel  string // path below $GOROOT/test, e.g. "chan/select.go"
	path string
}

// gorootPrograms lists the single-file `// run` programs without
// arguments whose build constraints hold here, sorted by path.
func gorootPrograms(t *testing.T) []gorootProgram {
	t.Helper()
	root := filepath.Join(runtime.GOROOT(), "test")
	var progs []gorootProgram
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasSuffix(d.Name(), ".dir") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || !isPlainRun(path) {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		progs = append(progs, gorootProgram{rel: filepath.ToSlash(rel), path: path})
		return nil
	})
	if err != nil {
		t.Skipf("no Go test corpus at %s: %v", root, err)
	}
	sort.Slice(progs, func(i, j int) bool { return progs[i].rel < progs[j].rel })
	return progs
}

// isPlainRun reports whether the file's first line is exactly "// run"
// and its build constraints (//go:build lines, file name suffixes) hold
// here, as for the go command.
func isPlainRun(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() || sc.Text() != "// run" {
		return false
	}
	ok, err := build.Default.MatchFile(filepath.Dir(path), filepath.Base(path))
	return err == nil && ok
}

// gorootSample picks every k-th program so that n are left (all of them
// when VTBOUND_GOROOT_TESTS=all).
func gorootSample(t *testing.T, progs []gorootProgram) []gorootProgram {
	n := gorootDefaultSample
	switch v := os.Getenv("VTBOUND_GOROOT_TESTS"); v {
	case "":
	case "all":
		return progs
	default:
		k, err := strconv.Atoi(v)
		if err != nil {
			return gorootMatching(t, progs, v)
		}
		if k < 1 {
			t.Fatalf("VTBOUND_GOROOT_TESTS=%q: want all, a positive count or a regular expression", v)
		}
		n = k
	}
	if n >= len(progs) {
		return progs
	}
	var out []gorootProgram
	for i := 0; i < n; i++ {
		out = append(out, progs[i*len(progs)/n])
	}
	return out
}

// gorootMatching returns the programs whose path matches the regular
// expression expr.
func gorootMatching(t *testing.T, progs []gorootProgram, expr string) []gorootProgram {
	re, err := regexp.Compile(expr)
	if err != nil {
		t.Fatalf("VTBOUND_GOROOT_TESTS=%q: %v", expr, err)
	}
	var out []gorootProgram
	for _, p := range progs {
		if re.MatchString(p.rel) {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		t.Fatalf("VTBOUND_GOROOT_TESTS=%q matches no program", expr)
	}
	return out
}

// gorootRewrite type-checks and rewrites one program. It returns the
// rewritten source, or nil with a reason when the program does not
// type-check here or has nothing to rewrite; err reports a rewrite failure
// (the compile wrapper would compile the package unchanged).
func gorootRewrite(p gorootProgram) (src []byte, skip string, err error) {
	orig, err := os.ReadFile(p.path)
	if err != nil {
		return nil, "", err
	}
	importerOnce.Do(initImporter)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, p.path, orig, parser.ParseComments)
	if err != nil {
		return nil, "does not parse", nil
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Implicits: map[ast.Node]types.Object{}, Instances: map[*ast.Ident]types.Instance{},
		Scopes: map[ast.Node]*types.Scope{}, FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{Importer: stdImporter}
	pkg, err := conf.Check("main", fset, []*ast.File{f}, info)
	if err != nil || pkg.Name() != "main" {
		return nil, "does not type-check as a main package here", nil
	}
	out, err := Package(&Input{Fset: fset, Files: []*ast.File{f}, Filenames: []string{p.path}, Pkg: pkg, Info: info, ImportPath: "main"})
	if err != nil {
		return nil, "", err
	}
	if src = out.Files[p.path]; src == nil {
		return nil, "nothing to rewrite", nil
	}
	return src, "", nil
}

// gorootRun is the observable behaviour of one run.
type gorootRun struct {
	out  string
	code int
}

// runBinary executes bin in the directory dir with a time limit.
func runBinary(bin, dir string) gorootRun {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTRACEBACK=single")
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		code = -2
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		code = -1
	}
	return gorootRun{out: normaliseRun(buf.String()), code: code}
}

// normaliseRun keeps the first line of a goroutine dump (the panic or fatal
// error) and drops the stack frames, whose file names differ by build.
func normaliseRun(s string) string {
	if i := strings.Index(s, "\ngoroutine "); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// TestGorootRun: see the comment at the top of this file.
func TestGorootRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs of $GOROOT/test")
	}
	progs := gorootSample(t, gorootPrograms(t))
	dir := t.TempDir()
	files := map[string][]byte{}
	var cands []gorootProgram
	unchanged := 0
	for i, p := range progs {
		src, skip, err := gorootRewrite(p)
		switch {
		case err != nil:
			unchanged++
			t.Errorf("%s: rewrite failed (the package would be compiled unchanged): %v", p.rel, err)
			continue
		case skip != "":
			continue
		}
		orig, _ := os.ReadFile(p.path)
		// Under its own name: some programs look for it in their stacks.
		files[fmt.Sprintf("n%04d/%s", i, filepath.Base(p.path))] = orig
		files[fmt.Sprintf("r%04d/%s", i, filepath.Base(p.path))] = src
		cands = append(cands, p)
	}
	if len(cands) == 0 {
		t.Fatalf("none of %d sampled programs has anything to rewrite", len(progs))
	}
	mod := writeModuleAt(t, dir, repoRoot(t), files)
	bins := buildAll(t, mod, progs)
	same, known := 0, 0
	for i, p := range progs {
		nb, rb := bins[fmt.Sprintf("n%04d", i)], bins[fmt.Sprintf("r%04d", i)]
		if nb == "" || rb == "" {
			continue
		}
		if why, ok := gorootKnown[p.rel]; ok {
			known++
			t.Logf("%s: known difference (%s)", p.rel, why)
			continue
		}
		// In $GOROOT/test, as Go's own test driver runs them: some run
		// the go command on files there (linkmain_run.go).
		testDir := filepath.Join(runtime.GOROOT(), "test")
		nat, rew := runBinary(nb, testDir), runBinary(rb, testDir)
		if nat != rew {
			t.Errorf("%s: rewritten program differs:\nnative (exit %d):\n%s\nrewritten (exit %d):\n%s", p.rel, nat.code, clip(nat.out), rew.code, clip(rew.out))
			continue
		}
		same++
	}
	t.Logf("%d programs sampled, %d with something to rewrite: %d behave identically, %d known differences, %d rewrite failures",
		len(progs), len(cands), same, known, unchanged)
}

// buildAll builds every program of mod into one directory with one go
// command, which goes on building the others when one fails. It returns
// the binary of each directory that built; a rewritten program that does
// not build while the original does is an error.
func buildAll(t *testing.T, mod string, progs []gorootProgram) map[string]string {
	t.Helper()
	bin := filepath.Join(mod, "bin")
	out, _ := goCmd(t, mod, "build", "-o", bin+string(filepath.Separator), "./...")
	entries, _ := os.ReadDir(mod)
	got := map[string]string{}
	for _, e := range entries {
		d := e.Name()
		if !e.IsDir() || d == "bin" {
			continue
		}
		_, err := os.Stat(filepath.Join(bin, d))
		_, native := os.Stat(filepath.Join(bin, "n"+d[1:]))
		switch {
		case err == nil:
			got[d] = filepath.Join(bin, d)
		case d[0] == 'n':
			t.Logf("%s: does not build natively here, skipped", progName(progs, d))
		case native == nil && gorootKnown[progName(progs, d)] != "":
			t.Logf("%s: known: does not build (%s)", progName(progs, d), gorootKnown[progName(progs, d)])
		case native == nil:
			t.Errorf("%s: the rewritten program does not build:\n%s", progName(progs, d), clip(buildErrors(out, d)))
		}
	}
	return got
}

// buildErrors returns the go command's output for the package in d.
func buildErrors(out, d string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "# ") {
			in = strings.HasSuffix(line, "/"+d)
			continue
		}
		if in {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// progName returns the corpus path of the program in directory d.
func progName(progs []gorootProgram, d string) string {
	i, err := strconv.Atoi(d[1:])
	if err != nil || i >= len(progs) {
		return "?"
	}
	return progs[i].rel
}

// clip shortens long output for a test log.
func clip(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}
