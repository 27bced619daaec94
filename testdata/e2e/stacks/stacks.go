// Package stacks is a small pipeline whose tests check for leaked
// goroutines with go.uber.org/goleak, as many real suites do.
package stacks

import "sync"

// Sum adds the squares of xs on n workers.
func Sum(xs []int, n int) int {
	in := make(chan int)
	out := make(chan int)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := range in {
				out <- x * x
			}
		}()
	}
	go func() {
		for _, x := range xs {
			in <- x
		}
		close(in)
	}()
	go func() {
		wg.Wait()
		close(out)
	}()
	total := 0
	for v := range out {
		total += v
	}
	return total
}

// waitFor blocks until ch is closed.
func waitFor(ch chan struct{}) { <-ch }

// Start starts a goroutine that waits for the returned channel to be
// closed.
func Start() chan struct{} {
	ch := make(chan struct{})
	go waitFor(ch)
	return ch
}
