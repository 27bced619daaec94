// Package oldlang is written for Go 1.16, before generics: vtbound must
// still instrument it (the rewritten code is compiled for go1.21, which
// keeps Go 1.16's per-loop loop variables).
package oldlang

import "sync"

// Counter counts up to a limit.
type Counter struct {
	mu    sync.Mutex
	n     int
	limit int
}

// Inc adds one unless the limit is reached: the check and the update are
// locked separately, so two goroutines can both pass the check.
func (c *Counter) Inc() {
	c.mu.Lock()
	full := c.n >= c.limit
	c.mu.Unlock()
	if full {
		return
	}
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

// Run starts n goroutines that call Inc and waits for them. Each goroutine
// reads the loop variable i, shared by all iterations in Go 1.16, only
// through its own parameter.
func Run(c *Counter, n int) []int {
	var wg sync.WaitGroup
	seen := make([]int, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			c.Inc()
			seen[k] = k
		}(i)
	}
	wg.Wait()
	return seen
}
