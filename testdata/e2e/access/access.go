// Package access holds small programs whose only conflicting accesses are
// map operations, slice elements, append, copy, atomics mixed with plain
// accesses and whole-struct copies: each TestRace* test races, each
// TestNoRace* variant orders the same accesses.
package access

import (
	"sync"
	"sync/atomic"
)

// Point is copied whole while one of its fields is written.
type Point struct{ X, Y int32 }

// Tally counts per key.
type Tally struct {
	mu sync.Mutex
	m  map[string]int
}

// NewTally returns an empty tally.
func NewTally() *Tally { return &Tally{m: map[string]int{}} }

// Add counts n more of key, without the lock.
func (t *Tally) Add(key string, n int) { t.m[key] += n }

// AddLocked counts n more of key under the lock.
func (t *Tally) AddLocked(key string, n int) {
	t.mu.Lock()
	t.m[key] += n
	t.mu.Unlock()
}

// Get returns the count of key under the lock.
func (t *Tally) Get(key string) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m[key]
}

// Forget deletes key, without the lock.
func (t *Tally) Forget(key string) { delete(t.m, key) }

// Size returns the number of keys, without the lock.
func (t *Tally) Size() int { return len(t.m) }

// Fill sets every element of s to v.
func Fill(s []int, v int) {
	for i := range s {
		s[i] = v
	}
}

// Sum adds the elements of s.
func Sum(s []int) int {
	total := 0
	for _, v := range s {
		total += v
	}
	return total
}

// Bump adds one to *n atomically.
func Bump(n *int64) { atomic.AddInt64(n, 1) }

// Peek reads *n plainly.
func Peek(n *int64) int64 { return *n }

// Load reads *n atomically.
func Load(n *int64) int64 { return atomic.LoadInt64(n) }

// MoveY writes p.Y.
func MoveY(p *Point, y int32) { p.Y = y }

// Snapshot copies *p whole.
func Snapshot(p *Point) Point { return *p }
