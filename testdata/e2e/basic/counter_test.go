package basic

import (
	"sync"
	"testing"
)

func TestCounter(t *testing.T) {
	var c Counter
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
		}()
	}
	wg.Wait()
	if got := c.Value(); got != 3 {
		t.Fatalf("count = %d, want 3", got)
	}
}

func TestSum(t *testing.T) {
	if got := Sum([]int{1, 2, 3, 4}, 2); got != 10 {
		t.Fatalf("Sum = %d, want 10", got)
	}
}

func TestConfig(t *testing.T) {
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if Config()["mode"] != "test" {
				t.Error("config not initialised")
			}
		}()
	}
	wg.Wait()
}
