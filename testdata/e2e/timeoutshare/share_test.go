package timeoutshare

import (
	"sync"
	"testing"
)

// counters runs three goroutines that each take a mutex many times: the
// schedules are too many to exhaust, so each test explores until its
// budget ends. None of them fails.
func counters(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				mu.Lock()
				n++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if n != 60 {
		t.Fatalf("n = %d, want 60", n)
	}
}

func TestA(t *testing.T) { counters(t) }
func TestB(t *testing.T) { counters(t) }
func TestC(t *testing.T) { counters(t) }
func TestD(t *testing.T) { counters(t) }
func TestE(t *testing.T) { counters(t) }
func TestF(t *testing.T) { counters(t) }
