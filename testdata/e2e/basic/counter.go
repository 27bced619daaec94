// Package basic is a small concurrent package whose tests pass under any
// schedule: a mutex-protected counter, a channel pipeline and a sync.Once.
package basic

import "sync"

// Counter is a mutex-protected counter.
type Counter struct {
	mu sync.Mutex
	n  int
}

// Inc adds one.
func (c *Counter) Inc() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
}

// Value returns the count.
func (c *Counter) Value() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// Sum adds the numbers sent on in by n workers.
func Sum(nums []int, workers int) int {
	in := make(chan int)
	out := make(chan int)
	for w := 0; w < workers; w++ {
		go func() {
			s := 0
			for v := range in {
				s += v
			}
			out <- s
		}()
	}
	for _, v := range nums {
		in <- v
	}
	close(in)
	total := 0
	for w := 0; w < workers; w++ {
		total += <-out
	}
	return total
}

var (
	once   sync.Once
	config map[string]string
)

// Config returns the lazily initialised configuration.
func Config() map[string]string {
	once.Do(func() { config = map[string]string{"mode": "test"} })
	return config
}
