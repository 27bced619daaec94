// Package b is a workspace module used by example.com/a.
package b

import "sync"

// Gate counts arrivals under a lock.
type Gate struct {
	mu sync.Mutex
	n  int
}

// Arrive records one arrival and returns the count so far.
func (g *Gate) Arrive() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.n++
	return g.n
}
