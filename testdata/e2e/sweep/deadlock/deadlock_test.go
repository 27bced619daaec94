package deadlock

import (
	"sync"
	"testing"
)

// TestABBA locks two mutexes in opposite orders.
func TestABBA(t *testing.T) {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		a.Lock()
		b.Lock()
		b.Unlock()
		a.Unlock()
	}()
	go func() {
		defer wg.Done()
		b.Lock()
		a.Lock()
		a.Unlock()
		b.Unlock()
	}()
	wg.Wait()
}
