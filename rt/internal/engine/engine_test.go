package engine

import (
	"math/rand"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// randomWalk is a minimal strategy for engine tests (the real strategies
// live in rt/internal/strategy and are tested there).
type randomWalk struct {
	rng   *rand.Rand
	left  int
	label string
}

func newRandom(seed int64, n int) *randomWalk {
	return &randomWalk{rng: rand.New(rand.NewSource(seed)), left: n}
}

func (r *randomWalk) Begin(p *sched.Plan) bool {
	if r.left == 0 {
		return false
	}
	r.left--
	p.TrackAll = true
	return true
}
func (r *randomWalk) Pick(v *sched.View) int          { return v.Enabled[r.rng.Intn(len(v.Enabled))] }
func (r *randomWalk) Choose(_ *sched.View, n int) int { return r.rng.Intn(n) }
func (r *randomWalk) End(*sched.Execution)            {}

// explore runs body under random walk until a failure or n executions.
func explore(t *testing.T, n int, body func()) *Result {
	t.Helper()
	return exploreWithin(t, n, Limits{MaxSteps: 10000}, body)
}

// blockedTime are limits under which the virtual clock moves only when no
// goroutine can run (VTBOUND_TIME=blocked): for tests that order
// goroutines with sleeps to reach the state they check.
var blockedTime = Limits{MaxSteps: 10000, WakeWindow: -1}

// exploreWithin is explore under the limits lim.
func exploreWithin(t *testing.T, n int, lim Limits, body func()) *Result {
	t.Helper()
	e := New(newRandom(1, n), lim, nil)
	for {
		res, ok := e.Run(body)
		if !ok {
			return nil
		}
		if res.Failure != nil || len(res.RaceReports) > 0 {
			return res
		}
	}
}

func cur() *G { return Current() }

func wantOutcome(t *testing.T, res *Result, want sched.Outcome) {
	t.Helper()
	if res == nil {
		t.Fatalf("no failure found, want %v", want)
	}
	if res.Outcome != want {
		msg := ""
		if res.Failure != nil {
			msg = res.Failure.Message
		}
		t.Fatalf("outcome %v (%s), want %v", res.Outcome, msg, want)
	}
}

func TestDeadlockABBA(t *testing.T) {
	res := explore(t, 2000, func() {
		var a, b sync.Mutex
		g := cur()
		g.Go(0, func() {
			g := cur()
			g.Lock(0, &a)
			g.Lock(0, &b)
			g.Unlock(0, &b)
			g.Unlock(0, &a)
		})
		g.Lock(0, &b)
		g.Lock(0, &a)
		g.Unlock(0, &a)
		g.Unlock(0, &b)
	})
	wantOutcome(t, res, sched.Deadlock)
}

func TestMutexOrdersAccesses(t *testing.T) {
	res := explore(t, 500, func() {
		var mu sync.Mutex
		n := 0
		g := cur()
		for range 2 {
			g.Go(0, func() {
				g := cur()
				g.Lock(0, &mu)
				g.Access(0, unsafe.Pointer(&n), true)
				n++
				g.Unlock(0, &mu)
			})
		}
	})
	if res != nil {
		t.Fatalf("unexpected %v: %+v", res.Outcome, res.Failure)
	}
}

func TestRaceWithoutLock(t *testing.T) {
	res := explore(t, 500, func() {
		n := 0
		g := cur()
		g.Go(0, func() { cur().Access(0, unsafe.Pointer(&n), true); n++ })
		g.Access(0, unsafe.Pointer(&n), false)
		_ = n
	})
	wantOutcome(t, res, sched.Race)
}

func TestPanicIsCaught(t *testing.T) {
	res := explore(t, 10, func() {
		cur().Go(0, func() { panic("boom") })
	})
	wantOutcome(t, res, sched.Panicked)
	if !strings.Contains(res.Failure.Message, "boom") || res.Failure.G != 2 {
		t.Fatalf("failure = %+v", res.Failure)
	}
}

func TestLeakAfterBodyReturns(t *testing.T) {
	res := explore(t, 10, func() {
		g := cur()
		ch := make(chan int)
		g.MakeChan(ChanKey(ch), 0)
		g.Go(0, func() {
			c := &SendCase[int]{Ch: ch, V: 1}
			cur().Select(0, sched.OpSend, false, []Case{c})
		})
	})
	wantOutcome(t, res, sched.Leak)
}

// TestLivelockBound: goroutines that busy-wait on each other until the
// step bound are a livelock.
func TestLivelockBound(t *testing.T) {
	e := New(newRandom(1, 1), Limits{MaxSteps: 50, SpinThreshold: 10}, nil)
	res, _ := e.Run(func() {
		spin := func() {
			for {
				cur().Yield(0)
			}
		}
		cur().Go(0, spin)
		spin()
	})
	wantOutcome(t, res, sched.Livelock)
}

// TestOneSpinnerIsNotALivelock: one goroutine taking many idle steps (a
// long loop of map deletes reads one location again and again) is not a
// livelock: nobody waits on anybody.
func TestOneSpinnerIsNotALivelock(t *testing.T) {
	e := New(newRandom(1, 1), Limits{MaxSteps: 50, SpinThreshold: 10}, nil)
	m := map[int]int{}
	res, _ := e.Run(func() {
		cur().Go(0, func() {}) // a goroutine that has ended
		for i := 0; ; i++ {
			cur().Access(0, unsafe.Pointer(&m), false)
			delete(m, i)
		}
	})
	if res.Failure != nil || res.Outcome != sched.StepBound {
		t.Fatalf("outcome %v (%+v), want step bound without failure", res.Outcome, res.Failure)
	}
}

func TestGoroutinesReleasedBetweenExecutions(t *testing.T) {
	var live sync.WaitGroup
	e := New(newRandom(3, 20), Limits{}, nil)
	for {
		res, ok := e.Run(func() {
			g := cur()
			ch := make(chan int)
			g.MakeChan(ChanKey(ch), 0)
			for range 3 {
				live.Add(1)
				g.Go(0, func() {
					defer live.Done()
					c := &RecvCase[int]{Ch: ch}
					cur().Select(0, sched.OpRecv, false, []Case{c})
				})
			}
		})
		if !ok {
			break
		}
		if res.Outcome != sched.Leak {
			t.Fatalf("outcome %v, want leak", res.Outcome)
		}
	}
	live.Wait() // every blocked goroutine has run its deferred calls
}

func TestUncontrolledChannelIsPolled(t *testing.T) {
	e := New(newRandom(1, 3), Limits{PollTimeout: 5 * time.Second}, nil)
	for {
		res, ok := e.Run(func() {
			ch := make(chan int) // not made by controlled code
			go func() {          // uncontrolled goroutine
				time.Sleep(2 * time.Millisecond)
				ch <- 7
			}()
			c := &RecvCase[int]{Ch: ch}
			cur().Select(0, sched.OpRecv, false, []Case{c})
			if c.V != 7 {
				panic("wrong value")
			}
		})
		if !ok {
			return
		}
		if res.Failure != nil || !res.Uncontrolled {
			t.Fatalf("failure %+v, uncontrolled %v", res.Failure, res.Uncontrolled)
		}
	}
}

// TestRealTimeKeepsUp: once uncontrolled code took part in an execution,
// the virtual clock does not run ahead of real time. An uncontrolled
// server goroutine answers whether real time is past a deadline the body
// computed on the virtual clock; after the body slept past the deadline,
// the server agrees, as natively (hashicorp/go-retryablehttp).
func TestRealTimeKeepsUp(t *testing.T) {
	e := New(newRandom(1, 3), Limits{}, nil)
	for {
		res, ok := e.Run(func() {
			g := cur()
			passAfter := g.Now().Add(20 * time.Millisecond)
			// not made by controlled code; the server is uncontrolled and
			// reads real time
			ask, answer := make(chan struct{}), make(chan bool)
			go func() {
				for range ask {
					answer <- time.Now().After(passAfter)
				}
			}()
			defer close(ask)
			for try := 0; ; try++ {
				cur().Select(0, sched.OpSend, false, []Case{&SendCase[struct{}]{Ch: ask}})
				c := &RecvCase[bool]{Ch: answer}
				cur().Select(0, sched.OpRecv, false, []Case{c})
				if c.V {
					return
				}
				if try == 10 {
					panic("the server never saw the deadline pass")
				}
				g.Sleep(0, 5*time.Millisecond)
			}
		})
		if !ok {
			return
		}
		if res.Failure != nil {
			t.Fatalf("failure %+v", res.Failure)
		}
	}
}

func TestUncontrolledWaitEndsAsDeadlock(t *testing.T) {
	e := New(newRandom(1, 1), Limits{PollTimeout: 50 * time.Millisecond}, nil)
	res, _ := e.Run(func() {
		ch := make(chan int) // nobody will ever send
		c := &RecvCase[int]{Ch: ch}
		cur().Select(0, sched.OpRecv, false, []Case{c})
	})
	wantOutcome(t, res, sched.Deadlock)
	if !res.Uncontrolled {
		t.Fatal("report does not say uncontrolled code was involved")
	}
}

func TestStuckGoroutineTimesOut(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	e := New(newRandom(1, 1), Limits{Timeout: 100 * time.Millisecond}, nil)
	res, _ := e.Run(func() {
		<-release // blocked in uncontrolled code while holding the token
	})
	wantOutcome(t, res, sched.Timeout)
}

// TestStepBoundIsNotAFailure: a long execution that keeps changing shared
// state ends at the bound as StepBound, not as a livelock.
func TestStepBoundIsNotAFailure(t *testing.T) {
	e := New(newRandom(1, 1), Limits{MaxSteps: 50, SpinThreshold: 10}, nil)
	res, _ := e.Run(func() {
		n := 0
		for {
			cur().Access(0, unsafe.Pointer(&n), true)
			n++
		}
	})
	if res.Failure != nil || res.Outcome != sched.StepBound {
		t.Fatalf("outcome %v (%+v), want step bound without failure", res.Outcome, res.Failure)
	}
}

// TestBackgroundPollerEndsExecution: a goroutine that keeps waking on a
// real ticker (uncontrolled) after the body returned ends the execution
// without a leak report, instead of keeping it alive for ever.
func TestBackgroundPollerEndsExecution(t *testing.T) {
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	e := New(newRandom(1, 3), Limits{}, nil)
	for {
		res, ok := e.Run(func() {
			cur().Go(0, func() {
				for {
					c := &RecvCase[time.Time]{Ch: tick.C}
					cur().Select(0, sched.OpRecv, false, []Case{c})
				}
			})
		})
		if !ok {
			return
		}
		if res.Failure != nil {
			t.Fatalf("failure %+v", res.Failure)
		}
	}
}

// TestScanIsNotBusyWaiting: a goroutine reading many distinct locations
// is not spinning, so reaching the bound is not a livelock.
func TestScanIsNotBusyWaiting(t *testing.T) {
	e := New(newRandom(1, 1), Limits{MaxSteps: 200, SpinThreshold: 10}, nil)
	var cells [1000]int
	res, _ := e.Run(func() {
		for i := 0; ; i = (i + 1) % len(cells) {
			cur().Access(0, unsafe.Pointer(&cells[i]), false)
		}
	})
	if res.Failure != nil || res.Outcome != sched.StepBound {
		t.Fatalf("outcome %v (%+v), want step bound", res.Outcome, res.Failure)
	}
}

// TestNowIncludesVirtualSleep: time measured across a Sleep is at least
// the time slept, although no real time passes.
func TestNowIncludesVirtualSleep(t *testing.T) {
	e := New(newRandom(1, 1), Limits{}, nil)
	var elapsed time.Duration
	e.Run(func() {
		g := cur()
		start := g.Now()
		g.Sleep(0, time.Hour)
		elapsed = cur().Now().Sub(start)
	})
	if elapsed < time.Hour {
		t.Fatalf("elapsed %v across Sleep(1h)", elapsed)
	}
}

// TestPoolPutHappensBeforeGet: an object handed over through a sync.Pool
// does not race; without the pool edge the same hand-over does.
func TestPoolPutHappensBeforeGet(t *testing.T) {
	for _, usePool := range []bool{true, false} {
		var pool sync.Pool
		res := explore(t, 300, func() {
			x, done := 0, false
			cur().Go(0, func() {
				g := cur()
				g.Access(0, unsafe.Pointer(&x), true)
				x = 1
				g.PoolPut(&pool)
				done = true
			})
			for !done {
				cur().Yield(0)
			}
			if usePool {
				cur().PoolGet(&pool)
			}
			cur().Access(0, unsafe.Pointer(&x), false)
		})
		if got := res != nil && res.Outcome == sched.Race; got == usePool {
			t.Errorf("with pool edge %v: race reported = %v", usePool, got)
		}
	}
}

// TestParseSiteTable: the text form of a site table round-trips every
// field, quoted fields included, and malformed lines are errors.
func TestParseSiteTable(t *testing.T) {
	table := "a.go\t3\t7\tKRead\tpkg.T.f\tp.f\n" +
		"b.go\t9\t1\tKAlloc\t\t\n" +
		`"c\td.go"` + "\t1\t2\tKChan\t\t" + `"m[\"a\tb\"]"` + "\n"
	got, err := parseSiteTable(table)
	if err != nil {
		t.Fatal(err)
	}
	want := []Site{
		{File: "a.go", Line: 3, Col: 7, Kind: KRead, Group: "pkg.T.f", Name: "p.f"},
		{File: "b.go", Line: 9, Col: 1, Kind: KAlloc},
		{File: "c\td.go", Line: 1, Col: 2, Kind: KChan, Name: "m[\"a\tb\"]"},
	}
	if len(got) != len(want) {
		t.Fatalf("parsed %d sites, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("site %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if s, err := parseSiteTable(""); err != nil || len(s) != 0 {
		t.Errorf("empty table: %v, %v", s, err)
	}
	for _, bad := range []string{"a.go\t1\t2\tKRead\tg\n", "a.go\tx\t2\tKRead\tg\tn\n", "a.go\t1\t2\tKNope\tg\tn\n", `"a.go` + "\t1\t2\tKRead\tg\tn\n"} {
		if _, err := parseSiteTable(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
