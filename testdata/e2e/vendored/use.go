// Package vendored uses a vendored dependency from goroutines.
package vendored

import (
	"sync"

	"example.com/dep"
)

// AddAll adds every number to a shared box concurrently.
func AddAll(nums []int) int {
	var b dep.Box
	var wg sync.WaitGroup
	for _, n := range nums {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.Add(n)
		}()
	}
	wg.Wait()
	return b.Add(0)
}
