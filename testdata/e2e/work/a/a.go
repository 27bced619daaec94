// Package a uses workspace module example.com/b.
package a

import (
	"sync"

	"example.com/b"
)

// Arrivals lets n goroutines arrive at a gate and returns the final count.
func Arrivals(n int) int {
	var g b.Gate
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.Arrive()
		}()
	}
	wg.Wait()
	return g.Arrive() - 1
}
