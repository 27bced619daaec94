package checkact

import "sync"

// Inventory is the bundled example's shape: the check is made by a getter
// that takes the lock, the act in a later critical section.
type Inventory struct {
	mu    sync.Mutex
	stock map[string]int
}

func (inv *Inventory) Available(item string) int {
	inv.mu.Lock()
	defer inv.mu.Unlock()
	return inv.stock[item]
}

func (inv *Inventory) Reserve(item string, n int) bool {
	if inv.Available(item) < n {
		return false
	}
	inv.mu.Lock()
	inv.stock[item] -= n // want `check-then-act on elem:Inventory.stock: written under Inventory.mu in a critical section after the one that read it at checkact.go:15`
	inv.mu.Unlock()
	return true
}

// ReserveAtomic checks and acts in one critical section: correct.
func (inv *Inventory) ReserveAtomic(item string, n int) bool {
	inv.mu.Lock()
	defer inv.mu.Unlock()
	if inv.stock[item] < n {
		return false
	}
	inv.stock[item] -= n
	return true
}

// Counter checks and acts in one function, two critical sections.
type Counter struct {
	mu  sync.Mutex
	n   int
	max int
}

func (c *Counter) Incr() {
	c.mu.Lock()
	full := c.n >= c.max
	c.mu.Unlock()
	if full {
		return
	}
	c.mu.Lock()
	c.n++ // want `check-then-act on Counter\.n`
	c.mu.Unlock()
}

// Copy reads and writes back a value computed from it in another section.
func (c *Counter) Copy() {
	c.mu.Lock()
	v := c.n
	c.mu.Unlock()
	v = v * 2
	c.mu.Lock()
	c.n = v // want `check-then-act on Counter\.n`
	c.mu.Unlock()
}

// Cache re-checks under the lock before writing: correct.
type Cache struct {
	mu sync.Mutex
	m  map[string]int
}

func (c *Cache) Get(k string, compute func() int) int {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = compute()
	c.mu.Lock()
	if old, ok := c.m[k]; ok {
		v = old
	} else {
		c.m[k] = v
	}
	c.mu.Unlock()
	return v
}

// Independent writes a value that does not depend on the earlier read.
func (c *Counter) Reset() int {
	c.mu.Lock()
	old := c.n
	c.mu.Unlock()
	c.mu.Lock()
	c.n = 0
	c.mu.Unlock()
	return old
}

// take writes under the lock; Withdraw decides the call from a check.
func (c *Counter) take(n int) {
	c.mu.Lock()
	c.n -= n
	c.mu.Unlock()
}

func (c *Counter) get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func (c *Counter) Withdraw(n int) bool {
	if c.get() < n {
		return false
	}
	c.take(n) // want `check-then-act on Counter\.n`
	return true
}

// Semaphore waits to be handed tokens when the check fails: not reported.
type Semaphore struct {
	mu   sync.Mutex
	cur  int
	size int
	wake chan struct{}
}

func (s *Semaphore) Acquire() {
	s.mu.Lock()
	if s.cur < s.size {
		s.cur++
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	<-s.wake
	s.mu.Lock()
	s.cur++
	s.mu.Unlock()
}
