// Package fidelity holds small programs whose races only the race
// detector's rules for channels, WaitGroups and file I/O decide, and one
// that measures time across sleeps.
package fidelity

import (
	"os"
	"sync"
	"time"
)

// Notifier sends events to a channel that Stop closes.
type Notifier struct {
	ch chan int
}

// NewNotifier returns a notifier with a buffer of n events.
func NewNotifier(n int) *Notifier { return &Notifier{ch: make(chan int, n)} }

// Notify sends v, recovering from a send on the closed channel (a common
// "safe send" that the race detector still reports when Stop is not
// ordered with it).
func (n *Notifier) Notify(v int) (sent bool) {
	defer func() {
		if recover() != nil {
			sent = false
		}
	}()
	n.ch <- v
	return true
}

// Next receives the next event.
func (n *Notifier) Next() int { return <-n.ch }

// Stop closes the channel.
func (n *Notifier) Stop() { close(n.ch) }

// Pool runs jobs and waits for them with one WaitGroup.
type Pool struct {
	wg sync.WaitGroup
}

// Spawn starts f in a goroutine that registers itself with the pool
// (Add inside the goroutine: the classic misuse).
func (p *Pool) Spawn(f func()) { go p.join(f) }

func (p *Pool) join(f func()) {
	p.wg.Add(1)
	defer p.wg.Done()
	f()
}

// Start registers f with the pool, then starts it (correct use).
func (p *Pool) Start(f func()) {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		f()
	}()
}

// Wait waits for the jobs.
func (p *Pool) Wait() { p.wg.Wait() }

// Publish stores v and then writes it to the file at path.
func Publish(path string, v *int, value int) error {
	*v = value
	return os.WriteFile(path, []byte("ready"), 0o600)
}

// Await polls the file at path until Publish wrote it, then returns *v.
func Await(path string, v *int) int {
	for {
		if b, err := os.ReadFile(path); err == nil && string(b) == "ready" {
			return *v
		}
		time.Sleep(time.Millisecond)
	}
}

// Elapsed runs work in n goroutines that each sleep d and waits for them;
// it returns the time that passed.
func Elapsed(n int, d time.Duration) time.Duration {
	start := time.Now()
	var wg sync.WaitGroup
	wg.Add(n)
	for range n {
		go func() {
			defer wg.Done()
			time.Sleep(d)
		}()
	}
	wg.Wait()
	return time.Since(start)
}
