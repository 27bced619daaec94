package kernels

import (
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
)

// Go-style kernels: programs that synchronise as Go programs do, with
// channels made in loops and helpers, select, WaitGroup, Cond and Mutex,
// each with its number of Mazurkiewicz traces under the dependence
// relation of docs/dpor.md, derived by hand in its comment. The relation,
// in short: a blocking channel operation is one event where it arrives at
// its channel (a step that only resumes it after its partner performed
// it is none); two sends, or two receives, of one channel are dependent
// (their order decides the pairing, FIFO), a send and a receive are not,
// nor two receives from a closed, empty channel; close and select are
// dependent with every operation of their channels;
// memory accesses conflict unless both read; Dones commute, Done and
// Wait do not; the operations of one Mutex are dependent. dpor must run
// exactly Traces executions on each (TestDPORGoKernels).

// GoKernels lists the Go-style kernels with their trace counts.
func GoKernels() []Counted {
	return []Counted{
		{"pairs(2)", 1, "", Pairs(2)},
		{"pairs(4)", 1, "", Pairs(4)},
		{"fan-in(2)", 2, "", FanIn(2)},
		{"fan-in(3)", 6, "", FanIn(3)},
		{"fan-out(2)", 2, "", FanOut(2)},
		{"fan-out(3)", 6, "", FanOut(3)},
		{"pipeline(2)", 1, "", Pipeline(2)},
		{"pipeline(3)", 1, "", Pipeline(3)},
		{"select-ready", 2, "", SelectReady},
		{"buffered(1)", 6, "", Buffered(1)},
		{"buffered(2)", 6, "", Buffered(2)},
		{"close-while-receiving", 2, "", CloseWhileReceiving},
		{"closed-receivers(3)", 1, "", ClosedReceivers(3)},
		{"waitgroup-join(2)", 1, "", WaitGroupJoin(2)},
		{"waitgroup-join(4)", 1, "", WaitGroupJoin(4)},
		{"cond-producer-consumer", 2, "", CondProducerConsumer},
		{"mutex-counters(2)", 2, "", MutexCounters(2)},
		{"mutex-counters(3)", 6, "", MutexCounters(3)},
		{"signal-atomics-chan", 40, "", SignalAtomics(true)},
		{"signal-atomics-wg", 40, "", SignalAtomics(false)},
		{"two-senders", 2, "", TwoSenders},
	}
}

// Pairs is n independent pairs of a sender and a receiver, each pair on
// its own unbuffered channel made in a loop, joined with a WaitGroup; no
// shared memory. A send and a receive commute, the pairs touch distinct
// channels and the Dones commute: 1 trace.
func Pairs(n int) func(testing.TB) {
	return func(t testing.TB) {
		var wg sync.WaitGroup
		rt.WGAdd(xSync, &wg, 2*n)
		for i := range n {
			ch := rt.MakeChan[int](xChan, 0)
			rt.Go(xGo, func() { defer rt.WGDone(xSync, &wg); rt.Send(xChan, ch, i) })
			rt.Go(xGo, func() {
				defer rt.WGDone(xSync, &wg)
				if v := rt.Recv(xChan, ch); v != i {
					t.Errorf("pairs: got %d, want %d", v, i)
				}
			})
		}
		rt.WGWait(xSync, &wg)
	}
}

// FanIn is n senders on one unbuffered channel and the body receiving n
// values. The sends are pairwise dependent (their order is the order the
// values arrive in), the body's receives are its own program order and
// commute with the sends: n! traces.
func FanIn(n int) func(testing.TB) {
	return func(t testing.TB) {
		ch := rt.MakeChan[int](xChan, 0)
		for i := range n {
			rt.Go(xGo, func() { rt.Send(xChan, ch, i) })
		}
		seen := 0
		for range n {
			seen |= 1 << rt.Recv(xChan, ch)
		}
		if seen != 1<<n-1 {
			t.Errorf("fan-in: received %b", seen)
		}
	}
}

// FanOut is the body sending n values on one unbuffered channel to n
// receivers, each receiving one into its own slot, joined with a
// WaitGroup. The receives are pairwise dependent (their order decides who
// gets which value): n! traces.
func FanOut(n int) func(testing.TB) {
	return func(t testing.TB) {
		ch := rt.MakeChan[int](xChan, 0)
		got := make([]int, n)
		var wg sync.WaitGroup
		rt.WGAdd(xSync, &wg, n)
		for i := range n {
			rt.Go(xGo, func() { defer rt.WGDone(xSync, &wg); got[i] = rt.Recv(xChan, ch) })
		}
		for i := range n {
			rt.Send(xChan, ch, i)
		}
		rt.WGWait(xSync, &wg)
	}
}

// Pipeline is three stages made by a helper: a generator sending 1..n on
// an unbuffered channel, a stage squaring each value onto a second one,
// and the body receiving n results. Every channel has one sender and one
// receiver, whose operations commute: 1 trace.
func Pipeline(n int) func(testing.TB) {
	stage := func(in <-chan int, f func(int) int) <-chan int {
		out := rt.MakeChan[int](xChan, 0)
		rt.Go(xGo, func() {
			for range n {
				rt.Send(xChan, out, f(rt.Recv(xChan, in)))
			}
		})
		return out
	}
	return func(t testing.TB) {
		src := rt.MakeChan[int](xChan, 0)
		rt.Go(xGo, func() {
			for i := 1; i <= n; i++ {
				rt.Send(xChan, src, i)
			}
		})
		sq := stage(src, func(v int) int { return v * v })
		for i := 1; i <= n; i++ {
			if v := rt.Recv(xChan, sq); v != i*i {
				t.Errorf("pipeline: got %d, want %d", v, i*i)
			}
		}
	}
}

// SelectReady is two goroutines sending on their own buffered channels
// (capacity 1, so the sends never block) and joined with a WaitGroup;
// then the body selects on both and receives from the other. Both cases
// are ready at the select (the WaitGroup orders the sends before it): the
// select's two alternatives are the only choice, 2 traces.
func SelectReady(t testing.TB) {
	a, b := rt.MakeChan[int](xChan, 1), rt.MakeChan[int](xChan, 1)
	var wg sync.WaitGroup
	rt.WGAdd(xSync, &wg, 2)
	for i, ch := range []chan int{a, b} {
		rt.Go(xGo, func() { defer rt.WGDone(xSync, &wg); rt.Send(xChan, ch, i) })
	}
	rt.WGWait(xSync, &wg)
	ra, rb := rt.RecvCase(a), rt.RecvCase(b)
	if rt.Select(xChan, false, ra, rb) == 0 {
		rt.Recv(xChan, b)
	} else {
		rt.Recv(xChan, a)
	}
}

// Buffered is three senders on one buffered channel of capacity size and
// the body receiving three values. As for FanIn, the sends are pairwise
// dependent and commute with the receives, whether a send finds room, a
// waiting receiver or a full buffer: 3! = 6 traces.
func Buffered(size int) func(testing.TB) {
	return func(t testing.TB) {
		ch := rt.MakeChan[int](xChan, size)
		for i := range 3 {
			rt.Go(xGo, func() { rt.Send(xChan, ch, i) })
		}
		sum := 0
		for range 3 {
			sum += rt.Recv(xChan, ch)
		}
		if sum != 3 {
			t.Errorf("buffered: sum %d, want 3", sum)
		}
	}
}

// CloseWhileReceiving is a goroutine receiving from an unbuffered channel
// that the body closes. The close is dependent with the receive: the
// receive arrives before it (it waits, and the close wakes it) or after
// it, 2 traces; either way it receives the zero value.
func CloseWhileReceiving(t testing.TB) {
	ch := rt.MakeChan[int](xChan, 0)
	done := rt.MakeChan[bool](xChan, 0)
	rt.Go(xGo, func() {
		_, ok := rt.Recv2(xChan, ch)
		rt.Send(xChan, done, ok)
	})
	rt.Close(xChan, ch)
	if rt.Recv(xChan, done) {
		t.Error("close-while-receiving: received a value")
	}
}

// ClosedReceivers is n goroutines receiving from a channel the body
// closed before starting them, joined with a WaitGroup. Each receive is
// announced when the channel is closed and empty, returns the zero value
// at once and commutes with the others: 1 trace.
func ClosedReceivers(n int) func(testing.TB) {
	return func(t testing.TB) {
		ch := rt.MakeChan[int](xChan, 0)
		rt.Close(xChan, ch)
		var wg sync.WaitGroup
		rt.WGAdd(xSync, &wg, n)
		for range n {
			rt.Go(xGo, func() {
				defer rt.WGDone(xSync, &wg)
				if _, ok := rt.Recv2(xChan, ch); ok {
					t.Error("closed receivers: received a value")
				}
			})
		}
		rt.WGWait(xSync, &wg)
	}
}

// WaitGroupJoin is n goroutines writing their own variables, joined with
// a WaitGroup, and the body reading them all. The writes touch distinct
// locations, the Dones commute and the Wait follows them all: 1 trace.
func WaitGroupJoin(n int) func(testing.TB) {
	return func(t testing.TB) {
		vals := rt.MakeSlice(xAlloc, make([]int, n))
		var wg sync.WaitGroup
		rt.WGAdd(xSync, &wg, n)
		for i := range n {
			rt.Go(xGo, func() {
				defer rt.WGDone(xSync, &wg)
				xwr(unsafe.Pointer(&vals[i]))
				vals[i] = i
			})
		}
		rt.WGWait(xSync, &wg)
		for i := range n {
			xrd(unsafe.Pointer(&vals[i]))
		}
	}
}

// CondProducerConsumer is a consumer waiting on a Cond until a producer
// sets a flag under the Cond's Mutex and signals. The operations of the
// Mutex (and the Cond's, which retake it) are dependent, so the two
// critical sections are ordered: the consumer's first (it waits, the
// producer's signal wakes it) or the producer's (the consumer finds the
// flag set and does not wait), 2 traces.
func CondProducerConsumer(t testing.TB) {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	ready := false
	rt.NewObj(xAlloc, &mu)
	rt.NewObj(xAlloc, &ready)
	var wg sync.WaitGroup
	rt.WGAdd(xSync, &wg, 1)
	rt.Go(xGo, func() {
		defer rt.WGDone(xSync, &wg)
		rt.Lock(xSync, &mu)
		for xrd(unsafe.Pointer(&ready)); !ready; xrd(unsafe.Pointer(&ready)) {
			rt.CondWait(xSync, cond)
		}
		rt.Unlock(xSync, &mu)
	})
	rt.Lock(xSync, &mu)
	xwr(unsafe.Pointer(&ready))
	ready = true
	rt.CondSignal(xSync, cond)
	rt.Unlock(xSync, &mu)
	rt.WGWait(xSync, &wg)
}

// MutexCounters is n goroutines incrementing a counter under a Mutex,
// joined with a WaitGroup. The critical sections are ordered by the
// Mutex, every order possible: n! traces.
func MutexCounters(n int) func(testing.TB) {
	return func(t testing.TB) {
		var mu sync.Mutex
		count := 0
		rt.NewObj(xAlloc, &mu)
		rt.NewObj(xAlloc, &count)
		run(repeat(n, func() {
			rt.Lock(xSync, &mu)
			xrd(unsafe.Pointer(&count))
			v := count + 1
			xwr(unsafe.Pointer(&count))
			count = v
			rt.Unlock(xSync, &mu)
		})...)
		if count != n {
			t.Errorf("mutex counters: %d, want %d", count, n)
		}
	}
}

// repeat returns n copies of fn.
func repeat(n int, fn func()) []func() {
	fns := make([]func(), n)
	for i := range fns {
		fns[i] = fn
	}
	return fns
}

// SignalAtomicsAccesses is SignalAtomics's accesses by goroutine, as
// location and whether it is a store: what its trace count is made of.
var SignalAtomicsAccesses = [][]struct {
	Loc   byte
	Store bool
}{
	{{'x', true}, {'y', true}},
	{{'x', true}, {'z', true}},
	{{'y', false}, {'x', false}},
	{{'z', false}, {'x', false}},
}

// SignalAtomics is issue 30's program: two goroutines store x and then y
// (or z), two load y (or z) and then x, all atomically, each goroutine
// signalling the body on its own unbuffered channel made in a loop
// (signal) or with a WaitGroup. Loads commute, so a trace is fixed by
// the order of the two stores of x and, for each load, the stores of its
// location it follows; a brute-force count over the interleavings of the
// eight accesses (SignalAtomicsAccesses) gives 40. The signals add none:
// each channel has one sender and one receiver, the Dones commute.
func SignalAtomics(signal bool) func(testing.TB) {
	return func(t testing.TB) {
		var x, y, z int64
		rt.NewObj(xAlloc, &x)
		rt.NewObj(xAlloc, &y)
		rt.NewObj(xAlloc, &z)
		store := func(p *int64, v int64) { atomic.StoreInt64(rt.Atomic(xAtomic, rt.AStore, p), v) }
		load := func(p *int64) int64 { return atomic.LoadInt64(rt.Atomic(xAtomic, rt.ALoad, p)) }
		fns := []func(){
			func() { store(&x, 1); store(&y, 1) },
			func() { store(&x, 2); store(&z, 1) },
			func() { load(&y); load(&x) },
			func() { load(&z); load(&x) },
		}
		if !signal {
			run(fns...)
			return
		}
		var done []chan struct{}
		for _, f := range fns {
			ch := rt.MakeChan[struct{}](xChan, 0)
			done = append(done, ch)
			rt.Go(xGo, func() { f(); rt.Send(xChan, ch, struct{}{}) })
		}
		for _, ch := range done {
			rt.Recv(xChan, ch)
		}
	}
}

// TwoSenders is two goroutines sending on one unbuffered channel and the
// body receiving both values: the sends are dependent, 2 traces.
func TwoSenders(t testing.TB) {
	ch := rt.MakeChan[int](xChan, 0)
	rt.Go(xGo, func() { rt.Send(xChan, ch, 1) })
	rt.Go(xGo, func() { rt.Send(xChan, ch, 2) })
	if rt.Recv(xChan, ch)+rt.Recv(xChan, ch) != 3 {
		t.Error("two senders: wrong sum")
	}
}
