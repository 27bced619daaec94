package sweep

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/vtbound/vtbound/internal/sweep/budget"
	"github.com/vtbound/vtbound/internal/sweep/db"
)

// resultSchema is the VTBOUND_JSON schema test binaries built with this
// rt write; resultSchemaV1 is the schema of older ones, which the sweep
// still reads (docs/sweep.md).
const (
	resultSchema   = "vtbound-result/2"
	resultSchemaV1 = "vtbound-result/1"
)

// record is one line a test binary appends to VTBOUND_JSON (the schema
// of rt/internal/explore.Result, which the sweep cannot import).
type record struct {
	Schema     string           `json:"schema"`
	Test       string           `json:"test"`
	Verdict    string           `json:"verdict"`
	Executions int              `json:"executions"`
	WallNS     int64            `json:"wall_ns"`
	Runs       []db.StrategyRun `json:"strategy_runs"`
	Traces     int              `json:"distinct_traces"`
	LastNew    int              `json:"last_new_trace"`
	Complete   bool             `json:"complete"`
	Exhausted  bool             `json:"exhausted"`
	// SearchTraces is dpor's count of traces, with those of the nights
	// it resumed.
	SearchTraces int `json:"search_traces"`
	// CoverageFile is the test's coverage in the coverage file format
	// (with -coverage).
	CoverageFile string `json:"coverage_file"`
	// Report is the failure the test reported (version 2): its kind
	// ("bug", "replay-diverged", ...) and its text.
	Report *struct {
		Kind string `json:"kind"`
		Text string `json:"text"`
	} `json:"report"`
	Bug *struct {
		Oracle, CVT, Schedule, Signature string
		Sites                            []string
		// Report is a version-1 record's text report; version 2 has it in
		// the record's report.
		Report string `json:"report"`
	} `json:"bug"`
}

// reportText is the text of the record's report.
func (r record) reportText() string {
	switch {
	case r.Report != nil:
		return r.Report.Text
	case r.Bug != nil:
		return r.Bug.Report
	}
	return ""
}

// diverged reports whether the test replayed a schedule (VTBOUND_REPLAY)
// that no longer reproduces its failure. A version-2 record says so in
// its report's kind; a version-1 record, or none, leaves only the test's
// output, where the replay says "no longer reproduced".
func (r record) diverged(output string) bool {
	if r.Schema == resultSchema {
		return r.Report != nil && r.Report.Kind == "replay-diverged"
	}
	return strings.Contains(output, "no longer reproduced")
}

// item is one unit of work: a test of a package with a seed.
type item struct {
	pkg   *pkg
	test  string
	seed  int64
	share budget.Share
	// known are the test's open bugs whose schedules this item replays.
	known []db.Bug
	// strategies are the -strategies this item runs; part is its dpor
	// shard part (Count 0: the whole test; see carry.go).
	strategies []string
	part       Shard
	// coverage is the test's learned coverage to start from (nil: none);
	// resume says that the item's dpor run resumes and saves the search
	// (frontier: where the last night stopped, nil: from the start).
	coverage []byte
	resume   bool
	frontier []byte
}

func (it *item) key() string {
	return db.WorkKey(it.pkg.Path, it.test, it.seed) + db.PartKey(it.partName())
}

// outcome is what running an item found.
type outcome struct {
	it      *item
	run     db.TestRun
	bugs    []*db.Bug
	replays map[string]bool // signature of a known bug -> still fails
	// coverage are the coverage files of the item's test's records.
	coverage []string
	// dporRan says that dpor ran with VTBOUND_DPOR_STATE and left
	// frontier (nil: none, the search ended or failed).
	dporRan  bool
	frontier []byte
}

// process is one run of a test binary.
type process struct {
	status  string // ok, crash, timeout
	output  string
	records []record
	wall    time.Duration
	// running are the tests go test named as running when it timed out.
	running []string
}

// newOutcome starts the outcome of an item.
func newOutcome(it *item) *outcome {
	o := &outcome{it: it, replays: map[string]bool{}}
	o.run = db.TestRun{Package: it.pkg.Path, Test: it.test, Seed: it.seed, Budget: it.share.Budget, Status: "ok", Part: it.partName()}
	return o
}

// strategyEnv is the environment exploring with strat under budget.
func strategyEnv(cfg *Config, strat, budget string) []string {
	env := []string{"VTBOUND_STRATEGY=" + strat, "VTBOUND_BUDGET=" + budget}
	if cfg.Coverage {
		env = append(env, "VTBOUND_COVERAGE=1")
	}
	return env
}

// add merges one process's results into the outcome.
func (o *outcome) add(p *process) {
	r := &o.run
	r.WallNS += int64(p.wall)
	if p.status != "ok" {
		r.Status, r.Output = p.status, p.output
	}
	for _, rec := range p.records {
		r.Executions += rec.Executions
		r.Traces += rec.Traces
		r.LastNew = max(r.LastNew, rec.LastNew)
		r.Complete = r.Complete || (rec.Complete && rec.Test == o.it.test)
		if rec.Test == o.it.test {
			r.Exhausted = r.Exhausted || rec.Exhausted
			r.SearchTraces = max(r.SearchTraces, rec.SearchTraces)
			if rec.CoverageFile != "" {
				o.coverage = append(o.coverage, rec.CoverageFile)
			}
		}
		r.Strategies = append(r.Strategies, rec.Runs...)
		r.Verdict = worse(r.Verdict, rec.Verdict)
		if rec.Bug == nil || rec.Bug.Signature == "" {
			continue
		}
		sched, _ := os.ReadFile(rec.Bug.Schedule)
		o.bugs = append(o.bugs, &db.Bug{
			Package: o.it.pkg.Path, Test: rec.Test, Signature: rec.Bug.Signature, Oracle: rec.Bug.Oracle,
			CVT: rec.Bug.CVT, Report: rec.reportText(), Sites: rec.Bug.Sites,
			Schedule: string(sched), SchedulePath: rec.Bug.Schedule,
		})
		r.Bug = rec.Bug.Signature
	}
	if r.Verdict == "fail" && r.Output == "" {
		r.Output = p.output
	}
}

// worse orders verdicts: bug over fail over pass.
func worse(a, b string) string {
	rank := map[string]int{"": 0, "pass": 1, "fail": 2, "bug": 3}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

// replay runs the known bug's saved schedule (VTBOUND_REPLAY) and notes
// whether it still fails; a crash or timeout notes nothing.
func (o *outcome) replay(ctx context.Context, cfg *Config, it *item, b db.Bug, scratch string) {
	file := filepath.Join(scratch, fmt.Sprintf("replay-%x", sha256.Sum256([]byte(b.Package+b.Signature)))[:len("replay-")+16])
	if err := os.WriteFile(file, []byte(b.Schedule), 0o644); err != nil {
		return
	}
	p := runTest(ctx, cfg, it, runPattern(b.Test), []string{"VTBOUND_REPLAY=" + file}, scratch)
	if p.status != "ok" {
		return
	}
	if len(p.records) == 0 {
		p.records = []record{noRecord(b.Test, p)}
	}
	// An explicit replay that diverges fails the test too: the bug is gone
	// from that schedule.
	failed := true
	for _, rec := range p.records {
		failed = failed && rec.Verdict != "pass" && !rec.diverged(p.output)
	}
	o.replays[b.Signature] = failed
}

// runTest runs the tests of the item's binary that the -test.run pattern
// selects with VTBOUND_JSON, the item's seed and env, within the timeout.
func runTest(ctx context.Context, cfg *Config, it *item, pattern string, env []string, scratch string) *process {
	jsonPath := filepath.Join(scratch, fmt.Sprintf("results-%d.jsonl", time.Now().UnixNano()))
	defer os.Remove(jsonPath)
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout+10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, it.pkg.Binary, "-test.run="+pattern, "-test.count=1",
		"-test.timeout="+cfg.Timeout.String())
	cmd.Dir = it.pkg.Dir
	cmd.Env = append(os.Environ(), append(env, "VTBOUND_JSON="+jsonPath,
		"VTBOUND_SEED="+strconv.FormatInt(it.seed, 10),
		"VTBOUND_DIR="+filepath.Join(scratch, "schedules", safeName(it.pkg.Path)))...)
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	p := &process{wall: time.Since(start), output: tail(out.String(), 4096), status: "ok"}
	p.records, _ = readRecords(jsonPath)
	p.status = exitStatus(ctx, err, out.String())
	if p.status == "timeout" {
		p.running = runningTests(out.String())
		p.output = fmt.Sprintf("killed after -timeout %v; output:\n%s", cfg.Timeout, p.output)
	}
	return p
}

// noRecord is the record of a test that explored nothing (no rewritten
// code: it writes none), from the process's output; it has no schema, as
// it is not a test binary's.
func noRecord(test string, p *process) record {
	v := "pass"
	if strings.Contains(p.output, "--- FAIL: "+test+" ") {
		v = "fail"
	}
	return record{Test: test, Verdict: v}
}

// runningTests reads the tests go test's timeout panic lists as running.
func runningTests(out string) []string {
	_, after, ok := strings.Cut(out, "running tests:\n")
	if !ok {
		return nil
	}
	var names []string
	for _, l := range strings.Split(after, "\n") {
		name, _, ok := strings.Cut(strings.TrimSpace(l), " (")
		if !ok || name == "" {
			break
		}
		names = append(names, name)
	}
	return names
}

// exitStatus classifies a test binary's exit: ok (it passed or its tests
// failed: exit status 1 with go test's FAIL line), timeout, or crash.
func exitStatus(ctx context.Context, err error, out string) string {
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil || strings.Contains(out, "panic: test timed out"):
		return "timeout"
	case err == nil:
		return "ok"
	case errors.As(err, &ee) && ee.ExitCode() == 1 && strings.Contains(out, "--- FAIL") && !strings.Contains(out, "\npanic: "):
		return "ok"
	}
	return "crash"
}

// readRecords reads the VTBOUND_JSON records of a file.
func readRecords(path string) ([]record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []record
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r record
		if json.Unmarshal(sc.Bytes(), &r) == nil && (r.Schema == resultSchema || r.Schema == resultSchemaV1) {
			out = append(out, r)
		}
	}
	return out, sc.Err()
}

// runPattern is the -test.run pattern selecting exactly the (sub)test.
func runPattern(name string) string {
	var parts []string
	for _, p := range strings.Split(name, "/") {
		parts = append(parts, "^"+regexp.QuoteMeta(p)+"$")
	}
	return strings.Join(parts, "/")
}

// safeName turns an import path into a directory name.
func safeName(path string) string {
	return strings.NewReplacer("/", "_", "\\", "_", ":", "_").Replace(path)
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}
