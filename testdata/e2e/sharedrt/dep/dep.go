// Package dep counts under a mutex on a goroutine.
package dep

import "sync"

// Count adds n on a goroutine and returns the total.
func Count(n int) int {
	var mu sync.Mutex
	total := 0
	done := make(chan bool)
	go func() {
		mu.Lock()
		total += n
		mu.Unlock()
		done <- true
	}()
	<-done
	mu.Lock()
	defer mu.Unlock()
	return total
}
