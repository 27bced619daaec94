package checkact

import "sync"

// Seats checks under a read lock and books under the write lock.
type Seats struct {
	mu   sync.RWMutex
	free int
}

func (s *Seats) Book() bool {
	s.mu.RLock()
	ok := s.free > 0
	s.mu.RUnlock()
	if !ok {
		return false
	}
	s.mu.Lock()
	s.free-- // want `check-then-act on Seats.free`
	s.mu.Unlock()
	return true
}
