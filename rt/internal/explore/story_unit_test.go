package explore

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/report"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// allocationTrace is the allocation-vector kernel's failing interleaving
// as dpor finds it: G3's find reads the whole vector (`range b.used`,
// whose group is not the element's), G2 marks block 0 (`b.used[i] =
// true`), and G3's check reads the element: one address, two groups.
func allocationTrace(t *testing.T) []sched.Step {
	t.Helper()
	table := "kernels.go\t201\t20\tKRead\texample.com/kernels.Blocks.used\tb.used\n" +
		"kernels.go\t219\t2\tKWrite\texample.com/kernels.Blocks.used[]\tb.used[i]\n" +
		"kernels.go\t213\t20\tKRead\texample.com/kernels.Blocks.used[]\tb.used[i]\n" +
		"kernels.go\t199\t2\tKSync\t\t\n"
	base := engine.RegisterTable("example.com/storytest", table, make([]engine.Guard, 2))
	find, mark, check, lock := base, base+1, base+2, base+3
	op := func(k sched.OpKind, site int32) sched.Op {
		return sched.Op{Kind: k, Site: site, Group: engine.GroupOf(site), Obj: 6}
	}
	steps := []sched.Step{
		{G: 3, Op: sched.Op{Kind: sched.OpLock, Site: lock, Obj: 2}}, {G: 3, Op: op(sched.OpRead, find)},
		{G: 2, Op: sched.Op{Kind: sched.OpLock, Site: lock, Obj: 2}, Preempt: true}, {G: 2, Op: op(sched.OpWrite, mark)},
		{G: 2, Op: sched.Op{Kind: sched.OpExit}},
		{G: 3, Op: sched.Op{Kind: sched.OpLock, Site: lock, Obj: 2}}, {G: 3, Op: op(sched.OpRead, check)},
		{G: 3, Op: sched.Op{Kind: sched.OpExit}},
	}
	for i := range steps {
		steps[i].Choice = -1
	}
	return steps
}

// TestStoryMeetsAcrossGroups: the whole-vector read and the element
// write of one address conflict although their groups (and expressions)
// differ, so the sentence tells the R-W-R and the steps shown keep the
// find's read.
func TestStoryMeetsAcrossGroups(t *testing.T) {
	trace := allocationTrace(t)
	res := &engine.Result{}
	res.Trace, res.Outcome = trace, sched.Failed
	st := newStory(res)
	want := "G3 read b.used at kernels.go:201, G2 wrote b.used[i] at kernels.go:219, and G3 read b.used[i] again at kernels.go:213"
	if !strings.HasPrefix(st.sentence, want) {
		t.Errorf("sentence %q, want it to start %q", st.sentence, want)
	}
	if steps := strings.Join(st.steps(), "\n"); !strings.Contains(steps, "G3 kernels.go:201 read b.used") {
		t.Errorf("the steps shown leave out the find's read:\n%s", steps)
	}
}

// TestEarlyWaitSentence: Wait returned before a goroutine its caller had
// started ran at all (wg.Add inside the goroutine): the sentence names the
// wait, and the goroutine that never ran is said so.
func TestEarlyWaitSentence(t *testing.T) {
	_, _, lock, unlock, _ := explainSites(t)
	trace := []sched.Step{
		{G: 1, Op: sched.Op{Kind: sched.OpGo, Site: lock}, Choice: -1},
		{G: 1, Op: sched.Op{Kind: sched.OpWGWait, Site: unlock, Obj: 1}, Choice: -1},
		{G: 1, Op: sched.Op{Kind: sched.OpExit}, Choice: -1},
	}
	states := []engine.GoroutineState{
		{ID: 1, Last: trace[1].Op},
		{ID: 2, Parent: 1, Pending: sched.Op{Kind: sched.OpStart}, Live: true},
	}
	got, named := earlyWait(trace, states)
	if want := "G1 returned from wg-wait at inventory.go:21 before G2, which it had started, ran"; !strings.HasPrefix(got, want) || len(named) != 1 || named[0] != 1 {
		t.Errorf("earlyWait = %q %v, want %q… naming step 1", got, named, want)
	}
	if lines := goroutineLines(states); !strings.Contains(lines[1], "G2 (started by G1): never ran") {
		t.Errorf("goroutine line %q", lines[1])
	}
	states[1] = engine.GoroutineState{ID: 2, Parent: 1} // it ran (and exited) before the wait
	trace = append([]sched.Step{{G: 2, Op: sched.Op{Kind: sched.OpStart}, Choice: -1}}, trace...)
	if got, _ := earlyWait(trace, states); got != "" {
		t.Errorf("earlyWait = %q for a goroutine that ran before the wait", got)
	}
}

// raceSites registers a send, a close, a WaitGroup Add and Wait and a
// write of x, as the rewriter does (no expression for the channel and
// WaitGroup sites).
func raceSites(t *testing.T) (send, closing, add, wait, write int32) {
	t.Helper()
	table := "race.go\t1\t2\tKChan\t\t\n" +
		"race.go\t2\t2\tKChan\t\t\n" +
		"race.go\t3\t2\tKSync\t\t\n" +
		"race.go\t4\t2\tKSync\t\t\n" +
		"race.go\t5\t2\tKWrite\texample.com/racetest.x\tx\n"
	base := engine.RegisterTable("example.com/racetest", table, make([]engine.Guard, 1))
	return base, base + 1, base + 2, base + 3, base + 4
}

// TestRaceLinesNameOperations: a race line names each side's operation
// (send and close of a channel, WaitGroup Add and Wait) or its access and
// expression, not "read" and "write" of a channel; the sentence tells the
// first race, and the steps shown keep its two sides.
func TestRaceLinesNameOperations(t *testing.T) {
	send, closing, add, wait, write := raceSites(t)
	trace := []sched.Step{
		{G: 2, Op: sched.Op{Kind: sched.OpSend, Site: send, Obj: 1}, Choice: -1},
		{G: 2, Op: sched.Op{Kind: sched.OpWGAdd, Site: add, Obj: 2}, Choice: -1},
		{G: 2, Op: sched.Op{Kind: sched.OpWrite, Site: write, Group: engine.GroupOf(write), Obj: 3}, Choice: -1},
		{G: 2, Op: sched.Op{Kind: sched.OpExit}, Choice: -1},
		{G: 1, Op: sched.Op{Kind: sched.OpClose, Site: closing, Obj: 1}, Preempt: true, Choice: -1},
		{G: 1, Op: sched.Op{Kind: sched.OpWGWait, Site: wait, Obj: 2}, Choice: -1},
		{G: 1, Op: sched.Op{Kind: sched.OpWrite, Site: write, Group: engine.GroupOf(write), Obj: 3}, Choice: -1},
		{G: 1, Op: sched.Op{Kind: sched.OpExit}, Choice: -1},
	}
	races := []engine.RaceReport{
		{First: engine.RaceAccess{G: 2, Site: send}, Later: engine.RaceAccess{G: 1, Site: closing, Write: true}},
		{First: engine.RaceAccess{G: 2, Site: add}, Later: engine.RaceAccess{G: 1, Site: wait, Write: true}},
		{First: engine.RaceAccess{G: 2, Site: write, Write: true}, Later: engine.RaceAccess{G: 1, Site: write, Write: true}},
	}
	lines := raceLines(races, trace)
	for i, want := range []string{
		"G2 race.go:1 send and G1 race.go:2 close are not ordered by synchronisation",
		"G2 race.go:3 WaitGroup.Add and G1 race.go:4 WaitGroup.Wait are not ordered",
		"G2 race.go:5 write x and G1 race.go:5 write x are not ordered",
	} {
		if i >= len(lines) || !strings.HasPrefix(lines[i], want) {
			t.Errorf("race line %d = %q, want it to start %q", i, lines, want)
		}
	}
	res := &engine.Result{RaceReports: races}
	res.Trace, res.Outcome = trace, sched.Race
	st := newStory(res)
	if want := "G2 sent on a channel at race.go:1 and G1 closed it at race.go:2, and no synchronisation orders the two: a data race."; st.sentence != want {
		t.Errorf("sentence %q, want %q", st.sentence, want)
	}
	steps := strings.Join(st.steps(), "\n")
	for _, want := range []string{"G2 race.go:1 send", "G1 race.go:2 close"} {
		if !strings.Contains(steps, want) {
			t.Errorf("the steps shown leave out %q:\n%s", want, steps)
		}
	}
}

// TestViewRoundTrip: the minimiser child's view of the best execution
// reads back with its goroutine states and object numbers (which the
// schedule file does not keep); without a view, the schedule file's trace
// gives each goroutine's last step, exited or not.
func TestViewRoundTrip(t *testing.T) {
	res := &engine.Result{States: []engine.GoroutineState{{ID: 1}, {ID: 2, Parent: 1}, {ID: 3, Parent: 1, Live: true, Pending: sched.Op{Kind: sched.OpStart}}}}
	res.Trace, res.Outcome = allocationTrace(t), sched.Failed
	path := filepath.Join(t.TempDir(), "view")
	if err := writeView(path, res); err != nil {
		t.Fatal(err)
	}
	got := readView(path)
	if got == nil || !slices.Equal(got.Trace, res.Trace) || !slices.Equal(got.States, res.States) || got.Outcome != res.Outcome {
		t.Fatalf("readView = %+v, want %+v", got, res)
	}
	if readView(path+".missing") != nil {
		t.Error("readView of a missing file is not nil")
	}
	sf := &schedfile.Schedule{Trace: toFileTrace(res.Trace)}
	v := fileView(sf, res)
	lines := strings.Join(goroutineLines(v.States), "\n")
	for _, want := range []string{"G2 (started by G1): exited after kernels.go:219 write b.used[i]", "G3 (started by G1): exited after kernels.go:213 read b.used[i]"} {
		if !strings.Contains(lines, want) {
			t.Errorf("goroutines from the file lack %q:\n%s", want, lines)
		}
	}
}

// TestOrderSkipsJoinedPairs: a write read back after a WaitGroup wait is
// the program's order, not the schedule's: the order sentence names the
// unordered write and read before it (vt-fig1 as testdata/e2e/kernels
// writes it: the checker records its error, the body reads it after Wait).
func TestOrderSkipsJoinedPairs(t *testing.T) {
	_, _, lock, unlock, _ := explainSites(t)
	table := "fig1.go\t56\t2\tKWrite\texample.com/ordertest.vars.a\tv.a\n" +
		"fig1.go\t48\t2\tKRead\texample.com/ordertest.vars.a\tv.a\n" +
		"fig1.go\t49\t2\tKWrite\texample.com/ordertest.err\terr\n" +
		"fig1.go\t58\t2\tKRead\texample.com/ordertest.err\terr\n"
	base := engine.RegisterTable("example.com/ordertest", table, make([]engine.Guard, 2))
	acc := func(k sched.OpKind, site, obj int32) sched.Op {
		return sched.Op{Kind: k, Site: site, Group: engine.GroupOf(site), Obj: obj}
	}
	trace := []sched.Step{
		{G: 3, Op: acc(sched.OpWrite, base, 1)}, {G: 3, Op: sched.Op{Kind: sched.OpWGDone, Site: lock, Obj: 3}},
		{G: 2, Op: acc(sched.OpRead, base+1, 1)}, {G: 2, Op: acc(sched.OpWrite, base+2, 2)},
		{G: 2, Op: sched.Op{Kind: sched.OpWGDone, Site: lock, Obj: 3}},
		{G: 1, Op: sched.Op{Kind: sched.OpWGWait, Site: unlock, Obj: 3}}, {G: 1, Op: acc(sched.OpRead, base+3, 2)},
	}
	got, named := orderSentence(trace, nil)
	if want := "G3 wrote v.a at fig1.go:56 before G2 read it at fig1.go:48"; !strings.HasPrefix(got, want) || !slices.Equal(named, []int{0, 2}) {
		t.Errorf("orderSentence = %q %v, want %q… naming steps 0 and 2", got, named, want)
	}
}

// TestOrderSentenceSkipsStartedAfter: a write followed by the go statement
// that starts the reader is the program's order, not the schedule's, so it
// is no order violation; a write after the go statement is.
func TestOrderSentenceSkipsStartedAfter(t *testing.T) {
	table := "spawn.go\t1\t2\tKWrite\texample.com/spawn.ch\tch\n" +
		"spawn.go\t2\t2\tKRead\texample.com/spawn.ch\tch\n"
	base := engine.RegisterTable("example.com/spawntest", table, make([]engine.Guard, 1))
	write := sched.Op{Kind: sched.OpWrite, Site: base, Group: engine.GroupOf(base), Obj: 1}
	read := sched.Op{Kind: sched.OpRead, Site: base + 1, Group: engine.GroupOf(base + 1), Obj: 1}
	states := []engine.GoroutineState{{ID: 1}, {ID: 2, Parent: 1}, {ID: 3, Parent: 2}}
	before := []sched.Step{
		{G: 1, Op: write}, {G: 1, Op: sched.Op{Kind: sched.OpGo}}, {G: 2, Op: sched.Op{Kind: sched.OpStart}},
		{G: 2, Op: sched.Op{Kind: sched.OpGo}}, {G: 3, Op: sched.Op{Kind: sched.OpStart}}, {G: 3, Op: read},
	}
	if got, _ := orderSentence(before, states); got != "" {
		t.Errorf("write before the go statement of the reader's parent: got %q, want no sentence", got)
	}
	after := []sched.Step{
		{G: 1, Op: sched.Op{Kind: sched.OpGo}}, {G: 2, Op: sched.Op{Kind: sched.OpStart}},
		{G: 1, Op: write}, {G: 2, Op: read},
	}
	if got, _ := orderSentence(after, states[:2]); !strings.HasPrefix(got, "G1 wrote ch at spawn.go:1 before G2 read it at spawn.go:2") {
		t.Errorf("write after the go statement: got %q, want an order violation", got)
	}
}

// TestChildMessage: a failed minimiser child is reported by its one
// vtbound line, not by the test output around it; a child that said
// nothing gives "".
func TestChildMessage(t *testing.T) {
	out := "--- FAIL: TestX (0.00s)\n    minimize.go:192: " + childPrefix + "the saved schedule does not fail\ntesting: warning: no tests to run\nFAIL\n"
	if got := childMessage(out); got != "the saved schedule does not fail" {
		t.Errorf("childMessage = %q", got)
	}
	if got := childMessage("signal: killed\n"); got != "" {
		t.Errorf("childMessage of a crash = %q, want empty", got)
	}
}

// TestHeaderNamesStorysGoroutine: a minimised execution numbers its
// goroutines as it started them, so the report's header names the
// goroutine of the story it tells (read back from the minimiser child's
// view), not the failing execution's number, which there was a timer
// (alitto/pond's TestGroupContextWithError: "(G6)" over a story of G4).
func TestHeaderNamesStorysGoroutine(t *testing.T) {
	found := &engine.Result{Failure: &engine.Failure{Outcome: sched.Leak, G: 6, Message: "test body returned while goroutines are still blocked"}}
	min := &engine.Result{Failure: &engine.Failure{Outcome: sched.Leak, G: 4}, States: []engine.GoroutineState{{ID: 1}, {ID: 4, Parent: 1, Live: true}}}
	min.Outcome = sched.Leak
	path := filepath.Join(t.TempDir(), "view")
	if err := writeView(path, min); err != nil {
		t.Fatal(err)
	}
	view := readView(path)
	if view == nil || view.Failure == nil || view.Failure.G != 4 {
		t.Fatalf("the view does not keep the goroutine its failure names: %+v", view)
	}
	r := (&driver{t: t}).storyReport(report.Bug, found, &schedfile.Schedule{Oracle: "goroutine leak"}, "")
	tellStory(r, newStory(view))
	if header, _, _ := strings.Cut(r.Text(), "\n"); !strings.HasSuffix(header, "still blocked (G4)") {
		t.Errorf("header %q, want it to name G4, the minimised story's goroutine", header)
	}
}
