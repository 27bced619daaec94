package explore

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/config"
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// newTestDriver returns a driver for t with default settings and seed 1.
func newTestDriver(t *testing.T, body func(*testing.T)) *driver {
	s, err := config.Parse(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	s.Seed = 1
	return &driver{t: t, s: s, body: func() { body(t) }}
}

// runOnce runs the driver's body n times under the random strategy and
// returns the last result.
func runOnce(t *testing.T, d *driver, n int) *engine.Result {
	t.Helper()
	strat, err := strategy.New("random", strategy.Config{Seed: 1, Budget: n})
	if err != nil {
		t.Fatal(err)
	}
	e := engine.New(strat, d.limits(), func() bool { return false })
	var last *engine.Result
	for i := 0; i < n; i++ {
		res, ok := e.Run(d.body)
		if !ok {
			t.Fatalf("strategy stopped after %d executions", i)
		}
		last = res.Clone()
	}
	return last
}

// The probe tests are their own probe children: the parent classifies a
// failure, which re-executes this test binary with probeEnv set for the
// same test, where Test dispatches to the probe protocol.

// panicOnFirst runs body once under a test driver and returns the driver
// and the execution, which must panic; in the probe child of a test it
// runs the probe protocol instead and returns nil.
func panicOnFirst(t *testing.T, body func(*testing.T)) (*driver, *engine.Result) {
	t.Helper()
	if os.Getenv(probeEnv) != "" {
		Test(t, body)
		return nil, nil
	}
	d := newTestDriver(t, body)
	res := runOnce(t, d, 1)
	if res.Outcome != sched.Panicked {
		t.Fatalf("outcome %v, want a panic", res.Outcome)
	}
	return d, res
}

func TestClassifyEverySchedule(t *testing.T) {
	d, res := panicOnFirst(t, func(*testing.T) { panic("always") })
	if d == nil {
		return // the probe child
	}
	// No goroutine: each exploration stops after its one schedule.
	if v := d.classify(res, true); v.kind != everySchedule || !strings.Contains(v.why, "random: 1 executions, 1 distinct traces") {
		t.Errorf("classify = %+v, want every schedule, one execution per exploration", v)
	}
}

// TestClassifyPassesNatively: a body that measures a virtual sleep with
// the real clock (around vtbound's model) fails on every schedule, but
// passes natively: the failure says nothing about the program, and the
// verdict excuses it.
func TestClassifyPassesNatively(t *testing.T) {
	body := func(*testing.T) {
		start := time.Now()
		if g := engine.Current(); g != nil {
			g.Sleep(0, 20*time.Millisecond)
		} else {
			time.Sleep(20 * time.Millisecond)
		}
		if time.Since(start) < 20*time.Millisecond {
			panic("slept less than 20ms of real time")
		}
	}
	d, res := panicOnFirst(t, body)
	if d == nil {
		return // the probe child
	}
	v := d.classify(res, true)
	if v.kind != passesNatively || !strings.Contains(v.why, "run once natively (without exploration) in a fresh process, the test passes") {
		t.Errorf("classify = %+v, want passes natively", v)
	}
	if !d.excusable(v, true) {
		t.Errorf("a failure that passes natively is not excused")
	}
}

func TestClassifyFreshProcessPasses(t *testing.T) {
	body := func(*testing.T) {
		if os.Getenv(probeEnv) == "" {
			panic("only in the parent process")
		}
	}
	if os.Getenv(probeEnv) != "" {
		Test(t, body)
		return
	}
	d := newTestDriver(t, body)
	if v := d.classify(runOnce(t, d, 1), true); v.kind != notRepeatable || !strings.Contains(v.why, "fresh process") {
		t.Errorf("classify = %+v, want not repeatable (the fresh process passes)", v)
	}
}

var secondCall int

func TestClassifySameDecisions(t *testing.T) {
	secondCall = 0
	d := newTestDriver(t, func(*testing.T) {
		secondCall++
		if secondCall > 1 {
			panic("second call")
		}
	})
	first := runOnce(t, d, 1)
	d.notePass(first, 0)
	second := runOnce(t, d, 1)
	if second.Outcome != sched.Panicked {
		t.Fatalf("second execution: %v, want a panic", second.Outcome)
	}
	if v := d.classify(second, false); v.kind != notRepeatable || !strings.Contains(v.why, "same scheduling decisions") {
		t.Errorf("classify = %+v, want not repeatable (same decisions as the first execution)", v)
	}
}

func TestClassifyRaceIsInterleavingBug(t *testing.T) {
	d := newTestDriver(t, func(*testing.T) {})
	res := &engine.Result{RaceReports: []engine.RaceReport{{}}}
	res.Outcome = sched.Race
	if v := d.classify(res, true); v.kind != interleavingBug {
		t.Errorf("classify(race) = %+v, want an interleaving bug", v)
	}
}

func TestIsPrefix(t *testing.T) {
	for _, tc := range []struct {
		p, s []int
		want bool
	}{
		{nil, nil, true}, {nil, []int{1}, true}, {[]int{1}, []int{1, 2}, true},
		{[]int{2}, []int{1, 2}, false}, {[]int{1, 2}, []int{1}, false},
	} {
		if got := isPrefix(tc.p, tc.s); got != tc.want {
			t.Errorf("isPrefix(%v, %v) = %v", tc.p, tc.s, got)
		}
	}
}

func TestProbeStrategy(t *testing.T) {
	for _, spec := range []string{"random:3:7", "pct:-4:7"} {
		if s, r, n, err := probeStrategy(spec); err != nil || s == nil || r != nil || n != 7 {
			t.Errorf("probeStrategy(%q) = %v, %v, %d, %v; want a strategy for 7 executions, no replay", spec, s, r, n, err)
		}
	}
	for _, spec := range []string{"random:3", "random:x:1", "pct:1:0", "/nonexistent/schedule"} {
		if _, _, _, err := probeStrategy(spec); err == nil {
			t.Errorf("probeStrategy(%q): no error", spec)
		}
	}
}

func TestLeftBehind(t *testing.T) {
	before := map[string]bool{".": true, "a.go": true, "old.tmp": true}
	after := map[string]bool{".": true, "a.go": true, "new.lock": true, "testdata": true, "testdata/vtbound": true, "testdata/vtbound/T": true}
	got := fileChanges(before, after, "testdata/vtbound")
	if want := []string{"file created: new.lock", "file removed: old.tmp"}; !slices.Equal(got, want) {
		t.Errorf("fileChanges = %q, want %q", got, want)
	}
	env := envChanges(map[string]string{"A": "1", "B": "2"}, map[string]string{"A": "3", "C": "4"})
	if want := []string{"environment variable changed: A", "environment variable set: C", "environment variable unset: B"}; !slices.Equal(env, want) {
		t.Errorf("envChanges = %q, want %q", env, want)
	}
}

// blocker is a function for TestFuncAt to find by its source line.
//
//go:noinline
func blocker() (file string, line int) {
	_, file, line, _ = runtime.Caller(0)
	return file, line
}

func TestFuncAt(t *testing.T) {
	file, line := blocker()
	const want = "github.com/vtbound/vtbound/rt/internal/explore.blocker"
	for _, name := range []string{file, "verdict_test.go"} { // absolute, and relative to the package directory
		got, err := funcAt(name, line)
		if err != nil || got != want {
			t.Errorf("funcAt(%s, %d) = %q, %v; want %q", name, line, got, err, want)
		}
	}
	if got, err := funcAt("verdict_test.go", 1); err == nil {
		t.Errorf("funcAt(verdict_test.go, 1) = %q, want an error (no code on line 1)", got)
	}
}

// childFirst panics unless the goroutine it starts runs before it yields
// back: an interleaving bug that some schedules avoid.
func childFirst(*testing.T) {
	var ran atomic.Bool
	g := engine.Current()
	g.Go(0, func() { ran.Store(true) })
	g.Yield(0)
	if !ran.Load() {
		panic("the goroutine has not run")
	}
}

func TestClassifyInterleavingBug(t *testing.T) {
	if os.Getenv(probeEnv) != "" {
		Test(t, childFirst)
		return
	}
	d := newTestDriver(t, childFirst)
	strat, err := strategy.New("random", strategy.Config{Seed: 1, Budget: 100})
	if err != nil {
		t.Fatal(err)
	}
	e := engine.New(strat, d.limits(), func() bool { return false })
	for range 100 {
		res, ok := e.Run(d.body)
		if !ok {
			break
		}
		if res.Outcome == sched.Panicked {
			if v := d.classify(res.Clone(), true); v.kind != interleavingBug {
				t.Errorf("classify = %+v, want an interleaving bug (other schedules pass)", v)
			}
			return
		}
	}
	t.Fatal("no failing execution in 100")
}

func TestAcceptLeak(t *testing.T) {
	file, line := blocker()
	base := engine.Register("github.com/vtbound/vtbound/rt/internal/explore", []engine.Site{{File: file, Line: int32(line)}}, nil)
	leak := func(kind sched.OpKind) *engine.Result {
		res := &engine.Result{Failure: &engine.Failure{Outcome: sched.Leak}, States: []engine.GoroutineState{
			{ID: 1},
			{ID: 2, Live: true, Pending: sched.Op{Kind: sched.OpRecv, Site: base}},
			{ID: 3, Live: true, Pending: sched.Op{Kind: kind, Site: -1}},
		}}
		res.Outcome = sched.Leak
		return res
	}
	d := newTestDriver(t, func(*testing.T) {})
	d.s.IgnoreLeaks = []string{"example.com/other.loop", "github.com/vtbound/vtbound/rt/internal/explore.blocker"}
	if res := leak(sched.OpTimer); !d.acceptLeak(res) || res.Failure != nil || res.Outcome != sched.OK {
		t.Errorf("a leak blocked in blocker (and a pending AfterFunc) was not accepted: %+v", res)
	}
	if res := leak(sched.OpRecv); d.acceptLeak(res) || res.Failure == nil {
		t.Errorf("a leak with a goroutine at an unknown position was accepted")
	}
	d.s.IgnoreLeaks = []string{"example.com/other.loop"}
	if d.acceptLeak(leak(sched.OpTimer)) {
		t.Errorf("a leak blocked in blocker was accepted without blocker in the list")
	}
	if d.leaks.execs != 1 || d.leaks.tops["github.com/vtbound/vtbound/rt/internal/explore.blocker"] != 1 {
		t.Errorf("accepted leaks = %+v, want one execution in blocker", d.leaks)
	}
}

// BenchmarkSnapshotProcess measures the snapshot every explored test takes
// before its first execution (files under the package directory, the
// working directory, the environment).
func BenchmarkSnapshotProcess(b *testing.B) {
	var files int
	for b.Loop() {
		files = len(snapshotProcess().files)
	}
	b.ReportMetric(float64(files), "files")
}

// TestLeakSource: the summary names where the accepted functions came from.
func TestLeakSource(t *testing.T) {
	env := []string{"p.a"}
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"p.a"}, "VTBOUND_IGNORE_LEAKS"},
		{[]string{"p.b"}, "goleak options in TestMain"},
		{[]string{"p.a", "p.b"}, "VTBOUND_IGNORE_LEAKS, goleak options in TestMain"},
	} {
		if got := leakSource(c.names, env); got != c.want {
			t.Errorf("leakSource(%v, %v) = %q, want %q", c.names, env, got, c.want)
		}
	}
}

// TestProofLimitsForced: an execution in which fairness forced a pick
// keeps a search that explored every trace from being a proof.
func TestProofLimitsForced(t *testing.T) {
	var p proofLimits
	p.note(&engine.Result{})
	if rs := p.reasons(0); len(rs) != 0 {
		t.Fatalf("limits of a plain execution: %q", rs)
	}
	p.note(&engine.Result{Forced: true})
	if rs := p.reasons(0); len(rs) != 1 || !strings.Contains(rs[0], "fairness") {
		t.Errorf("limits after a forced pick: %q", rs)
	}
}

// TestInBody: a failure counts as the body's, which a native run shows
// every time, when it was recorded before the body returned, by any
// goroutine (testing/synctest.Test runs its function in another one), or
// when the body itself panicked; not a panic of another goroutine, nor a
// failure after the body returned.
func TestInBody(t *testing.T) {
	exitAt := func(n int) []sched.Step {
		tr := make([]sched.Step, n+1)
		tr[n] = sched.Step{G: 1, Op: sched.Op{Kind: sched.OpExit}}
		return tr
	}
	mk := func(g int, o sched.Outcome, failedBy int) engine.Result {
		r := engine.Result{Failure: &engine.Failure{G: g}, FailedBy: failedBy}
		r.Outcome, r.Trace = o, exitAt(10)
		return r
	}
	for _, c := range []struct {
		name string
		res  engine.Result
		want bool
	}{
		{"body fails", mk(1, sched.Failed, 5), true},
		{"bubble goroutine fails while the body waits", mk(2, sched.Failed, 5), true},
		{"goroutine fails after the body returned", mk(2, sched.Failed, 40), false},
		{"goroutine panics", mk(2, sched.Panicked, 0), false},
		{"body panics", mk(1, sched.Panicked, 0), true},
	} {
		if got := inBody(&c.res); got != c.want {
			t.Errorf("%s: inBody = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestProofLimitsStepless: an execution whose accesses ran without a
// scheduling point (a goroutine pinned to its P) keeps a search that
// explored every trace from being a proof.
func TestProofLimitsStepless(t *testing.T) {
	var p proofLimits
	p.note(&engine.Result{Stepless: true})
	if rs := p.reasons(0); len(rs) != 1 || !strings.Contains(rs[0], "without a scheduling point") {
		t.Errorf("limits after stepless accesses: %q", rs)
	}
}

// TestProofLimitsLongTest: an execution of a long test's exploration
// (quiet operations, few variables tracked) keeps a search that explored
// every trace from being a proof.
func TestProofLimitsLongTest(t *testing.T) {
	var p proofLimits
	p.note(&engine.Result{Plan: sched.Plan{Quiet: true}})
	if rs := p.reasons(0); len(rs) != 1 || !strings.Contains(rs[0], "a long test") {
		t.Errorf("limits after a long test's execution: %q", rs)
	}
}
