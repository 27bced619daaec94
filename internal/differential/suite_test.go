package differential

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/vtbound/vtbound/internal/testbin"
)

// budget keeps every explored test short: the check is about verdicts and
// robustness on real code, not about search depth.
const budget = "200,1s"

// binEnv names a vtbound binary to use instead of the one built from this
// tree's sources: a fixed binary keeps its build cache entries across
// source changes (every new vtbound binary changes the -V=full hash, so
// the standard library is compiled again), which makes timings of one
// module at a time comparable.
const binEnv = "DIFFERENTIAL_VTBOUND_BIN"

// vtboundBin returns the vtbound the checks build with: the binary binEnv
// names, or the one internal/testbin builds once for every test package
// of the run.
func vtboundBin(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv(binEnv); bin != "" {
		return bin
	}
	return testbin.Vtbound(t)
}

// readSources reads every Go file of the module at root outside testdata
// directories. The check's verdicts depend on vtbound's sources, which this
// test binary does not import (vtbound is built with go build), and go
// test keys its cached result on the files a test opens once m.Run has
// started logging them: without this,
// `go test ./...` printed "(cached)" for this package after an engine
// change.
func readSources(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root:
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(p, ".go"):
			_, err = os.ReadFile(p)
		}
		return err
	})
}

// trackSources makes the test's cached result depend on vtbound's sources
// (readSources).
func trackSources(t *testing.T) {
	t.Helper()
	if err := readSources(filepath.Join("..", "..")); err != nil {
		t.Fatalf("reading vtbound's sources: %v", err)
	}
}

// goEnv is the environment of every go command of the check: the module
// environment (see Checkout) with vtbound's budget fixed.
func goEnv() []string {
	return append(moduleEnv(), "VTBOUND_BUDGET="+budget)
}

// suite is the outcome of one `go test -json ./...`.
type suite struct {
	verdicts map[string]string            // package -> ok, FAIL, build failed, no test files
	failed   map[string]map[string]bool   // package -> failed test names
	output   map[string]map[string]string // package -> test -> output
	running  map[string]map[string]bool   // package -> tests started, not ended (a hang)
	warnings []string                     // vtbound fallback warnings
}

// memLimitKB caps the virtual memory of every process of a suite run, so
// that a runaway test binary fails (out of memory) instead of taking the
// machine down.
const memLimitKB = 6 << 20

// runSuite runs the module's tests with the extra flags; a hang becomes a
// FAIL through go test's own -timeout. The output is read as it comes.
func runSuite(t *testing.T, dir string, extra []string) *suite {
	t.Helper()
	return runPackages(t, dir, extra, "./...")
}

// runPackages is runSuite for the packages pattern names.
func runPackages(t *testing.T, dir string, extra []string, pattern string) *suite {
	t.Helper()
	args := append([]string{"test", "-short", "-count=1", "-json", "-timeout=2m"}, extra...)
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	shell := fmt.Sprintf(`ulimit -v %d && exec go "$@"`, memLimitKB)
	cmd := exec.CommandContext(ctx, "sh", append([]string{"-c", shell, "go"}, append(args, pattern)...)...)
	cmd.Dir = dir
	cmd.Env = goEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("go %s: %v", strings.Join(args, " "), err)
	}
	s, perr := parseEvents(stdout)
	io.Copy(io.Discard, stdout) // after a parse error, let the command finish
	err = cmd.Wait()
	if ctx.Err() != nil {
		t.Fatalf("go %s: did not finish: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	if perr != nil {
		t.Fatalf("go %s: %v", strings.Join(args, " "), perr)
	}
	s.warnings = append(s.warnings, fallbackLines(stderr.String())...)
	if len(s.verdicts) == 0 {
		t.Fatalf("go %s: no package verdicts (%v)\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return s
}

// event is the subset of test2json's events the check reads.
type event struct {
	Action      string
	Package     string
	Test        string
	Output      string
	FailedBuild string
}

// parseEvents reads go test -json output.
func parseEvents(r io.Reader) (*suite, error) {
	s := &suite{
		verdicts: map[string]string{},
		failed:   map[string]map[string]bool{},
		output:   map[string]map[string]string{},
		running:  map[string]map[string]bool{},
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("reading test2json event %q: %w", sc.Text(), err)
		}
		s.add(e)
	}
	return s, sc.Err()
}

// maxOutput bounds the output kept per test (vtbound's reports of long
// executions can be very large).
const maxOutput = 64 << 10

// add records one event.
func (s *suite) add(e event) {
	switch {
	case e.Action == "output" || e.Action == "build-output":
		s.warnings = append(s.warnings, fallbackLines(e.Output)...)
		if s.output[e.Package] == nil {
			s.output[e.Package] = map[string]string{}
		}
		if len(s.output[e.Package][e.Test]) < maxOutput {
			s.output[e.Package][e.Test] += e.Output // "" is the package's own output
		}
	case e.Action == "run":
		if s.running[e.Package] == nil {
			s.running[e.Package] = map[string]bool{}
		}
		s.running[e.Package][e.Test] = true
	case e.Test == "" && e.Package != "":
		if v := verdict(e); v != "" {
			s.verdicts[e.Package] = v
		}
	case e.Action == "pass" || e.Action == "skip":
		delete(s.running[e.Package], e.Test)
	case e.Action == "fail":
		delete(s.running[e.Package], e.Test)
		if s.failed[e.Package] == nil {
			s.failed[e.Package] = map[string]bool{}
		}
		s.failed[e.Package][e.Test] = true
	}
}

// verdict maps a package-level event to the verdict go test prints.
func verdict(e event) string {
	switch e.Action {
	case "pass":
		return "ok"
	case "skip":
		return "no test files"
	case "fail":
		if e.FailedBuild != "" {
			return "build failed"
		}
		return "FAIL"
	}
	return ""
}

// fallbackLines returns vtbound's "compiled unchanged" warnings in s.
func fallbackLines(s string) []string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "vtbound: warning:") && strings.Contains(l, "compiled unchanged") {
			lines = append(lines, l)
		}
	}
	return lines
}

// checkFallbacks fails on every package vtbound compiled unchanged: the
// check is only meaningful when the module's code is really explored.
func checkFallbacks(t *testing.T, s *suite) {
	t.Helper()
	seen := map[string]bool{}
	for _, w := range s.warnings {
		if !seen[w] {
			seen[w] = true
			t.Errorf("vtbound fell back to the original code: %s", w)
		}
	}
}

// failedLeaves returns the failed tests none of whose subtests failed.
func failedLeaves(failed map[string]bool) []string {
	var leaves []string
	for name := range failed {
		leaf := true
		for other := range failed {
			if strings.HasPrefix(other, name+"/") {
				leaf = false
				break
			}
		}
		if leaf {
			leaves = append(leaves, name)
		}
	}
	sort.Strings(leaves)
	return leaves
}

// excerpt returns the output of the named tests, clipped.
func excerpt(out map[string]string, tests []string) string {
	var b strings.Builder
	for _, name := range tests {
		b.WriteString(clip(out[name]))
	}
	return b.String()
}

// reportExcerpt returns a test's output from the line holding vtbound's
// report on, when there is one (the test's own log before it can be
// long), clipped.
func reportExcerpt(out, name string) string {
	if i := strings.Index(out, "vtbound: "+name+": "); i >= 0 {
		out = out[strings.LastIndex(out[:i], "\n")+1:]
	}
	return clip(out)
}

// clip shortens a test's output for a failure message.
func clip(s string) string {
	const max = 4000
	if len(s) > max {
		return s[:max] + "\n\t...(clipped)\n"
	}
	return s
}

// TestVerdicts checks the verdict parsing on a real go test -json run over
// a module with one package of each kind.
func TestVerdicts(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":               "module example.com/v\n\ngo 1.22\n",
		"pass/p_test.go":       "package pass\n\nimport \"testing\"\n\nfunc TestOK(t *testing.T) {}\n",
		"fail/f_test.go":       "package fail\n\nimport \"testing\"\n\nfunc TestBad(t *testing.T) {\n\tt.Run(\"sub\", func(t *testing.T) { t.Error(\"boom\") })\n}\n",
		"notests/n.go":         "package notests\n",
		"broken/b_test.go":     "package broken\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) { undefined() }\n",
		"fail/other_test.go":   "package fail\n\nimport \"testing\"\n\nfunc TestFine(t *testing.T) {}\n",
		"notests/n2/helper.go": "package n2\n",
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := runSuite(t, dir, nil)
	want := map[string]string{
		"example.com/v/pass":       "ok",
		"example.com/v/fail":       "FAIL",
		"example.com/v/notests":    "no test files",
		"example.com/v/notests/n2": "no test files",
		"example.com/v/broken":     "build failed",
	}
	for pkg, v := range want {
		if s.verdicts[pkg] != v {
			t.Errorf("%s: verdict %q, want %q", pkg, s.verdicts[pkg], v)
		}
	}
	if len(s.verdicts) != len(want) {
		t.Errorf("verdicts %v, want %v", s.verdicts, want)
	}
	leaves := failedLeaves(s.failed["example.com/v/fail"])
	if strings.Join(leaves, ",") != "TestBad/sub" {
		t.Errorf("failed leaves %q, want [TestBad/sub]", leaves)
	}
	if out := s.output["example.com/v/fail"]["TestBad/sub"]; !strings.Contains(out, "boom") {
		t.Errorf("output of TestBad/sub %q does not hold the error", out)
	}
}

// TestReportExcerpt: a failure message shows vtbound's report even when
// the test logged more than the clip limit before it.
func TestReportExcerpt(t *testing.T) {
	out := strings.Repeat("t.Log output\n", 1000) + "    x_test.go:3: vtbound: TestX: deadlock: all goroutines are blocked\n      goroutines:\n"
	if got := reportExcerpt(out, "TestX"); !strings.HasPrefix(got, "    x_test.go:3: vtbound: TestX: deadlock") {
		t.Errorf("excerpt starts %q", got[:min(len(got), 60)])
	}
	if got := reportExcerpt("no report\n", "TestX"); got != "no report\n" {
		t.Errorf("excerpt without a report = %q", got)
	}
}

// checkoutRoot returns the root of this vtbound checkout.
func checkoutRoot(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the checkout")
	}
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}
