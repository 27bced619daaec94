package explore

import (
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// explainSites registers the sites of the example's Reserve: the check's
// read at line 22, the act's write at 34, the locks around them, and a
// read of an unrelated variable.
func explainSites(t *testing.T) (read, write, lock, unlock, other int32) {
	t.Helper()
	table := "inventory.go\t22\t9\tKRead\texample.com/inventory.stock\tinv.stock[item]\n" +
		"inventory.go\t34\t2\tKWrite\texample.com/inventory.stock\tinv.stock[item]\n" +
		"inventory.go\t20\t2\tKSync\t\t\n" +
		"inventory.go\t21\t2\tKSync\t\t\n" +
		"inventory.go\t40\t2\tKRead\texample.com/inventory.log\tlog\n"
	base := engine.RegisterTable("example.com/explaintest", table, make([]engine.Guard, 2))
	return base, base + 1, base + 2, base + 3, base + 4
}

// reserveTrace is the example's minimised failing interleaving: G2 and G3
// both check before either acts.
func reserveTrace(t *testing.T) []sched.Step {
	read, write, lock, unlock, other := explainSites(t)
	g := engine.GroupOf(read)
	rd := sched.Op{Kind: sched.OpRead, Site: read, Group: g, Obj: 1}
	wr := sched.Op{Kind: sched.OpWrite, Site: write, Group: g, Obj: 1}
	lk := sched.Op{Kind: sched.OpLock, Site: lock, Obj: 2}
	ul := sched.Op{Kind: sched.OpUnlock, Site: unlock, Obj: 2}
	lg := sched.Op{Kind: sched.OpRead, Site: other, Group: engine.GroupOf(other), Obj: 3}
	steps := []struct {
		g       int
		op      sched.Op
		preempt bool
	}{
		{2, sched.Op{Kind: sched.OpStart}, true}, {2, lk, false}, {2, rd, false}, {2, ul, false}, {2, lg, false},
		{3, sched.Op{Kind: sched.OpStart}, true}, {3, lk, false}, {3, rd, false}, {3, ul, false},
		{3, lk, false}, {3, wr, false}, {3, ul, false}, {3, sched.Op{Kind: sched.OpExit}, false},
		{2, lk, true}, {2, wr, false}, {2, ul, false}, {2, sched.Op{Kind: sched.OpExit}, false},
	}
	var trace []sched.Step
	for _, s := range steps {
		trace = append(trace, sched.Step{G: s.g, Op: s.op, Preempt: s.preempt, Choice: -1})
	}
	return trace
}

func TestExplainCheckThenAct(t *testing.T) {
	got := explain(reserveTrace(t))
	want := "G2 read inv.stock[item] at inventory.go:22, G3 wrote it at inventory.go:34, then G2 wrote it at inventory.go:34"
	if !strings.HasPrefix(got, want) {
		t.Errorf("explain = %q\nwant the R-W-W account of G2's stale act, starting %q", got, want)
	}
}

func TestExplainSerializableIsSilent(t *testing.T) {
	read, write, _, _, _ := explainSites(t)
	g := engine.GroupOf(read)
	// G2 reads twice and G3 reads in between: reads commute, nothing to say.
	trace := []sched.Step{
		{G: 2, Op: sched.Op{Kind: sched.OpRead, Site: read, Group: g}},
		{G: 3, Op: sched.Op{Kind: sched.OpRead, Site: read, Group: g}, Preempt: true},
		{G: 2, Op: sched.Op{Kind: sched.OpRead, Site: read, Group: g}, Preempt: true},
		{G: 3, Op: sched.Op{Kind: sched.OpWrite, Site: write, Group: g}, Preempt: true},
	}
	if got := explain(trace); got != "" {
		t.Errorf("explain = %q for a serializable interleaving, want nothing", got)
	}
}

func TestEssentialElides(t *testing.T) {
	trace := reserveTrace(t)
	lines := essential(trace)
	text := strings.Join(lines, "\n")
	for _, want := range []string{"G2 inventory.go:22 read inv.stock[item]", "G3 inventory.go:34 write inv.stock[item]", "G2 inventory.go:34 write inv.stock[item]", "step elided"} {
		if !strings.Contains(text, want) {
			t.Errorf("essential steps lack %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "read log") {
		t.Errorf("essential steps keep an access no other goroutine makes:\n%s", text)
	}
	shown := 0
	for _, l := range lines {
		if !strings.Contains(l, "elided") {
			shown++
		}
	}
	if shown >= len(trace) {
		t.Errorf("essential shows %d of %d steps: nothing elided", shown, len(trace))
	}
}

func TestCVTWords(t *testing.T) {
	if got, want := cvtWords(strategy.CVT{C: 1, V: 1, T: 2}), "1 preemption, 1 variable, 2 goroutines ordered"; got != want {
		t.Errorf("cvtWords = %q, want %q", got, want)
	}
}

func TestHeapNoteOnlyWhenAmbiguous(t *testing.T) {
	heap := []sched.HeapObject{{Site: 7, N: 0}, {Site: 7, N: 1}, {Site: 9, N: 0}}
	one := []sched.Step{{Op: sched.Op{Kind: sched.OpRead, Heap: 1}}, {Op: sched.Op{Kind: sched.OpRead, Heap: 3}}}
	if sameSiteObjects(one, heap) {
		t.Error("one object per allocation site reported as ambiguous")
	}
	two := append(one, sched.Step{Op: sched.Op{Kind: sched.OpWrite, Heap: 2}})
	if !sameSiteObjects(two, heap) {
		t.Error("two objects of one allocation site not reported as ambiguous")
	}
}

// TestDeadlockSentenceNamesTheCycle: in an ABBA deadlock the sentence
// names the two goroutines that wait for each other, each with the holder
// of the mutex it waits for, and the body waiting on a WaitGroup behind
// them; a leak keeps the plain form.
func TestDeadlockSentenceNamesTheCycle(t *testing.T) {
	_, _, lock, unlock, _ := explainSites(t)
	lockA := sched.Op{Kind: sched.OpLock, Site: lock, Obj: 1}
	lockB := sched.Op{Kind: sched.OpLock, Site: lock, Obj: 2}
	wait := sched.Op{Kind: sched.OpWGWait, Site: unlock, Obj: 3}
	trace := []sched.Step{
		{G: 2, Op: lockA}, {G: 3, Op: lockB},
		{G: 2, Op: sched.Op{Kind: sched.OpUnlock, Site: unlock, Obj: 4}}, // an unrelated mutex
	}
	states := []engine.GoroutineState{
		{ID: 1, Pending: wait, Live: true},
		{ID: 2, Pending: lockB, Live: true},
		{ID: 3, Pending: lockA, Live: true},
	}
	got := blockedSentence(states, trace, sched.Deadlock)
	for _, want := range []string{"G2 at inventory.go:20 lock (held by G3) and G3 at inventory.go:20 lock (held by G2) wait for each other for ever", "; G1 at inventory.go:21 wg-wait waits behind them."} {
		if !strings.Contains(got, want) {
			t.Errorf("sentence %q lacks %q", got, want)
		}
	}
	if got := blockedSentence(states[:1], nil, sched.Leak); !strings.HasSuffix(got, "is still blocked after the test returned, and nothing can wake it.") {
		t.Errorf("leak sentence %q", got)
	}
}

// TestSpinLeakSentence: goroutines leaked while busy-waiting (a leak the
// step bound reached) are not described as blocked, and such a failure is
// not minimised: its length, not an interleaving, is the failure.
func TestSpinLeakSentence(t *testing.T) {
	_, _, lock, _, _ := explainSites(t)
	spin := sched.Op{Kind: sched.OpAtomicLoad, Site: lock, Obj: 1}
	res := &engine.Result{
		Failure: &engine.Failure{Outcome: sched.Leak, G: 2, Bound: true},
		States:  []engine.GoroutineState{{ID: 1}, {ID: 2, Pending: spin, Live: true}, {ID: 3, Pending: spin, Live: true}},
	}
	res.Outcome = sched.Leak
	got := whatHappened(res)
	if !strings.HasSuffix(got, "still ran after the test returned, busy-waiting (or blocked) on state none of them changes.") || strings.Contains(got, "G1") {
		t.Errorf("spin leak sentence %q", got)
	}
	if minimizable(res) {
		t.Error("a leak reached at the step bound is minimised")
	}
	res.Failure.Bound = false
	if !minimizable(res) {
		t.Error("a leak of blocked goroutines is not minimised")
	}
}

// TestDeadlockSentenceWithoutCycle: goroutines all waiting for a mutex
// whose holder is blocked on a send are not a cycle; the holder comes
// first, then its waiters, then the rest (benbjohnson/clock's mock timer
// that ticks twice under its lock had this shape).
func TestDeadlockSentenceWithoutCycle(t *testing.T) {
	_, _, lock, unlock, _ := explainSites(t)
	lockA := sched.Op{Kind: sched.OpLock, Site: lock, Obj: 1}
	send := sched.Op{Kind: sched.OpSend, Site: unlock, Obj: 2}
	recv := sched.Op{Kind: sched.OpRecv, Site: unlock, Obj: 3}
	trace := []sched.Step{{G: 4, Op: lockA}}
	states := []engine.GoroutineState{
		{ID: 1, Pending: lockA, Live: true},
		{ID: 3, Pending: lockA, Live: true},
		{ID: 4, Pending: send, Live: true},
		{ID: 5, Pending: recv, Live: true},
	}
	got := blockedSentence(states, trace, sched.Deadlock)
	want := "G4 at inventory.go:21 send waits for ever while holding a mutex; G1 at inventory.go:20 lock (held by G4) and G3 at inventory.go:20 lock (held by G4) wait for it; G5 at inventory.go:21 recv waits for ever too."
	if got != want {
		t.Errorf("sentence\n%s\nwant\n%s", got, want)
	}
}

// TestExplainStopsAtFailure: the first sentence of a test failure names
// only steps before the test was marked failed (Result.FailedBy): with the
// mark after G3's write, G2's later write, which completes the stale-act
// pattern, is not part of the account; with no mark known, it is.
func TestExplainStopsAtFailure(t *testing.T) {
	trace := reserveTrace(t)
	const staleAct = "then G2 wrote it at inventory.go:34"
	res := &engine.Result{States: nil}
	res.Trace, res.Outcome = trace, sched.Failed
	if got := whatHappened(res); !strings.Contains(got, staleAct) {
		t.Errorf("no mark: %q, want the stale act (%q)", got, staleAct)
	}
	res.FailedBy = 12 // after G3's write (step 10), before G2's (step 14)
	got, named := whatHappenedSteps(res)
	if strings.Contains(got, staleAct) || got == "" {
		t.Errorf("marked failed by step 12: %q, want an account without G2's later write", got)
	}
	for _, i := range named {
		if i >= res.FailedBy {
			t.Errorf("marked failed by step 12: the sentence names step %d", i)
		}
	}
}
