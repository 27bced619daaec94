package engine

import (
	"runtime"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Go models a go statement by g: a scheduling point, then a new controlled
// goroutine that runs fn.
func (g *G) Go(site int32, fn func()) {
	if g.abort {
		return
	}
	g.announce(sched.OpGo, site, nil)
	g.schedule()
	g.x.newG(g.id, fn).goStmt = true
	g.clock.tick(g.id)
}

// Yield models runtime.Gosched: a scheduling point that lets the
// strategy run someone else.
func (g *G) Yield(site int32) {
	if g.abort {
		YieldOutside() // released: its deferred calls run natively (released.go)
		runtime.Gosched()
		return
	}
	g.announce(sched.OpYield, site, nil)
	g.schedule()
}

// Sleep models time.Sleep on the execution's virtual clock: g is not
// enabled until the clock reaches now+d. The clock advances only when no
// goroutine can run (or every one that can is busy-waiting), as in
// testing/synctest, so sleeping never races with work the program does.
func (g *G) Sleep(site int32, d time.Duration) {
	if g.abort {
		return
	}
	g.announce(sched.OpSleep, site, nil)
	g.wakeAt = g.x.now + max(d, 0)
	g.schedule()
	g.x.awaitExited()
}

// SettleExited is called before the program looks at the goroutines
// (runtime.NumGoroutine, runtime.Stack): natively a goroutine that has
// returned is soon gone from both, so it waits, within lookWait, until the
// real goroutines of the controlled goroutines that exited have ended. It
// is not a scheduling point.
func (g *G) SettleExited() {
	if g.abort {
		return
	}
	g.x.awaitExitedWithin(lookWait)
}

// lookWait bounds SettleExited's wait. It is far longer than the wait of a
// sleep (settleWait): the program asked for the count, and a loaded
// machine may keep an exiting goroutine off the CPU for many milliseconds.
const lookWait = time.Second

// After models time.After: a new controlled timer goroutine whose only
// step, enabled when the virtual clock reaches now+d, sends the (real)
// current time on the returned channel.
func (g *G) After(site int32, d time.Duration) <-chan time.Time {
	if g.abort {
		return nil
	}
	ch := make(chan time.Time, 1)
	g.MakeChan(chanKey(ch), 1)
	g.announce(sched.OpGo, site, nil)
	g.schedule()
	t := g.x.newG(g.id, func() {
		cur := Current()
		ch <- cur.Now()
		s := cur.x.model.chans[chanKey(ch)]
		s.q = append(s.q, append(vclock(nil), cur.clock...))
	})
	t.op = sched.Op{Kind: sched.OpTimer, Site: site, Group: -1, Obj: g.x.objID(chanKey(ch))}
	t.wakeAt = g.x.now + max(d, 0)
	g.clock.tick(g.id)
	return ch
}

// Now is the execution's wall clock: the real instant of its first
// reading (taken once per execution, with its monotonic reading) plus the
// virtual time that has passed (sleeps, timers, deadlines) plus nowTick per
// earlier reading. Real time does not enter, so time measured across
// sleeps is the time slept (and nowTick per reading between), the same on
// every schedule and on a loaded machine, and readings strictly increase,
// so that a loop waiting for a deadline by reading the clock ends. A
// goroutine released at the end of its execution reads real time.
func (g *G) Now() time.Time {
	if g.abort {
		return time.Now()
	}
	x := g.x
	if x.epoch.IsZero() {
		x.epoch = time.Now()
	}
	now := x.wall()
	x.nowTicks += nowTick
	return now
}

// wall is the execution's wall clock (see Now) without a reading of it;
// the zero time before the first reading.
func (x *execution) wall() time.Time {
	if x.epoch.IsZero() {
		return time.Time{}
	}
	return x.epoch.Add(x.now + x.nowTicks)
}

// nowTick is how far each reading of Now moves the execution's wall clock:
// about what a real reading costs (so that a test timing many calls, each
// reading the clock, sees no more time pass than natively), and enough for
// a loop polling a deadline of milliseconds to end after 10^5 readings.
const nowTick = 25 * time.Nanosecond

// farFuture is the duration of the real timer behind a modelled AfterFunc:
// it never fires; it only records whether the program stopped it.
const farFuture = time.Duration(1<<63 - 1)

// AfterFunc models time.AfterFunc: a controlled timer goroutine (see
// timerState) calls f when the virtual clock reaches now+d, unless the
// returned timer was stopped first. The returned *time.Timer is a real
// timer that never fires (its proxy): rt's TimerStop and TimerReset find
// the model through the execution's rooms, and Stop called on it by
// unrewritten code still cancels the call. A timer still pending when the
// test body returns never fires. A later execution that stops or resets
// the returned timer adopts it (G.TimerOf).
func (g *G) AfterFunc(site int32, d time.Duration, f func()) *time.Timer {
	proxy := newAfterFuncProxy(f) // earliertimers.go
	if g.abort {
		proxy.Stop()
		return proxy
	}
	h := g.AfterFuncTimer(site, d, f, true)
	h.SetProxy(proxy)
	g.x.model.rooms[proxy] = h
	return proxy
}
