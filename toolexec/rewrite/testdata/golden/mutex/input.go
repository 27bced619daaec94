package mutex

import "sync"

var mu sync.Mutex

type Store struct {
	rw   sync.RWMutex
	lock *sync.Mutex
	data map[string]int
}

func (s *Store) Get(k string) int {
	s.rw.RLock()
	defer s.rw.RUnlock()
	return s.data[k]
}

func (s *Store) Set(k string, v int) {
	s.rw.Lock()
	s.data[k] = v
	s.rw.Unlock()
}

func (s *Store) Try() bool {
	if s.rw.TryLock() {
		s.rw.Unlock()
	}
	if !s.rw.TryRLock() {
		return false
	}
	s.rw.RUnlock()
	s.lock.Lock()
	defer s.lock.Unlock()
	return mu.TryLock()
}

func Values(s *Store) {
	lock := mu.Lock
	unlock := s.lock.Unlock
	lock()
	unlock()
	go mu.Unlock()
	defer func() { mu.Unlock() }()
}

var bufs = sync.Pool{New: func() any { return new([64]byte) }}

// Recycle gets a buffer from a pool and puts it back, as a call and as a
// method value.
func Recycle() {
	b := bufs.Get().(*[64]byte)
	put := bufs.Put
	put(b)
}
