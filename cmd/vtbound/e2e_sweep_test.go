//go:build e2e

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	"gopkg.in/yaml.v3"

	"github.com/vtbound/vtbound/internal/sweep/db"
	"github.com/vtbound/vtbound/internal/testbin"
)

// e2eSweepFlags keep the end-to-end sweeps small: dpor is deterministic and
// completes the correct tests of testdata/e2e/sweep in a few executions.
var e2eSweepFlags = []string{"-strategies=dpor", "-per-test=200", "-seed=1", "-p=2", "-timeout=5s", "-interval=1h"}

// openDB opens a sweep's database for checking.
func openDB(t *testing.T, path string) *db.DB {
	t.Helper()
	d, err := db.Open(path, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// bugSet is the set of "package signature" of a database's bugs with
// their state.
func bugSet(t *testing.T, d *db.DB) map[string]string {
	t.Helper()
	bugs, err := d.Bugs()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, b := range bugs {
		state := "open"
		if !b.Open() {
			state = "fixed"
		}
		out[b.Package+" "+b.Signature] = state
	}
	return out
}

// TestSweepLifecycle sweeps testdata/e2e/sweep three times: the first
// sweep finds the two bugs, records the build failure and the hang, and
// exits 1; the second reports them known, spends nothing on the tests
// dpor completed, reuses every test binary, and exits 0; after racy is
// fixed and one test of ok edited, the third reports racy's bug fixed and
// explores racy's tests again (their code changed) and the edited test,
// but not ok's other tests.
func TestSweepLifecycle(t *testing.T) {
	dir := module(t, "sweep")
	r := vtSweep(t, dir, e2eSweepFlags...)
	if r.code != 1 || !strings.Contains(r.stdout, "2 new, 0 known") {
		t.Fatalf("first sweep: want exit 1 and 2 new bugs: %+v", r)
	}
	for _, want := range []string{"build failed: example.com/sweep/broken: broken/broken.go:5", "timeout: example.com/sweep/hang TestHang"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("first sweep does not report %q:\n%s", want, r.stdout)
		}
	}
	r = vtSweep(t, dir, e2eSweepFlags...)
	if r.code != 0 || !strings.Contains(r.stdout, "0 new, 2 known, 0 fixed") {
		t.Fatalf("second sweep: want exit 0 and 2 known bugs: %+v", r)
	}
	d := openDB(t, filepath.Join(dir, ".vtbound", "sweep.db"))
	second := lastRun(t, d)
	checkSkipped(t, d, second, "example.com/sweep/ok", "TestCounter", "TestPipeline", "TestSequential")
	checkCached(t, d, map[string]bool{"deadlock": true, "hang": true, "ok": true, "racy": true})
	d.Close()
	fixed, _ := os.ReadFile(filepath.Join(dir, "racy", "fixed.go.txt"))
	os.WriteFile(filepath.Join(dir, "racy", "racy.go"), fixed, 0o644)
	editFile(t, filepath.Join(dir, "ok", "ok_test.go"), `t.Fatalf("n = %d", n)`, `t.Fatalf("counter = %d", n)`)
	r = vtSweep(t, dir, e2eSweepFlags...)
	if r.code != 0 || !strings.Contains(r.stdout, "0 new, 1 known, 1 fixed") || !regexp.MustCompile(`fixed +example.com/sweep/racy TestOverdraw`).MatchString(r.stdout) {
		t.Fatalf("third sweep: want exit 0, racy's bug fixed: %+v", r)
	}
	d = openDB(t, filepath.Join(dir, ".vtbound", "sweep.db"))
	third := lastRun(t, d)
	checkSkipped(t, d, third, "example.com/sweep/ok", "TestPipeline", "TestSequential")
	for _, a := range []db.Allocation{allocation(third, "example.com/sweep/racy", "TestSingle"), allocation(third, "example.com/sweep/ok", "TestCounter")} {
		if a.Budget == "" || a.Reason != "new or changed code" {
			t.Errorf("third sweep: want %s explored as changed code, got %+v", a.Test, a)
		}
	}
	checkCached(t, d, map[string]bool{"deadlock": true, "hang": true, "ok": false, "racy": false})
	if errs := d.Check(); len(errs) > 0 {
		t.Errorf("database check: %v", errs)
	}
	d.Close()
	checkReports(t, dir)
}

// editFile replaces old by new in the file.
func editFile(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil || !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s: %v, or no %q in it", path, err, old)
	}
	if err := os.WriteFile(path, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkCached requires that the last sweep took the test binaries of the
// packages (under example.com/sweep/) from the cache, or built them.
func checkCached(t *testing.T, d *db.DB, want map[string]bool) {
	t.Helper()
	for name, cached := range want {
		p, err := d.Package("example.com/sweep/" + name)
		if err != nil || p == nil || p.Cached != cached {
			t.Errorf("package %s: %+v, %v; want cached=%v", name, p, err, cached)
		}
	}
}

// checkReports runs `vtbound sweep report -html -sarif` and checks that
// the SARIF has one result per bug, the fixed one included.
func checkReports(t *testing.T, dir string) {
	t.Helper()
	html, sarif := filepath.Join(t.TempDir(), "r.html"), filepath.Join(t.TempDir(), "r.sarif")
	r := command(t, dir, nil, "", vtbin(t), "sweep", "report", "-html", html, "-sarif", sarif)
	if r.code != 0 || !strings.Contains(r.stdout, "fixed in") {
		t.Fatalf("sweep report: %+v", r)
	}
	var log struct {
		Runs []struct{ Results []json.RawMessage }
	}
	data, _ := os.ReadFile(sarif)
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Errorf("SARIF: %v, %d runs:\n%.500s", err, len(log.Runs), data)
	}
	if page, _ := os.ReadFile(html); !bytes.Contains(page, []byte("TestOverdraw")) {
		t.Errorf("HTML report does not name TestOverdraw (%d bytes)", len(page))
	}
}

// lastRun returns the database's latest run.
func lastRun(t *testing.T, d *db.DB) db.Run {
	t.Helper()
	runs, err := d.Runs()
	if err != nil || len(runs) == 0 {
		t.Fatalf("runs: %v %v", runs, err)
	}
	return runs[len(runs)-1]
}

func allocation(r db.Run, pkg, test string) db.Allocation {
	for _, a := range r.Allocation {
		if a.Package == pkg && a.Test == test {
			return a
		}
	}
	return db.Allocation{}
}

// checkSkipped requires that run gave the tests no budget and ran none.
func checkSkipped(t *testing.T, d *db.DB, run db.Run, pkg string, tests ...string) {
	t.Helper()
	trs, err := d.TestRuns(run.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range tests {
		if a := allocation(run, pkg, test); a.Budget != "" || !strings.HasPrefix(a.Reason, "skipped") {
			t.Errorf("run %s: %s %s got %+v, want skipped", run.ID, pkg, test, a)
		}
		for _, tr := range trs {
			if tr.Package == pkg && tr.Test == test {
				t.Errorf("run %s explored the saturated %s %s: %+v", run.ID, pkg, test, tr)
			}
		}
	}
}

// sweepTotals sums a database's test-run executions.
func sweepTotals(t *testing.T, d *db.DB) int {
	t.Helper()
	trs, err := d.TestRuns("")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tr := range trs {
		n += tr.Executions
	}
	return n
}

// TestSweepShardsAndResume: 1, 2 and 3 shards (merged) find the same bugs
// with the same total executions; a sweep killed with SIGKILL after its
// first test and resumed records the same bugs, and its database passes
// bbolt's check.
func TestSweepShardsAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("nine sweeps and a resume")
	}
	dir := module(t, "sweep")
	pkgs := []string{"./racy", "./deadlock", "./ok"}
	var want map[string]string
	wantExecs := 0
	for n := 1; n <= 3; n++ {
		var parts []string
		for i := range n {
			part := filepath.Join(t.TempDir(), fmt.Sprintf("shard%d.db", i))
			args := append(append([]string{"-id=night", fmt.Sprintf("-shard=%d/%d", i, n), "-db=" + part}, e2eSweepFlags...), pkgs...)
			if r := vtSweep(t, dir, args...); r.code > 1 {
				t.Fatalf("shard %d/%d: %+v", i, n, r)
			}
			parts = append(parts, part)
		}
		all := filepath.Join(t.TempDir(), "all.db")
		if r := command(t, dir, nil, "", vtbin(t), append(append([]string{"sweep", "merge"}, parts...), "-o", all)...); r.code != 0 {
			t.Fatalf("merge: %+v", r)
		}
		d := openDB(t, all)
		got, execs := bugSet(t, d), sweepTotals(t, d)
		if n == 1 {
			want, wantExecs = got, execs
			if len(want) != 2 {
				t.Fatalf("one shard found %v, want the 2 bugs", want)
			}
			continue
		}
		if !equalMaps(got, want) || execs != wantExecs {
			t.Errorf("%d shards: bugs %v, %d executions; one process: %v, %d", n, got, execs, want, wantExecs)
		}
	}
	resumed := killAndResume(t, dir, pkgs)
	if got := bugSet(t, resumed); !equalMaps(got, want) {
		t.Errorf("killed and resumed: bugs %v, want %v", got, want)
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// killAndResume starts a one-worker sweep, kills it with SIGKILL after the
// first test ends, resumes it and returns its checked database.
func killAndResume(t *testing.T, dir string, pkgs []string) *db.DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "resume.db")
	args := append(append([]string{"sweep", "-json", "-db=" + path}, e2eSweepFlags...), "-p=1")
	cmd := exec.Command(vtbin(t), append(args, pkgs...)...)
	cmd.Dir = dir
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	for sc.Scan() && !strings.Contains(sc.Text(), `"action":"end"`) {
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	r := command(t, dir, nil, "", vtbin(t), append(append([]string{"sweep", "-resume"}, args[2:]...), pkgs...)...)
	if r.code > 1 {
		t.Fatalf("resume: %+v", r)
	}
	d := openDB(t, path)
	if errs := d.Check(); len(errs) > 0 {
		t.Errorf("database check after SIGKILL and resume: %v", errs)
	}
	if runs, _ := d.Runs(); len(runs) != 1 || !runs[0].Finished {
		t.Errorf("resume: want the one run, finished: %+v", runs)
	}
	return d
}

// TestSweepReplay: `vtbound replay` replays the schedule a sweep saved
// for a bug, from the package and directory the file records, and the
// bug reproduces (exit status 1). The sweep measures coverage
// (-coverage), which the database keeps for the test.
func TestSweepReplay(t *testing.T) {
	dir := module(t, "sweep")
	if r := vtSweep(t, dir, append(e2eSweepFlags, "-coverage", "-run=TestOverdraw", "./racy")...); r.code != 1 {
		t.Fatalf("sweep: %+v", r)
	}
	d := openDB(t, filepath.Join(dir, ".vtbound", "sweep.db"))
	if tr, err := d.Test("example.com/sweep/racy", "TestOverdraw"); err != nil || tr == nil || tr.Covered == 0 || !bytes.HasPrefix(tr.Coverage, []byte("vtbound-coverage 1\ntest TestOverdraw\n")) {
		t.Errorf("-coverage: want the test's coverage file in the database: %+v, %v", tr, err)
	}
	bugs, err := d.Bugs()
	if err != nil || len(bugs) != 1 {
		t.Fatalf("bugs %+v, %v", bugs, err)
	}
	r := command(t, t.TempDir(), nil, "", vtbin(t), "replay", bugs[0].SchedulePath)
	if r.code != 1 || !strings.Contains(r.output(), "saved schedule still fails") || !strings.Contains(r.stderr, "go test -toolexec=") {
		t.Errorf("replay: want exit 1 and the failure reproduced: %+v", r)
	}
}

// TestSweepBadInput: each bad input is one line naming it, exit status 2,
// and the database is left as it was.
func TestSweepBadInput(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.db")
	os.WriteFile(corrupt, bytes.Repeat([]byte("not a database "), 400), 0o644)
	newer := filepath.Join(dir, "newer.db")
	setSchemaVersion(t, newer, db.Version+1)
	before := map[string][]byte{}
	for _, f := range []string{corrupt, newer} {
		before[f], _ = os.ReadFile(f)
	}
	notDir := filepath.Join(dir, "file")
	os.WriteFile(notDir, nil, 0o644)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"-bogus", []string{"sweep", "-bogus"}},
		{"-shard=3/2", []string{"sweep", "-shard=3/2"}},
		{"-per-test=lots", []string{"sweep", "-per-test=lots"}},
		{corrupt, []string{"sweep", "-db=" + corrupt}},
		{newer, []string{"sweep", "-db=" + newer}},
		{notDir, []string{"sweep", "-db=" + filepath.Join(notDir, "x.db")}},
		{"missing.db", []string{"sweep", "merge", filepath.Join(dir, "missing.db"), "-o", filepath.Join(dir, "out.db")}},
		{corrupt, []string{"sweep", "report", "-db=" + corrupt}},
		{"missing", []string{"replay", filepath.Join(dir, "missing")}},
	} {
		r := command(t, dir, nil, "", vtbin(t), tc.args...)
		name := tc.name
		if r.code != 2 || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || !strings.Contains(r.stderr, name) {
			t.Errorf("vtbound %v: want exit 2 and one line naming %q: %+v", tc.args, name, r)
		}
	}
	for f, data := range before {
		if now, _ := os.ReadFile(f); !bytes.Equal(now, data) {
			t.Errorf("%s changed by a failed sweep", f)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out.db")); err == nil {
		t.Error("merge with a missing input created its output")
	}
}

// TestSweepExamples parses the example GitHub Actions workflow and
// Kubernetes manifest and runs the vtbound commands they contain, as
// written, with small settings: the shards' databases merge into one
// that has both bugs.
func TestSweepExamples(t *testing.T) {
	dir := module(t, "sweep")
	bin := t.TempDir()
	if err := os.Symlink(vtbin(t), filepath.Join(bin, "vtbound")); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"SWEEP_BUDGET=20s", "SWEEP_TIMEOUT=5s", "SWEEP_PACKAGES=./racy ./deadlock", "SHARDS=2"}
	t.Run("github", func(t *testing.T) {
		runWorkflow(t, dir, env)
		checkMerged(t, filepath.Join(dir, ".vtbound", "sweep.db"))
	})
	t.Run("kubernetes", func(t *testing.T) {
		results := t.TempDir()
		runManifest(t, dir, append(env, "RESULTS="+results, "SWEEP_ID=nightly"))
		checkMerged(t, filepath.Join(results, "sweep.db"))
	})
}

func checkMerged(t *testing.T, path string) {
	t.Helper()
	if got := bugSet(t, openDB(t, path)); len(got) != 2 {
		t.Errorf("%s: bugs %v, want 2", path, got)
	}
}

// sh runs a shell command line of an example with env.
func sh(t *testing.T, dir string, env []string, line string) {
	t.Helper()
	if r := command(t, dir, env, "", "sh", "-c", line); r.code != 0 {
		t.Fatalf("sh -c %q: %+v", line, r)
	}
}

// runWorkflow runs the vtbound steps of the workflow: the sweep step for
// two of the matrix's shards (each from an empty database, as artifacts
// are), then the merge step.
func runWorkflow(t *testing.T, dir string, env []string) {
	var wf struct {
		Jobs map[string]struct {
			Strategy struct{ Matrix struct{ Shard []int } }
			Steps    []struct{ Name, Run string }
		}
	}
	readYAML(t, "github-actions-sweep.yml", &wf)
	sweepJob, merge := wf.Jobs["sweep"], wf.Jobs["merge"]
	if len(sweepJob.Strategy.Matrix.Shard) < 2 {
		t.Fatalf("workflow: matrix.shard = %v", sweepJob.Strategy.Matrix.Shard)
	}
	step := func(steps []struct{ Name, Run string }, name string) string {
		for _, s := range steps {
			if s.Name == name && strings.Contains(s.Run, "vtbound sweep") {
				return s.Run
			}
		}
		t.Fatalf("workflow: no step %q running vtbound sweep", name)
		return ""
	}
	run := step(sweepJob.Steps, "Sweep one shard")
	for _, shard := range sweepJob.Strategy.Matrix.Shard[:2] {
		line := strings.NewReplacer("${{ github.run_id }}", "42", "${{ matrix.shard }}", fmt.Sprint(shard)).Replace(run)
		os.RemoveAll(filepath.Join(dir, ".vtbound"))
		sh(t, dir, env, line)
		artifact := filepath.Join(dir, "shards", fmt.Sprintf("vtbound-shard-%d", shard))
		os.MkdirAll(artifact, 0o755)
		os.Rename(filepath.Join(dir, ".vtbound", "sweep.db"), filepath.Join(artifact, "sweep.db"))
	}
	sh(t, dir, env, step(merge.Steps, "Merge the shards"))
}

// runManifest runs the Indexed Job's command for each completion index,
// then the merge Job's.
func runManifest(t *testing.T, dir string, env []string) {
	type job struct {
		Kind string
		Spec struct {
			CompletionMode string `yaml:"completionMode"`
			Completions    int
			Template       struct {
				Spec struct {
					Containers []struct{ Command, Args []string }
				}
			}
		}
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "examples", "kubernetes-sweep-job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var jobs []job
	for {
		var j job
		if dec.Decode(&j) != nil {
			break
		}
		jobs = append(jobs, j)
	}
	if len(jobs) != 2 || jobs[0].Spec.CompletionMode != "Indexed" || jobs[0].Spec.Completions < 2 {
		t.Fatalf("manifest: want an Indexed Job and a merge Job, got %+v", jobs)
	}
	for _, j := range jobs {
		c := j.Spec.Template.Spec.Containers[0]
		if !slices.Equal(c.Command, []string{"sh", "-c"}) || len(c.Args) != 1 {
			t.Fatalf("manifest: container command %v %v", c.Command, c.Args)
		}
		for i := range max(1, min(2, j.Spec.Completions)) {
			sh(t, dir, append(env, fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i)), c.Args[0])
		}
	}
}

func readYAML(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// setSchemaVersion makes a database whose schema version is v.
func setSchemaVersion(t *testing.T, path string, v int) {
	t.Helper()
	d, err := db.Open(path, true)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	b, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	err = b.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("meta")).Put([]byte("schema"), []byte(fmt.Sprint(v)))
	})
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkSweepOverhead compares a sweep's wall time with the same
// explorations run directly by go test (same seed, strategy and count
// of executions per test, warm build cache) and reports the ratios: of a
// sweep whose test binary is cached (unchanged code, the nightly steady
// state: sweep/direct) and of one that builds it (-rebuild:
// rebuild/direct); and of the cached sweep to the explorations alone
// (the cached binary run once, as go test runs it: sweep/binary), which
// is the sweep's own fixed cost.
func BenchmarkSweepOverhead(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "sweep")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "e2e", "sweep"))); err != nil {
		b.Fatal(err)
	}
	const execs = "2000"
	pkgs := []string{"./ok"}
	direct := func() {
		goCmd(b, dir, []string{"VTBOUND_STRATEGY=random", "VTBOUND_SEED=1", "VTBOUND_BUDGET=" + execs}, append([]string{"test", "-count=1", toolexecFlag(b)}, pkgs...)...)
	}
	dbDir := b.TempDir()
	cacheHome := b.TempDir() // the binary cache lives in the user cache directory
	n := 0
	swept := func(extra ...string) {
		n++
		db := filepath.Join(dbDir, fmt.Sprintf("s%d.db", n))
		args := append([]string{"sweep", "-db=" + db, "-alloc=equal", "-strategies=random", "-seed=1", "-p=1", "-per-test=" + execs}, extra...)
		if r := command(b, dir, []string{"XDG_CACHE_HOME=" + cacheHome}, "", vtbin(b), append(args, pkgs...)...); r.code != 0 {
			b.Fatalf("sweep: %+v", r)
		}
	}
	direct() // warm the build cache
	swept()  // and the binary cache
	bins, _ := filepath.Glob(filepath.Join(cacheHome, "vtbound", "sweep", "*", "*_ok-*.test"))
	if len(bins) != 1 {
		b.Fatalf("cached binaries %v, want the one of ok", bins)
	}
	binary := func() { // the explorations alone: the cached binary run as go test would
		command(b, filepath.Join(dir, "ok"), []string{"VTBOUND_STRATEGY=random", "VTBOUND_SEED=1", "VTBOUND_BUDGET=" + execs}, "", bins[0], "-test.count=1")
	}
	var d, s, r, x time.Duration
	for b.Loop() {
		t0 := time.Now()
		direct()
		t1 := time.Now()
		swept()
		t2 := time.Now()
		swept("-rebuild")
		t3 := time.Now()
		binary()
		d, s, r, x = d+t1.Sub(t0), s+t2.Sub(t1), r+t3.Sub(t2), x+time.Since(t3)
	}
	b.ReportMetric(s.Seconds()/d.Seconds(), "sweep/direct")
	b.ReportMetric(r.Seconds()/d.Seconds(), "rebuild/direct")
	b.ReportMetric(s.Seconds()/x.Seconds(), "sweep/binary")
}

// TestSweepStateIgnored sweeps one package of a git repository: the
// .vtbound/ directory the sweep creates holds a .gitignore ignoring
// everything, so git status stays clean, and the test binaries are in
// the user cache directory, not in the module.
func TestSweepStateIgnored(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git")
	}
	dir := module(t, "sweep")
	git := func(args ...string) result {
		return command(t, dir, []string{"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t"}, "", "git", args...)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-qm", "module"}} {
		if r := git(args...); r.code != 0 {
			t.Fatalf("git %v: %+v", args, r)
		}
	}
	testbin.KeepGoCache(t) // XDG_CACHE_HOME moves below
	cacheHome := t.TempDir()
	args := append([]string{"sweep"}, e2eSweepFlags...)
	r := command(t, dir, []string{"XDG_CACHE_HOME=" + cacheHome}, "", vtbin(t), append(args, "./ok")...)
	if r.code != 0 {
		t.Fatalf("sweep ./ok: %+v", r)
	}
	if data, err := os.ReadFile(filepath.Join(dir, ".vtbound", ".gitignore")); err != nil || !strings.Contains(string(data), "\n*\n") {
		t.Errorf(".vtbound/.gitignore: %q, %v; want a line '*'", data, err)
	}
	if st := git("status", "--porcelain", "--untracked-files=all"); st.code != 0 || st.stdout != "" {
		t.Errorf("git status after a sweep: %+v; want clean", st)
	}
	inModule, _ := filepath.Glob(filepath.Join(dir, ".vtbound", "*", "*.test"))
	inCache, _ := filepath.Glob(filepath.Join(cacheHome, "vtbound", "sweep", "*", "*.test"))
	if len(inModule) != 0 || len(inCache) != 1 {
		t.Errorf("test binaries in the module %v, in the user cache %v; want none and ok's", inModule, inCache)
	}
}
