package gid

import (
	"sync"
	"testing"
)

func TestCurrentStableAndDistinct(t *testing.T) {
	self := Current()
	if self == 0 {
		t.Fatal("Current() = 0")
	}
	if again := Current(); again != self {
		t.Fatalf("Current() changed within a goroutine: %#x then %#x", self, again)
	}
	const n = 16
	ids := make([]uintptr, n)
	var wg sync.WaitGroup
	var ready sync.WaitGroup // keep all goroutines alive together
	ready.Add(n)
	release := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			ids[i] = Current()
			ready.Done()
			<-release
			if Current() != ids[i] {
				t.Errorf("goroutine %d: id changed", i)
			}
		})
	}
	ready.Wait()
	close(release)
	wg.Wait()
	seen := map[uintptr]bool{self: true}
	for i, id := range ids {
		if seen[id] {
			t.Fatalf("goroutine %d shares id %#x with another live goroutine", i, id)
		}
		seen[id] = true
	}
}

func TestCurrentSurvivesStackGrowth(t *testing.T) {
	before := Current()
	var grow func(int) uintptr
	grow = func(d int) uintptr {
		var pad [256]byte
		if d == 0 {
			return Current() + uintptr(pad[0])
		}
		return grow(d - 1)
	}
	if got := grow(200); got != before {
		t.Fatalf("id after stack growth = %#x, want %#x", got, before)
	}
}

func BenchmarkCurrent(b *testing.B) {
	for b.Loop() {
		_ = Current()
	}
}
