package deps

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"golang.org/x/sync/errgroup"
)

// TestEventually: testify's Eventually polls a condition that a worker
// goroutine makes true. Its ticker and its condition goroutine run in
// testify; the poll must not starve the worker.
func TestEventually(t *testing.T) {
	var ready atomic.Bool
	go func() {
		time.Sleep(20 * time.Millisecond)
		ready.Store(true)
	}()
	assert.Eventually(t, func() bool { return ready.Load() }, 5*time.Second, time.Millisecond)
}

// TestSingleflight: a second caller waits inside singleflight (a
// sync.WaitGroup in x/sync) for the first caller's load.
func TestSingleflight(t *testing.T) {
	var c Cache
	release := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if v := c.Get("k", func() int { <-release; return 42 }); v != 42 {
				t.Errorf("Get = %d, want 42", v)
			}
		}()
	}
	close(release)
	wg.Wait()
	if n := c.Loads(); n < 1 || n > 2 {
		t.Errorf("%d loads, want 1 or 2", n)
	}
}

// TestErrgroupRace: two functions run by errgroup write one variable
// without synchronisation: a data race that vtbound can only see when
// the goroutines errgroup starts are controlled.
func TestErrgroupRace(t *testing.T) {
	var g errgroup.Group
	last := 0
	g.Go(func() error { last = 1; return nil })
	g.Go(func() error { last = 2; return nil })
	_ = g.Wait()
	_ = last
}
