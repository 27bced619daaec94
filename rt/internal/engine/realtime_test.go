package engine

import (
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestCoupledClock: while a goroutine polls uncontrolled code, a virtual
// sleep lets real time pass first, so a real timer that fires within the
// sleep is seen before the sleeper wakes; and time measured with Now across
// the sleep counts the real time that passed once, not once more on top of
// the virtual advance.
func TestCoupledClock(t *testing.T) {
	e := New(newRandom(1, 1), Limits{}, nil)
	var order []string
	var measured, realElapsed time.Duration
	res, _ := e.Run(func() {
		g := cur()
		timer := time.NewTimer(20 * time.Millisecond) // real time: polled
		done := make(chan int)
		g.MakeChan(ChanKey(done), 0)
		g.Go(0, func() {
			w := cur()
			w.Select(0, sched.OpRecv, false, []Case{&RecvCase[time.Time]{Ch: timer.C}})
			order = append(order, "timer")
			w.Close(0, ChanKey(done), func() { close(done) })
		})
		start, realStart := g.Now(), time.Now()
		g.Sleep(0, 100*time.Millisecond)
		measured, realElapsed = g.Now().Sub(start), time.Since(realStart)
		order = append(order, "sleeper")
		g.Select(0, sched.OpRecv, false, []Case{&RecvCase[int]{Ch: done}})
	})
	if res.Failure != nil {
		t.Fatal(res.Failure.Message)
	}
	if len(order) != 2 || order[0] != "timer" {
		t.Errorf("order %v: want the 20 ms real timer before the 100 ms virtual sleeper", order)
	}
	if measured < 100*time.Millisecond {
		t.Errorf("Now across a 100 ms sleep measured %v, want at least 100 ms", measured)
	}
	// Correct: max(100 ms, real) plus scheduling; counted twice: real + 100 ms.
	if measured > 100*time.Millisecond+realElapsed/2 {
		t.Errorf("Now across a 100 ms sleep measured %v while %v of real time passed: real time counted twice", measured, realElapsed)
	}
}
