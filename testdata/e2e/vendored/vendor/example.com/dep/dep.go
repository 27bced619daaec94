// Package dep is a local dependency, vendored by example.com/vendored.
package dep

import "sync"

// Box holds a value under a lock.
type Box struct {
	mu sync.Mutex
	v  int
}

// Add adds d to the value and returns the new value.
func (b *Box) Add(d int) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.v += d
	return b.v
}
