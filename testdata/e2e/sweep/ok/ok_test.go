package ok

import (
	"sync"
	"testing"
)

func TestCounter(t *testing.T) {
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

func TestPipeline(t *testing.T) {
	c := make(chan int)
	go func() {
		for i := 1; i <= 2; i++ {
			c <- i
		}
		close(c)
	}()
	sum := 0
	for v := range c {
		sum += v
	}
	if sum != 3 {
		t.Fatalf("sum = %d", sum)
	}
}

func TestSequential(t *testing.T) {
	if 1+1 != 2 {
		t.Fatal("arithmetic")
	}
}
