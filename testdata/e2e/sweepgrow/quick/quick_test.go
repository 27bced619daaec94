// Package quick has tests whose every schedule is explored in a few
// executions.
package quick

import (
	"sync"
	"testing"
)

func TestLock(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			n++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if n != 2 {
		t.Fatalf("n = %d", n)
	}
}

func TestChan(t *testing.T) {
	c := make(chan int)
	go func() { c <- 1 }()
	if <-c != 1 {
		t.Fatal("wrong value")
	}
}

func TestSequential(t *testing.T) {
	if 1+1 != 2 {
		t.Fatal("arithmetic")
	}
}
