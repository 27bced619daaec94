// Package deps uses helpers of real dependencies from the module cache
// (testify, x/sync) whose concurrency operations vtbound rewrites.
package deps

import (
	"sync"

	"golang.org/x/sync/singleflight"
)

// Cache loads each key once, however many callers ask at the same time.
type Cache struct {
	group singleflight.Group
	mu    sync.Mutex
	loads int
}

// Get returns load(key), sharing one call among concurrent callers.
func (c *Cache) Get(key string, load func() int) int {
	v, _, _ := c.group.Do(key, func() (any, error) {
		c.mu.Lock()
		c.loads++
		c.mu.Unlock()
		return load(), nil
	})
	return v.(int)
}

// Loads returns how many loads ran.
func (c *Cache) Loads() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.loads
}
