package longloop

import (
	"sync"
	"testing"
)

var table = map[int]int{}

// TestLongLoop: one goroutine takes many steps on one shared location
// after the others have finished. Nobody waits on it: not a livelock.
func TestLongLoop(t *testing.T) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	wg.Add(1)
	go func() {
		defer wg.Done()
		mu.Lock()
		table[-1] = 1
		mu.Unlock()
	}()
	wg.Wait()
	n := 0
	for i := 0; i < 3_000_000; i++ {
		n += len(table)
	}
	if n == 0 {
		t.Fatal("empty table")
	}
}
