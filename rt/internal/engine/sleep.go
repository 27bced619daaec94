package engine

import (
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The room of the virtual clock: sleeps, time.After and the execution's
// wall clock. A sleeping goroutine (and a timer's goroutine, timer.go)
// waits for the clock (clockWait), which advances only when no goroutine
// can run or every one that can is busy-waiting (execution.advanceClock),
// as in testing/synctest, so sleeping never races with work the program
// does.

// clockWait is the wait of a sleep or a timer: enabled when the virtual
// clock reaches the goroutine's wakeAt.
type clockWait struct{}

func (clockWait) enabled(x *execution, g *G) bool {
	return g.wakeAt <= x.now && x.firstDue() == g || x.wakesEarly(g) // earlywake.go
}

// firstDue returns, among the goroutines waiting for the clock whose
// wake-up is due, the one whose wake-up comes first natively: the earliest
// deadline, and of equal deadlines the one armed at the earliest step. Only
// it is enabled, so due timers fire one at a time in Go's order. Virtual
// time stands still while goroutines work, so a timer and a ticker armed
// one after the other for the same duration share a deadline; natively the
// work between them took time and the first armed fires first: a select
// parked on both (testify's Eventually) takes the timer's case. Computed
// once per refresh of the enabled set (see earlyCache.gen).
func (x *execution) firstDue() *G {
	c := &x.due
	if c.calc == x.early.gen && c.calc != 0 {
		return c.g
	}
	c.calc, c.g = x.early.gen, nil
	for _, h := range x.alive {
		if h.live && h.onClock() && h.wakeAt <= x.now && (c.g == nil || dueBefore(h, c.g)) {
			c.g = h
		}
	}
	return c.g
}

// dueBefore reports whether g's wake-up comes before h's natively: an
// earlier deadline, or an equal one armed at an earlier step.
func dueBefore(g, h *G) bool {
	return g.wakeAt < h.wakeAt || g.wakeAt == h.wakeAt && g.waitStep < h.waitStep
}

// dueCache holds firstDue's answer for one refresh of the enabled set.
type dueCache struct {
	calc uint32
	g    *G
}

func (clockWait) group() (*waitSet, bool) { return nil, false }
func (clockWait) state(*G) string         { return "sleep" }

// Sleep models time.Sleep on the execution's virtual clock: g is not
// enabled until the clock reaches now+d. Arming the sleep is a step of its
// own (timer-set), dependent with every wake-up: which wake-up is the
// earliest, and so may race with work (earlywake.go), changes with it.
func (g *G) Sleep(site int32, d time.Duration) {
	if !g.Step(sched.OpTimerSet, site, nil) {
		return
	}
	g.announce(sched.OpSleep, site, nil)
	g.pend.wait = clockWait{}
	g.waitClock(g.x.now + max(d, 0))
	g.schedule()
	g.x.awaitExited()
}

// onClock reports whether g's pending operation is a sleep or a timer's
// firing: it waits for the virtual clock.
func (g *G) onClock() bool {
	_, ok := g.pend.wait.(clockWait)
	return ok
}

// wakesLater reports whether g sleeps or waits as a timer goroutine until
// a virtual time after now.
func (g *G) wakesLater(now time.Duration) bool {
	return g.onClock() && g.wakeAt > now
}

// timed reports whether g waits for the virtual clock: a sleep, a timer,
// an AfterFunc that has not fired.
func (g *G) timed() bool {
	return g.background || g.onClock()
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
	ch := make(chan time.Time, 1)
	if !g.enter(sched.OpTimerSet, site, nil) { // arming: see Sleep
		return nil
	}
	g.MakeChan(chanKey(ch), 1)
	g.schedule()
	t := g.x.newG(g.id, func() {
		cur := Current()
		ch <- cur.ClockValue()
		s := chans.of(cur.x).lookup(chanKey(ch))
		s.q = append(s.q, append(vclock(nil), cur.clock...))
		s.qAt = append(s.qAt, cur.x.here()) // the timer's step (OpTimer)
	})
	t.op = sched.Op{Kind: sched.OpTimer, Site: site, Group: -1, Obj: g.x.objID(chanKey(ch))}
	t.pend.wait = clockWait{}
	t.waitClock(g.x.now + max(d, 0))
	g.clock.Tick(g.id)
	return ch
}

// Now is the execution's wall clock: the instant of its first reading
// (taken once per execution, with its monotonic reading, at a phase the
// schedule chooses: wallphase.go) plus the virtual time that has passed
// (sleeps, timers, deadlines) plus nowTick per earlier reading. Real time
// does not enter, so time measured across sleeps is the time slept (and
// nowTick per reading between), the same on every schedule and on a
// loaded machine, and readings strictly increase, so that a loop waiting
// for a deadline by reading the clock ends. A goroutine released at the
// end of its execution reads real time; one in a testing/synctest bubble
// reads the bubble's clock (synctest.go). Now is the program's reading
// (time.Now); the engine's own (the value a timer sends) is ClockValue.
func (g *G) Now() time.Time {
	if g.abort {
		return time.Now()
	}
	if g.bubble() == nil {
		g.x.readWall = true
	}
	return g.readClock(true)
}

// ClockValue reads the execution's wall clock (see Now) for the engine or
// for a reading the program only measures against (a timeout's deadline,
// time.Since): unlike Now, it does not record that the program read the
// clock, and a first reading starts the clock at the real instant.
func (g *G) ClockValue() time.Time {
	if g.abort {
		return time.Now()
	}
	return g.readClock(false)
}

// readClock reads the execution's wall clock; program says whether the
// program reads it (see startWall).
func (g *G) readClock(program bool) time.Time {
	x := g.x
	if b := g.bubble(); b != nil {
		return b.now(x)
	}
	if x.epoch.IsZero() {
		x.epoch = x.startWall(g, program) // wallphase.go
	}
	now := x.wall()
	x.nowTicks += nowTick
	x.noteWall(now)
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
