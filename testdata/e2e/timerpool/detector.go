// Package timerpool is a lock-wait detector in the style of
// github.com/sasha-s/go-deadlock: every Lock arms an AfterFunc timer that
// reports the wait when it lasts longer than the detector's timeout, and
// the entries holding those timers are recycled, so that a later Lock only
// Resets a timer an earlier one made. go-deadlock recycles them through a
// sync.Pool; a free list makes the reuse certain here.
package timerpool

import (
	"sync"
	"sync/atomic"
	"time"
)

// Detector counts the lock waits that outlasted Timeout.
type Detector struct {
	Timeout time.Duration
	reports atomic.Int32
}

// Reports returns how many waits outlasted the timeout so far.
func (d *Detector) Reports() int { return int(d.reports.Load()) }

// entry is one pending Lock: its timer reports the wait unless the lock
// was acquired first (done).
type entry struct {
	d     *Detector
	done  atomic.Int32
	timer *time.Timer
	check func()
}

var (
	freeMu sync.Mutex
	free   []*entry // entries whose timer was stopped, for reuse
)

// register arms a pending entry's timer: a new one, or a recycled one
// that is Reset.
func register(d *Detector) *entry {
	freeMu.Lock()
	var e *entry
	if n := len(free); n > 0 {
		e, free = free[n-1], free[:n-1]
	}
	freeMu.Unlock()
	if e == nil {
		e = &entry{}
		e.check = func() {
			if e.done.Load() == 0 {
				e.d.reports.Add(1)
			}
		}
	}
	e.d = d
	e.done.Store(0)
	if e.timer == nil {
		e.timer = time.AfterFunc(d.Timeout, e.check)
	} else {
		e.timer.Reset(d.Timeout)
	}
	return e
}

// deregister marks the entry's lock acquired and recycles the entry when
// its timer was stopped before it fired.
func deregister(e *entry) {
	e.done.Store(1)
	if e.timer.Stop() {
		freeMu.Lock()
		free = append(free, e)
		freeMu.Unlock()
	}
}

// Mutex is a sync.Mutex whose Lock reports long waits to D.
type Mutex struct {
	mu sync.Mutex
	D  *Detector
}

// Lock locks m, reporting the wait to m.D if it outlasts m.D.Timeout.
func (m *Mutex) Lock() {
	e := register(m.D)
	m.mu.Lock()
	deregister(e)
}

// Unlock unlocks m.
func (m *Mutex) Unlock() { m.mu.Unlock() }
