package explore

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/report"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// ResultSchema names and versions the records VTBOUND_JSON=FILE writes:
// one JSON object per line and per explored test. A consumer rejects a
// schema it does not know; fields are only ever added within a version.
//
// Version 2 moved the text report from the bug (bug.report, a string) to
// the record's report, an object holding the structured report and its
// text, and records the report of every failure vtbound reports, not
// only of interleaving bugs.
const ResultSchema = "vtbound-result/2"

// Result is one explored test's record (see docs/sweep.md).
type Result struct {
	Schema string `json:"schema"`
	Test   string `json:"test"`
	// Verdict is "pass", "bug" (an interleaving bug was reported with a
	// saved schedule) or "fail" (the test failed otherwise: on every
	// schedule, not repeatable, a replayed schedule, a setup error).
	Verdict    string        `json:"verdict"`
	Executions int           `json:"executions"`
	WallNS     int64         `json:"wall_ns"`
	Strategy   string        `json:"strategy"`
	Seed       int64         `json:"seed"`
	Runs       []StrategyRun `json:"strategy_runs,omitempty"`
	Traces     int           `json:"distinct_traces"`
	// LastNew is the execution (1-based) that found the last new trace:
	// a test whose second half found none is saturated for its budget.
	LastNew int `json:"last_new_trace"`
	// Exhausted is set when the strategy had nothing left to explore
	// before the budget ran out (and the test passed), never for an
	// exploration cut at a bound.
	Exhausted bool `json:"exhausted,omitempty"`
	// Cut says what cut the exploration short ("step bound at execution
	// 1", "time bound at execution 3"): the executions before it are all
	// that was explored. NativeVerdict is set when none completed, so the
	// verdict is that of one native run (docs/verdicts.md).
	Cut           string `json:"cut,omitempty"`
	NativeVerdict bool   `json:"native_verdict,omitempty"`
	// Long is set when an execution reached the step bound while its
	// goroutines made progress and the executions after it explored the
	// test as a long test (docs/model.md#long-tests).
	Long *LongRun `json:"long,omitempty"`
	// Complete is set when a systematic strategy (dpor) explored every
	// trace and nothing limits that proof; Left is its count of open
	// backtrack points. NotProof says what kept a search that explored
	// every trace from being a proof (see docs/verdicts.md).
	Complete bool     `json:"complete,omitempty"`
	Left     int      `json:"backtrack_left,omitempty"`
	NotProof []string `json:"not_proof,omitempty"`
	// SearchTraces is the systematic strategy's own count of the traces
	// it explored (dpor: Mazurkiewicz traces of this shard, with those of
	// the runs it resumed, VTBOUND_DPOR_STATE).
	SearchTraces int `json:"search_traces,omitempty"`
	// SearchExecutions is the executions of that search, and
	// SearchBlocked those of them that explored no trace of their own
	// (dpor: sleep-set blocked, or only reaching another shard's
	// subtree): SearchTraces = SearchExecutions − SearchBlocked.
	SearchExecutions int    `json:"search_executions,omitempty"`
	SearchBlocked    int    `json:"search_blocked,omitempty"`
	Coverage         string `json:"coverage,omitempty"`
	// CoverageFile is the test's HaPSet and SP coverage in the coverage
	// file format (package coverage, "vtbound-coverage 1"), when coverage
	// is measured (VTBOUND_COVERAGE, VTBOUND_VERBOSE, VTBOUND_SATURATE):
	// vtbound sweep keeps it per test across nights.
	CoverageFile string `json:"coverage_file,omitempty"`
	Replay       string `json:"replay,omitempty"`
	// Loops are the places where passing executions left goroutines
	// looping on the clock after the test ("cache.go:40 (sleep)"), not
	// failed: the test does not check leaks with goleak (docs/verdicts.md).
	Loops []string `json:"loops,omitempty"`
	// Idle are the places where goroutines a test left waiting for work
	// wait (a select of a service loop), on every schedule, not failed: the
	// test does not check leaks with goleak (idleleak.go).
	Idle []string `json:"idle,omitempty"`
	// Report is the failure vtbound reported through the test, if any.
	Report *FailureReport `json:"report,omitempty"`
	// Bug identifies the reported interleaving bug, if any.
	Bug *Bug `json:"bug,omitempty"`
}

// FailureReport is a Result's report: the report as a value, and as the
// text printed through testing.T (its Text field hides the method that
// rendered it).
type FailureReport struct {
	report.Report
	Text string `json:"text"`
}

// StrategyRun is what one strategy of the exploration did.
type StrategyRun struct {
	Strategy   string `json:"strategy"`
	Executions int    `json:"executions"`
	Traces     int    `json:"distinct_traces"`
}

// Bug identifies the reported interleaving bug of a Result; its report
// is the Result's.
type Bug struct {
	Oracle   string `json:"oracle"`
	CVT      string `json:"cvt"`
	Schedule string `json:"schedule"`
	// Sites are the distinct file:line of the reported (minimised)
	// interleaving's steps, sorted; Signature is the oracle and the sites,
	// stable across runs, machines and symmetric schedules.
	Sites     []string `json:"sites"`
	Signature string   `json:"signature"`
}

// record collects one test's result while it is explored.
type record struct {
	start  time.Time
	res    Result
	runs   map[string]*StrategyRun
	order  []string
	hashes map[uint64]bool
	cov    *covTracker // the coverage measured, if any
}

// records maps the drivers of tests with VTBOUND_JSON set to their records.
var records sync.Map // *driver -> *record

// writeResult starts d's record when VTBOUND_JSON is set and returns the
// function that writes it when the test ends.
func (d *driver) writeResult(start time.Time) func() {
	if d.s.JSON == "" || os.Getenv(minimizeEnv) != "" || os.Getenv(probeEnv) != "" {
		return func() {} // the minimiser's and prober's children write none
	}
	r := &record{start: start, runs: map[string]*StrategyRun{}, hashes: map[uint64]bool{}}
	r.res = Result{Schema: ResultSchema, Test: d.t.Name(), Strategy: d.s.Strategy, Seed: d.s.Seed, Replay: d.s.Replay}
	records.Store(d, r)
	return func() {
		records.Delete(d)
		r.finish(d, time.Since(start))
		if err := appendResult(d.s.JSON, &r.res); err != nil {
			warnf("VTBOUND_JSON=%s: %v", d.s.JSON, err)
		}
	}
}

// finish completes the record when the test ends.
func (r *record) finish(d *driver, wall time.Duration) {
	res := &r.res
	res.WallNS = int64(wall)
	res.Traces = len(r.hashes)
	for _, name := range r.order {
		res.Runs = append(res.Runs, *r.runs[name])
	}
	if r.cov != nil && r.cov.state.Executions > 0 {
		res.CoverageFile = string(r.cov.file().Marshal())
	}
	switch {
	case res.Bug != nil:
		res.Verdict = "bug"
	case d.t.Failed():
		res.Verdict = "fail"
	default:
		res.Verdict = "pass"
	}
}

// lookupRecord returns d's record, or nil without VTBOUND_JSON.
func (d *driver) lookupRecord() *record {
	if v, ok := records.Load(d); ok {
		return v.(*record)
	}
	return nil
}

// noteExecution counts one explored execution and its trace.
func (d *driver) noteExecution(res *engine.Result) {
	r := d.lookupRecord()
	if r == nil {
		return
	}
	label, _, _ := strings.Cut(res.Label, " ") // "portfolio/pct d=3 k=12": portfolio/pct
	if label == "" {
		label = d.s.Strategy
	}
	r.res.Executions++
	run := r.runs[label]
	if run == nil {
		run = &StrategyRun{Strategy: label}
		r.runs[label] = run
		r.order = append(r.order, label)
	}
	run.Executions++
	if !r.hashes[res.Hash] {
		r.hashes[res.Hash] = true
		run.Traces++
		r.res.LastNew = r.res.Executions
	}
}

// noteExplore records, when explore returns, the strategy's coverage and
// completion.
func (d *driver) noteExplore(strat sched.Strategy) {
	r := d.lookupRecord()
	if r == nil {
		return
	}
	r.res.Coverage = strings.TrimPrefix(coverageNote(strat), "; ")
	if d.long.on {
		rec := d.long.record
		r.res.Long = &rec
	}
	r.res.Exhausted = !d.t.Failed() && r.res.Cut == "" && !d.long.on && (d.s.Execs == 0 || r.res.Executions < d.s.Execs) &&
		(d.s.Time == 0 || time.Since(r.start) < d.s.Time)
	if ft, ok := strat.(*fixedTracking); ok {
		strat = ft.Strategy
	}
	if c, ok := strat.(strategy.Completer); ok {
		complete, traces, execs, left := c.Completion()
		limits := d.proof.reasons(d.s.WakeWindow)
		r.res.Complete, r.res.Left, r.res.SearchTraces = complete && !d.t.Failed() && len(limits) == 0, left, traces
		r.res.SearchExecutions, r.res.SearchBlocked = execs, c.Redundant()
		if complete && len(limits) > 0 {
			r.res.NotProof = limits
		}
	}
}

// noteCut records that execution res was cut at a bound and ended the
// exploration; completed is how many executions completed before it.
func (d *driver) noteCut(res *engine.Result, completed int) {
	r := d.lookupRecord()
	if r == nil {
		return
	}
	bound := "step bound"
	switch {
	case res.TimeBound && d.end.shortened:
		bound = "time bound of the binary's -timeout share" // timeout.go
	case res.TimeBound:
		bound = "time bound"
	}
	r.res.Cut = fmt.Sprintf("%s at execution %d", bound, res.N)
	r.res.NativeVerdict = completed == 0
}

// noteFailure records the reported bug: the schedule to replay (the
// minimised one when minimisation saved one) and its signature, computed
// from that schedule.
func (d *driver) noteFailure(path string) {
	r := d.lookupRecord()
	if r == nil {
		return
	}
	bug := &Bug{Schedule: path}
	if sf, err := schedfile.ReadFile(path); err == nil {
		bug.Oracle, bug.CVT = sf.Oracle, sf.CVT
		bug.Sites = traceSites(sf.Trace)
	}
	bug.Signature = bug.Oracle + "@" + strings.Join(bug.Sites, ",")
	r.res.Bug = bug
}

// noteReport records the report of the test's failure and its text.
func (d *driver) noteReport(rep *report.Report, text string) {
	if r := d.lookupRecord(); r != nil {
		r.res.Report = &FailureReport{Report: *rep, Text: text}
	}
}

// traceSites lists the distinct file:line of the steps of a schedule
// file's trace, sorted; steps without a site are left out.
func traceSites(trace []schedfile.Step) []string {
	seen := map[string]bool{}
	for _, st := range trace {
		s := st.Pos.Where()
		if s == "" {
			s = siteLine(st.Site)
		}
		if s != "" {
			seen[s] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// resultsMu orders the appends of one process.
var resultsMu sync.Mutex

// appendResult appends res as one line to the file at path, with one
// write so that lines of processes appending to one file do not mix.
func appendResult(path string, res *Result) error {
	line, err := json.Marshal(res)
	if err != nil {
		return err
	}
	resultsMu.Lock()
	defer resultsMu.Unlock()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
