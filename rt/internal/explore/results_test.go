package explore_test

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/internal/explore"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/report"
)

const resultsChild = "VTBOUND_TEST_RESULTS_CHILD"

// TestResultRecords runs a correct kernel (ainc(3) under dpor: 6 traces,
// then nothing left) and a buggy one (Fig2) in child processes with
// VTBOUND_JSON: each appends one vtbound-result/2 line; the bug's has its
// oracle, its saved schedule, a signature made of file:line sites and its
// report, as text and as a value that renders to that text; the
// correct kernel's, measured with VTBOUND_COVERAGE, has its coverage file.
func TestResultRecords(t *testing.T) {
	switch os.Getenv(resultsChild) {
	case "ok":
		explore.Test(t, func(t *testing.T) { kernels.AInc(3)(t) })
		return
	case "bug":
		explore.Test(t, func(t *testing.T) { kernels.Fig2(t, false) })
		return
	}
	file := filepath.Join(t.TempDir(), "results.jsonl")
	for _, child := range []string{"ok", "bug"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestResultRecords$", "-test.count=1")
		cmd.Env = append(os.Environ(), resultsChild+"="+child, "VTBOUND_STRATEGY=dpor", "VTBOUND_SEED=1",
			"VTBOUND_BUDGET=1000", "VTBOUND_DIR="+t.TempDir(), "VTBOUND_JSON="+file)
		if child == "ok" {
			cmd.Env = append(cmd.Env, "VTBOUND_COVERAGE=1") // its record carries its coverage file
		}
		cmd.Run() // the bug child fails
	}
	recs := readResults(t, file)
	if len(recs) != 2 {
		t.Fatalf("want 2 records, got %d: %+v", len(recs), recs)
	}
	ok, bug := recs[0], recs[1]
	if ok.Schema != explore.ResultSchema || ok.Verdict != "pass" || ok.Executions == 0 || !ok.Exhausted || ok.Bug != nil || ok.Report != nil || ok.Traces == 0 {
		t.Errorf("correct kernel's record: %+v", ok)
	}
	if !strings.HasPrefix(ok.CoverageFile, "vtbound-coverage 1\ntest TestResultRecords\n") || bug.CoverageFile != "" {
		t.Errorf("coverage files: measured %q, not measured %q", ok.CoverageFile, bug.CoverageFile)
	}
	if bug.Verdict != "bug" || bug.Bug == nil {
		t.Fatalf("buggy kernel's record: %+v", bug)
	}
	b := bug.Bug
	if b.Oracle != "test failure" || len(b.Sites) == 0 || !strings.HasPrefix(b.Signature, "test failure@") ||
		!strings.Contains(b.Signature, ".go:") {
		t.Errorf("bug: %+v", b)
	}
	checkRecordedReport(t, bug.Report, b.Schedule)
	if _, err := os.Stat(b.Schedule); err != nil {
		t.Errorf("bug's schedule: %v", err)
	}
}

// checkRecordedReport checks a bug's recorded report: the text printed
// through the test, a report of kind bug for the test, whose replay
// command names the bug's schedule, and a value that renders to that text
// again (so the record carries everything the text shows).
func checkRecordedReport(t *testing.T, r *explore.FailureReport, schedule string) {
	t.Helper()
	if r == nil {
		t.Fatal("the bug's record has no report")
	}
	// vt-fig2's failed assertion follows a data race: the race is the
	// headline, the failure the second finding (raceFirst).
	if !strings.HasPrefix(r.Text, "vtbound: TestResultRecords: data race: ") || r.Kind != report.Bug ||
		r.Test != "TestResultRecords" || r.Oracle != "data race" || !strings.Contains(r.Replay, "VTBOUND_REPLAY="+schedule) {
		t.Errorf("report: kind %q, test %q, oracle %q, replay %q, text:\n%s", r.Kind, r.Test, r.Oracle, r.Replay, r.Text)
	}
	if len(r.Findings) != 2 || r.Findings[0].Oracle != "data race" || r.Findings[1].Oracle != "test failure" {
		t.Errorf("findings %+v; want the data race, then the test failure", r.Findings)
	}
	if got := r.Report.Text(); got != r.Text {
		t.Errorf("the recorded report renders as\n%s\nnot as the text printed:\n%s", got, r.Text)
	}
}

func readResults(t *testing.T, file string) []explore.Result {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []explore.Result
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r explore.Result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		out = append(out, r)
	}
	return out
}

// TestCutRecordNotExplored: a test whose first execution is cut at the
// step bound, and that a long exploration cannot shorten (its steps are
// accesses of no variable group), is not recorded as explored: its record says what cut it, that
// its verdict is the native one, and not that the strategy was exhausted
// or that it was explored as a long test.
func TestCutRecordNotExplored(t *testing.T) {
	if os.Getenv(resultsChild) == "cut" {
		explore.Test(t, func(t *testing.T) {
			yield := func() { // accesses of no variable group are steps in a long test's executions too
				x := 0
				for range 2000 {
					rt.Write(0, unsafe.Pointer(&x))
					x++
				}
			}
			done := rt.MakeChan[struct{}](0, 0)
			rt.Go(0, func() { yield(); rt.Close(0, done) })
			yield()
			rt.Recv(0, done)
		})
		return
	}
	if os.Getenv(resultsChild) == "late" {
		explore.Test(t, func(t *testing.T) {
			x := 0
			done := rt.MakeChan[struct{}](0, 0)
			rt.Go(0, func() { rt.Close(0, done) })
			for range 10_000_000 { // well under a second natively, longer than the binary's -timeout share allows here
				rt.Write(0, unsafe.Pointer(&x))
				x++
			}
		})
		return
	}
	if os.Getenv(resultsChild) == "past" {
		explore.Test(t, func(t *testing.T) {
			rt.Go(0, func() { // left working after the body returned
				x := 0
				for {
					rt.Write(0, unsafe.Pointer(&x))
					x++
				}
			})
		})
		return
	}
	file := filepath.Join(t.TempDir(), "results.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run=^TestCutRecordNotExplored$", "-test.count=1")
	cmd.Env = append(os.Environ(), resultsChild+"=cut", "VTBOUND_SEED=1", "VTBOUND_MAXSTEPS=500",
		"VTBOUND_BUDGET=100", "VTBOUND_DIR="+t.TempDir(), "VTBOUND_JSON="+file)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	recs := readResults(t, file)
	if len(recs) != 1 {
		t.Fatalf("want 1 record, got %+v", recs)
	}
	r := recs[0]
	if r.Cut != "step bound at execution 1" || !r.NativeVerdict || r.Exhausted || r.Verdict != "pass" || r.Long != nil {
		t.Errorf("cut test's record: cut %q, native verdict %v, exhausted %v, verdict %q, long %+v", r.Cut, r.NativeVerdict, r.Exhausted, r.Verdict, r.Long)
	}
	// Cut after the body returned, gone past, then out of time: the
	// record says the executions were cut, though the verdict is the
	// explored body's.
	file = filepath.Join(t.TempDir(), "results.jsonl")
	cmd = exec.Command(os.Args[0], "-test.run=^TestCutRecordNotExplored$", "-test.count=1")
	cmd.Env = append(os.Environ(), resultsChild+"=past", "VTBOUND_SEED=1", "VTBOUND_MAXSTEPS=500",
		"VTBOUND_BUDGET=100,1ms", "VTBOUND_DIR="+t.TempDir(), "VTBOUND_JSON="+file)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if recs = readResults(t, file); len(recs) != 1 || recs[0].Cut != "step bound at 1 of 1 executions" || recs[0].NativeVerdict || recs[0].Exhausted || !strings.Contains(string(out), "the budget ran out with 0 completed") {
		t.Errorf("records %+v; output:\n%s", recs, out)
	}
	// Run so late in a binary near its -test.timeout that the exploration
	// is shortened to the binary's share, and cut there: the record names
	// the share.
	file = filepath.Join(t.TempDir(), "results.jsonl")
	cmd = exec.Command(os.Args[0], "-test.run=^TestCutRecordNotExplored$", "-test.count=1", "-test.timeout=4s")
	cmd.Env = append(os.Environ(), resultsChild+"=late", "VTBOUND_SEED=1", "VTBOUND_MAXSTEPS=1000000000",
		"VTBOUND_BUDGET=100,1m", "VTBOUND_DIR="+t.TempDir(), "VTBOUND_JSON="+file)
	if out, err = cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if late := readResults(t, file); len(late) != 1 || late[0].Cut != "time bound of the binary's -timeout share at execution 1" || !late[0].NativeVerdict || !strings.Contains(string(out), "go test -timeout raises it") {
		t.Errorf("late records %+v; output:\n%s", late, out)
	}
}
