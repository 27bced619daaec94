// Package pkgpool holds a package-level object that outlives vtbound's
// executions, as ants' default pool does: a pool made at init, whose
// janitor goroutine loops on a ticker and, when the pool is stopped,
// closes the pool's "done" channel in a deferred sync.Once, and whose
// worker is counted as running before it starts and counted out in its
// own deferred call. Restart waits for both, as ants' Reboot does.
package pkgpool

import (
	"sync"
	"sync/atomic"
	"time"
)

var (
	stop    chan struct{} // closed by Stop
	done    chan struct{} // closed by the janitor's deferred call
	once    *sync.Once
	running atomic.Int32 // workers started and not yet ended
)

func init() { start() }

// start starts a janitor and a worker.
func start() {
	stop, done, once = make(chan struct{}), make(chan struct{}), new(sync.Once)
	go janitor(stop, done, once)
	running.Add(1)
	go worker(stop)
}

// janitor tidies up on every tick until stop is closed.
func janitor(stop, done chan struct{}, once *sync.Once) {
	defer once.Do(func() { close(done) })
	t := time.NewTicker(time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
	}
}

// worker waits until stop is closed.
func worker(stop chan struct{}) {
	defer running.Add(-1)
	<-stop
}

// Restart stops the pool, waits for its janitor and worker to end, and
// starts it again.
func Restart() {
	close(stop)
	<-done
	for running.Load() != 0 {
		time.Sleep(time.Millisecond)
	}
	start()
}
