package strategy

import (
	"math/rand"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestDPORHappensBeforeIsDependence checks the clocks of DPOR's race
// analysis against a direct reading of its definition on random traces of
// every kind: an event happens before a later one when a chain of direct
// edges leads to it, the edges being program order, a go statement before
// the first event of the goroutine it starts, and every pair of events of
// two goroutines that sched.Dependent relates (goroutine exits are no
// events). The causal order (sched.HB) is a sub-order of it: what a
// schedule cannot reverse, DPOR does not try to.
func TestDPORHappensBeforeIsDependence(t *testing.T) {
	buildDepTable()
	rng := rand.New(rand.NewSource(4))
	var a analysis
	pairs := 0
	for round := range 2000 {
		trace := randomTrace(rng)
		a.real = 0 // a fresh build, not a rewind
		a.build(trace, nil)
		want := referenceHB(trace)
		causal := sched.Clocks(trace)
		if len(a.ev) != len(want) {
			t.Fatalf("round %d: %d events, want %d", round, len(a.ev), len(want))
		}
		for j := range a.ev {
			for i := range j {
				if got := a.hb(i, a.clk[j]); got != want[j][i] {
					t.Fatalf("round %d: event %d (%v) before %d (%v): %v, want %v\ntrace %v",
						round, i, a.ev[i].op.Kind, j, a.ev[j].op.Kind, got, want[j][i], trace)
				}
				if want[j][i] && a.ev[i].g != a.ev[j].g {
					pairs++
				}
				si, sj := a.ev[i].step, a.ev[j].step
				if gi := trace[si].G; causal[si].Get(gi) <= causal[sj].Get(gi) && !want[j][i] {
					t.Fatalf("round %d: step %d (%v) causally before %d (%v) but not by dependence\ntrace %v",
						round, si, trace[si].Op.Kind, sj, trace[sj].Op.Kind, trace)
				}
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no ordered pair of two goroutines: the traces test nothing")
	}
}

// randomTrace returns a trace of random operations of every kind on three
// objects per class, whose go statements start goroutines in order.
func randomTrace(rng *rand.Rand) []sched.Step {
	var trace []sched.Step
	live, made := []int{1}, 1
	for range 2 + rng.Intn(40) {
		g := live[rng.Intn(len(live))]
		k := sched.OpKind(1 + rng.Intn(31))
		if k == sched.OpStart {
			k = sched.OpWrite
		}
		trace = append(trace, sched.Step{G: g, Op: sched.Op{Kind: k, Obj: int32(1 + rng.Intn(3))}})
		if k == sched.OpGo {
			made++
			live = append(live, made)
			trace = append(trace, sched.Step{G: made, Op: sched.Op{Kind: sched.OpStart}})
		}
	}
	return trace
}

// referenceHB returns, for each event (a step but an exit) j, which
// earlier events happen before it.
func referenceHB(trace []sched.Step) [][]bool {
	var ev []sched.Step
	var before [][]bool
	last := map[int]int{}  // goroutine -> its latest event
	spawn := map[int]int{} // goroutine -> its go statement's event
	gos := 1
	for _, s := range trace {
		if s.Op.Kind == sched.OpExit {
			continue
		}
		j := len(ev)
		b := make([]bool, j)
		edge := func(i int) {
			b[i] = true
			for k, x := range before[i] {
				b[k] = b[k] || x
			}
		}
		if p, ok := last[s.G]; ok {
			edge(p)
		} else if p, ok := spawn[s.G]; ok {
			edge(p)
		}
		for i, e := range ev {
			if e.G != s.G && sched.Dependent(e.Op, s.Op) {
				edge(i)
			}
		}
		if s.Op.Kind == sched.OpGo {
			gos++
			spawn[gos] = j
		}
		ev, before, last[s.G] = append(ev, s), append(before, b), j
	}
	return before
}
