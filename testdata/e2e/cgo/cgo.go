// Package cgo mixes cgo with goroutines.
package cgo

// static int twice(int x) { return 2 * x; }
import "C"

import "sync"

// Twice doubles each number concurrently through C.
func Twice(nums []int) []int {
	out := make([]int, len(nums))
	var wg sync.WaitGroup
	for i, v := range nums {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = int(C.twice(C.int(v)))
		}()
	}
	wg.Wait()
	return out
}
