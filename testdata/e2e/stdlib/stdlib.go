// Package stdlib uses the standard library's blocking surface the way
// ordinary code does: timers, tickers, AfterFunc, contexts, sync.Map,
// OnceValue, Cond and sync.Locker, in and out of testing/synctest bubbles.
package stdlib

import (
	"context"
	"sync"
	"time"
)

// Debouncer runs fn once the calls to Trigger stop for d: each call
// resets the timer.
type Debouncer struct {
	mu    sync.Mutex
	t     *time.Timer
	d     time.Duration
	fn    func()
	fired int
}

// NewDebouncer returns a Debouncer of fn.
func NewDebouncer(d time.Duration, fn func()) *Debouncer {
	return &Debouncer{d: d, fn: fn}
}

// Trigger (re)starts the quiet period.
func (b *Debouncer) Trigger() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.t == nil {
		b.t = time.AfterFunc(b.d, b.fire)
		return
	}
	b.t.Reset(b.d)
}

func (b *Debouncer) fire() {
	b.mu.Lock()
	b.fired++
	b.mu.Unlock()
	b.fn()
}

// Fired returns how often fn ran.
func (b *Debouncer) Fired() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.fired
}

// Poll calls check every interval until it returns true or ctx ends.
func Poll(ctx context.Context, interval time.Duration, check func() bool) error {
	tk := time.NewTicker(interval)
	defer tk.Stop()
	for {
		if check() {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tk.C:
		}
	}
}

// WaitTimeout receives from ch, or gives up after d.
func WaitTimeout(ch <-chan int, d time.Duration) (int, bool) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case v := <-ch:
		return v, true
	case <-t.C:
		return 0, false
	}
}

// Worker serves requests until its context is cancelled.
func Worker(ctx context.Context, in <-chan int, out chan<- int) {
	for {
		select {
		case <-ctx.Done():
			return
		case v := <-in:
			out <- v * 2
		}
	}
}

// Cache computes values once per key.
type Cache struct {
	m sync.Map
}

// Get returns the value of key, computing it with f the first time.
func (c *Cache) Get(key string, f func() int) int {
	if v, ok := c.m.Load(key); ok {
		return v.(func() int)()
	}
	v, _ := c.m.LoadOrStore(key, sync.OnceValue(f))
	return v.(func() int)()
}

// Queue is a blocking queue over a sync.Cond with any Locker.
type Queue struct {
	L     sync.Locker
	cond  *sync.Cond
	items []int
}

// NewQueue returns a queue guarded by l.
func NewQueue(l sync.Locker) *Queue { return &Queue{L: l, cond: sync.NewCond(l)} }

// Put appends v and wakes a getter.
func (q *Queue) Put(v int) {
	q.L.Lock()
	q.items = append(q.items, v)
	q.L.Unlock()
	q.cond.Signal()
}

// Get waits for an item and removes it.
func (q *Queue) Get() int {
	q.L.Lock()
	defer q.L.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	v := q.items[0]
	q.items = q.items[1:]
	return v
}

// Loop is a background receive loop that Close stops and waits for, the
// shape of a network session's receive loop.
type Loop struct{ quit, done chan struct{} }

// StartLoop starts a loop.
func StartLoop() *Loop {
	l := &Loop{quit: make(chan struct{}), done: make(chan struct{})}
	go l.run()
	return l
}

func (l *Loop) run() {
	<-l.quit
	close(l.done) // not deferred: only a loop that returns closes it
}

// Close stops the loop and waits until it has returned.
func (l *Loop) Close() {
	close(l.quit)
	<-l.done
}

// Pinger counts the ticks of a ticker in a goroutine of its own until
// Stop. Count reads the count without the lock the goroutine takes: a
// data race, inside a testing/synctest bubble as anywhere.
type Pinger struct {
	mu   sync.Mutex
	n    int
	stop chan struct{}
	done chan struct{}
}

// StartPinger starts a Pinger ticking every d.
func StartPinger(d time.Duration) *Pinger {
	p := &Pinger{stop: make(chan struct{}), done: make(chan struct{})}
	go p.loop(d)
	return p
}

func (p *Pinger) loop(d time.Duration) {
	t := time.NewTicker(d)
	defer t.Stop()
	defer close(p.done)
	for {
		select {
		case <-t.C:
			p.mu.Lock()
			p.n++
			p.mu.Unlock()
		case <-p.stop:
			return
		}
	}
}

// Count returns the ticks so far (without the lock: the bug).
func (p *Pinger) Count() int { return p.n }

// Stop ends the goroutine and waits for it.
func (p *Pinger) Stop() {
	close(p.stop)
	<-p.done
}

// AnswerAfter starts a worker that sends its answer on res after d. res
// is unbuffered: the worker blocks until its caller receives, for ever if
// the caller gave up.
func AnswerAfter(res chan<- int, d time.Duration) {
	go func() {
		time.Sleep(d)
		res <- 42
	}()
}
