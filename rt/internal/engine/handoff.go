package engine

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vtbound/vtbound/rt/internal/gid"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Hand-off on uncontrolled blocking.
//
// A controlled goroutine that holds the token and blocks in code vtbound
// does not control (network I/O, a system call, cgo, a wait in an
// uninstrumented package) would keep every other controlled goroutine from
// running: natively they would run meanwhile, and often they are what it
// waits for (a server started with go that the test then connects to).
//
// The exploring goroutine, which waits in Engine.await, looks every
// handoffTick at whether the execution has made progress. When it has not,
// it first reads the holder's scheduling state (gstatus.go): a holder that
// runs or is runnable is not blocked, and that costs one load, whatever the
// goroutine count. A holder found waiting at handoffWaits+1 consecutive
// quiet ticks (a collection's assist is a short wait; the state is unknown
// on some platforms, and then this step is skipped) is looked at closer
// (then with a growing gap while it is found busy): a dump of every
// goroutine's stack, which stops the world for a time that grows with the
// goroutine count, where the holder's is found by its goroutine number
// (goid.go). The holder is handed off only when it is waiting (not running)
// and vtbound's frames form only the bottom of its stack (engine.(*G).run
// and the exploration's body wrapper), so that it can enter the engine
// again only through Current or G.exit, never from the middle of an engine
// function. The decision is atomic with the holder's return: revoking is
// set before the dump, the progress counter and the holder are compared
// after it, and a holder that enters Current while revoking is set waits
// for the decision.
//
// The token then passes to whoever the strategy picks; the handed-off
// goroutine is "away": live, not enabled, and neither deadlocked nor
// leaked, since uncontrolled code may still wake it. When it comes back
// (its next hook, or its return) it queues itself as returned and parks;
// the next scheduling decision makes it enabled again, with a Gosched as
// its pending operation, and it continues once picked. When nothing else
// can move, the token holder waits for a return, within Limits.Timeout.
//
// An execution with a hand-off is marked uncontrolled: when the hand-off
// happens depends on real time, so its replay may diverge. Under the race
// detector hand-offs are off (the engine's state passes between goroutines
// through a stop-the-world stack dump, which the race detector does not
// see as synchronisation).

// handoffTick is how often the exploring goroutine checks the execution's
// progress; handoffMaxSkip bounds the backoff, in ticks, between stack
// dumps while the holder is busy rather than blocked (the gap grows by one
// tick per dump: a holder that takes a while to block is still found soon,
// and one computing for long costs one dump per handoffMaxSkip ticks).
const (
	handoffTick    = time.Millisecond
	handoffMaxSkip = 16
	handoffWaits   = 1 // extra ticks a holder must be found waiting before a dump
)

// returnSlice is how long a token holder with nothing to run waits for a
// handed-off goroutine at a time (it then counts progress and waits again,
// within Limits.Timeout in all).
const returnSlice = 10 * time.Millisecond

// awayAfterBody is how long, after the body returned, the token holder
// waits for a handed-off goroutine to come back when nothing else can
// move. Natively the test is over and nothing waits for it; vtbound waits
// a little to see how it goes on (a leak, a loop), but not for a network
// peer that does not answer: a reconnect loop the test left running would
// otherwise hold each execution for seconds per round (a resolver's
// timeout), with the clock's back-off between rounds taking no time.
const awayAfterBody = 200 * time.Millisecond

// handoff is an engine's hand-off state.
//
// Invariant: returned is guarded by mu; pending is len(returned).
type handoff struct {
	revoking atomic.Int32 // the exploring goroutine is deciding a hand-off
	waiting  atomic.Bool  // the holder sleeps in the engine (nothing to check)
	mu       sync.Mutex
	returned []*G         // back from uncontrolled code, waiting to be enabled
	pending  atomic.Int32 // len(returned), read without mu
	notify   chan struct{}
	ticker   *time.Ticker
}

// outState is a controlled goroutine's hand-off state.
type outState struct {
	out   atomic.Bool // handed off and not yet back under control
	away  bool        // not enabled: owned by the token holder (the scheduler)
	inert bool        // released while out: every hook does nothing (own goroutine)
}

// handoffWatch is the exploring goroutine's memory between ticks.
type handoffWatch struct {
	progress uint64
	quiet    int // ticks without progress
	waits    int // consecutive ticks the holder was found waiting, before a dump
	next     int // ticks without progress before the next stack dump
}

// outGs lists the goroutines handed off and not yet back, of every engine:
// Current finds them there by their g pointer.
var (
	outMu    sync.Mutex
	outGs    atomic.Pointer[[]*G]
	outCount atomic.Int32
)

func setOut(g *G, on bool) {
	outMu.Lock()
	defer outMu.Unlock()
	var list []*G
	if p := outGs.Load(); p != nil {
		for _, o := range *p {
			if o != g {
				list = append(list, o)
			}
		}
	}
	if on {
		list = append(list, g)
	}
	outGs.Store(&list)
	outCount.Store(int32(len(list)))
}

// outCurrent returns the handed-off goroutine running on the calling
// goroutine me, after bringing it back under control, or the released
// goroutine me (released.go); nil if there is none.
func outCurrent(me uintptr) *G {
	if outCount.Load() == 0 {
		return releasedCurrent(me)
	}
	for _, g := range *outGs.Load() {
		if g.gp == me {
			return g.comeBack()
		}
	}
	return releasedCurrent(me) // released.go
}

// comeBack is called by a handed-off goroutine entering a hook. It returns
// g once g holds the token again. A goroutine released meanwhile (its
// execution ended) ends with runtime.Goexit, as parked ones do; its
// deferred calls then find every hook inert.
func (g *G) comeBack() *G {
	if g.ho.inert || g.rejoin() {
		return g
	}
	g.ho.inert = true
	g.goexitReleased()
	return g
}

// rejoining returns body followed by a return under control: the
// functions that run after the body (withBodyExit) touch the execution's
// state, so a body handed off that returns without calling rt again must
// rejoin first.
func rejoining(body func()) func() {
	return func() {
		body()
		outCurrent(gid.Current())
	}
}

// holderWait is Current for a token holder that entered a hook while a
// hand-off was being decided: it waits for the decision, unless it may not
// yield (a pool clean-up runs with the world stopped, a goroutine pinned to
// its P): then the decision waits for it, and its accesses take no step.
func (e *Engine) holderWait(me uintptr) *G {
	for e.ho.revoking.Load() != 0 {
		if noSteps.Load() != 0 || e.cur != nil && e.cur.pinned != 0 {
			return e.cur
		}
		runtime.Gosched()
	}
	if e.curGP.Load() == me {
		return e.cur
	}
	return outCurrent(me)
}

// rejoin brings g back under control if it was handed off: it queues g as
// returned and waits until g is picked. It reports false when g was
// released instead (its execution ended while g was away).
func (g *G) rejoin() bool {
	e := g.e
	for e.ho.revoking.Load() != 0 {
		runtime.Gosched()
	}
	if !g.ho.out.Load() {
		return true
	}
	if g.ho.inert {
		return false
	}
	e.ho.mu.Lock()
	e.ho.returned = append(e.ho.returned, g)
	e.ho.pending.Store(int32(len(e.ho.returned)))
	e.ho.mu.Unlock()
	select {
	case e.ho.notify <- struct{}{}:
	default:
	}
	<-g.wake
	if g.abort {
		g.ho.inert = true
		return false
	}
	g.acquire()
	return true
}

// collectReturned makes the goroutines that came back from uncontrolled
// code enabled again, each with a Gosched as its pending operation. Called
// by the token holder.
func (x *execution) collectReturned() {
	ho := &x.e.ho
	if ho.pending.Load() == 0 {
		return
	}
	ho.mu.Lock()
	list := ho.returned
	ho.returned = nil
	ho.pending.Store(0)
	ho.mu.Unlock()
	for _, g := range list {
		if g.x != x || !g.ho.away {
			continue // of an earlier execution: released already
		}
		g.ho.away = false
		g.ho.out.Store(false)
		setOut(g, false)
		g.op = sched.Op{Kind: sched.OpYield, Group: -1}
		g.pend = pendingOp{}
		g.since = x.step
		x.awayStart = time.Time{}
	}
}

// anyAway reports whether a live goroutine is handed off.
func (x *execution) anyAway() bool {
	for _, g := range x.alive {
		if g.live && g.ho.away {
			return true
		}
	}
	return false
}

// awaitReturn is the token holder's last resort when nothing can move:
// while goroutines are handed off, it waits for one of them to come back,
// a slice at a time (counting progress, so that the stall watchdog stays
// quiet), within Limits.Timeout in all, unless one of them is busy in a
// system call or a real sleep (see holderBusy), or a subtest explores
// (see BeginNested): slow, not stuck. After the body returned it waits
// awayAfterBody at most. It reports whether the caller should look for an
// enabled goroutine again.
func (x *execution) awaitReturn() bool {
	if !x.anyAway() {
		return false
	}
	if x.awayStart.IsZero() {
		x.awayStart = time.Now()
	} else if x.bodyDone && time.Since(x.awayStart) > awayAfterBody {
		return false // the test is over: the execution ends with it away (Result.EndedAway)
	} else if time.Since(x.awayStart) > x.e.lim.Timeout {
		if !x.e.waitingForNested() && !holderBusy() {
			x.awayTimedOut = true
			return false
		}
		x.awayStart = time.Now() // in a system call or a real sleep: slow, not stuck
	}
	x.waitNotified(x.e.ho.notify, returnSlice)
	return true
}

// waitNotified waits up to d for a value on notify, with the engine
// marked waiting so that hooks send one, and counts the wait as progress
// (the stall watchdog stays quiet).
func (x *execution) waitNotified(notify <-chan struct{}, d time.Duration) {
	t := time.NewTimer(d)
	x.e.ho.waiting.Store(true)
	select {
	case <-notify:
	case <-t.C:
	}
	x.e.ho.waiting.Store(false)
	t.Stop()
	x.progress.Add(1)
}

// checkHandoff is called by the exploring goroutine every handoffTick. When
// the execution has made no progress since the last tick, it hands the
// holder off if it is blocked in uncontrolled code (see the overview
// above), and runs the next scheduling decision itself.
func (e *Engine) checkHandoff(x *execution, w *handoffWatch) {
	p := x.progress.Load()
	if p != w.progress {
		*w = handoffWatch{progress: p, next: 1}
		return
	}
	if w.quiet++; w.quiet < w.next || handoffOff || x.timedOut.Load() || e.ho.waiting.Load() {
		return
	}
	gp := e.curGP.Load()
	if !w.waitedLong(gp) {
		return
	}
	w.quiet, w.next = 0, min(w.next+1, handoffMaxSkip)
	e.ho.revoking.Store(1)
	blocked := holderBlockedOutside(gp)
	g := e.cur
	ok := blocked && g != nil && g.gp == gp && x.progress.Load() == p && e.curGP.Load() == gp
	if ok {
		x.handOff(g)
	}
	e.ho.revoking.Store(0)
	if !ok {
		return
	}
	*w = handoffWatch{progress: x.progress.Load(), next: 1}
	next := x.pickNext(nil)
	if next == nil {
		x.signalEnd()
		return
	}
	next.wake <- struct{}{}
}

// waitedLong reports whether the holder gp has been found waiting long
// enough for a stack dump (see the overview above); it looks at gp's
// state, not at its stack, so its cost does not grow with the goroutine
// count.
func (w *handoffWatch) waitedLong(gp uintptr) bool {
	if gp == 0 || goroutineRunning(gp) {
		w.quiet, w.waits = 0, 0 // not waiting: checked again next tick
		return false
	}
	if _, known := statusOffset(); known && w.waits < handoffWaits {
		w.quiet = 0 // maybe a short wait: look again next tick
		w.waits++
		return false
	}
	return true
}

// handOff takes the token from g: g is away until it comes back.
func (x *execution) handOff(g *G) {
	g.ho.away = true
	g.op = sched.Op{Kind: sched.OpYield, Group: -1}
	g.pend = pendingOp{}
	g.pollAt, g.pollFor = time.Time{}, 0
	g.ho.out.Store(true)
	setOut(g, true)
	x.uncontrolled = true
	x.handoffs++
	x.e.cur = nil
	x.e.curGP.Store(0)
	x.progress.Add(1)
}

// engineSleep is time.Sleep(d) by the token holder inside the engine:
// the hand-off check leaves it alone meanwhile.
func (x *execution) engineSleep(d time.Duration) {
	x.e.ho.waiting.Store(true)
	time.Sleep(d)
	x.e.ho.waiting.Store(false)
}

// startHandoffTicker returns the engine's hand-off ticker, reset for a new
// execution; a nil channel when hand-offs are off.
func (e *Engine) startHandoffTicker() <-chan time.Time {
	if handoffOff {
		return nil
	}
	if e.ho.ticker == nil {
		e.ho.ticker = time.NewTicker(handoffTick)
		e.ho.notify = make(chan struct{}, 1)
		return e.ho.ticker.C
	}
	e.ho.ticker.Reset(handoffTick)
	return e.ho.ticker.C
}

// stopHandoffTicker stops the ticker between executions.
func (e *Engine) stopHandoffTicker() {
	if e.ho.ticker != nil {
		e.ho.ticker.Stop()
	}
}

// holderBlockedOutside reports whether the goroutine with g pointer gp is
// waiting in code vtbound does not control (see blockedOutside).
func holderBlockedOutside(gp uintptr) bool {
	num, ok := goroutineNumber(gp)
	if !ok {
		return false
	}
	block := goroutineBlock(allStacks(), num)
	return block != "" && blockedOutside(block)
}
