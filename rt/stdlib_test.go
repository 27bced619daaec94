package rt_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/internal/engine"
)

// stdlibPrimitives are the programs over the standard library's modelled
// blocking surface (timers, tickers, AfterFunc, context, OnceFunc, Cond
// with any Locker, sync.Locker calls), written as rewritten code calls rt.
func stdlibPrimitives() []primitive {
	return append(append(timerPrimitives(), contextPrimitives()...), syncxPrimitives()...)
}

func timerPrimitives() []primitive {
	return []primitive{
		// A write before Reset happens before the receive of the value the
		// reset timer sends (the race detector has the same edges).
		{name: "timer-reset-no-race", only: []string{"got=1"}, body: func(t *testing.T, o *outcomes) {
			tm := rt.NewTimer(pSched, time.Hour)
			x := 0
			rt.Go(pGo, func() {
				write(gx, &x)
				x = 1
				rt.TimerReset(pSched, tm, time.Millisecond)
			})
			rt.Recv(pChan, tm.C)
			read(gx, &x)
			o.add("got=%d", x)
		}},
		{name: "timer-stop-discards", body: timerStopDiscards},
		{name: "ticker", body: ticker},
		{name: "ticker-worker", body: tickerWorker, only: []string{"handled"}},
		{name: "spinners-see-flag", body: spinnersSeeFlag, only: []string{"stopped"}},
		{name: "computing-loop", body: computingLoop, only: []string{"computed"}},
		{name: "notifying-loop", body: notifyingLoop, only: []string{"scheduled"}},
		{name: "tick-never-stopped", body: func(t *testing.T, o *outcomes) {
			c := rt.Tick(pSched, time.Second)
			rt.Recv(pChan, c)
			rt.Recv(pChan, c)
		}},
		{name: "afterfunc-reset", body: func(t *testing.T, o *outcomes) {
			done := rt.MakeChan[bool](pChan, 0)
			start := rt.Now(pSched)
			tm := rt.AfterFunc(pSched, time.Hour, func() { rt.Close(pChan, done) })
			rt.TimerReset(pSched, tm, time.Millisecond)
			rt.Recv(pChan, done)
			if d := rt.Since(pSched, start); d >= time.Hour {
				t.Errorf("AfterFunc ran at %v, after its old deadline: Reset was ignored", d)
			}
		}},
	}
}

// timerStopDiscards: Stop and Reset leave no stale value in the channel
// (Go 1.23 semantics), and Stop reports whether it stopped the timer.
func timerStopDiscards(t *testing.T, o *outcomes) {
	tm := rt.NewTimer(pSched, time.Millisecond)
	rt.Sleep(pSched, 2*time.Millisecond) // the timer fires meanwhile
	rt.TimerStop(pSched, tm)
	if rt.Select(pChan, true, rt.RecvCase(tm.C)) != -1 {
		t.Errorf("received a stale value after Stop")
	}
	if rt.TimerStop(pSched, tm) {
		t.Errorf("second Stop returned true")
	}
	rt.TimerReset(pSched, tm, time.Minute)
	if !rt.TimerStop(pSched, tm) {
		t.Errorf("Stop of a pending timer returned false")
	}
	rt.TimerReset(pSched, tm, time.Millisecond)
	rt.Recv(pChan, tm.C)
}

// ticker: ticks come every period of virtual time, Reset changes the
// period, Stop ends them.
func ticker(t *testing.T, o *outcomes) {
	start := rt.Now(pSched)
	tk := rt.NewTicker(pSched, 10*time.Millisecond)
	for range 3 {
		rt.Recv(pChan, tk.C)
	}
	if d := rt.Since(pSched, start); d < 30*time.Millisecond {
		t.Errorf("3 ticks of 10ms after %v", d)
	}
	rt.TickerReset(pSched, tk, time.Hour)
	rt.Recv(pChan, tk.C)
	if d := rt.Since(pSched, start); d < time.Hour {
		t.Errorf("tick after Reset(1h) at %v", d)
	}
	rt.TickerStop(pSched, tk)
	rt.Sleep(pSched, 2*time.Hour)
	if rt.Select(pChan, true, rt.RecvCase(tk.C)) != -1 {
		t.Errorf("tick after Stop")
	}
}

// deadlineVsWork returns the program in which a worker sleeps work and
// sends its result while a 10 ms deadline runs.
func deadlineVsWork(work time.Duration) func(t *testing.T, o *outcomes) {
	return func(t *testing.T, o *outcomes) {
		ctx, cancel := rt.WithTimeout(pSync, context.Background(), 10*time.Millisecond)
		defer cancel()
		done := rt.MakeChan[int](pChan, 1)
		rt.Go(pGo, func() { rt.Sleep(pSched, work); rt.Send(pChan, done, 1) })
		if rt.Select(pChan, false, rt.RecvCase(ctx.Done()), rt.RecvCase(done)) == 0 {
			o.add("deadline")
		} else {
			o.add("work")
		}
	}
}

// tickerWorker: a background worker handles every tick of a 1 ms ticker
// while the body sleeps 200 ms, as natively (hashicorp/golang-lru's
// expirable cache purges on such a ticker, and its test sleeps): the
// worker's blocking select is no busy-wait, so virtual time does not pass
// while it can still take its tick.
func tickerWorker(t *testing.T, o *outcomes) {
	var mu sync.Mutex
	n := 0
	done := rt.MakeChan[struct{}](pChan, 0)
	tk := rt.NewTicker(pSched, time.Millisecond)
	rt.Go(pGo, func() {
		for {
			if rt.Select(pChan, false, rt.RecvCase(done), rt.RecvCase(tk.C)) == 0 {
				return
			}
			rt.Lock(pSync, &mu)
			n++
			rt.Unlock(pSync, &mu)
		}
	})
	rt.Sleep(pSched, 200*time.Millisecond)
	rt.Lock(pSync, &mu)
	got := n
	rt.Unlock(pSync, &mu)
	rt.Close(pChan, done)
	rt.TickerStop(pSched, tk)
	// A tick that fires early, while the worker has not received the
	// last one, is dropped, as natively when the worker is delayed by a
	// millisecond: at most one per wake-up that races with work.
	if want := 199 - engine.DefaultLimits.EarlyWakes; got < want {
		t.Errorf("the worker handled %d ticks of 1 ms in 200 ms, want at least %d", got, want)
	}
	o.add("handled")
}

// spinnersSeeFlag: goroutines spinning on a flag (a load and a Gosched)
// see it set before virtual time passes: once the flag is written they
// are no longer busy-waiting, so the body's 1 s deadline cannot expire
// before they stop (ants' TestMultiPool gives its spinning workers 3 s).
func spinnersSeeFlag(t *testing.T, o *outcomes) {
	var flag int32
	left := rt.MakeChan[int](pChan, 3)
	for range 3 {
		rt.Go(pGo, func() {
			for atomic.LoadInt32(rt.Atomic(pAtomic, rt.ALoad, &flag)) == 0 {
				rt.Gosched(pSched)
			}
			rt.Send(pChan, left, 1)
		})
	}
	rt.Sleep(pSched, time.Millisecond) // the spinners spin meanwhile
	atomic.StoreInt32(rt.Atomic(pAtomic, rt.AStore, &flag), 1)
	ctx, cancel := rt.WithTimeout(pSync, context.Background(), time.Second)
	defer cancel()
	for range 3 {
		if rt.Select(pChan, false, rt.RecvCase(ctx.Done()), rt.RecvCase(left)) == 0 {
			t.Errorf("the spinners did not stop within 1 s of virtual time after the flag was set")
			return
		}
	}
	o.add("stopped")
}

// computingLoop: a goroutine that re-reads a few shared fields while it
// computes with local variables (robfig/cron's schedule search walks day by
// day so) is not busy-waiting: no virtual time passes during the loop, and
// the timeout the body set does not fire before the result is sent.
func computingLoop(t *testing.T, o *outcomes) {
	spec := struct{ dom, dow int }{dom: 31, dow: 7}
	done := rt.MakeChan[int](pChan, 1)
	rt.Go(pGo, func() {
		day := 0
		for range 1000 { // ten times the spin threshold
			read(gx, &spec.dom)
			read(gy, &spec.dow)
			day = (day + spec.dom + spec.dow) % 366
		}
		rt.Send(pChan, done, day)
	})
	noTimeFor(t, o, done, "computed", "a loop of plain reads")
}

// noTimeFor records outcome when done delivers before a 1 s timeout the
// body sets now, and fails t when the timeout fires first: virtual time
// passed during the loop that what describes.
func noTimeFor(t *testing.T, o *outcomes, done chan int, outcome, what string) {
	timeout := rt.After(pSched, time.Second)
	if rt.Select(pChan, false, rt.RecvCase(timeout), rt.RecvCase(done)) == 0 {
		t.Errorf("the timeout fired first: virtual time passed during %s", what)
		return
	}
	o.add("%s", outcome)
}

// notifyingLoop: a loop that locks a mutex around writes the execution
// does not see and notifies a worker with a non-blocking send that finds
// it notified already (reugn/go-quartz's ScheduleJob, muesli/cache2go's
// Add) is working, not busy-waiting: virtual time must not pass during
// it, or the body's deadline fires first.
func notifyingLoop(t *testing.T, o *outcomes) {
	var mu sync.Mutex
	wake := rt.MakeChan[struct{}](pChan, 1)
	done := rt.MakeChan[int](pChan, 1)
	rt.Go(pGo, func() {
		jobs := 0
		for range 300 { // 900 steps, nine times the spin threshold
			rt.Lock(pSync, &mu)
			jobs++ // untracked, as a write to an untracked group is
			rt.Unlock(pSync, &mu)
			rt.Select(pChan, true, rt.SendCase(wake, struct{}{}))
		}
		rt.Send(pChan, done, jobs)
	})
	noTimeFor(t, o, done, "scheduled", "a loop of locks and notifications")
}

type ctxKeyT struct{}

var errStdlibCause = errors.New("the cause")

func contextPrimitives() []primitive {
	return []primitive{
		{name: "context-cancel-tree", body: contextCancelTree},
		{name: "context-deadline", body: func(t *testing.T, o *outcomes) {
			start := rt.Now(pSched)
			ctx, cancel := rt.WithTimeout(pSync, context.Background(), 10*time.Millisecond)
			defer cancel()
			rt.Recv(pChan, ctx.Done())
			if ctx.Err() != context.DeadlineExceeded || rt.Since(pSched, start) < 10*time.Millisecond {
				t.Errorf("Err = %v after %v", ctx.Err(), rt.Since(pSched, start))
			}
			if dl, ok := ctx.Deadline(); !ok || dl.Before(start) {
				t.Errorf("Deadline() = %v, %v", dl, ok)
			}
		}},
		// Work that takes as long as the deadline: both orders happen.
		{name: "context-deadline-races-work", seen: []string{"deadline", "work"}, body: deadlineVsWork(10 * time.Millisecond)},
		// Shorter work wins unless the worker is delayed after its sleep
		// for as long again: on a loaded machine it can be, so the
		// deadline may fire first (a wake-up racing with work).
		{name: "context-deadline-after-work", seen: []string{"deadline", "work"}, body: deadlineVsWork(5 * time.Millisecond)},
		// With time as a barrier (VTBOUND_TIME=blocked), the shorter work
		// always wins.
		{name: "context-deadline-after-work-blocked", only: []string{"work"}, env: []string{"VTBOUND_TIME=blocked"}, body: deadlineVsWork(5 * time.Millisecond)},
		{name: "context-afterfunc-stop", seen: []string{"stopped=true", "stopped=false ran"}, body: func(t *testing.T, o *outcomes) {
			ctx, cancel := rt.WithCancel(pSync, context.Background())
			ran := rt.MakeChan[bool](pChan, 1)
			stop := rt.ContextAfterFunc(pSync, ctx, func() { rt.Send(pChan, ran, true) })
			rt.Go(pGo, cancel)
			stopped := stop()
			o.add("stopped=%v", stopped)
			if !stopped {
				rt.Recv(pChan, ran)
				o.add("ran")
			}
		}},
		// t.Context() is cancelled when the body returns, before the leak
		// check: a goroutine waiting on it is no leak; a timeout derived
		// from it is modelled.
		{name: "t-context", body: func(t *testing.T, o *outcomes) {
			ctx := rt.TContext(pSync, t)
			if rt.TContext(pSync, t) != ctx {
				t.Errorf("t.Context() returned two contexts")
			}
			rt.Go(pGo, func() { rt.Recv(pChan, ctx.Done()) })
			sub, cancel := rt.WithTimeout(pSync, ctx, time.Hour)
			defer cancel()
			rt.Recv(pChan, sub.Done())
			if sub.Err() != context.DeadlineExceeded || ctx.Err() != nil {
				t.Errorf("Err = %v, t.Context().Err() = %v", sub.Err(), ctx.Err())
			}
		}},
		// A loop polling Err lets the canceller run (Err is a scheduling point).
		{name: "context-err-poll", body: func(t *testing.T, o *outcomes) {
			ctx, cancel := rt.WithCancel(pSync, context.Background())
			rt.Go(pGo, cancel)
			for ctx.Err() == nil {
			}
		}},
		{name: "context-cancel-released", seen: []string{"previous cancelled"},
			only: []string{"first", "previous cancelled"}, body: contextCancelReleased},
		{name: "context-never-cancelled", oracle: "goroutine leak", body: func(t *testing.T, o *outcomes) {
			ctx, _ := rt.WithCancel(pSync, context.Background())
			rt.Go(pGo, func() { rt.Recv(pChan, ctx.Done()) })
		}},
		{name: "cleanup-stops-loop", only: []string{"order=[2 1]"}, body: cleanupStopsLoop},
		// Cancelling a context commits a select parked on its Done channel
		// to that case, as a close does: a value sent right after the
		// cancel, by the canceller, is never taken instead. Directly,
		// through a parent, and by the deadline.
		{name: "context-cancel-commits-select", only: []string{"done"}, body: cancelCommitsSelect(func(parent context.Context) (context.Context, func()) {
			ctx, cancel := rt.WithCancel(pSync, parent)
			return ctx, cancel
		})},
		{name: "context-parent-cancel-commits-select", only: []string{"done"}, body: cancelCommitsSelect(func(parent context.Context) (context.Context, func()) {
			mid, cancel := rt.WithCancel(pSync, parent)
			ctx, _ := rt.WithCancel(pSync, mid)
			return ctx, cancel
		})},
		{name: "context-deadline-commits-select", only: []string{"done"}, body: deadlineCommitsSelect},
	}
}

// cancelCommitsSelect returns a kernel: a goroutine selects on the Done
// channel of the context made by mk and on an unbuffered channel; the body
// cancels with the function mk returned, then offers a value on the
// channel without blocking. In Go the cancel wakes a goroutine parked in
// the select with Done chosen, and one that arrives later finds Done
// ready: it always takes Done, and the offer finds no receiver.
func cancelCommitsSelect(mk func(context.Context) (context.Context, func())) func(*testing.T, *outcomes) {
	return func(t *testing.T, o *outcomes) {
		ctx, cancel := mk(context.Background())
		ch := rt.MakeChan[int](pChan, 0)
		took := rt.MakeChan[string](pChan, 1)
		rt.Go(pGo, func() { rt.Send(pChan, took, selectDoneOrValue(ctx, ch)) })
		cancel()
		offerAfterCancel(t, ch, took, o)
	}
}

// deadlineCommitsSelect is cancelCommitsSelect with a deadline as the
// canceller: the body waits for Done itself, then offers the value.
func deadlineCommitsSelect(t *testing.T, o *outcomes) {
	ctx, cancel := rt.WithTimeout(pSync, context.Background(), time.Millisecond)
	defer cancel()
	ch := rt.MakeChan[int](pChan, 0)
	took := rt.MakeChan[string](pChan, 1)
	rt.Go(pGo, func() { rt.Send(pChan, took, selectDoneOrValue(ctx, ch)) })
	rt.Recv(pChan, ctx.Done())
	offerAfterCancel(t, ch, took, o)
}

// selectDoneOrValue is select { case <-ctx.Done(): case <-ch: }, saying
// which case it took.
func selectDoneOrValue(ctx context.Context, ch chan int) string {
	if rt.Select(pChan, false, rt.RecvCase(ctx.Done()), rt.RecvCase(ch)) == 0 {
		return "done"
	}
	return "value"
}

// offerAfterCancel offers a value on ch without blocking and records what
// the selecting goroutine took.
func offerAfterCancel(t *testing.T, ch chan int, took chan string, o *outcomes) {
	sent := rt.Select(pChan, true, rt.SendCase(ch, 1)) == 0
	got := rt.Recv(pChan, took)
	if sent != (got == "value") {
		t.Errorf("value sent %v but the select took %s", sent, got)
	}
	o.add("%s", got)
}

// cleanupStopsLoop: functions registered with t.Cleanup run at the end of
// each execution, last registered first, under control: the loop they
// stop is no leak, and nothing is left to run after the exploration, when
// the goroutines they would stop have been released.
func cleanupStopsLoop(t *testing.T, o *outcomes) {
	quit := rt.MakeChan[struct{}](pChan, 0)
	var order []int
	rt.Go(pGo, func() { rt.Recv(pChan, quit) })
	rt.TCleanup(pSched, t, func() {
		order = append(order, 1)
		o.add("order=%v", order)
	})
	rt.TCleanup(pSched, t, func() {
		order = append(order, 2)
		rt.Close(pChan, quit)
	})
}

// releasedCtx is the context the previous execution of
// contextCancelReleased made.
var releasedCtx context.Context

// contextCancelReleased: a background loop on a ticker, never stopped,
// defers the cancel of a context that outlives the execution. The loop is
// released when the execution ends, and its deferred cancel, which cannot
// block, takes effect: the next execution finds the context cancelled, as
// it would be natively once the goroutine had ended.
func contextCancelReleased(t *testing.T, o *outcomes) {
	switch {
	case releasedCtx == nil:
		o.add("first")
	case releasedCtx.Err() != nil:
		o.add("previous cancelled")
	default:
		o.add("previous not cancelled")
	}
	ctx, cancel := rt.WithCancel(pSync, context.Background())
	releasedCtx = ctx
	tk := rt.NewTicker(pSched, time.Millisecond)
	rt.Go(pGo, func() {
		defer cancel()
		for {
			rt.Recv(pChan, tk.C)
		}
	})
}

// contextCancelTree cancels the root of a tree of modelled contexts (one
// level through a native WithValue): every waiter wakes, and Err and Cause
// say why.
func contextCancelTree(t *testing.T, o *outcomes) {
	root, cancel := rt.WithCancelCause(pSync, context.Background())
	mid := context.WithValue(root, ctxKeyT{}, "v")
	leaf, cancelLeaf := rt.WithTimeout(pSync, mid, time.Hour)
	defer cancelLeaf()
	var wg sync.WaitGroup
	x := 0
	for _, c := range []context.Context{root, leaf} {
		rt.WGGo(pSync, &wg, func() {
			rt.Recv(pChan, c.Done())
			read(gx, &x)
			if x != 1 || c.Err() != context.Canceled || rt.Cause(pSync, c) != errStdlibCause {
				t.Errorf("after Done: x=%d Err=%v Cause=%v", x, c.Err(), rt.Cause(pSync, c))
			}
		})
	}
	write(gx, &x)
	x = 1
	cancel(errStdlibCause)
	rt.WGWait(pSync, &wg)
	if leaf.Value(ctxKeyT{}) != "v" {
		t.Errorf("Value lost through the modelled context")
	}
}

func syncxPrimitives() []primitive {
	return []primitive{
		// WaitGroup.Go does not call Done when f panics (Go 1.25): Wait
		// never returns to code that would race with the fatal panic.
		{name: "wg-go-panic-skips-done", oracle: "panic", report: []string{"boom"}, absent: []string{"Wait returned"}, body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() { panic("boom") })
			rt.WGWait(pSync, &wg)
			t.Error("Wait returned after f panicked")
		}},
		{name: "oncefunc", only: []string{"n=1 n=1"}, body: func(t *testing.T, o *outcomes) {
			n := 0
			f := rt.OnceValue(pSync, func() int { write(gx, &n); n++; return n })
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() { o.add("n=%d", f()) })
			o.add("n=%d", f())
			rt.WGWait(pSync, &wg)
		}},
		{name: "cond-rlocker", body: func(t *testing.T, o *outcomes) {
			var rw sync.RWMutex
			c := sync.NewCond(rw.RLocker())
			ready := false
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				rt.LockerLock(pSync, c.L)
				for read(gx, &ready); !ready; read(gx, &ready) {
					rt.CondWait(pSync, c)
				}
				rt.LockerUnlock(pSync, c.L)
			})
			rt.RWLock(pSync, &rw)
			write(gx, &ready)
			ready = true
			rt.RWUnlock(pSync, &rw)
			rt.CondBroadcast(pSync, c)
			rt.WGWait(pSync, &wg)
		}},
		{name: "locker-interface", body: func(t *testing.T, o *outcomes) {
			var mu sync.Mutex
			var l sync.Locker = &mu
			n := 0
			var wg sync.WaitGroup
			for range 2 {
				rt.WGGo(pSync, &wg, func() {
					rt.LockerLock(pSync, l)
					write(gx, &n)
					n++
					rt.LockerUnlock(pSync, l)
				})
			}
			rt.WGWait(pSync, &wg)
		}},
	}
}

// stdlibEnv selects child mode of TestStdlib (see TestPrimitives).
const stdlibEnv = "VTBOUND_TEST_STDLIB"

// TestStdlib explores the stdlibPrimitives programs as TestPrimitives does
// its own.
func TestStdlib(t *testing.T) { exploreTable(t, "TestStdlib", stdlibEnv, stdlibPrimitives) }

// exploreTable explores the programs of table in test (which runs it),
// as TestPrimitives does its own: passing ones in-process, failing ones
// in a child process re-running test with env naming the program.
func exploreTable(t *testing.T, test, env string, table func() []primitive) {
	if name := os.Getenv(env); name != "" {
		for _, p := range table() {
			if p.name == name {
				var o outcomes
				rt.Test(t, func(t *testing.T) { o.begin(); p.body(t, &o) })
				return
			}
		}
		t.Fatalf("unknown program %q", name)
	}
	for _, p := range table() {
		t.Run(p.name, func(t *testing.T) {
			if p.oracle == "" {
				checkPassing(t, p)
				return
			}
			p.env = append(p.env, env+"="+p.name)
			checkFailingIn(t, test, p)
		})
	}
}

// checkFailingIn explores p in a child process running test (which finds p
// through p.env) and requires p's oracle and report text in the output,
// and none of its absent text.
func checkFailingIn(t *testing.T, test string, p primitive) {
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), "VTBOUND_SEED="+primitiveSeed(), "VTBOUND_BUDGET=200", "VTBOUND_RACES=on",
		"VTBOUND_STRATEGY=", "VTBOUND_REPLAY=", "VTBOUND_MAXSTEPS=", "VTBOUND_DIR="+filepath.Join(t.TempDir(), "schedules"))
	cmd.Env = append(cmd.Env, p.env...)
	b, err := cmd.CombinedOutput()
	out := string(b)
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatalf("running child: %v", err)
	}
	if want := "vtbound: " + test + ": " + p.oracle; err == nil || !strings.Contains(out, want) {
		t.Fatalf("want a report %q; output:\n%s", want, tail(out, 40))
	}
	for _, want := range p.report {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q; output:\n%s", want, tail(out, 40))
		}
	}
	for _, bad := range p.absent {
		if strings.Contains(out, bad) {
			t.Errorf("the output has %q; output:\n%s", bad, tail(out, 40))
		}
	}
}
