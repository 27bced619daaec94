// Package features exercises language features under vtbound: generics,
// build tags, //go: directives, go:embed and pre-1.22 loop variables.
package features

import (
	_ "embed"
	"sync"
)

//go:embed greeting.txt
var greeting string

// Greeting returns the embedded greeting.
func Greeting() string { return greeting }

// Map applies f to every element concurrently.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	var wg sync.WaitGroup
	for i, x := range xs {
		i, x := i, x // go1.21: loop variables are shared
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = f(x)
		}()
	}
	wg.Wait()
	return out
}

// Queue is a generic channel-backed queue with a counter.
type Queue[T any] struct {
	mu    sync.Mutex
	ch    chan T
	count int
}

// NewQueue returns a queue with room for n elements.
func NewQueue[T any](n int) *Queue[T] {
	return &Queue[T]{ch: make(chan T, n)}
}

// Put adds v.
func (q *Queue[T]) Put(v T) {
	q.ch <- v
	q.mu.Lock()
	q.count++
	q.mu.Unlock()
}

// Get removes the oldest element.
func (q *Queue[T]) Get() T {
	v := <-q.ch
	q.mu.Lock()
	q.count--
	q.mu.Unlock()
	return v
}

// Len returns the number of queued elements.
func (q *Queue[T]) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.count
}

//go:noinline
func double(x int) int { return 2 * x }
