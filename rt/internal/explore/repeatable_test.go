package explore

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// fillc and filled are a package-level channel and cache in the manner of
// groupcache's tests: the first execution's getter fills the cache from
// fillc; from the second execution on the getter finds it filled and never
// receives, so the body's send on fillc deadlocks.
var (
	fillc  = make(chan string)
	filled string
)

// cachedBody starts a getter that fills the cache once, then hands it its
// value.
func cachedBody(*testing.T) {
	g := engine.Current()
	g.Go(0, func() {
		if filled == "" {
			r := &engine.RecvCase[string]{Ch: fillc}
			engine.Current().Select(0, sched.OpRecv, false, []engine.Case{r})
			filled = r.V
		}
	})
	g.Select(0, sched.OpSend, false, []engine.Case{&engine.SendCase[string]{Ch: fillc, V: "v"}})
}

// TestNotRepeatableDeadlockPasses: the deadlock of a later execution,
// caused by the cache an earlier execution filled, leaves the test passing
// as it does natively, with one warning line naming the reason. The probe
// child (this test binary, re-run for this test) starts with an empty
// cache.
func TestNotRepeatableDeadlockPasses(t *testing.T) {
	if os.Getenv(probeEnv) != "" {
		Test(t, cachedBody)
		return
	}
	t.Setenv("VTBOUND_BUDGET", "20,10s")
	t.Setenv("VTBOUND_SEED", "1")
	t.Setenv("VTBOUND_DIR", t.TempDir())
	filled = ""
	stderr := captureStderr(t, func() { Test(t, cachedBody) })
	if t.Failed() {
		t.Fatalf("the test failed; stderr:\n%s", stderr)
	}
	lines := strings.Count(stderr, "is not repeatable in one process")
	if lines != 1 || !strings.Contains(stderr, "execution 2 failed (deadlock") || !strings.Contains(stderr, "keeps its native verdict (pass)") {
		t.Errorf("want one warning line naming a deadlock not repeatable in one process, got:\n%s", stderr)
	}
}

// TestExcusable: only a not-repeatable failure of a later execution, on a
// test that has not failed through its own testing.T, is excused.
func TestExcusable(t *testing.T) {
	d := newTestDriver(t, func(*testing.T) {})
	nr := verdict{kind: notRepeatable}
	if !d.excusable(nr, false) {
		t.Error("a not-repeatable failure of a later execution was not excused")
	}
	if d.excusable(nr, true) {
		t.Error("a failure of the first execution was excused (an earlier test may have left the state; native runs share it)")
	}
	if d.excusable(verdict{kind: everySchedule}, false) || d.excusable(verdict{}, false) {
		t.Error("a failure on every schedule or an interleaving bug was excused")
	}
}

// captureStderr runs f with os.Stderr redirected to a file and returns
// what f wrote there.
func captureStderr(t *testing.T, f func()) string {
	t.Helper()
	tmp, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = tmp
	defer func() { os.Stderr = old }()
	f()
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(tmp)
	tmp.Close()
	return string(b)
}

// stuckBody deadlocks in every execution: a select with no case.
func stuckBody(*testing.T) {
	engine.Current().Select(0, sched.OpSelect, false, nil)
}

// minimumBodies are TestMinimumReplaysFresh's bodies, by the name its
// probe children find in minimumBodyEnv.
var minimumBodies = map[string]func(*testing.T){"cached": cachedBody, "stuck": stuckBody}

const minimumBodyEnv = "VTBOUND_TEST_MINIMUM_BODY"

// TestMinimumReplaysFresh: a minimised schedule is kept only if it
// replays exactly, failing the same way, in a fresh process. The
// minimiser runs its candidates in one process, where a schedule can fail
// only because an earlier candidate filled a package-level cache; its
// report would show nothing of the bug.
func TestMinimumReplaysFresh(t *testing.T) {
	if name := os.Getenv(minimumBodyEnv); os.Getenv(probeEnv) != "" && name != "" {
		Test(t, minimumBodies[name])
		return
	}
	t.Setenv("VTBOUND_DIR", t.TempDir())
	t.Setenv(minimumBodyEnv, "cached")
	filled = ""
	d := newTestDriver(t, cachedBody)
	res := runOnce(t, d, 2) // the second execution deadlocks on the cache the first filled
	if res.Outcome != sched.Deadlock {
		t.Fatalf("the cache's second execution: %v, want a deadlock", res.Outcome)
	}
	if d.replaysExactly(d.scheduleOf(res)) {
		t.Error("a schedule that deadlocks only on a cache filled by an earlier execution was kept: in a fresh process it does not")
	}
	t.Setenv(minimumBodyEnv, "stuck")
	d = newTestDriver(t, stuckBody)
	if res := runOnce(t, d, 1); !d.replaysExactly(d.scheduleOf(res)) {
		t.Errorf("a deadlock on every schedule (%v) was not replayed in a fresh process", res.Outcome)
	}
}

// sleepyStuckBody deadlocks on every schedule while another goroutine
// sleeps: an execution may have an early wake-up that has nothing to do
// with the deadlock.
func sleepyStuckBody(*testing.T) {
	g := engine.Current()
	g.Go(0, func() { engine.Current().Sleep(0, time.Millisecond) })
	g.Select(0, sched.OpSelect, false, nil)
}

// lateFlagBody deadlocks only when its 1 ms sleep ends before the worker
// has set the flag: only when the wake-up races with the worker's work.
func lateFlagBody(*testing.T) {
	g := engine.Current()
	set := false
	g.Go(0, func() {
		w := engine.Current()
		for range 5 {
			w.Yield(0)
		}
		set = true
	})
	g.Sleep(0, time.Millisecond)
	if !set {
		g.Select(0, sched.OpSelect, false, nil)
	}
}

// TestUntimedFailure: a failure is labelled timing-dependent only if it
// needs a wake-up to race with work: a deadlock on every schedule is not,
// whatever wake-up the execution that found it had; a deadlock that
// needs the sleep to end before the worker's work is.
func TestUntimedFailure(t *testing.T) {
	bodies := map[string]func(*testing.T){"sleepy": sleepyStuckBody, "late": lateFlagBody}
	if name := os.Getenv(minimumBodyEnv); os.Getenv(probeEnv) != "" && name != "" {
		Test(t, bodies[name])
		return
	}
	t.Setenv("VTBOUND_DIR", t.TempDir())
	for name, want := range map[string]bool{"sleepy": true, "late": false} {
		t.Setenv(minimumBodyEnv, name)
		d := newTestDriver(t, bodies[name])
		res := runUntil(t, d, func(r *engine.Result) bool { return r.Outcome == sched.Deadlock && len(r.EarlyWakes) > 0 })
		if got := d.untimed(res); got != want {
			t.Errorf("%s: untimed = %v, want %v", name, got, want)
		}
	}
}

// runUntil runs the driver's body under the random strategy until an
// execution satisfies ok, and returns it.
func runUntil(t *testing.T, d *driver, ok func(*engine.Result) bool) *engine.Result {
	t.Helper()
	const budget = 2000
	strat, err := strategy.New("random", strategy.Config{Seed: 1, Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	e := engine.New(strat, d.limits(), func() bool { return false })
	for range budget {
		res, more := e.Run(d.body)
		if !more {
			break
		}
		if ok(res) {
			return res.Clone()
		}
	}
	t.Fatalf("no execution in %d was the one wanted", budget)
	return nil
}
