package explore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// Minimisation settings. The child protocol: a test binary started with
// minimizeEnv set to a saved schedule runs only the minimiser for that
// test and writes the best schedule it finds to the file named by
// minimizeOutEnv.
const (
	minimizeBudget = 2000
	minimizeTime   = 20 * time.Second // wall-clock cap of one minimisation
	minimizeEnv    = "VTBOUND_MINIMIZE"
	minimizeOutEnv = "VTBOUND_MINIMIZE_OUT"
	// minimizeTestEnv names the test whose schedule is minimised; its
	// explored ancestors run natively in the child (a subtest exploring
	// on its own inside an explored test).
	minimizeTestEnv = "VTBOUND_MINIMIZE_TEST"
	childTimeout    = minimizeTime + 30*time.Second
)

// minimized is the outcome of minimisation: the best failing schedule
// found, as a schedule file's content (its Trace carries preemptions), and
// that execution as it ran (nil when it was not recorded), which the report
// tells.
type minimized struct {
	sf   *schedfile.Schedule
	cvt  strategy.CVT
	view *engine.Result
}

// minimize searches near res for a schedule that fails the same way with
// fewer preemptions, variables and ordered goroutines. Failures reported
// through testing.T are minimised in a child process, where every
// candidate runs in a fresh subtest, because a T stays failed once failed.
func (d *driver) minimize(res *engine.Result, original string) (*minimized, error) {
	if res.Outcome == sched.Failed {
		return d.minimizeInChild(original)
	}
	m := strategy.NewMinimizer(res.Plan, &res.Execution, minimizeBudget, d.s.Seed)
	e := engine.New(m, d.limits(), d.t.Failed)
	view := bestRun(m, res, func() (*engine.Result, bool) { return e.Run(d.body) })
	best := foundSchedule(d.name(), m.Best(), "minimize")
	best.view = view
	return best, nil
}

// bestRun runs the minimiser's candidates with run until it stops or
// minimizeTime has passed, and returns the result of the execution it
// keeps as the best, recorded as it ran (goroutine states, races, heap):
// orig when it kept none.
func bestRun(m *strategy.Minimizer, orig *engine.Result, run func() (*engine.Result, bool)) *engine.Result {
	best := orig
	deadline := time.Now().Add(minimizeTime)
	for time.Now().Before(deadline) {
		res, ok := run()
		if !ok {
			break
		}
		if f := m.Best(); res.Outcome == f.Outcome && len(res.Trace) == len(f.Trace) && slices.Equal(res.Decisions, f.Decisions) {
			best = res.Clone()
		}
	}
	return best
}

// viewFile is how a minimiser child hands the best execution's report
// view to its parent, in JSON next to the schedule file it writes.
type viewFile struct {
	Trace   []sched.Step
	Heap    []sched.HeapObject
	States  []engine.GoroutineState
	Races   []engine.RaceReport
	Outcome sched.Outcome
	G       int // the goroutine the failure names (Failure.G), 0 if none
	// Message and Stack are the failure's (Failure.Message, .Stack).
	Message string `json:",omitempty"`
	Stack   string `json:",omitempty"`
	// FailedBy is Result.FailedBy: the steps by which the test was marked
	// failed.
	FailedBy int `json:",omitempty"`
	// EarlyWakes is Result.EarlyWakes: the wake-ups that raced with work.
	EarlyWakes []engine.EarlyWake `json:",omitempty"`
	// Plan is the execution's plan (the tracked groups), for a failure a
	// probe found (fresh.go).
	Plan sched.Plan
	// Phase is Result.Phase: where the wall clock started.
	Phase engine.WallPhase `json:",omitempty"`
}

// viewSuffix names the view file beside the minimiser's output.
const viewSuffix = ".view"

// writeView writes res's view to path.
func writeView(path string, res *engine.Result) error {
	v := viewFile{Trace: res.Trace, Heap: res.Heap, States: res.States, Races: res.RaceReports, Outcome: res.Outcome, FailedBy: res.FailedBy, EarlyWakes: res.EarlyWakes, Plan: res.Plan, Phase: res.Phase}
	if f := res.Failure; f != nil {
		v.G, v.Message, v.Stack = f.G, f.Message, f.Stack
	}
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// readView reads a view written by writeView; nil when there is none.
func readView(path string) *engine.Result {
	v := readViewFile(path)
	if v == nil {
		return nil
	}
	return v.result()
}

// readViewFile reads the view file at path; nil when there is none.
func readViewFile(path string) *viewFile {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var v viewFile
	if json.Unmarshal(data, &v) != nil {
		return nil
	}
	return &v
}

// result is the execution v tells, as far as a view tells it.
func (v *viewFile) result() *engine.Result {
	res := &engine.Result{States: v.States, RaceReports: v.Races}
	res.Trace, res.Heap, res.Outcome, res.FailedBy = v.Trace, v.Heap, v.Outcome, v.FailedBy
	res.EarlyWakes, res.Plan, res.Phase = v.EarlyWakes, v.Plan, v.Phase
	if v.G > 0 {
		res.Failure = &engine.Failure{Outcome: v.Outcome, G: v.G}
	}
	return res
}

// foundSchedule turns a minimiser result into schedule-file content.
func foundSchedule(test string, f strategy.Found, label string) *minimized {
	sf := &schedfile.Schedule{
		Test: test, Oracle: f.Outcome.String(), Strategy: label,
		CVT:       fmt.Sprintf("%d,%d,%d", f.CVT.C, f.CVT.V, f.CVT.T),
		Decisions: f.Decisions, WallPhase: true, Trace: toFileTrace(f.Trace), Comments: interleaving(f.Trace, f.Heap),
	}
	withPlan(sf, f.Plan)
	sf.Hash = engine.TraceHash(f.Trace)
	return &minimized{sf: sf, cvt: f.CVT}
}

// trackNames returns the names of the groups a plan tracks, or nil when it
// tracks all of them.
func trackNames(p sched.Plan) []string {
	if p.TrackAll {
		return nil
	}
	names := []string{}
	for _, id := range p.Track {
		if n := engine.GroupName(id); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// minimizeInChild re-executes the test binary in minimiser mode for this
// test and reads back the best schedule it found.
func (d *driver) minimizeInChild(original string) (*minimized, error) {
	out := filepath.Join(os.TempDir(), fmt.Sprintf("vtbound-min-%d-%d", os.Getpid(), time.Now().UnixNano()))
	defer os.Remove(out)
	defer os.Remove(out + viewSuffix)
	abs, err := filepath.Abs(original)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), childTimeout)
	defer cancel()
	cmd := childCmd(ctx, d.t.Name(), []string{minimizeEnv + "=" + abs, minimizeOutEnv + "=" + out, minimizeTestEnv + "=" + d.t.Name(), fmt.Sprintf("VTBOUND_SEED=%d", d.s.Seed)})
	if output, err := cmd.CombinedOutput(); err != nil {
		if _, statErr := os.Stat(out); statErr != nil {
			if msg := childMessage(string(output)); msg != "" {
				return nil, errors.New(msg)
			}
			return nil, fmt.Errorf("minimiser child: %v\n%s", err, tail(string(output), 20))
		}
	}
	sf, err := schedfile.ReadFile(out)
	if err != nil {
		return nil, err
	}
	c, v, t := parseCVT(sf.CVT)
	view := readView(out + viewSuffix)
	if view != nil && len(view.Trace) != len(sf.Trace) {
		view = nil // not the schedule's execution
	}
	return &minimized{sf: sf, cvt: strategy.CVT{C: c, V: v, T: t}, view: view}, nil
}

// childPrefix starts the line a minimiser child fails with, so that the
// parent reports that line alone (childMessage) instead of the child's
// test output.
const childPrefix = "vtbound: minimiser: "

// childMessage returns what a failed minimiser child said after
// childPrefix, or "" when it said nothing (it crashed or timed out).
func childMessage(output string) string {
	for line := range strings.Lines(output) {
		if _, msg, ok := strings.Cut(line, childPrefix); ok {
			return strings.TrimSpace(msg)
		}
	}
	return ""
}

// runMinimizeChild is the child side: replay the saved schedule to
// recover the full failing execution, run the minimiser with one subtest
// per candidate, and write the best schedule.
func runMinimizeChild(t *testing.T, body func(*testing.T), s *driver, path, out string) {
	if name := os.Getenv(minimizeTestEnv); name != "" && name != t.Name() {
		s.body() // an ancestor of the minimised subtest: run it natively
		return
	}
	sf, err := schedfile.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s.fromSchedule(sf)
	var cur *testing.T
	failed := func() bool { return cur != nil && cur.Failed() }
	run := func(e *engine.Engine) (res *engine.Result, ok bool) {
		t.Run("candidate", func(st *testing.T) {
			cur = st
			res, ok = e.Run(asBody(st, body))
		})
		return res, ok
	}
	orig, ok := run(engine.New(newReplay(sf.Decisions, filePlan(sf)), s.limits(), failed))
	if !ok || orig.Outcome == sched.OK {
		t.Fatalf("%sthe saved schedule does not fail when replayed in a fresh process: the failure depends on more than the schedule (real time, map order, randomness, or state earlier executions left)", childPrefix)
	}
	orig = orig.Clone()
	m := strategy.NewMinimizer(orig.Plan, &orig.Execution, minimizeBudget, s.s.Seed)
	e := engine.New(m, s.limits(), failed)
	view := bestRun(m, orig, func() (*engine.Result, bool) { return run(e) })
	best := foundSchedule(s.name(), m.Best(), "minimize")
	if err := writeView(out+viewSuffix, view); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, best.sf.Marshal(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// childCmd is a fresh process of this test binary that runs test alone,
// with env added to this process's environment and args after the run
// flags; it ends when this process ends.
func childCmd(ctx context.Context, test string, env []string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, os.Args[0], append([]string{"-test.run=" + runPattern(test), "-test.count=1", "-test.v=false"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	dieWithParent(cmd) // child_linux.go
	return cmd
}

// runPattern anchors every element of a (sub)test name for -test.run.
func runPattern(name string) string {
	var parts []string
	for _, p := range strings.Split(name, "/") {
		parts = append(parts, "^"+regexp.QuoteMeta(p)+"$")
	}
	return strings.Join(parts, "/")
}

func parseCVT(s string) (c, v, t int) {
	fmt.Sscanf(s, "%d,%d,%d", &c, &v, &t)
	return c, v, t
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
