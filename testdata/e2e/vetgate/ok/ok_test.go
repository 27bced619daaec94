package ok

import (
	"sync"
	"testing"
)

func TestCounter(t *testing.T) {
	var c Counter
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
			Lookup("a")
		}()
	}
	wg.Wait()
	if c.Value() != 4 || Sum([]int{1, 2, 3, 4}) != 10 || Async(1) != 3 {
		t.Fatal("wrong")
	}
}
