package report

import (
	"strings"
	"testing"
)

func site(file string, line int) *Site {
	return &Site{Package: "example.com/p", File: file, Line: line, Col: 2}
}

// wants joins the lines of an expected text.
func wants(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

// TestTextVerdict: a failure that is not an interleaving bug says so on
// its first line, says how, and saves nothing.
func TestTextVerdict(t *testing.T) {
	r := &Report{Kind: NotRepeatable, Test: "TestX", Oracle: "deadlock", Message: "all goroutines are blocked", G: 2,
		Why: "execution 3 failed", LeftBehind: []string{"file created: x"},
		Goroutines: []Goroutine{
			{ID: 1, End: Exited, Op: Op{Kind: "wg-wait", Site: site("a.go", 9)}},
			{ID: 2, Parent: 1, End: StoppedAt, Op: Op{Kind: "lock", Site: site("sub/a.go", 10)}},
			{ID: 3, Parent: 1, End: NeverRan, Op: Op{Kind: "start"}},
		}}
	want := wants("vtbound: TestX: deadlock: all goroutines are blocked (G2); not repeatable in one process",
		"  execution 3 failed",
		"  the test depends on state an earlier execution (or an earlier test) left in the process",
		"  left behind:", "    file created: x",
		"  goroutines:", "    G1 (test body): exited after a.go:9 wg-wait",
		"    G2 (started by G1): stopped at a.go:10 lock", "    G3 (started by G1): never ran",
		"  no schedule is saved (replaying one would not show an interleaving)")
	check(t, r, want)
	r = &Report{Kind: EverySchedule, Test: "TestY", Oracle: "panic", Message: "boom", Why: "every one failed", Stack: []string{"main.f()", "\tf.go:3"}}
	check(t, r, wants("vtbound: TestY: panic: boom; fails on every schedule: not an interleaving bug", "  every one failed",
		"  panic stack:", "    main.f()", "    \tf.go:3", "  no schedule is saved (replaying one would not show an interleaving)"))
	r = &Report{Kind: PassesNatively, Test: "TestP", Oracle: "test failure", Message: "t.Error called", Why: "every one failed; yet run once natively, the test passes"}
	check(t, r, wants("vtbound: TestP: test failure: t.Error called; "+verdictTitles[PassesNatively], "  every one failed; yet run once natively, the test passes",
		"  no schedule is saved (replaying one would not show an interleaving)"))
	if !strings.Contains(verdictTitles[PassesNatively], "passes when run natively") {
		t.Errorf("title %q", verdictTitles[PassesNatively])
	}
	r = &Report{Kind: FailsNatively, Test: "TestN", Oracle: "test failure", Why: "execution 1 was cut", Native: []string{"--- FAIL: TestN/native", "    a_test.go:3: boom"}}
	check(t, r, wants("vtbound: TestN: test failure; fails when run natively; no execution completed under vtbound", "  execution 1 was cut",
		"  native run:", "    --- FAIL: TestN/native", "        a_test.go:3: boom", "  no schedule is saved (replaying one would not show an interleaving)"))
}

// TestTextBug: an interleaving bug's report, minimised, with every part
// a story can have.
func TestTextBug(t *testing.T) {
	two := 2
	r := &Report{Kind: Bug, Test: "TestZ", Oracle: "data race", Sentence: "G2 wrote x at a.go:5 and G1 read it at a.go:6, and no synchronisation orders the two: a data race.",
		Found:        &Found{Strategy: "pct d=3", Seed: 7, Execution: 12, TraceHash: "00000000000000ab"},
		Uncontrolled: true, Nondeterminism: "replay diverged at step 3",
		Goroutines: []Goroutine{{ID: 1, End: StoppedAfter, Op: Op{Kind: "read", Var: "x", Site: site("a.go", 6)}}},
		Interleaving: &Interleaving{Total: 9, Steps: []Step{
			{N: 2, G: 1, Op: Op{Kind: "select", Site: site("a.go", 4)}, Case: &two},
			{N: 3, G: 2, Op: Op{Kind: "write", Var: "x", Site: site("a.go", 5)}, Preempt: true,
				Alloc: &Alloc{Site: site("a.go", 1), N: 1, Iter: 3}},
			{N: 4, G: 1, Op: Op{Kind: "read", Var: "x", Site: site("a.go", 6)}, Alloc: &Alloc{N: 2}},
		}},
		Races: []Race{
			{First: RaceSide{G: 2, Op: Op{Kind: "write", Var: "x", Site: site("a.go", 5)}}, Later: RaceSide{G: 1, Op: Op{Kind: "read", Var: "x", Site: site("a.go", 6)}}},
			{First: RaceSide{G: 2, Op: Op{Kind: "wg-add", Site: site("a.go", 7)}}, Later: RaceSide{G: 1, Op: Op{Kind: "wg-wait", Var: "wg"}}},
		},
		CVT: &CVT{2, 1, 2}, Schedule: "s/1",
		Minimisation: &Minimisation{CVT: &CVT{1, 1, 2}, Smaller: true, Schedule: "s/2"},
		Steps:        &Interleaving{Total: 500, More: 90, Steps: []Step{{N: 1, G: 1, Op: Op{Kind: "start", Site: site("a.go", 1)}}, {N: 400, G: 2, Op: Op{Kind: "exit"}}}},
		Replay:       "cd d && VTBOUND_REPLAY=s/2 go test",
	}
	want := wants("vtbound: TestZ: data race",
		"  what happened: G2 wrote x at a.go:5 and G1 read it at a.go:6, and no synchronisation orders the two: a data race.",
		"  found by pct d=3, seed 7, execution 12; trace hash 00000000000000ab",
		"  note: uncontrolled code was involved (a goroutine polled an object vtbound does not model)",
		"  NONDETERMINISM: replay diverged at step 3",
		"  goroutines:", "    G1 (test body): stopped after a.go:6 read x",
		"  data races:",
		"    G2 a.go:5 write x and G1 a.go:6 read x are not ordered by synchronisation",
		"    G2 a.go:7 WaitGroup.Add and G1 wg.Wait are not ordered by synchronisation",
		"  (c,v,t) = (2,1,2) as found (2 preemptions, 1 variable, 2 goroutines ordered); schedule saved: s/1",
		"  minimised interleaving, the steps that matter (» marks a preemption):",
		"         1 G1 start",
		"          … 398 steps elided",
		"       400 G2 exit",
		"          … 10 steps elided",
		"          … 90 more steps (the schedule file has the whole trace)",
		"  (c,v,t) = (1,1,2) after minimisation (1 preemption, 1 variable, 2 goroutines ordered); minimised schedule saved: s/2",
		"  every step: vtbound show -full s/2",
		"  replay: cd d && VTBOUND_REPLAY=s/2 go test")
	check(t, r, want)
	if r.ReplaySchedule() != "s/2" {
		t.Errorf("ReplaySchedule = %q, want the minimised schedule", r.ReplaySchedule())
	}
	r.Steps, r.Minimisation = nil, nil
	found := wants("  interleaving (» marks a preemption):",
		"          ...",
		"         2 G1 a.go:4 select (case 2)",
		"    »    3 G2 a.go:5 write x [a.go:1 allocation #1, loop iteration 3]",
		"         4 G1 a.go:6 read x [? allocation #2, loop iteration 0]",
		"          ...")
	if text := r.Text(); !strings.Contains(text, found) || strings.Contains(text, "every step") {
		t.Errorf("without its steps that matter, the report must show the interleaving as found:\n%s", text)
	}
}

// TestTextMinimisation: what a report says when minimisation finds
// nothing smaller, fails, or cannot save its schedule: the failing
// execution's steps that matter, and its schedule to replay.
func TestTextMinimisation(t *testing.T) {
	steps := &Interleaving{Total: 3, Steps: []Step{{N: 2, G: 1, Op: Op{Kind: "lock", Site: site("a.go", 3)}}}}
	for _, c := range []struct {
		m    *Minimisation
		line string
	}{
		{&Minimisation{CVT: &CVT{1, 1, 2}}, "  (c,v,t) = (1,1,2) after minimisation: no smaller schedule found"},
		{&Minimisation{Error: "child: killed"}, "  minimisation failed: child: killed"},
		{&Minimisation{CVT: &CVT{0, 0, 2}, Smaller: true, SaveError: "disk full"}, "  minimised schedule NOT saved: disk full"},
	} {
		r := &Report{Kind: Bug, Test: "T", Oracle: "deadlock", Found: &Found{Strategy: "random", TraceHash: "0000000000000001"},
			CVT: &CVT{1, 1, 2}, Schedule: "s/1", Minimisation: c.m, Steps: steps, Replay: "replay s/1"}
		want := wants(c.line, "  interleaving, the steps that matter (» marks a preemption):",
			"          … 1 step elided", "         2 G1 a.go:3 lock", "          … 1 step elided", "  every step: vtbound show -full s/1", "  replay: replay s/1")
		if text := r.Text(); !strings.HasSuffix(text, want) {
			t.Errorf("got:\n%s\nwant it to end:\n%s", text, want)
		}
		if r.ReplaySchedule() != "s/1" {
			t.Errorf("ReplaySchedule = %q, want the failing execution's", r.ReplaySchedule())
		}
	}
}

// TestTextReplays: a replayed schedule that still fails, one whose
// schedule could not be saved, and one that no longer replays.
func TestTextReplays(t *testing.T) {
	story := func(k Kind) *Report {
		return &Report{Kind: k, Test: "T", Oracle: "goroutine leak", Message: "still blocked", G: 3,
			Found: &Found{Strategy: "replay of s/1", Seed: 1, Execution: 2, TraceHash: "0000000000000002"}, Interleaving: &Interleaving{}}
	}
	head := wants("vtbound: T: goroutine leak: still blocked (G3)", "  found by replay of s/1, seed 1, execution 2; trace hash 0000000000000002",
		"  goroutines:", "  interleaving (» marks a preemption):")
	r := story(ReplayFails)
	r.Replayed, r.Replay = "s/1", "replay s/1"
	check(t, r, head+wants("  saved schedule still fails: s/1", "  replay: replay s/1"))
	r = story(Bug)
	r.ScheduleError = "read-only file system"
	check(t, r, head+wants("  schedule NOT saved: read-only file system"))
	r = &Report{Kind: ReplayDiverged, Test: "T", Oracle: "replay divergence", Message: "replay diverged at step 4", Expected: "deadlock", Replayed: "s/1"}
	check(t, r, `vtbound: T: replay divergence: replay diverged at step 4 (oracle "deadlock" no longer reproduced)`)
}

func check(t *testing.T, r *Report, want string) {
	t.Helper()
	if got := r.Text(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestTextTimingFirst: a timing-dependent failure says so in its first
// sentence, before the account of the accesses, and a failure without
// early wake-ups keeps its sentence as it is.
func TestTextTimingFirst(t *testing.T) {
	r := &Report{Kind: Bug, Test: "TestT", Oracle: "test failure", Sentence: "G2 wrote x at a.go:5 and G1 read it at a.go:6.",
		Timing: []Wake{{G: 1, Waited: "5ms", What: "sleep", Step: 4, Before: 2, At: "a.go:9"}}}
	want := "  what happened: timing-dependent: G1's 5ms sleep ended before G2 reached a.go:9 (step 4); then G2 wrote x at a.go:5 and G1 read it at a.go:6.\n"
	if got := r.Text(); !strings.Contains(got, want) {
		t.Errorf("text lacks %q:\n%s", want, got)
	}
	r.Sentence = ""
	if got := r.Text(); !strings.Contains(got, "  what happened: timing-dependent: G1's 5ms sleep ended before G2 reached a.go:9 (step 4).\n") {
		t.Errorf("timing without a sentence:\n%s", got)
	}
	r.Timing, r.Sentence = nil, "Nothing orders them."
	if got := r.Text(); !strings.Contains(got, "  what happened: Nothing orders them.\n") || strings.Contains(got, "timing-dependent") {
		t.Errorf("no timing:\n%s", got)
	}
}
