package strategy

import (
	"slices"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestEditApply: each edit kind transforms the segments as its doc says,
// and leaves the original alone.
func TestEditApply(t *testing.T) {
	segs := []seg{{1, 2}, {2, 1}, {1, 3}, {2, 1}}
	for _, c := range []struct {
		e    edit
		want []seg
	}{
		{edit{op: runOn, a: 0}, []seg{{1, -1}, {2, 1}, {1, 3}, {2, 1}}},
		{edit{mergeInto, 0, 2}, []seg{{1, 5}, {2, 1}, {2, 1}}},
		{edit{mergeInto, -1, 3}, []seg{{1, 2}, {2, 1}, {1, 3}}},
		{edit{moveStep, 0, 2}, []seg{{1, 1}, {2, 1}, {1, 4}, {2, 1}}},
		{edit{moveStep, 1, 3}, []seg{{1, 2}, {1, 3}, {2, 2}}},
		{edit{op: dropG, a: 2}, []seg{{1, 2}, {1, 3}, {-2, 0}}},
	} {
		if got := c.e.apply(segs); !slices.Equal(got, c.want) {
			t.Errorf("%+v: got %v, want %v", c.e, got, c.want)
		}
	}
	if !slices.Equal(segs, []seg{{1, 2}, {2, 1}, {1, 3}, {2, 1}}) {
		t.Errorf("apply changed its input: %v", segs)
	}
}

// alternating returns a trace of n segments of one step each, G1 and G2
// preempting each other.
func alternating(n int) []sched.Step {
	tr := make([]sched.Step, n)
	for i := range tr {
		tr[i] = sched.Step{G: 1 + i%2, Op: sched.Op{Kind: sched.OpRead}, Preempt: i > 0, Choice: -1}
	}
	return tr
}

// TestCandidatesLongTrace: a trace of 100,000 segments gives a number of
// edits linear in its length (about five per preemption), and candidates
// are made one at a time, each new (a minimiser that built every
// candidate up front took minutes and gigabytes on such a trace).
func TestCandidatesLongTrace(t *testing.T) {
	const n = 100_000
	m := &Minimizer{best: Found{Trace: alternating(n)}, tried: map[uint64]bool{}}
	m.queue = m.candidates()
	if len(m.queue) > 6*n {
		t.Fatalf("%d edits for %d segments, want at most %d", len(m.queue), n, 6*n)
	}
	seen := map[uint64]bool{}
	for range 20 {
		c := m.nextCandidate()
		if c == nil {
			t.Fatal("candidates ran out")
		}
		if k := segsKey(c); seen[k] {
			t.Fatalf("candidate %v tried twice", c[:4])
		} else {
			seen[k] = true
		}
	}
}

// TestNextCandidateSkipsTried: a segment list tried before is not tried
// again when another edit (or a later best schedule) yields it.
func TestNextCandidateSkipsTried(t *testing.T) {
	m := &Minimizer{best: Found{Trace: alternating(4)}, tried: map[uint64]bool{}}
	segs, _ := segmentsOf(m.best.Trace)
	dup := edit{op: runOn, a: 0}
	m.queue = []edit{dup, dup, {op: dropG, a: 2}}
	first := m.nextCandidate()
	if second := m.nextCandidate(); !slices.Equal(first, dup.apply(segs)) || !slices.Equal(second, edit{op: dropG, a: 2}.apply(segs)) {
		t.Errorf("got %v then %v, want the runOn edit once, then the dropG one", first, second)
	}
	if c := m.nextCandidate(); c != nil {
		t.Errorf("queue exhausted, got %v", c)
	}
}

// TestDDMinChunks: ddmin over a schedule's preemptions keeps each half
// alone, then each quarter alone and all but each quarter, and so on down
// to single preemptions, then stops; a schedule with at most ddFloor
// preemptions gets none.
func TestDDMinChunks(t *testing.T) {
	tr := alternating(9) // 8 preemptions
	if pre := preemptionsOf(tr); len(pre) != 8 || pre[0] != (preemption{p: 1, q: 2, steps: 1}) || pre[1] != (preemption{p: 2, q: 1, steps: 1}) {
		t.Fatalf("preemptions %v", pre)
	}
	d := newDDMin(tr, 2)
	var got []int
	for {
		keep, alone, ok := d.next()
		if !ok {
			break
		}
		if !alone {
			got = append(got, -len(keep))
			continue
		}
		got = append(got, len(keep))
	}
	want := []int{4, 4, 2, 2, 2, 2, -6, -6, -6, -6, 1, 1, 1, 1, 1, 1, 1, 1, -7, -7, -7, -7, -7, -7, -7, -7}
	if !slices.Equal(got, want) {
		t.Errorf("chunk sizes (negative: all but a chunk) %v, want %v", got, want)
	}
	if d := newDDMin(alternating(ddFloor+1), 2); d != nil {
		t.Errorf("ddmin over %d preemptions", ddFloor)
	}
}

// TestPreemptRunnerKeepsOnly: a candidate runs without preemption except
// where it keeps one: the current goroutine runs on, and the kept
// preemption switches at the preempted goroutine's step count.
func TestPreemptRunnerKeepsOnly(t *testing.T) {
	var r preemptRunner
	r.reset([]preemption{{p: 1, q: 2, steps: 2}}, Found{})
	v := &sched.View{Current: 1, Enabled: []int{1, 2}}
	for step, want := range []int{1, 1, 2, 2} {
		v.Step = step
		got := r.pick(v)
		if got != want {
			t.Fatalf("step %d: picked G%d, want G%d", step, got, want)
		}
		v.Trace = append(v.Trace, sched.Step{G: got})
		v.Current = got
	}
}
