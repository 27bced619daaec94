// Package grow has tests whose dpor search keeps growing: n goroutines
// take one lock in turn (n! orders, and more traces with the WaitGroup's
// operations: 1989 for n = 5); the Rare tests fail only when the
// goroutines take the lock (the token) in reverse order, one order of n!.
package grow

import (
	"sync"
	"testing"
)

// order runs n goroutines that each append their number to a shared
// slice under a lock, and returns the order they took it in.
func order(n int) []int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	var got []int
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			got = append(got, i)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return got
}

// reversed reports whether o is n-1, ..., 1, 0.
func reversed(o []int) bool {
	for i, v := range o {
		if v != len(o)-1-i {
			return false
		}
	}
	return true
}

func TestWide5(t *testing.T) {
	if len(order(5)) != 5 {
		t.Fatal("lost an append")
	}
}

func TestWide6(t *testing.T) {
	if len(order(6)) != 6 {
		t.Fatal("lost an append")
	}
}

func TestRare4(t *testing.T) {
	if reversed(order(4)) {
		t.Fatal("the goroutines ran in reverse order")
	}
}

// TestRare5 takes a token from a channel instead of a lock (so that its
// bug has its own sites, and its own signature).
func TestRare5(t *testing.T) {
	token := make(chan struct{}, 1)
	token <- struct{}{}
	var wg sync.WaitGroup
	var got []int
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-token
			got = append(got, i)
			token <- struct{}{}
		}()
	}
	wg.Wait()
	if reversed(got) {
		t.Fatal("the goroutines ran in reverse order")
	}
}
