package engine

import (
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestCoupledClock: while a goroutine polls uncontrolled code, a virtual
// sleep lets real time pass first, so a real timer that fires within the
// sleep is seen before the sleeper wakes; and time measured with Now across
// the sleep is the virtual time slept (plus one nowTick for the reading),
// whatever real time passed meanwhile.
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
	if want := 100*time.Millisecond + nowTick; measured != want {
		t.Errorf("Now across a 100 ms sleep measured %v (%v of real time passed), want %v", measured, realElapsed, want)
	}
}

// TestAfterFunc: the function of a modelled AfterFunc runs when the
// virtual clock reaches its deadline (so a body waiting for it is not a
// deadlock), not at all once stopped, and a pending one neither runs after
// the body returned nor counts as a leak.
func TestAfterFunc(t *testing.T) {
	var ran []string
	e := New(newRandom(1, 1), Limits{}, nil)
	res, _ := e.Run(func() {
		g := cur()
		done := make(chan int)
		g.MakeChan(ChanKey(done), 0)
		g.AfterFunc(0, 50*time.Millisecond, func() {
			ran = append(ran, "fired")
			cur().Close(0, ChanKey(done), func() { close(done) })
		})
		stopped := g.AfterFunc(0, time.Millisecond, func() { ran = append(ran, "stopped one") })
		if !stopped.Stop() {
			panic("Stop of a pending AfterFunc returned false")
		}
		g.Select(0, sched.OpRecv, false, []Case{&RecvCase[int]{Ch: done}})
		g.AfterFunc(0, time.Hour, func() { ran = append(ran, "pending one") })
	})
	if res.Failure != nil {
		t.Fatalf("%v: %s", res.Outcome, res.Failure.Message)
	}
	if len(ran) != 1 || ran[0] != "fired" {
		t.Errorf("ran %v, want only the unstopped AfterFunc the body waited for", ran)
	}
}
