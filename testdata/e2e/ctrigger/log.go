// Package ctrigger is the end-to-end module of the ctrigger strategy: an
// unprotected log append (the paper's Fig. 1) among wide benign windows,
// and a lock-order inversion.
package ctrigger

import "sync"

// Log is an append-only log; Append is not atomic.
type Log struct {
	buf [8]int
	idx int
}

// Append adds v: tmp = idx; buf[tmp] = v; idx = tmp + 1.
func (l *Log) Append(v int) {
	tmp := l.idx
	l.buf[tmp] = v
	l.idx = tmp + 1
}

// Stats are counters updated with wide, benign windows.
type Stats struct {
	seen, last int
	hist       [16]int
}

// Observe reads last, does some work, then overwrites it: another
// goroutine's write in between changes nothing that is checked.
func (s *Stats) Observe(v int) {
	prev := s.last
	for i := range s.hist {
		s.hist[i] += i
	}
	s.last = prev*0 + v
	s.seen = 1
}

// Accounts moves money between two locked accounts.
type Accounts struct {
	mu  [2]sync.Mutex
	bal [2]int
}

// Transfer locks from, then to: two opposite transfers can deadlock.
func (a *Accounts) Transfer(from, to, n int) {
	a.mu[from].Lock()
	defer a.mu[from].Unlock()
	a.mu[to].Lock()
	defer a.mu[to].Unlock()
	a.bal[from] -= n
	a.bal[to] += n
}
