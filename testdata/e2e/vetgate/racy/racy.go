// Package racy increments a counter from several goroutines without a
// lock: go vet -vettool=vtbound reports it and exits 1.
package racy

import "sync"

var hits int

// Count increments hits from n goroutines.
func Count(n int) int {
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hits++
		}()
	}
	wg.Wait()
	return hits
}
