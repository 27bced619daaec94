package engine

import (
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// everyExecution runs body in 40 random executions (seed 7); each must
// end without failure, and check then looks at what body recorded.
func everyExecution(t *testing.T, body func(), check func(res *Result)) {
	t.Helper()
	e := New(newRandom(7, 40), blockedTime, nil) // sleeps order the goroutines
	for {
		res, ok := e.Run(body)
		if !ok {
			return
		}
		wantOutcome(t, res, sched.OK)
		check(res)
	}
}

// TestBufferedSendCompletesWaitingSelect: a send into an empty buffered
// channel hands its value to a select parked on it, as Go's chansend does,
// so a quit channel closed next cannot be taken instead and the value is
// not left in the buffer.
func TestBufferedSendCompletesWaitingSelect(t *testing.T) {
	var chosen, got int
	everyExecution(t, func() {
		chosen, got = -2, 0
		data, quit := make(chan int, 1), make(chan int)
		g := cur()
		g.MakeChan(ChanKey(data), 1)
		g.MakeChan(ChanKey(quit), 0)
		g.Go(0, func() {
			rc := &RecvCase[int]{Ch: data}
			chosen = cur().Select(1, sched.OpSelect, false, []Case{&RecvCase[int]{Ch: quit}, rc})
			got = rc.V
		})
		g.Sleep(2, time.Millisecond) // the clock moves once the other goroutine is parked
		g.Select(3, sched.OpSend, false, []Case{&SendCase[int]{Ch: data, V: 42}})
		g.Close(4, ChanKey(quit), func() { close(quit) })
	}, func(res *Result) {
		if chosen != 1 || got != 42 {
			t.Fatalf("execution %d: the select took case %d with %d, want case 1 with 42 (the value sent while it waited)", res.N, chosen, got)
		}
	})
}

// TestBufferedRecvCompletesWaitingSender: a receive from a full buffered
// channel moves the value of a select parked sending on it into the freed
// slot, as Go's chanrecv does, so a quit channel closed next cannot be
// taken instead: the next receive gets the parked sender's value.
func TestBufferedRecvCompletesWaitingSender(t *testing.T) {
	var chosen, second int
	everyExecution(t, func() {
		chosen, second = -2, 0
		data, quit := make(chan int, 1), make(chan int)
		g := cur()
		g.MakeChan(ChanKey(data), 1)
		g.MakeChan(ChanKey(quit), 0)
		g.Select(1, sched.OpSend, false, []Case{&SendCase[int]{Ch: data, V: 1}}) // full
		g.Go(0, func() {
			chosen = cur().Select(2, sched.OpSelect, false, []Case{&RecvCase[int]{Ch: quit}, &SendCase[int]{Ch: data, V: 2}})
		})
		g.Sleep(3, time.Millisecond)
		g.Select(4, sched.OpRecv, false, []Case{&RecvCase[int]{Ch: data}})
		g.Close(5, ChanKey(quit), func() { close(quit) })
		rc := &RecvCase[int]{Ch: data}
		g.Select(6, sched.OpRecv, false, []Case{rc})
		second = rc.V
	}, func(res *Result) {
		if chosen != 1 || second != 2 {
			t.Fatalf("execution %d: the select took case %d and the second receive got %d, want case 1 and 2 (the parked send completed)", res.N, chosen, second)
		}
	})
}

// TestBufferedSendGoesToLongestWaiter: of two receivers parked on an
// empty buffered channel, the one that waited longer gets the value (Go's
// receive queue is first in, first out), and a receiver arriving after the
// send finds the buffer empty.
func TestBufferedSendGoesToLongestWaiter(t *testing.T) {
	var got [3]int
	everyExecution(t, func() {
		got = [3]int{}
		data := make(chan int, 1)
		g := cur()
		g.MakeChan(ChanKey(data), 1)
		recv := func(i int) func() {
			return func() {
				rc := &RecvCase[int]{Ch: data}
				cur().Select(int32(10+i), sched.OpRecv, false, []Case{rc})
				got[i] = rc.V
			}
		}
		g.Go(0, recv(0))
		g.Sleep(1, time.Millisecond) // G2 parks first
		g.Go(0, recv(1))
		g.Sleep(2, time.Millisecond)
		g.Select(3, sched.OpSend, false, []Case{&SendCase[int]{Ch: data, V: 7}})
		g.Go(0, recv(2))
		g.Select(4, sched.OpSend, false, []Case{&SendCase[int]{Ch: data, V: 8}})
		g.Select(5, sched.OpSend, false, []Case{&SendCase[int]{Ch: data, V: 9}})
	}, func(res *Result) {
		if got[0] != 7 {
			t.Fatalf("execution %d: the receivers got %v, want the first parked one to get 7", res.N, got)
		}
	})
}
