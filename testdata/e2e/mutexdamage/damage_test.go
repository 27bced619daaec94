package mutexdamage

import (
	"sync"
	"testing"
)

var (
	mu    sync.Mutex
	count int
)

// TestOverwrite resets mu while another goroutine may hold it: natively,
// in the schedule where the reset falls between that goroutine's Lock and
// Unlock, the binary ends with "fatal error: sync: unlock of unlocked
// mutex".
func TestOverwrite(t *testing.T) {
	done := make(chan bool)
	go func() {
		mu.Lock()
		count++
		mu.Unlock()
		done <- true
	}()
	mu = sync.Mutex{}
	<-done
}

// TestLater must still run after TestOverwrite.
func TestLater(t *testing.T) {
	mu.Lock()
	count = 0
	mu.Unlock()
}
