package ctrigger

import (
	"math/rand"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestVClockSparse compares the sparse clock with a dense one on random
// ticks and joins.
func TestVClockSparse(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := range 200 {
		var a, b vclock
		da, db := map[int]int32{}, map[int]int32{}
		for range rng.Intn(30) {
			g := rng.Intn(12)
			if rng.Intn(2) == 0 {
				a.tick(g)
				da[g]++
			} else {
				b.tick(g)
				db[g]++
			}
		}
		a.join(b)
		for g, v := range db {
			da[g] = max(da[g], v)
		}
		for g := range 12 {
			if a.at(g) != da[g] {
				t.Fatalf("round %d: component %d = %d, want %d (%v)", round, g, a.at(g), da[g], a)
			}
		}
		for i := 1; i < len(a); i++ {
			if a[i-1].g >= a[i].g {
				t.Fatalf("round %d: components out of order: %v", round, a)
			}
		}
	}
}

// TestClocksStaySmall: goroutines that synchronise only through their go
// statement have clocks of two components, however many goroutines the
// trace has, and a goroutine's accesses between joins share one clock.
func TestClocksStaySmall(t *testing.T) {
	const n = 3000
	b := start(n)
	for i := range n {
		b.rd(i+2, 1, x).wr(i+2, 2, x)
	}
	tr := prepare(b.steps, time.Time{})
	if len(tr.acc) != 2*n {
		t.Fatalf("%d accesses, want %d", len(tr.acc), 2*n)
	}
	for _, a := range tr.acc {
		if len(a.vc) > 2 {
			t.Fatalf("goroutine %d: clock of %d components, want at most 2", a.g, len(a.vc))
		}
	}
	last := tr.acc[len(tr.acc)-1]
	if prev := tr.acc[len(tr.acc)-2]; &prev.vc[0] != &last.vc[0] {
		t.Errorf("two accesses of one goroutine without a join between them do not share their clock")
	}
	if !before(&tr.acc[0], &tr.acc[1]) || before(&tr.acc[1], &tr.acc[2]) {
		t.Errorf("order: program order must hold, unrelated goroutines must not be ordered")
	}
}

// TestIdentifyMatchesReference compares identify with a direct reading of
// the definition (every consecutive pair of one goroutine on one location,
// every access of another goroutine to it) on random traces.
func TestIdentifyMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for round := range 100 {
		b := start(3)
		for range 40 {
			g, site, obj := 1+rng.Intn(4), int32(1+rng.Intn(4)), int32(x+rng.Intn(2))
			if rng.Intn(2) == 0 {
				b.rd(g, site, obj)
			} else {
				b.wr(g, site, obj)
			}
		}
		got := identify(prepare(b.steps, time.Time{}), time.Time{})
		want := referenceInstances(b.steps)
		if len(got) != len(want) {
			t.Fatalf("round %d: %d triples, want %d", round, len(got), len(want))
		}
		for k, n := range want {
			if got[k] == nil || got[k].instances != n {
				t.Fatalf("round %d: %v: %v, want %d instances", round, k, got[k], n)
			}
		}
	}
}

// referenceInstances counts the unserializable instances of each triple.
func referenceInstances(steps []sched.Step) map[Triple]int {
	out := map[Triple]int{}
	for i, p := range steps {
		if !p.Op.Kind.IsAccess() {
			continue
		}
		for j := i + 1; j < len(steps); j++ {
			c := steps[j]
			if c.G != p.G || !c.Op.Kind.IsAccess() || c.Op.Obj != p.Op.Obj {
				continue
			}
			for _, r := range steps {
				if r.G != p.G && r.Op.Kind.IsAccess() && r.Op.Obj == p.Op.Obj &&
					Unserializable(p.Op.Kind.IsWrite(), r.Op.Kind.IsWrite(), c.Op.Kind.IsWrite()) {
					out[Triple{P: accessOf(p.Op), C: accessOf(c.Op), R: accessOf(r.Op)}]++
				}
			}
			break // c is p's next access to the location
		}
	}
	return out
}

// TestDeadlineStopsAnalysis: a passed deadline leaves a trace unanalysed.
func TestDeadlineStopsAnalysis(t *testing.T) {
	b := start(2).rd(2, 1, x).rd(2, 2, x).wr(3, 3, x)
	a := Analysis{Deadline: time.Now().Add(-time.Second)}
	a.Add(b.steps)
	if n := a.Counts().Identified; n != 0 {
		t.Errorf("%d triples identified after the deadline, want 0", n)
	}
	var live Analysis
	live.Add(b.steps)
	if n := live.Counts().Identified; n != 1 {
		t.Errorf("%d triples identified without a deadline, want 1", n)
	}
}

// TestOrderWithinCausalOrder: the order the pruning uses (what every
// schedule respects) is a sub-order of the trace's causal order
// (sched.HB): an access it orders before another, sched.Clocks orders too,
// on random traces of accesses, channel and WaitGroup operations, selects
// and locks. Locks and the channel orders of a trace with a select are
// left out of both or of the pruning alone, never added.
func TestOrderWithinCausalOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	kinds := []sched.OpKind{sched.OpRead, sched.OpWrite, sched.OpSend, sched.OpRecv, sched.OpClose,
		sched.OpWGAdd, sched.OpWGDone, sched.OpWGWait, sched.OpLock, sched.OpUnlock, sched.OpSelect, sched.OpOnce}
	objOf := map[sched.OpKind]int32{sched.OpRead: x, sched.OpWrite: x, sched.OpSend: ch, sched.OpRecv: ch,
		sched.OpClose: ch, sched.OpSelect: ch, sched.OpWGAdd: wg, sched.OpWGDone: wg, sched.OpWGWait: wg,
		sched.OpLock: mu, sched.OpUnlock: mu, sched.OpOnce: mu + 1}
	ordered := 0
	for round := range 500 {
		n := 1 + rng.Intn(3)
		b := start(n)
		for range 10 + rng.Intn(30) {
			k := kinds[rng.Intn(len(kinds))]
			if round%2 == 0 && k == sched.OpSelect {
				k = sched.OpRecv // half the traces keep their channel order
			}
			b.op(1+rng.Intn(n+1), k, int32(1+rng.Intn(3)), objOf[k]+int32(rng.Intn(2)))
		}
		causal := sched.Clocks(b.steps)
		tr := prepare(b.steps, time.Time{})
		for i := range tr.acc {
			for j := i + 1; j < len(tr.acc); j++ {
				p, q := &tr.acc[i], &tr.acc[j]
				if !before(p, q) {
					continue
				}
				if p.g != q.g {
					ordered++
				}
				if causal[p.step].Get(p.g) > causal[q.step].Get(p.g) {
					t.Fatalf("round %d: step %d before step %d for the pruning, not causally\ntrace %v", round, p.step, q.step, b.steps)
				}
			}
		}
	}
	if ordered == 0 {
		t.Fatal("no two goroutines' accesses ordered: the traces test nothing")
	}
}
