package stdlib

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// TestDebounce: AfterFunc with Reset from two goroutines; fn runs once,
// after the last Trigger (no false race, no false leak).
func TestDebounce(t *testing.T) {
	ran := make(chan bool, 1)
	b := NewDebouncer(10*time.Millisecond, func() { ran <- true })
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(b.Trigger)
	}
	wg.Wait()
	<-ran
	if n := b.Fired(); n != 1 {
		t.Errorf("fired %d times", n)
	}
}

// TestTimerReset: a value written before Reset is seen after the reset
// timer fires; Stop leaves no stale value.
func TestTimerReset(t *testing.T) {
	tm := time.NewTimer(time.Hour)
	x := 0
	go func() {
		x = 1
		tm.Reset(time.Millisecond)
	}()
	<-tm.C
	if x != 1 {
		t.Errorf("x = %d", x)
	}
	tm.Reset(time.Millisecond)
	time.Sleep(5 * time.Millisecond)
	tm.Stop()
	select {
	case <-tm.C:
		t.Errorf("stale value after Stop")
	default:
	}
}

// TestTickerReset: Poll's ticker, with a condition another goroutine
// makes true; a ticker reset from another goroutine.
func TestTickerReset(t *testing.T) {
	var mu sync.Mutex
	done := false
	go func() {
		time.Sleep(35 * time.Millisecond)
		mu.Lock()
		done = true
		mu.Unlock()
	}()
	start := time.Now()
	err := Poll(context.Background(), 10*time.Millisecond, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return done
	})
	if err != nil || time.Since(start) < 35*time.Millisecond {
		t.Errorf("Poll: %v after %v", err, time.Since(start))
	}
	tk := time.NewTicker(time.Hour)
	defer tk.Stop()
	go tk.Reset(time.Millisecond)
	<-tk.C
}

// TestWaitTimeout: the value wins over a longer timeout on every schedule.
func TestWaitTimeout(t *testing.T) {
	ch := make(chan int)
	go func() {
		time.Sleep(time.Millisecond)
		ch <- 7
	}()
	if v, ok := WaitTimeout(ch, time.Second); !ok || v != 7 {
		t.Errorf("WaitTimeout = %d, %v", v, ok)
	}
}

// TestContextNeverCancelled: the worker waits on a context nobody
// cancels: a goroutine leaked on every run, listed as left waiting for
// work (the package does not check leaks with goleak).
func TestContextNeverCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	_ = cancel // never called: the bug
	in, out := make(chan int), make(chan int)
	go Worker(ctx, in, out)
	in <- 1
	if v := <-out; v != 2 {
		t.Errorf("got %d", v)
	}
}

// TestContextCancelTree: cancelling the root stops every worker of a tree
// (one level through WithValue); Cause tells why.
func TestContextCancelTree(t *testing.T) {
	type key struct{}
	errStop := errors.New("stop")
	root, cancel := context.WithCancelCause(context.Background())
	mid := context.WithValue(root, key{}, 1)
	leaf, cancelLeaf := context.WithTimeout(mid, time.Hour)
	defer cancelLeaf()
	var wg sync.WaitGroup
	for _, ctx := range []context.Context{root, mid, leaf} {
		in, out := make(chan int), make(chan int)
		wg.Go(func() { Worker(ctx, in, out) })
	}
	stopped := context.AfterFunc(leaf, func() {})
	cancel(errStop)
	wg.Wait()
	if context.Cause(leaf) != errStop || leaf.Err() != context.Canceled {
		t.Errorf("Cause %v, Err %v", context.Cause(leaf), leaf.Err())
	}
	_ = stopped
}

// TestTContext: a worker on t.Context() is released when the test ends
// (no leak); a timeout derived from it runs on the virtual clock.
func TestTContext(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Hour)
	defer cancel()
	in, out := make(chan int), make(chan int)
	go Worker(t.Context(), in, out)
	<-ctx.Done()
}

// TestContextDeadlineRace: work that takes as long as the timeout; the
// test wrongly assumes the work always wins. Both orders happen.
func TestContextDeadlineRace(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	done := make(chan int, 1)
	go func() {
		time.Sleep(10 * time.Millisecond)
		done <- 1
	}()
	select {
	case <-ctx.Done():
		t.Errorf("deadline before the work: %v", ctx.Err())
	case <-done:
	}
}

// TestContextDeadlineAfterWork: shorter work always wins.
func TestContextDeadlineAfterWork(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	done := make(chan int, 1)
	go func() {
		time.Sleep(5 * time.Millisecond)
		done <- 1
	}()
	select {
	case <-ctx.Done():
		t.Errorf("deadline before the work: %v", ctx.Err())
	case <-done:
	}
}

// TestSyncMap: a value published through a sync.Map is seen whole.
func TestSyncMap(t *testing.T) {
	var c Cache
	calls := 0
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			if v := c.Get("k", func() int { calls++; return 42 }); v != 42 {
				t.Errorf("Get = %d", v)
			}
		})
	}
	wg.Wait()
	var m sync.Map
	x := 0
	go func() {
		x = 1
		m.Store("ready", true)
	}()
	for {
		if _, ok := m.Load("ready"); ok {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if x != 1 {
		t.Errorf("x = %d", x)
	}
	m.Range(func(k, v any) bool { return true })
	m.Delete("ready")
}

// TestCondLockers: a queue over a Cond whose Locker is a Mutex, an
// RWMutex's RLocker and a Locker of the package's own.
func TestCondLockers(t *testing.T) {
	var mu sync.Mutex
	var rw sync.RWMutex
	for _, l := range []sync.Locker{&mu, &spin{l: &mu}} {
		q := NewQueue(l)
		go q.Put(1)
		go q.Put(2)
		if a, b := q.Get(), q.Get(); a+b != 3 {
			t.Errorf("got %d, %d", a, b)
		}
	}
	c := sync.NewCond(rw.RLocker())
	ready := false
	go func() {
		rw.Lock()
		ready = true
		rw.Unlock()
		c.Broadcast()
	}()
	c.L.Lock()
	for !ready {
		c.Wait()
	}
	c.L.Unlock()
}

// spin is a Locker of the package's own, over a Mutex.
type spin struct{ l sync.Locker }

func (s *spin) Lock()   { s.l.Lock() }
func (s *spin) Unlock() { s.l.Unlock() }

// TestSynctest is explored: a context's deadline and a sleep on the
// bubble's clock, synctest.Wait and the end of the bubble pass on every
// schedule.
func TestSynctest(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
		defer cancel()
		go func() { time.Sleep(time.Minute) }()
		synctest.Wait()
		<-ctx.Done()
	})
}

// TestSynctestPinger: the bubble's clock makes the count exact (three
// ticks in 3 s), but Count reads it without the lock and nothing orders
// the ticker goroutine's increments before the read (time passing orders
// nothing): a data race inside the bubble, found once bubbles are
// explored.
func TestSynctestPinger(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := StartPinger(time.Second)
		defer p.Stop()
		time.Sleep(3*time.Second + time.Millisecond)
		if n := p.Count(); n != 3 {
			t.Errorf("%d ticks after 3s, want 3", n)
		}
	})
}

// TestCleanupStopsLoop: a loop stopped by a function a helper registers
// with t.Cleanup is no leak, and the function's wait for the loop to
// return does not hang: each execution runs its own Cleanup functions.
func TestCleanupStopsLoop(t *testing.T) {
	startLoop(t)
}

func startLoop(tb testing.TB) *Loop {
	l := StartLoop()
	tb.Cleanup(l.Close)
	return l
}

// accounts is a package-level registry: TestGlobalAccount registers its
// account there, so it cannot run twice in one process.
var accounts sync.Map

// TestGlobalAccount: a check-then-act bug on a balance, in a test that
// registers a name globally: explored in fresh processes and reported.
func TestGlobalAccount(t *testing.T) {
	if _, dup := accounts.LoadOrStore("savings", true); dup {
		t.Fatal("account savings registered twice")
	}
	var mu sync.Mutex
	balance := 100
	withdraw := func(n int) {
		mu.Lock()
		ok := balance >= n
		mu.Unlock()
		if ok {
			mu.Lock()
			balance -= n
			mu.Unlock()
		}
	}
	var wg sync.WaitGroup
	wg.Go(func() { withdraw(80) })
	wg.Go(func() { withdraw(80) })
	wg.Wait()
	if balance < 0 {
		t.Errorf("balance %d after two withdrawals of 80 from 100", balance)
	}
}

// TestWorkerOutlivesCaller: the caller gives up after an hour; the
// package's worker answers after two, on an unbuffered channel nobody
// reads any more, and blocks for ever: a goroutine leak, long after the
// body returned.
func TestWorkerOutlivesCaller(t *testing.T) {
	res := make(chan int)
	AnswerAfter(res, 2*time.Hour)
	select {
	case v := <-res:
		t.Logf("got %d", v)
	case <-time.After(time.Hour):
		t.Log("gave up after an hour")
	}
}

// TestKeepAlive: a keep-alive loop the test never stops; nothing checks
// leaks in this package, so it is listed, not failed.
func TestKeepAlive(t *testing.T) {
	var mu sync.Mutex
	pings := 0
	go func() {
		for range time.Tick(100 * time.Millisecond) {
			mu.Lock()
			pings++
			mu.Unlock()
		}
	}()
}
