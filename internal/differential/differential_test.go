package differential

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// truePositive is a (sub)test that passes natively but in which vtbound
// finds a real bug; the reason says what the bug is.
type truePositive struct {
	pkg    string // import path of the package
	test   string // full test name, as go test -json reports it
	oracle string // the oracle of the report: "vtbound: <test>: <oracle>"; alternatives separated by |
	reason string
}

// poolLeak explains the leaks in conc's pool tests: "panics on
// configuration after init" starts a task (pool.Go starts a worker
// goroutine ranging over the pool's task channel) and never calls Wait,
// which is the only thing that closes the channel; the worker stays blocked
// in `for f := range p.tasks` for ever. ("after wait" in result_pool_test.go
// does not call Wait either, despite its name.)
const poolLeak = "the test never calls Wait, so the pool's worker goroutine stays blocked on the task channel"

// truePositives are the expected differences, each checked by reading the
// report and the module's code.
var truePositives = []truePositive{
	{"github.com/sourcegraph/conc/pool", "TestPool/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestErrorPool/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestContextPool/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestResultGroup/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestResultGroup/panics_on_configuration_after_init/after_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestResultErrorGroup/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	{"github.com/sourcegraph/conc/pool", "TestResultContextPool/panics_on_configuration_after_init/before_wait", "goroutine leak", poolLeak},
	// pond.go StopAndWaitFor: when the deadline wins the select, nobody ever
	// receives from the unbuffered workersDone channel, so the goroutine
	// that waited for the workers blocks on its send for ever. The test's
	// 2 s task against a 50 ms deadline takes exactly that path natively.
	{"github.com/alitto/pond", "TestSubmitAndStopWaitFor", "goroutine leak", "StopAndWaitFor leaks its helper goroutine when the deadline passes"},
	// group.go TaskGroupWithContext.Wait starts a goroutine that waits for
	// the tasks and then sends on tasksCompleted, and selects between that
	// channel and ctx.Done. When every task has seen the cancellation and
	// returned before Wait reaches its select, both cases are ready and Go
	// picks one at random: Wait returns nil instead of context.Canceled.
	//
	// The same Wait leaks: when ctx.Done wins its select, nobody receives
	// from the unbuffered tasksCompleted, so the helper goroutine blocks on
	// its send for ever once the tasks finish (group.go:76). A test whose
	// context is cancelled (by the test, or by a task's error) can show
	// either bug first.
	{"github.com/alitto/pond", "TestGroupContextWithCanceledContext", "test failure|goroutine leak", "Wait returns nil when the tasks finish before its select sees the cancelled context; Wait leaks its helper goroutine when the context wins"},
	{"github.com/alitto/pond", "TestGroupContextWithError", "goroutine leak", "Wait leaks its helper goroutine when the cancellation by the failing task wins its select"},
	// clockwork_test.go: the test starts four goroutines on one FakeClock
	// and returns. When Advance(d) runs before Sleep(d) registers its
	// waiter, nothing ever advances the clock again and the sleeper blocks
	// for ever (a leak goleak would report in those schedules).
	{"github.com/jonboulle/clockwork", "TestFakeClockRace", "goroutine leak", "the Sleep goroutine blocks for ever when Advance runs first"},
	// ticker_test.go: BlockUntil(1) returns at once (the ticker is always a
	// waiter), so the advancing goroutine may do all ten one-second
	// advances before the body first receives: the ticks after the first
	// are dropped (its channel is full), the body reads that tick and the
	// 5 s timer, finds the ticker empty and waits for a tick nobody will
	// send until its one-minute context expires: t.Fatalf.
	{"github.com/jonboulle/clockwork", "TestFakeTicker_DeliveryOrder", "test failure", "the ticks are dropped when every Advance runs before the body receives; the test then waits for a tick that never comes"},
}

// reportsOracle reports whether out holds vtbound's report of one of the
// oracles (separated by |) for test name.
func reportsOracle(out, name, oracles string) bool {
	for _, o := range strings.Split(oracles, "|") {
		if strings.Contains(out, "vtbound: "+name+": "+o) {
			return true
		}
	}
	return false
}

// budget keeps every explored test short: the check is about verdicts and
// robustness on real code, not about search depth.
const budget = "200,1s"

// vtboundBin is the vtbound binary built by TestMain.
var vtboundBin string

func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() {
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "vtbound-differential-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code, err := buildAndRun(m, dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// binEnv names a vtbound binary to use instead of building one from this
// tree: a fixed binary keeps its build cache entries (every rebuild of
// vtbound changes the -V=full hash, so the standard library is compiled
// again), which makes timings of one module at a time comparable.
const binEnv = "DIFFERENTIAL_VTBOUND_BIN"

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

// buildAndRun builds vtbound into dir (unless binEnv names one) and runs
// the tests.
func buildAndRun(m *testing.M, dir string) (int, error) {
	if bin := os.Getenv(binEnv); bin != "" {
		vtboundBin = bin
		return m.Run(), nil
	}
	vtboundBin = filepath.Join(dir, "vtbound")
	out, err := exec.Command("go", "build", "-o", vtboundBin, "github.com/vtbound/vtbound/cmd/vtbound").CombinedOutput()
	if err != nil {
		return 2, fmt.Errorf("building vtbound: %v\n%s", err, out)
	}
	return m.Run(), nil
}

// TestDifferential runs every module's test suite natively and under
// vtbound and compares the verdicts package by package.
func TestDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every module's test suite twice (minutes); run without -short")
	}
	trackSources(t)
	var rows []string
	for _, mod := range Modules {
		t.Run(strings.ReplaceAll(mod.Path, "/", "_"), func(t *testing.T) {
			rows = append(rows, checkModule(t, mod)...)
		})
	}
	t.Logf("results:\n| module | package | native | vtbound |\n|---|---|---|---|\n%s", strings.Join(rows, "\n"))
}

// checkModule runs one module's suite both ways and reports divergences; it
// returns the module's result rows.
func checkModule(t *testing.T, mod Module) []string {
	dir := Checkout(t, mod)
	start := time.Now()
	native := runSuite(t, dir, nil)
	nativeTime := time.Since(start)
	start = time.Now()
	vt := runSuite(t, dir, []string{"-toolexec=" + vtboundBin})
	vtTime := time.Since(start)
	t.Logf("%s@%s: native %.1fs, vtbound %.1fs", mod.Path, mod.Version, nativeTime.Seconds(), vtTime.Seconds())
	checkFallbacks(t, vt)
	var rows []string
	for _, pkg := range union(native.verdicts, vt.verdicts) {
		nv, vv := native.verdicts[pkg], vt.verdicts[pkg]
		if nv == "FAIL" && nv != vv {
			nv = nativeAgain(t, dir, pkg, native)
		}
		rows = append(rows, fmt.Sprintf("| %s@%s | %s | %s | %s |", mod.Path, mod.Version, pkg, nv, vv))
		if nv != vv {
			checkDivergence(t, pkg, nv, vv, vt)
		}
	}
	logMissed(t, vt)
	return rows
}

// nativeFlakyRuns is how many more times a package whose native run
// failed is run natively before its failure counts as its verdict.
const nativeFlakyRuns = 2

// nativeAgain runs pkg natively again, up to nativeFlakyRuns times, after
// its first native run failed while vtbound's did not, and returns "ok" as
// soon as one run passes: the package's own tests are then flaky natively
// (timing margins that a loaded machine misses, as go-resiliency/deadline's
// 10 ms ones do while the check's other half builds), and a native failure
// that does not reproduce says nothing about vtbound's verdict. The native
// failure is logged with its tests.
func nativeAgain(t *testing.T, dir, pkg string, first *suite) string {
	t.Helper()
	for range nativeFlakyRuns {
		again := runPackages(t, dir, nil, pkg)
		if v := again.verdicts[pkg]; v == "ok" {
			t.Logf("%s: failed natively (%s), passed natively when run again: flaky natively, counted as ok", pkg, strings.Join(failedLeaves(first.failed[pkg]), ", "))
			return v
		}
	}
	return "FAIL"
}

// logMissed notes recorded true positives this run did not find: the
// search is randomised and its budget small, so that is not a failure.
func logMissed(t *testing.T, s *suite) {
	for _, tp := range truePositives {
		if _, ok := s.verdicts[tp.pkg]; ok && !s.failed[tp.pkg][tp.test] {
			t.Logf("%s: %s: recorded true positive (%s) not found in this run", tp.pkg, tp.test, tp.oracle)
		}
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

// checkDivergence accepts a verdict difference only when every failing leaf
// test under vtbound is a recorded true positive reported with its oracle.
func checkDivergence(t *testing.T, pkg, native, vt string, s *suite) {
	t.Helper()
	leaves := failedLeaves(s.failed[pkg])
	if native != "ok" || vt != "FAIL" || len(leaves) == 0 {
		t.Errorf("%s: native %q, vtbound %q\n%s", pkg, native, vt, excerpt(s.output[pkg], append(append(leaves, failedLeaves(s.running[pkg])...), "")))
		return
	}
	for _, name := range leaves {
		tp, ok := findTruePositive(pkg, name)
		out := s.output[pkg][name]
		switch {
		case !ok:
			t.Errorf("%s: %s passes natively, fails under vtbound:\n%s", pkg, name, reportExcerpt(out, name))
		case !reportsOracle(out, name, tp.oracle):
			t.Errorf("%s: %s: expected true positive %q, got:\n%s", pkg, name, tp.oracle, reportExcerpt(out, name))
		default:
			t.Logf("%s: %s: true positive (%s): %s", pkg, name, tp.oracle, tp.reason)
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

// findTruePositive looks the test up in the table of expected differences.
func findTruePositive(pkg, test string) (truePositive, bool) {
	for _, tp := range truePositives {
		if tp.pkg == pkg && tp.test == test {
			return tp, true
		}
	}
	return truePositive{}, false
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

// union returns the sorted keys of both maps.
func union(a, b map[string]string) []string {
	seen := map[string]bool{}
	for k := range a {
		seen[k] = true
	}
	for k := range b {
		seen[k] = true
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
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
