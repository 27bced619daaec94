package sched

import (
	"math/rand"
	"testing"
)

// TestVClockJoinMatchesComponents compares Join (unrolled by eight) with
// a component-wise maximum at widths around its unrolling, growing the
// receiver when the other clock is wider.
func TestVClockJoinMatchesComponents(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := range 500 {
		a, b := randClock(rng, rng.Intn(40)), randClock(rng, rng.Intn(40))
		want := make([]uint32, max(len(a), len(b)))
		for i := range want {
			want[i] = max(a.Get(i+1), b.Get(i+1))
		}
		orig := b.Clone()
		a.Join(b)
		if len(a) != len(want) {
			t.Fatalf("round %d: width %d, want %d", round, len(a), len(want))
		}
		for i := range want {
			if a[i] != want[i] {
				t.Fatalf("round %d: component %d = %d, want %d", round, i, a[i], want[i])
			}
		}
		if !orig.Leq(b) || !b.Leq(orig) {
			t.Fatalf("round %d: Join modified its argument", round)
		}
	}
}

func randClock(rng *rand.Rand, n int) VClock {
	c := make(VClock, n)
	for i := range c {
		c[i] = uint32(rng.Intn(5))
	}
	return c
}

// TestVClockOps checks Get, Tick (and its width bound), Put, Set, Clone,
// Leq and Epoch.Before.
func TestVClockOps(t *testing.T) {
	var c VClock
	if c.Get(3) != 0 {
		t.Error("empty clock: Get(3) != 0")
	}
	c.Tick(3)
	c.Tick(3)
	if len(c) != 3 || c.Get(3) != 2 || c.Get(1) != 0 {
		t.Errorf("after two Tick(3): %v", c)
	}
	c.Tick(MaxClockWidth + 1)
	if len(c) != 3 {
		t.Errorf("Tick beyond MaxClockWidth grew the clock to %d", len(c))
	}
	c.Put(MaxClockWidth+2, 7)
	if c.Get(MaxClockWidth+2) != 7 {
		t.Errorf("Put beyond MaxClockWidth: %d, want 7", c.Get(MaxClockWidth+2))
	}
	var d VClock
	d.Set(c)
	d.Put(1, 9)
	if c.Get(1) != 0 {
		t.Error("Set shares storage with its argument")
	}
	e := d.Clone()
	e.Put(2, 4)
	if d.Get(2) != 0 {
		t.Error("Clone shares storage")
	}
	if VClock(nil).Clone() != nil {
		t.Error("Clone of an empty clock is not nil")
	}
	small, big := VClock{1, 0, 2}, VClock{1, 3, 2, 5}
	if !small.Leq(big) || big.Leq(small) || !small.Leq(small) {
		t.Errorf("Leq: %v <= %v must hold, not the converse", small, big)
	}
	if !(VClock{1, 0, 0, 0}).Leq(VClock{1}) {
		t.Error("Leq: trailing zero components must read as missing ones")
	}
	if !(Epoch{G: 2, T: 3}).Before(big) || (Epoch{G: 2, T: 4}).Before(big) || (Epoch{G: 9, T: 1}).Before(big) {
		t.Errorf("Epoch.Before against %v", big)
	}
}

// TestClockPool: a clock given back is handed out again, empty, with its
// storage; the pool keeps at most MaxSpareClocks and nothing without
// storage.
func TestClockPool(t *testing.T) {
	var p ClockPool
	if c := p.Get(); c != nil {
		t.Fatalf("empty pool: %v, want nil", c)
	}
	c := VClock{1, 2, 3}
	p.Put(c)
	p.Put(nil)
	if len(p) != 1 {
		t.Fatalf("%d spare clocks, want 1 (nil has no storage)", len(p))
	}
	d := p.Get()
	if len(d) != 0 || cap(d) != cap(c) || &d[:1][0] != &c[0] {
		t.Errorf("Get: len %d cap %d, want an empty clock on the storage given back", len(d), cap(d))
	}
	for range MaxSpareClocks + 5 {
		p.Put(make(VClock, 1))
	}
	if len(p) != MaxSpareClocks {
		t.Errorf("%d spare clocks, want at most %d", len(p), MaxSpareClocks)
	}
}
