package engine

import (
	"sync"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// made outside any execution, as a package-level variable initialised at
// init (rt.MakeChan records it through NoteChan).
var (
	pkgUnbuffered = make(chan string)
	pkgBuffered   = make(chan int, 2)
	pkgClosed     = make(chan int)
)

func init() {
	NoteChan(ChanKey(pkgUnbuffered))
	NoteChan(ChanKey(pkgBuffered))
	NoteChan(ChanKey(pkgClosed))
	pkgBuffered <- 41 // a value buffered before any execution
	close(pkgClosed)
}

func send[T any](ch chan T, v T) {
	cur().Select(0, sched.OpSend, false, []Case{&SendCase[T]{Ch: ch, V: v}})
}

func recv[T any](ch chan T) (T, bool) {
	c := &RecvCase[T]{Ch: ch}
	cur().Select(0, sched.OpRecv, false, []Case{c})
	return c.V, c.OK
}

// TestAdoptedChannelRendezvous: two controlled goroutines rendezvous on a
// package-level unbuffered channel, in every schedule, without polling.
func TestAdoptedChannelRendezvous(t *testing.T) {
	e := New(newRandom(1, 50), Limits{PollTimeout: time.Second}, nil)
	for {
		var got string
		res, ok := e.Run(func() {
			cur().Go(0, func() { send(pkgUnbuffered, "hello") })
			got, _ = recv(pkgUnbuffered)
		})
		if !ok {
			return
		}
		if res.Failure != nil || res.Uncontrolled || got != "hello" {
			t.Fatalf("execution %d: failure %+v, uncontrolled %v, got %q", res.N, res.Failure, res.Uncontrolled, got)
		}
	}
}

// TestAdoptedBufferedKeepsValues: a value buffered at init is received
// first, and the buffer is modelled from its real length and capacity.
func TestAdoptedBufferedKeepsValues(t *testing.T) {
	e := New(newRandom(2, 20), Limits{}, nil)
	for {
		var first, second int
		res, ok := e.Run(func() {
			cur().Go(0, func() { send(pkgBuffered, 7) })
			first, _ = recv(pkgBuffered)
			second, _ = recv(pkgBuffered)
			send(pkgBuffered, 41) // leave the channel as it was found
		})
		if !ok {
			return
		}
		if res.Failure != nil || first != 41 || second != 7 {
			t.Fatalf("execution %d: failure %+v, received %d then %d, want 41 then 7", res.N, res.Failure, first, second)
		}
	}
}

// TestAdoptedClosedChannel: a channel closed before the execution is found
// closed by its first receive.
func TestAdoptedClosedChannel(t *testing.T) {
	e := New(newRandom(3, 5), Limits{}, nil)
	res, _ := e.Run(func() {
		cur().Go(0, func() { recv(pkgClosed) })
		if _, ok := recv(pkgClosed); ok {
			panic("received a value from a closed channel")
		}
	})
	if res.Failure != nil {
		t.Fatalf("failure %+v", res.Failure)
	}
}

// TestAdoptedChannelDeadlock: a receive nobody matches is a deadlock once
// the real channel has been polled within the poll budget.
func TestAdoptedChannelDeadlock(t *testing.T) {
	e := New(newRandom(4, 1), Limits{PollTimeout: 30 * time.Millisecond}, nil)
	res, _ := e.Run(func() {
		recv(pkgUnbuffered)
	})
	wantOutcome(t, res, sched.Deadlock)
}

// TestAdoptedChannelUncontrolledPartner: an uncontrolled goroutine (a
// worker started at init) may still serve an adopted channel.
func TestAdoptedChannelUncontrolledPartner(t *testing.T) {
	ch := make(chan int)
	NoteChan(ChanKey(ch))
	go func() {
		time.Sleep(5 * time.Millisecond)
		ch <- 3
	}()
	e := New(newRandom(5, 1), Limits{PollTimeout: 5 * time.Second}, nil)
	var got int
	res, _ := e.Run(func() { got, _ = recv(ch) })
	if res.Failure != nil || got != 3 {
		t.Fatalf("failure %+v, got %d", res.Failure, got)
	}
}

// TestChannelOfEarlierExecutionIsAdopted: a channel made in one execution
// and kept (as a sync.Once would keep it) is modelled in the next.
func TestChannelOfEarlierExecutionIsAdopted(t *testing.T) {
	var kept chan int
	e := New(newRandom(6, 10), Limits{PollTimeout: time.Second}, nil)
	for {
		res, ok := e.Run(func() {
			if kept == nil {
				kept = make(chan int)
				cur().MakeChan(ChanKey(kept), 0)
			}
			cur().Go(0, func() { send(kept, 1) })
			recv(kept)
		})
		if !ok {
			return
		}
		if res.Failure != nil || res.Uncontrolled {
			t.Fatalf("execution %d: failure %+v, uncontrolled %v", res.N, res.Failure, res.Uncontrolled)
		}
	}
}

// TestForeignChannelRendezvous: on a channel rewritten code did not make
// (a package-level initialiser's, an uninstrumented package's), two
// controlled goroutines rendezvous in the model while each may also poll.
func TestForeignChannelRendezvous(t *testing.T) {
	foreign := make(chan int) // never noted
	e := New(newRandom(8, 30), Limits{PollTimeout: time.Second}, nil)
	for {
		got := 0
		res, ok := e.Run(func() {
			cur().Go(0, func() { send(foreign, 9) })
			got, _ = recv(foreign)
		})
		if !ok {
			return
		}
		if res.Failure != nil || got != 9 {
			t.Fatalf("execution %d: failure %+v, got %d", res.N, res.Failure, got)
		}
	}
}

// pkgState is a package-level struct holding locks, as made at init.
var pkgState struct {
	mu   sync.Mutex
	once sync.Once
	n    int
}

// TestPackageLevelMutexAndOnce: a mutex in a package-level struct excludes
// in every execution and is free again after each, and a sync.Once done in
// an earlier execution stays done (its function never runs twice), as
// with go test -count=N.
func TestPackageLevelMutexAndOnce(t *testing.T) {
	e := New(newRandom(10, 200), blockedTime, nil) // the sleep orders the goroutines
	runs := 0
	for {
		res, ok := e.Run(func() {
			g := cur()
			g.OnceDo(0, &pkgState.once, func() { runs++ })
			g.Go(0, func() {
				g := cur()
				g.Lock(0, &pkgState.mu)
				pkgState.n++
				g.Unlock(0, &pkgState.mu)
			})
			g.Lock(0, &pkgState.mu) // left held: released after the execution
		})
		if !ok {
			break
		}
		if res.Failure != nil && res.Outcome != sched.Leak {
			t.Fatalf("execution %d: failure %+v", res.N, res.Failure)
		}
	}
	if runs != 1 {
		t.Fatalf("once function ran %d times, want 1", runs)
	}
	if !pkgState.mu.TryLock() {
		t.Fatal("package-level mutex left locked")
	}
	pkgState.mu.Unlock()
}

// TestCloseCommitsWaitingSelect: a goroutine parked in a select on two
// channels is woken by the first close with that case chosen, as in Go;
// a second channel closed before it runs must not be taken (watermill's
// handler, parked on the router's closing channel and its context's Done).
func TestCloseCommitsWaitingSelect(t *testing.T) {
	chosen := -2
	everyExecution(t, func() {
		chosen = -2
		first, second := make(chan int), make(chan int)
		g := cur()
		g.MakeChan(ChanKey(first), 0)
		g.MakeChan(ChanKey(second), 0)
		g.Go(0, func() {
			chosen = cur().Select(1, sched.OpSelect, false, []Case{&RecvCase[int]{Ch: second}, &RecvCase[int]{Ch: first}})
		})
		g.Sleep(2, time.Millisecond) // the clock moves once the other goroutine is parked
		g.Close(3, ChanKey(first), func() { close(first) })
		g.Close(4, ChanKey(second), func() { close(second) })
	}, func(res *Result) {
		if chosen != 1 {
			t.Fatalf("execution %d: the select took case %d, want 1 (the channel closed first)", res.N, chosen)
		}
	})
}
