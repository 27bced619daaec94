package lincheck

// The catalogue's objects: concurrent objects with known linearizability
// bugs and their fixed versions. Every access is locked or atomic, so the
// race detector sees nothing; the bugs are operations that are not atomic
// as a whole.
//
// lincheck's own package is never rewritten by vtbound, so these objects
// call rt's hooks by hand where the compile wrapper would insert them
// (rt.Lock for mu.Lock(), rt.Atomic before an atomic operation), as
// vtbound's own kernels do: in an execution of the engine every lock and
// atomic is a scheduling point; outside one the hooks do the real
// operation. docs/lincheck.md shows the same set as a user writes it.

import (
	"sync"
	"sync/atomic"

	"github.com/vtbound/vtbound/rt"
)

// splitSet is a set of integers whose Add checks under the read lock and
// inserts under the write lock: two concurrent Add(x) can both return
// true. Fixed, Add checks and inserts under the write lock.
type splitSet struct {
	fixed bool
	mu    sync.RWMutex
	m     map[int]bool
}

func newSplitSet(fixed bool) *splitSet { return &splitSet{fixed: fixed, m: map[int]bool{}} }

// Add inserts x and reports whether it was new.
func (s *splitSet) Add(x int) bool {
	if s.fixed {
		rt.RWLock(0, &s.mu)
		defer rt.RWUnlock(0, &s.mu)
		if s.m[x] {
			return false
		}
		s.m[x] = true
		return true
	}
	if s.Contains(x) {
		return false
	}
	rt.RWLock(0, &s.mu)
	s.m[x] = true
	rt.RWUnlock(0, &s.mu)
	return true
}

// Remove deletes x and reports whether it was there.
func (s *splitSet) Remove(x int) bool {
	rt.RWLock(0, &s.mu)
	defer rt.RWUnlock(0, &s.mu)
	in := s.m[x]
	delete(s.m, x)
	return in
}

// Contains reports whether x is in the set.
func (s *splitSet) Contains(x int) bool {
	rt.RLock(0, &s.mu)
	defer rt.RUnlock(0, &s.mu)
	return s.m[x]
}

// lenQueue is a bounded FIFO queue of integers whose head and tail are
// atomic counters, written under a mutex; Len reads tail and head
// separately, without the mutex, and can see a dequeue its tail did not
// see the enqueue of (a negative length). Fixed, Len takes the mutex.
type lenQueue struct {
	fixed      bool
	mu         sync.Mutex
	buf        [16]int
	head, tail atomic.Int64
}

// Enqueue appends x and reports whether there was room.
func (q *lenQueue) Enqueue(x int) bool {
	rt.Lock(0, &q.mu)
	defer rt.Unlock(0, &q.mu)
	t := rt.Atomic(0, rt.ALoad, &q.tail).Load()
	if t-rt.Atomic(0, rt.ALoad, &q.head).Load() == int64(len(q.buf)) {
		return false
	}
	q.buf[t%int64(len(q.buf))] = x
	rt.Atomic(0, rt.ARMW, &q.tail).Add(1)
	return true
}

// Dequeue removes the first element; ok is false when the queue is empty.
func (q *lenQueue) Dequeue() (x int, ok bool) {
	rt.Lock(0, &q.mu)
	defer rt.Unlock(0, &q.mu)
	h := rt.Atomic(0, rt.ALoad, &q.head).Load()
	if h == rt.Atomic(0, rt.ALoad, &q.tail).Load() {
		return 0, false
	}
	x = q.buf[h%int64(len(q.buf))]
	rt.Atomic(0, rt.ARMW, &q.head).Add(1)
	return x, true
}

// Len returns the number of elements.
func (q *lenQueue) Len() int {
	if q.fixed {
		rt.Lock(0, &q.mu)
		defer rt.Unlock(0, &q.mu)
	}
	t := rt.Atomic(0, rt.ALoad, &q.tail).Load()
	h := rt.Atomic(0, rt.ALoad, &q.head).Load()
	return int(t - h)
}

// shardCounter is a counter split into shards, each operation taking the
// next shard in turn; Get sums the shards one by one, without a snapshot,
// and can miss an increment on a shard it read already while seeing the
// decrement that followed on one it reads later. Fixed, updates hold the
// read lock (they still run in parallel, on atomic shards) and Get the
// write lock, which makes its sum a snapshot.
type shardCounter struct {
	fixed  bool
	mu     sync.RWMutex
	next   atomic.Uint32
	shards [2]atomic.Int64
}

// Add adds delta to the counter.
func (c *shardCounter) Add(delta int) {
	if c.fixed {
		rt.RLock(0, &c.mu)
		defer rt.RUnlock(0, &c.mu)
	}
	i := (rt.Atomic(0, rt.ARMW, &c.next).Add(1) - 1) % uint32(len(c.shards))
	rt.Atomic(0, rt.ARMW, &c.shards[i]).Add(int64(delta))
}

// Get returns the counter's value.
func (c *shardCounter) Get() int {
	if c.fixed {
		rt.RWLock(0, &c.mu)
		defer rt.RWUnlock(0, &c.mu)
	}
	sum := int64(0)
	for i := range c.shards {
		sum += rt.Atomic(0, rt.ALoad, &c.shards[i]).Load()
	}
	return int(sum)
}

// entryCache maps keys to entries created on first use; GetOrCreate looks
// the key up under the lock, creates the entry outside it and stores it,
// so two concurrent calls for one key can both create it (and both say
// so). Fixed, it looks again under the lock before storing and keeps the
// entry it finds.
type entryCache struct {
	fixed bool
	mu    sync.Mutex
	m     map[string]*cacheEntry
}

// cacheEntry is a cache entry.
type cacheEntry struct{ key string }

func newEntryCache(fixed bool) *entryCache {
	return &entryCache{fixed: fixed, m: map[string]*cacheEntry{}}
}

// GetOrCreate returns the entry of key, creating it when there is none;
// created reports whether this call created it.
func (c *entryCache) GetOrCreate(key string) (e *cacheEntry, created bool) {
	rt.Lock(0, &c.mu)
	e = c.m[key]
	rt.Unlock(0, &c.mu)
	if e != nil {
		return e, false
	}
	fresh := &cacheEntry{key: key} // expensive, in real life: created outside the lock
	rt.Lock(0, &c.mu)
	defer rt.Unlock(0, &c.mu)
	if old := c.m[key]; c.fixed && old != nil {
		return old, false
	}
	c.m[key] = fresh
	return fresh, true
}

// Len returns the number of entries.
func (c *entryCache) Len() int {
	rt.Lock(0, &c.mu)
	defer rt.Unlock(0, &c.mu)
	return len(c.m)
}
