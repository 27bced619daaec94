package explore

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// The probe protocol: a test binary started with probeEnv set runs the
// test named by probeTestEnv for a probe and writes the outcome to the
// file named by probeOutEnv. probeEnv is either a schedule file, replayed
// exactly once as the first execution of the process,
// "<strategy>:<seed>:<n>" (random, pct, or exhaustive without preemptions):
// up to n executions of that
// strategy, the first one the first of the process, each in a fresh
// subtest (a testing.T stays failed once failed), stopping at the first
// that passes or after probeTime, or nativeProbe: the test's body run
// once natively, without exploration, in a subtest. A probe never saves,
// minimises or reports anything.
const (
	probeEnv     = "VTBOUND_PROBE"
	probeTestEnv = "VTBOUND_PROBE_TEST"
	probeOutEnv  = "VTBOUND_PROBE_OUT"
	// probeSaveEnv, when set, names the path prefix under which a probe
	// saves its first failing execution: a schedule file (".schedule")
	// and its view (".view"), for a failure found by exploring in fresh
	// processes (fresh.go).
	probeSaveEnv = "VTBOUND_PROBE_SAVE"
	probeTime    = 3 * time.Second
	probeTimeout = 60 * time.Second
	nativeProbe  = "native"
)

// probeResult is the outcome of a probe.
type probeResult struct {
	Oracle   string // "ok" when an execution passed, else the oracle of the first failure
	Same     bool   // every failing execution failed with Oracle
	Exact    bool   // a replay probe followed its decisions exactly
	Runs     int    // executions run
	Distinct int    // distinct traces among them
	// Output is the probe process's output (on the parent's side only).
	Output string
}

// passed reports whether an execution of the probe passed.
func (p probeResult) passed() bool { return p.Oracle == "ok" }

// probeOracle is the oracle name of a probe execution: only fatal oracles
// count (races are always reported as interleaving bugs).
func probeOracle(res *engine.Result) string {
	if res.Failure == nil {
		return "ok"
	}
	return res.Failure.Outcome.String()
}

// runProbeChild is the child side of the protocol.
func runProbeChild(t *testing.T, body func(*testing.T), d *driver, spec, out string) {
	if os.Getenv(probeTestEnv) != t.Name() {
		d.body() // an ancestor of the probed subtest: run it natively
		return
	}
	var p probeResult
	if spec == nativeProbe {
		p = runNative(t, body)
	} else {
		strat, replay, n, err := probeStrategy(spec)
		if err != nil {
			t.Fatalf("vtbound: %s=%q: %v", probeEnv, spec, err)
		}
		p = d.runProbes(t, body, strat, n)
		p.Exact = replay != nil && replay.Exact()
	}
	line := fmt.Sprintf("%s\t%t\t%t\t%d\t%d\n", p.Oracle, p.Same, p.Exact, p.Runs, p.Distinct)
	if err := os.WriteFile(out, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runProbes runs up to n executions of strat, each in a fresh subtest of
// t, stopping at the first that passes, after probeTime, or when the test
// starts no goroutine (it has one schedule).
func (d *driver) runProbes(t *testing.T, body func(*testing.T), strat sched.Strategy, n int) probeResult {
	var cur *testing.T
	e := engine.New(strat, d.limits(), func() bool { return cur != nil && cur.Failed() })
	p := probeResult{Same: true}
	hashes := map[uint64]bool{}
	deadline := time.Now().Add(probeTime)
	for p.Runs < n && (p.Runs == 0 || time.Now().Before(deadline)) && !p.passed() {
		var res *engine.Result
		ok := false
		t.Run("probe", func(st *testing.T) {
			cur = st
			res, ok = e.Run(asBody(st, body))
		})
		if !ok {
			break
		}
		d.acceptLeak(res)
		if res.Failure != nil && p.Runs == 0 {
			d.saveProbeFailure(res, strat) // fresh.go
		}
		p.note(probeOracle(res), res.Hash, hashes)
		if res.Goroutines == 1 && len(res.Decisions) == 0 {
			break
		}
	}
	return p
}

// runNative runs body once natively, in a subtest of t: no engine runs,
// so every rewritten operation is the real one.
func runNative(t *testing.T, body func(*testing.T)) probeResult {
	p := probeResult{Oracle: "ok", Same: true, Runs: 1, Distinct: 1}
	if !t.Run("native", body) {
		p.Oracle = sched.Failed.String()
	}
	return p
}

// note adds one execution's outcome to p.
func (p *probeResult) note(oracle string, hash uint64, hashes map[uint64]bool) {
	p.Runs++
	hashes[hash] = true
	p.Distinct = len(hashes)
	switch {
	case oracle == "ok" || p.Oracle == "":
		p.Oracle = oracle
	case oracle != p.Oracle:
		p.Same = false
	}
}

// probeStrategy returns the strategy a probe spec names and how many
// executions to run: the replay of a schedule file (once), or
// "random:<seed>:<n>", "pct:<seed>:<n>", "exhaustive:<seed>:<n>" (c = 0).
// replay is nil unless the spec is
// a schedule file.
func probeStrategy(spec string) (s sched.Strategy, replay *strategy.Replay, n int, err error) {
	for _, name := range []string{"random", "pct", "exhaustive"} {
		if rest, ok := strings.CutPrefix(spec, name+":"); ok {
			var seed int64
			if _, err := fmt.Sscanf(rest, "%d:%d", &seed, &n); err != nil || n < 1 {
				return nil, nil, 0, fmt.Errorf("want %s:<seed>:<executions>", name)
			}
			c := strategy.Config{Seed: seed, Budget: n}
			if name == "exhaustive" {
				c.C = -1 // no preemption: the non-preemptive schedules
			}
			s, err := strategy.New(name, c)
			return s, nil, n, err
		}
	}
	sf, err := schedfile.ReadFile(spec)
	if err != nil {
		return nil, nil, 0, err
	}
	r := newReplay(sf.Decisions, filePlan(sf))
	return r, r, 1, nil
}

// probe runs a probe of this test in a fresh process. spec is a
// schedule file, "<strategy>:<seed>:<n>" or nativeProbe; env are further
// settings of the child (probeSaveEnv).
func (d *driver) probe(spec string, env ...string) (probeResult, error) {
	out := filepath.Join(os.TempDir(), fmt.Sprintf("vtbound-probe-%d-%d", os.Getpid(), time.Now().UnixNano()))
	defer os.Remove(out)
	ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
	defer cancel()
	cmd := childCmd(ctx, d.t.Name(), append([]string{probeEnv + "=" + spec, probeTestEnv + "=" + d.t.Name(), probeOutEnv + "=" + out}, append(env, d.loopsChildEnv()...)...))
	output, runErr := cmd.CombinedOutput()
	data, err := os.ReadFile(out)
	if err != nil {
		return probeResult{}, fmt.Errorf("probe child wrote no result (%v):\n%s", runErr, tail(string(output), 10))
	}
	var p probeResult
	fields := strings.Split(strings.TrimSpace(string(data)), "\t")
	if len(fields) != 5 {
		return probeResult{}, fmt.Errorf("probe child: malformed result %q", data)
	}
	p.Oracle = fields[0]
	p.Same, p.Exact = fields[1] == "true", fields[2] == "true"
	p.Runs, _ = strconv.Atoi(fields[3])
	p.Distinct, _ = strconv.Atoi(fields[4])
	p.Output = string(output)
	return p, nil
}

// probeReplay replays res's schedule as the first execution of a fresh
// process.
func (d *driver) probeReplay(res *engine.Result) (probeResult, error) {
	return d.probeSchedule(d.scheduleOf(res))
}

// scheduleOf is the schedule file that replays res.
func (d *driver) scheduleOf(res *engine.Result) *schedfile.Schedule {
	return withPlan(&schedfile.Schedule{
		Test: d.name(), Oracle: oracleName(res), Strategy: "probe", Seed: d.s.Seed,
		Hash: res.Hash, Decisions: res.Decisions, WallPhase: true, Trace: toFileTrace(res.Trace),
	}, res.Plan)
}

// probeSchedule replays sf as the first execution of a fresh process.
func (d *driver) probeSchedule(sf *schedfile.Schedule) (probeResult, error) {
	f, err := os.CreateTemp("", "vtbound-probe-schedule-*")
	if err != nil {
		return probeResult{}, err
	}
	defer os.Remove(f.Name())
	_, err = f.Write(sf.Marshal())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return probeResult{}, err
	}
	return d.probe(f.Name())
}
