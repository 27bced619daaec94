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
// schedule cannot reverse, DPOR does not try to. One exception, checked
// apart: HB orders a receive after every earlier send of its channel,
// where DPOR orders it after the send it met only (sched.Step.Partner;
// a send and a receive commute), so the sub-order is checked on the
// trace with its sends turned into closes (and its resumptions into
// Gosched: HB reads a resumed send as a send). The traces carry channel
// links as the engine records them (a resumption, Op.Done, after its
// partner's step; the step after one that met a partner, after the
// partner's arrival), which the reference reads as program order.
func TestDPORHappensBeforeIsDependence(t *testing.T) {
	buildDepTable()
	rng := rand.New(rand.NewSource(4))
	var a, c analysis
	pairs := 0
	for round := range 2000 {
		trace := randomTrace(rng)
		a.real = 0 // a fresh build, not a rewind
		a.build(trace, nil)
		want := referenceHB(trace)
		closes := sendsClosed(trace)
		c.real = 0
		c.build(closes, nil)
		causal := sched.Clocks(closes)
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
				if gi := trace[si].G; causal[si].Get(gi) <= causal[sj].Get(gi) && !c.hb(i, c.clk[j]) {
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

// sendsClosed returns a copy of trace with its channel sends turned into
// closes and its resumptions (Op.Done, which HB reads as their kind) into
// Gosched.
func sendsClosed(trace []sched.Step) []sched.Step {
	out := append([]sched.Step(nil), trace...)
	for i := range out {
		switch {
		case out[i].Op.Done:
			out[i].Op.Kind = sched.OpYield
		case out[i].Op.Kind == sched.OpSend:
			out[i].Op.Kind = sched.OpClose
		}
	}
	return out
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
		st := sched.Step{G: g, Op: sched.Op{Kind: k, Obj: int32(1 + rng.Intn(3))}}
		if p := rng.Intn(len(trace) + 1); k.Info().Class == sched.ClassChan && p < len(trace) && trace[p].G != g && trace[p].Op.Kind != sched.OpExit && rng.Intn(2) == 0 {
			st.Partner = p + 1 // a link to another goroutine's step
			st.Op.Done = rng.Intn(2) == 0
		}
		trace = append(trace, st)
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
	then := map[int]int{}  // goroutine -> the partner its next event follows
	at := map[int]int{}    // trace index -> event
	gos := 1
	for n, s := range trace {
		if s.Op.Kind == sched.OpExit {
			continue
		}
		at[n] = len(ev)
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
		if p, ok := then[s.G]; ok {
			edge(p)
			delete(then, s.G)
		}
		if p, ok := at[s.Partner-1]; ok && s.Partner > 0 {
			if s.Op.Done {
				edge(p)
			} else {
				then[s.G] = p
			}
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
