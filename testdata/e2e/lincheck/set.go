// Package set holds the set of docs/lincheck.md: SplitSet checks under
// the read lock and inserts under the write lock, so two concurrent
// Add(x) can both report x as new; LockedSet is its fix.
package set

import "sync"

// SplitSet is a set of integers whose Add is not atomic.
type SplitSet struct {
	mu sync.RWMutex
	m  map[int]bool
}

// NewSplitSet returns an empty SplitSet.
func NewSplitSet() *SplitSet { return &SplitSet{m: map[int]bool{}} }

// Add inserts x and reports whether it was new.
func (s *SplitSet) Add(x int) bool {
	if s.Contains(x) {
		return false
	}
	s.mu.Lock()
	s.m[x] = true
	s.mu.Unlock()
	return true
}

// Contains reports whether x is in the set.
func (s *SplitSet) Contains(x int) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.m[x]
}

// LockedSet is SplitSet with Add under the write lock.
type LockedSet struct {
	mu sync.RWMutex
	m  map[int]bool
}

// NewLockedSet returns an empty LockedSet.
func NewLockedSet() *LockedSet { return &LockedSet{m: map[int]bool{}} }

// Add inserts x and reports whether it was new.
func (s *LockedSet) Add(x int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m[x] {
		return false
	}
	s.m[x] = true
	return true
}

// Contains reports whether x is in the set.
func (s *LockedSet) Contains(x int) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.m[x]
}
