package engine

import (
	"sync"
	"testing"
	"time"
	"unsafe"
)

// TestWaitGroupRaceAddress: the race oracle checks Add against Wait at
// &wg.sema, as the race detector does; if sync.WaitGroup loses its sema
// field, wgRaceAddr must be revisited.
func TestWaitGroupRaceAddress(t *testing.T) {
	var wg sync.WaitGroup
	off := uintptr(wgRaceAddr(&wg)) - uintptr(unsafe.Pointer(&wg))
	if off == 0 || off >= unsafe.Sizeof(wg) {
		t.Fatalf("race address at offset %d of a %d-byte WaitGroup: no sema field found", off, unsafe.Sizeof(wg))
	}
}

// TestNowStrictlyIncreases: readings of the virtual wall clock advance by
// nowTick each, and by exactly the virtual time slept across a Sleep.
func TestNowStrictlyIncreases(t *testing.T) {
	e := New(newRandom(1, 1), Limits{}, nil)
	var a, b, c time.Time
	e.Run(func() {
		g := cur()
		a, b = g.Now(), g.Now()
		g.Sleep(0, time.Second)
		c = cur().Now()
	})
	if d := b.Sub(a); d != nowTick {
		t.Errorf("consecutive readings %v apart, want %v", d, nowTick)
	}
	if d := c.Sub(b); d != time.Second+nowTick {
		t.Errorf("readings across Sleep(1s) %v apart, want %v", d, time.Second+nowTick)
	}
}
