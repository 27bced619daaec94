// Package ok is correct concurrent code of the kinds the static analysis
// must see through: go vet -vettool=vtbound reports nothing on it.
package ok

import "sync"

// Counter's every access holds its lock.
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

// Sum computes two halves on two goroutines and reads them after Wait.
func Sum(xs []int) int {
	var lo, hi int
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for _, x := range xs[:len(xs)/2] {
			lo += x
		}
	}()
	go func() {
		defer wg.Done()
		for _, x := range xs[len(xs)/2:] {
			hi += x
		}
	}()
	wg.Wait()
	return lo + hi
}

// Async computes on a goroutine and hands the result back by a channel;
// the input is written before the go statement.
func Async(x int) int {
	in, out := 0, 0
	in = x * 2
	done := make(chan struct{})
	go func() {
		out = in + 1
		close(done)
	}()
	<-done
	return out
}

var (
	once  sync.Once
	table map[string]int
)

// Lookup initialises the table once.
func Lookup(k string) int {
	once.Do(func() { table = map[string]int{"a": 1} })
	return table[k]
}
