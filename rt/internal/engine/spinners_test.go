package engine

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// spinOn returns a goroutine function that busy-waits until flag is set.
func spinOn(flag *atomic.Int32) func() {
	return func() {
		for {
			cur().Atomic(0, unsafe.Pointer(flag), sched.OpAtomicLoad)
			if flag.Load() != 0 {
				return
			}
			cur().Yield(0)
		}
	}
}

// runSpinners runs body for n executions at a small step bound and returns
// their results.
func runSpinners(t *testing.T, n int, body func()) []*Result {
	t.Helper()
	e := New(newRandom(1, n), Limits{MaxSteps: 400, SpinThreshold: 10}, nil)
	var out []*Result
	for {
		res, ok := e.Run(body)
		if !ok {
			return out
		}
		out = append(out, res.Clone())
	}
}

// TestSpinnersAfterBodyAreALeak: goroutines still busy-waiting on a flag
// nobody will set after the body returned do not keep the test from
// ending (natively it passes when the body returns): they are leaked, as
// blocked ones would be, not a livelock.
func TestSpinnersAfterBodyAreALeak(t *testing.T) {
	for _, res := range runSpinners(t, 5, func() {
		var flag atomic.Int32
		cur().Go(0, spinOn(&flag))
		cur().Go(0, spinOn(&flag))
	}) {
		wantOutcome(t, res, sched.Leak)
		if msg := res.Failure.Message; !strings.Contains(msg, "busy-waiting") || res.Failure.G < 2 {
			t.Fatalf("failure %+v, want a busy-waiting goroutine blamed", res.Failure)
		}
	}
}

// TestBodyWaitingForSpinnersIsALivelock: a body that waits for goroutines
// busy-waiting on each other never returns: a livelock, although the
// body itself is blocked, not spinning.
func TestBodyWaitingForSpinnersIsALivelock(t *testing.T) {
	for _, res := range runSpinners(t, 5, func() {
		var flag atomic.Int32
		var wg sync.WaitGroup
		g := cur()
		g.WGAdd(0, &wg, 2)
		for range 2 {
			g.Go(0, func() {
				spinOn(&flag)()
				cur().WGAdd(0, &wg, -1)
			})
		}
		g.WGWait(0, &wg)
	}) {
		wantOutcome(t, res, sched.Livelock)
		if !strings.Contains(res.Failure.Message, "busy-waiting or blocked") {
			t.Fatalf("message %q", res.Failure.Message)
		}
	}
}

// TestSpinnersAndBlockedAfterBodyAreALeak: a goroutine blocked on a
// channel nobody sends on does not make the busy-waiting ones after the
// body returned any less leaked: it is leaked too.
func TestSpinnersAndBlockedAfterBodyAreALeak(t *testing.T) {
	for _, res := range runSpinners(t, 5, func() {
		var flag atomic.Int32
		g := cur()
		ch := make(chan int)
		g.MakeChan(ChanKey(ch), 0)
		g.Go(0, func() {
			c := &RecvCase[int]{Ch: ch}
			cur().Select(0, sched.OpRecv, false, []Case{c})
		})
		g.Go(0, spinOn(&flag))
		g.Go(0, spinOn(&flag))
	}) {
		wantOutcome(t, res, sched.Leak)
	}
}

// pollClosed returns a goroutine function that loops receiving from the
// closed channel done (which returns at once) until flag is set, as ants'
// ReleaseContext loops on a closed allDone until the purge goroutine
// stores purgeDone.
func pollClosed(done chan struct{}, flag *atomic.Int32) func() {
	return func() {
		for {
			c := &RecvCase[struct{}]{Ch: done}
			cur().Select(0, sched.OpRecv, false, []Case{c})
			cur().Atomic(0, unsafe.Pointer(flag), sched.OpAtomicLoad)
			if flag.Load() != 0 {
				return
			}
		}
	}
}

// closedChan makes a modelled channel and closes it.
func closedChan() chan struct{} {
	g := cur()
	ch := make(chan struct{})
	g.MakeChan(ChanKey(ch), 0)
	g.Close(0, ChanKey(ch), func() { close(ch) })
	return ch
}

// TestClosedChannelPollIsBusyWaiting: receiving from a closed channel
// returns at once and changes nothing, so a loop of such receives and
// reads busy-waits: two of them that wait for a flag nobody sets, with
// the body waiting for them, are a livelock, not a long execution.
func TestClosedChannelPollIsBusyWaiting(t *testing.T) {
	for _, res := range runSpinners(t, 3, func() {
		var flag atomic.Int32
		var wg sync.WaitGroup
		g := cur()
		done := closedChan()
		g.WGAdd(0, &wg, 2)
		for range 2 {
			g.Go(0, func() {
				pollClosed(done, &flag)()
				cur().WGAdd(0, &wg, -1)
			})
		}
		g.WGWait(0, &wg)
	}) {
		wantOutcome(t, res, sched.Livelock)
	}
}

// TestClosedChannelPollerLetsTimePass: while the only runnable goroutine
// polls a closed channel, the virtual clock moves on to the sleeper that
// sets its flag, and the execution ends normally.
func TestClosedChannelPollerLetsTimePass(t *testing.T) {
	for _, res := range runSpinners(t, 3, func() {
		var flag atomic.Int32
		g := cur()
		done := closedChan()
		g.Go(0, func() {
			cur().Sleep(0, time.Hour)
			cur().Atomic(0, unsafe.Pointer(&flag), sched.OpAtomicStore)
			flag.Store(1)
		})
		pollClosed(done, &flag)()
	}) {
		if res.Failure != nil || res.Outcome != sched.OK {
			t.Fatalf("outcome %v (%+v), want a normal end", res.Outcome, res.Failure)
		}
	}
}

// spinlessFirst is a priority strategy in miniature: the enabled
// goroutine of highest ID that is not spinning runs, else the highest
// spinner (later goroutines rank higher, as PCT's random priorities may
// rank a pool's workers above the test body).
type spinlessFirst struct{ left int }

func (s *spinlessFirst) Begin(p *sched.Plan) bool {
	s.left--
	p.TrackAll = true
	return s.left >= 0
}
func (s *spinlessFirst) Choose(_ *sched.View, n int) int { return 0 }
func (s *spinlessFirst) End(*sched.Execution)            {}
func (s *spinlessFirst) Pick(v *sched.View) int {
	best, spinner := 0, 0
	for _, g := range v.Goroutines {
		switch {
		case !g.Enabled:
		case !g.Spinning:
			best = max(best, g.ID)
		default:
			spinner = max(spinner, g.ID)
		}
	}
	if best == 0 {
		return spinner
	}
	return best
}

// TestOthersWritesDoNotRestartSpins: a write to a location the spinners
// do not read leaves them spinning once each has re-read its locations:
// it does not cost every spinner SpinThreshold more idle steps (with ten
// spinners and fifty writes, that was 100,000 steps of spinning; ants'
// TestMultiPoolReleaseContext, fifty spinners, ran into the step bound).
func TestOthersWritesDoNotRestartSpins(t *testing.T) {
	e := New(&spinlessFirst{left: 1}, Limits{MaxSteps: 20000, SpinThreshold: 100}, nil)
	res, _ := e.Run(func() {
		var flag atomic.Int32
		var wg sync.WaitGroup
		g := cur()
		g.WGAdd(0, &wg, 10)
		for range 10 {
			g.Go(0, func() {
				spinOn(&flag)()
				cur().WGAdd(0, &wg, -1)
			})
		}
		n := 0
		for range 50 {
			g.Access(1, unsafe.Pointer(&n), true)
			n++
		}
		g.Atomic(0, unsafe.Pointer(&flag), sched.OpAtomicStore)
		flag.Store(1)
		g.WGWait(0, &wg)
	})
	if res.Failure != nil || res.Outcome != sched.OK {
		t.Fatalf("outcome %v (%+v) after %d steps, want a normal end", res.Outcome, res.Failure, len(res.Trace))
	}
}

// TestPollThatReceivesIsProgress: a select with a default that receives a
// value is progress, not a poll. A goroutine polls a buffered channel
// until it has received three values; the body fills it after a sleep and
// then sleeps an hour. Counting each receive as a poll kept the poller
// marked spinning while the body slept, and virtual time jumped the hour
// between its receives (gocron's executor, collecting three "done"
// values, missed its stop timeout so). The poller must finish at the
// time the values were sent.
func TestPollThatReceivesIsProgress(t *testing.T) {
	e := New(newRandom(5, 40), Limits{SpinThreshold: 10}, nil)
	for {
		var at time.Duration
		res, ok := e.Run(func() {
			c := make(chan int, 3)
			g := cur()
			g.MakeChan(ChanKey(c), 3)
			g.Go(0, func() {
				g := cur()
				for n := 0; n < 3; {
					if g.Select(1, sched.OpSelect, true, []Case{&RecvCase[int]{Ch: c}}) == 0 {
						n++
					}
				}
				at = g.x.now
			})
			g.Sleep(2, time.Millisecond) // the poller spins: the clock moves
			for i := range 3 {
				send(c, i)
			}
			g.Sleep(3, time.Hour)
		})
		if !ok {
			return
		}
		wantOutcome(t, res, sched.OK)
		if at != time.Millisecond {
			t.Fatalf("execution %d: the poller received its values at %v of virtual time, want 1ms (when they were sent)", res.N, at)
		}
	}
}

// TestSpinnerSeesItsDeadlineFirst: a goroutine polls until the virtual
// clock passes a deadline of its own (10 s, no timer), while the body
// sleeps 12 s. Natively the poller is done two seconds before the body
// wakes; the clock must not jump to the body's wake-up at once, where
// both would be due together (gocron's executor against Shutdown's
// context).
func TestSpinnerSeesItsDeadlineFirst(t *testing.T) {
	e := New(newRandom(6, 40), Limits{SpinThreshold: 10}, nil)
	for {
		var doneFirst bool
		res, ok := e.Run(func() {
			c := make(chan int)
			var done atomic.Int32
			g := cur()
			g.MakeChan(ChanKey(c), 0)
			g.Go(0, func() {
				g := cur()
				for deadline := g.x.now + 10*time.Second; g.x.now < deadline; {
					g.Select(1, sched.OpSelect, true, []Case{&RecvCase[int]{Ch: c}})
				}
				setFlag(g, &done)
			})
			g.Sleep(2, 12*time.Second)
			doneFirst = loadFlag(g, &done)
		})
		if !ok {
			return
		}
		wantOutcome(t, res, sched.OK)
		if !doneFirst {
			t.Fatalf("execution %d: the body woke at 12 s before the poller saw its 10 s deadline pass", res.N)
		}
	}
}

// TestBoundedIdleLoopsAreNoLivelock: goroutines whose loops are bounded by
// a local counter, and whose steps change nothing shared (otter's lossy
// buffer: adds to full stripes drop the element, then a yield), look like
// busy-waiting goroutines at the step bound. Natively the loops end and
// the test passes: the probation past the bound sees them exit, and the
// bound proves nothing (StepBound, no failure).
func TestBoundedIdleLoopsAreNoLivelock(t *testing.T) {
	for _, res := range runSpinners(t, 5, func() {
		var full atomic.Int32 // the stripes: always full
		var wg sync.WaitGroup
		g := cur()
		g.WGAdd(0, &wg, 2)
		for range 2 {
			g.Go(0, func() {
				for range 100 { // 200 steps each, as many as the body's
					cur().Atomic(0, unsafe.Pointer(&full), sched.OpAtomicLoad)
					cur().Yield(0)
				}
				cur().WGAdd(0, &wg, -1)
			})
		}
		for range 100 { // all three still loop at the bound (400); 600 steps in all
			g.Atomic(0, unsafe.Pointer(&full), sched.OpAtomicLoad)
			g.Yield(0)
		}
		g.WGWait(0, &wg)
	}) {
		if res.Failure != nil {
			t.Fatalf("bounded loops reported: %v: %s", res.Outcome, res.Failure.Message)
		}
		if res.Outcome != sched.StepBound && res.Outcome != sched.OK {
			t.Fatalf("outcome %v, want the bound reached without a verdict (or none)", res.Outcome)
		}
	}
}
