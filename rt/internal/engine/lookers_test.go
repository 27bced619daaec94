package engine

import (
	"sync"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestLooks: while the body runs, Looks hides the goroutine running the
// exploration and a pending timer's goroutine, and gives each parked
// controlled goroutine the state the Go runtime would print for what it
// waits on, by goroutine number.
func TestLooks(t *testing.T) {
	var got Looks
	var nums [3]uint64
	var body, runner uint64
	e := New(newRandom(1, 1), Limits{MaxSteps: 10000}, nil)
	runner = ownNumber()
	if _, ok := e.Run(func() { got, body = looksBody(&nums) }); !ok {
		t.Fatal("no execution")
	}
	want := map[uint64]string{nums[0]: "sync.Mutex.Lock", nums[1]: "sync.WaitGroup.Wait", nums[2]: "chan receive"}
	for num, state := range want {
		if got.States[num] != state {
			t.Errorf("goroutine %d: state %q, want %q (all: %v)", num, got.States[num], state, got.States)
		}
	}
	if got.Body != body || got.Runner != runner || !got.Hidden[runner] {
		t.Errorf("body %d runner %d hidden %v; want body %d, runner %d hidden", got.Body, got.Runner, got.Hidden, body, runner)
	}
	if wantHidden := 2; !handoffOff && len(got.Hidden) != wantHidden {
		t.Errorf("hidden %v: want the runner and the timer's goroutine", got.Hidden)
	}
}

// looksBody starts three goroutines that block on a mutex, a WaitGroup
// and a channel, and a timer; it returns the body's Looks while they wait
// (before releasing them) and its own goroutine number.
func looksBody(nums *[3]uint64) (Looks, uint64) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	ch := make(chan int)
	g := cur()
	g.MakeChan(chanKey(ch), 0)
	g.Lock(0, &mu)
	g.WGAdd(0, &wg, 1)
	g.Go(0, func() { nums[0] = ownNumber(); cur().Lock(0, &mu); cur().Unlock(0, &mu) })
	g.Go(0, func() { nums[1] = ownNumber(); cur().WGWait(0, &wg) })
	g.Go(0, func() {
		nums[2] = ownNumber()
		cur().Select(0, sched.OpRecv, false, []Case{&RecvCase[int]{Ch: ch}})
	})
	g.After(0, time.Hour)
	g.Sleep(0, time.Millisecond) // the goroutines run and block
	l := g.Looks()
	g.Unlock(0, &mu)
	g.WGAdd(0, &wg, -1)
	g.Select(0, sched.OpSend, false, []Case{&SendCase[int]{Ch: ch, V: 1}})
	return l, ownNumber()
}
