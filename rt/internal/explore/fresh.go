package explore

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// Exploring a test that cannot run twice in one process.
//
// A failure that is not repeatable in one process (repeatable.go) says
// only that the test leaves state behind (a name registered in a
// package-level table, a closed package-level channel): its later
// executions in this process test that state, not the program. The test
// is still explored: each further execution runs as the first of a fresh
// process of the test binary (a probe, probe.go), with strategies and
// seeds of its own, until the exploration's time budget is spent (at least
// freshMin executions, at most freshMax). A failure found so is an
// interleaving bug of the program: it is saved and reported as any other,
// and its replay command replays it as the first execution of a fresh
// process (go test runs one). It is not minimised (minimisation runs many
// executions in one process) nor replayed in this process. Only when no
// fresh execution fails does the test keep its native verdict; the
// warning says how many executions ran in fresh processes.

// freshMin and freshMax bound the executions run in fresh processes.
const (
	freshMin = 4
	freshMax = 64
)

// freshStrategies are the strategies of the fresh executions, in turn.
var freshStrategies = []string{"pct", "random"}

// failFresh explores the test in fresh processes and reports the first
// failure found there; it reports whether it found one.
func (d *driver) failFresh(strat sched.Strategy) bool {
	d.t.Helper()
	if left := d.before.leftBehind(d.s.Dir); len(left) > 0 {
		d.freshSkipped = "not explored in fresh processes: it left state outside the process, which they would see (" + strings.Join(left, "; ") + ")"
		return false
	}
	res, sf, output := d.exploreFresh()
	if res == nil {
		return false
	}
	if p, err := d.probe(nativeProbe); err != nil || !p.passed() {
		d.freshSkipped = "an execution failed in a fresh process, but so did the test run natively in a fresh process (or it could not run): what the earlier executions left outside the process (a port, a file) differs from a first run's, so the failure is not reported"
		return false
	}
	warnf("%s: the test cannot run twice in one process; explored in fresh processes, its execution %d there failed (%s)",
		d.t.Name(), d.freshRuns, sf.Oracle)
	if logged := testLog(output); logged != "" {
		d.t.Logf("vtbound: %s: what the test logged in that process:\n%s", d.t.Name(), logged)
	}
	d.fresh = true
	d.s.Seed = sf.Seed // the report names the fresh execution's search
	d.fail(res, strat)
	return true
}

// exploreFresh runs executions as the first of fresh processes, each a
// probe of one execution, and returns the first failing one with its
// schedule file and the output of its process; nil when none failed or
// the probes cannot run.
func (d *driver) exploreFresh() (*engine.Result, *schedfile.Schedule, string) {
	start := time.Now()
	for i := 0; i < freshMax && (i < freshMin || time.Since(start) < d.s.Time); i++ {
		name := freshStrategies[i%len(freshStrategies)]
		save := filepath.Join(os.TempDir(), fmt.Sprintf("vtbound-fresh-%d-%d", os.Getpid(), time.Now().UnixNano()))
		p, err := d.probe(fmt.Sprintf("%s:%d:1", name, d.s.Seed+freshSeeds+int64(i)), probeSaveEnv+"="+save)
		d.freshRuns++
		if err != nil {
			warnf("%s: cannot run executions in a fresh process: %v", d.t.Name(), err)
			return nil, nil, ""
		}
		if p.passed() {
			continue
		}
		res, sf := readFresh(save)
		if res != nil && d.replaysFresh(sf) {
			return res, sf, p.Output
		}
	}
	return nil, nil, ""
}

// testLog returns the lines a test logged (t.Log, t.Error: "file.go:12:
// ...", indented, with their continuation lines) in a child's output,
// without go test's own lines and vtbound's.
func testLog(output string) string {
	var keep []string
	in := false
	for _, line := range strings.Split(output, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "---"), strings.HasPrefix(trimmed, "==="), trimmed == "FAIL", trimmed == "PASS":
			in = false
		case strings.Contains(trimmed, ": vtbound: ") || strings.HasPrefix(trimmed, "vtbound: "):
			in = false
		case strings.HasPrefix(line, " ") && fileLine.MatchString(trimmed):
			in = true
			keep = append(keep, "    "+trimmed)
		case in && strings.HasPrefix(line, " "):
			keep = append(keep, "    "+trimmed)
		}
	}
	return strings.Join(keep, "\n")
}

// fileLine matches the start of a line a test logged: "name_test.go:12: ".
var fileLine = regexp.MustCompile(`^[\w.-]+\.go:\d+: `)

// replaysFresh reports whether the schedule sf, found failing in a fresh
// process, fails again when replayed in another: a failure that does not
// (a test counting the process's goroutines saw the probe's own) is not
// the schedule's, and the search goes on.
func (d *driver) replaysFresh(sf *schedfile.Schedule) bool {
	p, err := d.probeSchedule(sf)
	d.freshRuns++
	return err == nil && !p.passed() && p.Oracle == sf.Oracle
}

// freshSeeds is added to the test's seed for its fresh executions, apart
// from the seeds of the probes that classify a failure (verdict.go).
const freshSeeds = 1000

// readFresh reads the failing execution a probe saved under prefix and
// removes the files; nil when there is none.
func readFresh(prefix string) (*engine.Result, *schedfile.Schedule) {
	defer os.Remove(prefix + ".schedule")
	defer os.Remove(prefix + ".view")
	sf, err := schedfile.ReadFile(prefix + ".schedule")
	if err != nil {
		return nil, nil
	}
	v := readViewFile(prefix + ".view")
	if v == nil {
		return nil, nil
	}
	res := v.result()
	res.N, res.Label, res.Hash, res.Decisions = 1, sf.Strategy, sf.Hash, sf.Decisions
	res.Failure = &engine.Failure{Outcome: v.Outcome, G: v.G, Message: v.Message, Stack: v.Stack}
	return res, sf
}

// saveProbeFailure saves, in a probe's child that was asked to
// (probeSaveEnv), the failing execution res of strat: its schedule file
// and its view.
func (d *driver) saveProbeFailure(res *engine.Result, strat sched.Strategy) {
	prefix := os.Getenv(probeSaveEnv)
	if prefix == "" {
		return
	}
	sf := d.failedSchedule(res, strat, strategy.Characterize(res.Trace))
	if _, rest, ok := strings.Cut(os.Getenv(probeEnv), ":"); ok {
		fmt.Sscanf(rest, "%d:", &sf.Seed) // the probe's seed, not the test's
	}
	if err := os.WriteFile(prefix+".schedule", sf.Marshal(), 0o644); err != nil {
		warnf("%s: saving a fresh execution's schedule: %v", d.t.Name(), err)
		return
	}
	if err := writeView(prefix+".view", res); err != nil {
		warnf("%s: saving a fresh execution's view: %v", d.t.Name(), err)
	}
}

// freshSummary says how many executions ran in fresh processes, or why
// none did.
func (d *driver) freshSummary() string {
	if d.freshSkipped != "" {
		return d.freshSkipped
	}
	return fmt.Sprintf("%d executions run in fresh processes found no failure", d.freshRuns)
}
