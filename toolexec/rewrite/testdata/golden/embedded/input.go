package embedded

import "sync"

type Counter struct {
	sync.Mutex
	n int
}

type Cache struct {
	*sync.RWMutex
	wg sync.WaitGroup
	Counter
}

func (c *Counter) Inc() {
	c.Lock()
	defer c.Unlock()
	c.n++
}

func Use(c *Cache) {
	c.RLock()
	c.RUnlock()
	c.Counter.Lock()
	c.Counter.Unlock()
	c.Inc()
	f := c.Unlock
	c.Counter.Mutex.Lock()
	f()
	var local Counter
	local.Lock()
	local.Unlock()
}
