package explore

import (
	"os"
	"strings"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// These tests are their own probe children, as the verdict tests are:
// with probeEnv set they only run the exploration the parent probes.

// work takes n steps of work: writes to a variable of its own, each a
// scheduling point under exploration, a plain loop natively.
func work(n int) {
	var x int
	if g := engine.Current(); g != nil {
		g.Go(0, func() {}) // not alone: each access is a step (engine/solo.go)
	}
	for range n {
		if g := engine.Current(); g != nil {
			g.Access(0, unsafe.Pointer(&x), true)
		}
		x++
	}
}

// cutBody works longer than the step bound boundSettings sets, then
// finishes; its deferred check (gomock's controller.Finish, say) fails the
// test when the body did not finish.
func cutBody(t *testing.T) {
	finished := false
	defer func() {
		if !finished {
			t.Error("deferred check: the body never finished")
		}
	}()
	work(30_000)
	finished = true
}

// boundSettings explores with a step bound of 20,000 steps.
func boundSettings(t *testing.T) {
	t.Setenv("VTBOUND_MAXSTEPS", "20000")
	t.Setenv("VTBOUND_BUDGET", "5,10s")
	t.Setenv("VTBOUND_SEED", "1")
	t.Setenv("VTBOUND_DIR", t.TempDir())
}

// TestReleasedFailureAfterStepBound: the first execution is cut at the
// step bound, and the deferred check of the released body fails the
// test. That failure is vtbound's doing and is taken back; no execution
// completed, so the test is run natively in a fresh process, where it
// passes: it passes, with warnings that say so.
func TestReleasedFailureAfterStepBound(t *testing.T) {
	if os.Getenv(probeEnv) != "" {
		Test(t, cutBody)
		return
	}
	boundSettings(t)
	stderr := captureStderr(t, func() { Test(t, cutBody) })
	if t.Failed() {
		t.Fatalf("the test failed; stderr:\n%s", stderr)
	}
	for _, want := range []string{
		"execution 1 reached the step bound while goroutines were still making progress",
		"execution 1 was cut at the step bound while goroutines still made progress, where natively the test would have gone on; a deferred call of a goroutine it left (released with runtime.Goexit) then marked the test failed, which natively it would not have: the failure was taken back",
		"no execution completed; run natively in a fresh process, the test passes, and keeps that verdict",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// nativeFailure works longer than the step bound, then fails.
func nativeFailure(t *testing.T) {
	work(30_000)
	t.Error("a failure of the native run")
}

// realFailure fails in every execution, which completes.
func realFailure(t *testing.T) {
	work(10)
	t.Error("a failure of a completed execution")
}

// TestBoundVerdicts: a test whose only execution was cut at the step
// bound fails when it fails natively; a failure of a completed execution
// still fails the test. Each runs in a subtest whose failure is taken
// back afterwards, so that this test can pass.
func TestBoundVerdicts(t *testing.T) {
	bodies := map[string]func(*testing.T){"native": nativeFailure, "completed": realFailure}
	if os.Getenv(probeEnv) != "" {
		for name, body := range bodies {
			t.Run(name, func(st *testing.T) { Test(st, body) })
		}
		return
	}
	boundSettings(t)
	for name, body := range bodies {
		failed := false
		t.Run(name, func(st *testing.T) {
			marks := failMarks(st)
			captureStderr(t, func() { Test(st, body) })
			failed = st.Failed()
			takeBack(marks)
		})
		if !failed {
			t.Errorf("%s: the test passed, want it failed", name)
		}
	}
}

// TestNativeProbe: the native probe runs the test once natively in a
// fresh process and brings back its outcome and output.
func TestNativeProbe(t *testing.T) {
	if os.Getenv(probeEnv) != "" {
		Test(t, nativeFailure)
		return
	}
	d := newTestDriver(t, nativeFailure)
	p, err := d.probe(nativeProbe)
	if err != nil {
		t.Fatal(err)
	}
	if p.passed() || p.Runs != 1 {
		t.Errorf("probe %+v, want one failing run", p)
	}
	lines := nativeLines(p.Output)
	if len(lines) == 0 || !strings.Contains(strings.Join(lines, "\n"), "a failure of the native run") || lines[len(lines)-1] == "FAIL" {
		t.Errorf("native lines %q, want the failure's message and no trailing FAIL", lines)
	}
}

// TestNativeLines: a native run's output loses the process's trailing
// FAIL and exit-status lines and keeps its last 30 lines.
func TestNativeLines(t *testing.T) {
	out := "--- FAIL: TestX (0.00s)\n    --- FAIL: TestX/native (0.00s)\n        a_test.go:3: boom\nFAIL\nexit status 1\n"
	got := nativeLines(out)
	if len(got) != 3 || got[2] != "        a_test.go:3: boom" {
		t.Errorf("nativeLines = %q", got)
	}
	if got := nativeLines(strings.Repeat("line\n", 40)); len(got) != 30 {
		t.Errorf("%d lines kept of 40, want 30", len(got))
	}
}
