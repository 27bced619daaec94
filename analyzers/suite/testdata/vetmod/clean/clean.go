// Package clean uses goroutines on goroutine-local data only.
package clean

import "sync"

// Sum adds 0..n-1 in each of k goroutines, each with its own accumulator.
func Sum(n, k int) {
	var wg sync.WaitGroup
	for i := 0; i < k; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			acc := 0
			for j := 0; j < n; j++ {
				acc += j
			}
			_ = acc
		}()
	}
	wg.Wait()
}
