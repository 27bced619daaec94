package ctrigger

import (
	"sync"
	"testing"
)

// TestLog: two writers each observe stats (wide windows) and append one
// entry (a one-statement window): an entry can be lost.
func TestLog(t *testing.T) {
	var l Log
	var s Stats
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.Observe(g)
			l.Append(g + 1)
		}()
	}
	wg.Wait()
	if l.idx != 2 {
		t.Errorf("log has %d entries, want 2", l.idx)
	}
}

// TestTransfer: opposite transfers take the two locks in opposite orders.
func TestTransfer(t *testing.T) {
	var a Accounts
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a.Transfer(0, 1, 5) }()
	go func() { defer wg.Done(); a.Transfer(1, 0, 3) }()
	wg.Wait()
}

// TestLogLocked appends under a lock: nothing to find.
func TestLogLocked(t *testing.T) {
	var l Log
	var mu sync.Mutex
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			l.Append(g + 1)
		}()
	}
	wg.Wait()
	if l.idx != 2 {
		t.Errorf("log has %d entries, want 2", l.idx)
	}
}
