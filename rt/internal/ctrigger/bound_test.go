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
