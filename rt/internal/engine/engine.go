// Package engine runs a test body under full schedule control.
//
// Exactly one controlled goroutine runs at a time. A controlled goroutine is
// one started through the engine (the test body, rewritten go statements,
// modelled timers). Before every visible operation it stops at a scheduling
// point: it publishes its pending operation, asks the strategy which enabled
// goroutine takes the next step, hands the token to that goroutine and parks
// until it is picked itself. Blocking operations are modelled: a goroutine
// whose operation cannot proceed (a held mutex, a channel without partner) is
// simply not enabled, and it is never parked inside a real blocking call
// while it holds the token.
//
// # Rooms
//
// Each primitive is modelled in one file of its own, its room, over a
// narrow API (room.go, op.go): its state per object in an object table
// that every execution clears, checks and restores (newRoom); every
// operation begins with G.enter, which does the released-goroutine check
// and publishes the pending operation; an operation that may block sets a
// wait value (enabled, group, state) instead of fields of a
// primitive-specific record; its happens-before is G.learn and
// G.releaseInto on clocks the room keeps. What an operation means for
// scheduling (object class, write, blocking, commuting, busy-wait class)
// is its kind's row in sched's operation table. The rooms: mutex.go,
// rwmutex.go, waitgroup.go, once.go, cond.go, chan.go (with adopt.go and
// reflectchan.go), sleep.go, timer.go, context.go, pool.go, memory.go
// (with rmw.go), syncmap.go, synctest.go (testing/synctest bubbles). The
// engine itself has no list of primitives.
//
// # Oracles
//
// Every execution is checked by the oracles, one file each: failure.go
// (panics, t.Error and t.Fatal, misuse; failstep.go notes the step by
// which the test was marked failed), deadlock.go, leak.go, race.go,
// livelock.go (with busywait.go, the busy-wait detection), stepbound.go
// and timeout.go (with timebound.go, the exploration's time bound).
//
// Go forced these choices (documented here as the design requires):
//   - Goroutines cannot be preempted from outside, so the token is passed
//     cooperatively through one buffered channel per goroutine; the engine's
//     own hand-offs never enter the happens-before relation used by the race
//     oracle, which is built from modelled operations only.
//   - There is no goroutine identity API; the engine recognises its
//     goroutines by the runtime g pointer (package gid).
//   - Code vtbound does not control keeps running concurrently. A channel
//     made outside the execution is adopted on first use (adopt.go):
//     controlled goroutines rendezvous on it in the model; one that
//     rewritten code made is polled only when nothing else can move, one
//     that other code made (a ticker's, a context's) is also polled all
//     along, with exponential backoff. A mutex held outside the engine is
//     polled likewise. Executions that polled are marked uncontrolled.
//     Goroutines started outside every execution (at init) that close,
//     send on or receive from a channel of the execution, or change one
//     of its WaitGroups or Conds, leave notes the token holder applies at
//     its next decision (foreign.go).
//   - Virtual time cannot be tied to real time without losing
//     determinism, yet a goroutine that computes for ever must not keep a
//     sleep from ending: work makes virtual time pass, by a rule on steps
//     only (worktime.go).
//   - A goroutine left blocked at the end of an execution is released with
//     runtime.Goexit while all hooks are inert, so its deferred calls run
//     without touching the model (their closes, Once.Do, WaitGroup.Add
//     and cancels are real, their blocking operations skipped); one the
//     program started that was never picked runs up to its first hook
//     and is released there; a deferred call that keeps yielding
//     (spinning on a lock the ended execution holds) is abandoned
//     (released.go).
//   - Real locks are released after an execution only when they are really
//     held (damage.go): a program that overwrote or copied a locked mutex
//     gets a report, not the runtime's unrecoverable fatal error.
//   - The enabled set is kept up to date on the events that change it
//     (enabled.go): a goroutine whose operation never blocks stays enabled
//     until its step, the waiters of a mutex or a WaitGroup (a wait that
//     is a group) enter and leave the set as it is unlocked and locked or
//     its counter reaches and leaves zero, and only the remaining waiters
//     (channels, other primitives, sleeps, polls) are looked at again at
//     every scheduling point. A strategy that implements sched.Sparse reads the View
//     through its methods and gets no goroutine lists, so that the
//     engine's own work per step does not grow with the number of live
//     goroutines unless they wait on channels or other primitives.
//   - Run returns only when the real goroutines of the execution have
//     ended (settle), so that the test never sees them between executions
//     or after it; the test body itself runs on a goroutine of its own,
//     while the test's goroutine waits in Run.
package engine

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vtbound/vtbound/rt/internal/gid"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Limits bound every execution so that no test run hangs.
type Limits struct {
	// MaxSteps ends an execution after this many steps (Outcome StepBound).
	MaxSteps int
	// Timeout ends an execution whose running goroutine does not reach a
	// scheduling point for this long (stuck in uncontrolled code).
	Timeout time.Duration
	// PollTimeout is how long a goroutine may wait for uncontrolled code
	// before it counts as blocked.
	PollTimeout time.Duration
	// SpinThreshold is the number of consecutive steps without a change to
	// shared state after which a goroutine is marked spinning.
	SpinThreshold int
	// BreakStep is the step of the first execution at which BreakAtStep is
	// called (0: never; see debugstep.go).
	BreakStep int
	// Deadline is the end of the exploration's time budget (zero: none).
	// An execution still running Overrun after it (or after its own
	// start, whichever is later) ends as the step bound ends one
	// (timebound.go).
	Deadline time.Time
	// Overrun is how long an execution may run past Deadline.
	Overrun time.Duration
	// StepCost is the virtual time a step of work lasts for goroutines
	// waiting on the virtual clock meanwhile (worktime.go).
	StepCost time.Duration
	// WorkSteps is the least number of steps a wait on the virtual clock
	// lasts while goroutines work (worktime.go).
	WorkSteps int
	// WakeWindow: a wake-up from the virtual clock due within this much of
	// it may happen at any scheduling point, racing with work
	// (earlywake.go). Negative: wake-ups happen only when no goroutine can
	// run (VTBOUND_TIME=blocked).
	WakeWindow time.Duration
	// EarlyWakes bounds the wake-ups per execution that race with work.
	EarlyWakes int
	// LoopFails, when set, judges each goroutine an execution that
	// otherwise passed left looping on the clock (testend.go): a non-empty
	// answer says why the loop fails the execution, as a goroutine leak.
	LoopFails func(Looper) string
	// WallFloor is the earliest instant an execution's wall clock may
	// start at (wallphase.go): a subtest's executions start no earlier
	// than the clock of the parent's execution that waits for them.
	WallFloor time.Time
	// NoWallPhase starts the wall clock as it is, offering no choice of
	// its phase: a schedule recorded before the phase was a choice replays.
	NoWallPhase bool
}

// DefaultLimits are the limits used when a field is zero.
var DefaultLimits = Limits{
	MaxSteps:      1_000_000,
	Timeout:       10 * time.Second,
	PollTimeout:   2 * time.Second,
	SpinThreshold: 100,
	Overrun:       30 * time.Second,
	StepCost:      100 * time.Nanosecond,
	WorkSteps:     100_000,
	WakeWindow:    10 * time.Millisecond,
	EarlyWakes:    2,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.MaxSteps > 0 {
		d.MaxSteps = l.MaxSteps
	}
	if l.Timeout > 0 {
		d.Timeout = l.Timeout
	}
	if l.PollTimeout > 0 {
		d.PollTimeout = l.PollTimeout
	}
	if l.SpinThreshold > 0 {
		d.SpinThreshold = l.SpinThreshold
	}
	d.BreakStep = l.BreakStep
	d.Deadline = l.Deadline
	if l.Overrun > 0 {
		d.Overrun = l.Overrun
	}
	if l.StepCost > 0 {
		d.StepCost = l.StepCost
	}
	if l.WorkSteps > 0 {
		d.WorkSteps = l.WorkSteps
	}
	if l.WakeWindow != 0 {
		d.WakeWindow = l.WakeWindow
	}
	if l.EarlyWakes > 0 {
		d.EarlyWakes = l.EarlyWakes
	}
	d.LoopFails, d.WallFloor, d.NoWallPhase = l.LoopFails, l.WallFloor, l.NoWallPhase
	return d
}

// Engine runs executions of one test body. It is created per exploration
// and runs one execution at a time.
type Engine struct {
	lim      Limits
	strat    sched.Strategy
	override func(*sched.Plan) // see Override
	// workMask selects the steps at which the work clock is checked
	// (worktime.go).
	workMask int
	failed   func() bool // reports whether the test has failed so far

	// token holder
	cur   *G
	curGP atomic.Uintptr
	// runner is the g pointer (gid.Current) of the goroutine in Run,
	// hidden from the program's goroutine listings (lookers.go).
	runner atomic.Uintptr

	x         *execution
	done      chan struct{} // receives one value when an execution ends
	unsettled int           // executions left in which settle only yields
	floor     int           // goroutine count after the last settle that reached its base (0: none yet)
	inRun     atomic.Int32  // real goroutines of controlled goroutines not yet returned
	stuck     int32         // of those, the ones an earlier settle gave up on
	sawStuck  bool          // a released goroutine stayed blocked once: wait less
	nexec     int
	abandoned bool // an execution timed out; no further executions
	ho        handoff
	fo        foreignInbox // notes of uncontrolled goroutines (foreign.go)
	// nested counts subtests exploring on their own (each with an engine
	// of its own) while this engine's execution waits for them in t.Run.
	nested atomic.Int32
	clocks clockPool // storage of exited goroutines' clocks (clock.go)
	// wallNow is the latest instant an execution's wall clock showed and
	// wallFloor the earliest one an execution may start at, as marks
	// (wallphase.go).
	wallNow, wallFloor atomic.Int64
	// sharedReal: uncontrolled code, which reads real time, took part in
	// an execution; later ones start their clock afresh (wallphase.go).
	sharedReal atomic.Bool
	gone       goneRing // numbers of goroutines that ended, maybe still exiting (lookers.go)
}

// BeginNested says that a subtest of the test this engine explores starts
// an exploration of its own, which the current execution waits for in
// t.Run (uncontrolled code) for as long as it takes: until EndNested,
// neither the stall watchdog nor the hand-off's timeout ends the
// execution. Both may be called from any goroutine.
func (e *Engine) BeginNested() { e.nested.Add(1) }

// EndNested says that a subtest's exploration (see BeginNested) ended.
func (e *Engine) EndNested() { e.nested.Add(-1) }

// waitingForNested reports whether a subtest's exploration is under way.
func (e *Engine) waitingForNested() bool { return e.nested.Load() > 0 }

// New returns an engine that asks strat for schedules. failed reports
// whether the test has been marked failed (testing.T.Failed); it may be nil.
func New(strat sched.Strategy, lim Limits, failed func() bool) *Engine {
	if failed == nil {
		failed = func() bool { return false }
	}
	lim = lim.withDefaults()
	e := &Engine{lim: lim, workMask: workCheckMask(lim.WorkSteps), strat: strat, failed: failed, done: make(chan struct{}, 1)}
	e.fo.notify = make(chan struct{}, 1)
	if !lim.WallFloor.IsZero() {
		e.wallFloor.Store(mark(lim.WallFloor))
	}
	return e
}

// active lists the engines currently running an execution; hooks search it
// for the engine whose token holder is the calling goroutine.
var (
	activeMu sync.Mutex
	active   atomic.Pointer[[]*Engine]
)

// explored is set by the first execution in the process.
var explored atomic.Bool

// Explored reports whether an execution has run in this process: what
// runs natively afterwards may find state the executions left (see
// explore's ExampleElsewhere).
func Explored() bool { return explored.Load() }

func activate(e *Engine) {
	activeMu.Lock()
	defer activeMu.Unlock()
	var list []*Engine
	if p := active.Load(); p != nil {
		list = append(list, *p...)
	}
	list = append(list, e)
	active.Store(&list)
}

func deactivate(e *Engine) {
	activeMu.Lock()
	defer activeMu.Unlock()
	p := active.Load()
	if p == nil {
		return
	}
	var list []*Engine
	for _, o := range *p {
		if o != e {
			list = append(list, o)
		}
	}
	active.Store(&list)
}

// Current returns the controlled goroutine running on the calling
// goroutine, or nil when the caller is not a controlled goroutine holding
// the token.
func Current() *G {
	p := active.Load()
	if p == nil || len(*p) == 0 {
		if outCount.Load() == 0 && releasedCount.Load() == 0 {
			return nil
		}
		return outCurrent(gid.Current())
	}
	me := gid.Current()
	for _, e := range *p {
		if e.curGP.Load() == me {
			if e.ho.revoking.Load() != 0 {
				return e.holderWait(me)
			}
			if g := e.cur; g.late {
				g.runLate()
			}
			return e.cur
		}
	}
	return outCurrent(me) // a goroutine handed off (handoff.go)
}

// Run performs one execution of body. It returns false when the strategy
// has no further executions. The returned Result, and the slices it
// holds, are valid until the next call; Clone keeps one longer.
func (e *Engine) Run(body func()) (*Result, bool) {
	var plan sched.Plan
	if e.abandoned || !e.strat.Begin(&plan) {
		return nil, false
	}
	if e.override != nil {
		e.override(&plan)
	}
	if !explored.Load() {
		explored.Store(true)
	}
	e.nexec++
	failedBefore := e.failed()
	x := e.x
	if x == nil {
		x = newExecution(e, plan)
		e.x = x
	} else {
		x.reset(plan)
	}
	x.failedBefore = failedBefore
	e.runner.Store(gid.Current())
	e.fo.reset()
	activate(e)
	retrack()
	base := runtime.NumGoroutine()
	x.base = base
	x.lingering = e.floor > 0 && base > e.floor
	x.takeTimers()
	root := x.newG(0, x.withBodyExit(rejoining(body)))
	root.wake <- struct{}{}
	e.await()
	if !x.timedOut.Load() {
		x.checkDamage()
	}
	res := x.result(failedBefore)
	failedAtEnd := e.failed()
	if !x.timedOut.Load() {
		x.leaveTimers()
	}
	x.releaseAll()
	deactivate(e)
	retrack()
	e.settle(base)
	res.FailedInRelease = !failedAtEnd && e.failed()
	if x.leftOut {
		e.x = nil // a goroutine handed off may still come back to it
	}
	if x.timedOut.Load() {
		// A goroutine is still stuck holding this execution's state:
		// never run another execution on it.
		e.abandoned = true
		e.x = nil
	}
	e.strat.End(&res.Execution)
	return res, true
}

// Override makes f change the plan of every later execution after the
// strategy made it (a long test's executions track less, explore/long.go);
// nil stops it. The Result's Plan is the plan as changed.
func (e *Engine) Override(f func(*sched.Plan)) { e.override = f }

// settleYields and settleWait bound how long settle waits for goroutines
// in the runtime's exit path: yields first, then short sleeps, which let
// this processor take the exiting goroutine from another one whose thread
// the OS has descheduled (a yield never steals work).
const (
	settleYields = 64
	settleWait   = 2 * time.Millisecond
	// settleEndWait bounds the wait at the end of an execution, where a
	// goroutine still counted would be seen by the next execution's start
	// (a loaded machine can leave an exiting goroutine descheduled for
	// several milliseconds).
	settleEndWait = 20 * time.Millisecond
	settleSkip    = 16
)

// settleReturn bounds how long settle waits for released goroutines to
// return: a deferred call of a released goroutine runs for real (its hooks
// are no-ops) and may block on something that never comes, and the test
// must not hang on it.
const settleReturn = time.Second

// settleReturnAgain is the bound once a released goroutine stayed blocked:
// a test whose goroutines block in deferred calls does it every execution,
// and each execution must not cost settleReturn.
const settleReturnAgain = 10 * time.Millisecond

// returnWait is how long to wait for a released goroutine to return.
func (e *Engine) returnWait() time.Duration {
	if e.sawStuck {
		return settleReturnAgain
	}
	return settleReturn
}

// awaitReturned waits, within settleReturn, until the real goroutine of
// every controlled goroutine has returned, and reports whether they did.
// Goroutines an earlier settle gave up on are not waited for again.
func (e *Engine) awaitReturned() bool {
	for start, i := time.Now(), 0; e.inRun.Load() > e.stuck; i++ {
		if i < settleYields {
			runtime.Gosched()
			continue
		}
		if time.Since(start) > e.returnWait() {
			e.stuck, e.sawStuck = e.inRun.Load(), true
			return false
		}
		time.Sleep(50 * time.Microsecond)
	}
	e.stuck = min(e.stuck, e.inRun.Load())
	return true
}

// settle waits until the real goroutine of every controlled goroutine of
// the execution has returned, so that none of them is visible to the test
// (runtime.NumGoroutine, runtime.Stack) after Run: neither in the next
// execution nor after the test. A goroutine that has returned may still
// sit in the runtime's exit path (runtime.goexit1), counted and listed, so
// settle then waits, within bounds, until the goroutine count is back to
// base, the count before the execution. Goroutines the execution left to
// uncontrolled code may keep the count above base: when the wait ran out,
// settle only yields in the next settleSkip executions. After a timeout
// the stuck goroutine never returns: it is left alone.
func (e *Engine) settle(base int) {
	if e.x.timedOut.Load() {
		return
	}
	if !e.awaitReturned() {
		e.unsettled = settleSkip
		return
	}
	for i := 0; i < settleYields && runtime.NumGoroutine() > base; i++ {
		runtime.Gosched()
	}
	if e.unsettled > 0 {
		e.unsettled--
		e.noteSettled(base)
		return
	}
	for start := time.Now(); runtime.NumGoroutine() > base; time.Sleep(time.Microsecond) {
		if time.Since(start) > settleEndWait {
			e.unsettled = settleSkip
			return
		}
	}
	e.noteSettled(base)
}

// noteSettled records the goroutine count once it is back to base: the
// floor a later execution that begins with goroutines still exiting
// (settle gave up on them) waits for before the program looks.
func (e *Engine) noteSettled(base int) {
	if n := runtime.NumGoroutine(); n <= base {
		e.floor = n
	}
}

// await waits for the execution to end, or ends it as a timeout when the
// running goroutine stops reaching scheduling points.
func (e *Engine) await() {
	x := e.x
	var w watch
	var hw handoffWatch
	tick := time.NewTicker(e.lim.Timeout / 4)
	defer tick.Stop()
	fast := e.startHandoffTicker()
	defer e.stopHandoffTicker()
	for {
		select {
		case <-e.done:
			return
		case <-tick.C:
			if x.stalled(&w, e.lim.Timeout) {
				return
			}
		case <-fast:
			e.checkHandoff(x, &hw)
		}
	}
}

// G is a controlled goroutine.
//
// Invariant: fields other than gp and wake are read and written only by the
// goroutine holding its engine's token (or by the exploring goroutine while
// no execution runs).
type G struct {
	e      *Engine
	x      *execution
	id     int
	parent int
	gp     uintptr
	wake   chan struct{}

	op        sched.Op
	ctx       uint64 // op's calling context when plan.Context asks (callctx.go)
	pend      pendingOp
	live      bool
	abort     bool
	quiet     bool // its last scheduling point was skipped (quiet.go)
	since     int  // step at which op was announced (FIFO order of waiters)
	clock     vclock
	dom       *mutexState  // the mutex g's clock is known not to exceed (mutex.go)
	domGen    uint32       // that mutex's gen when g released it
	idle      int          // consecutive idle steps (see noteProgress)
	ran       int          // the step g last took (fair.go)
	starved   int          // samples in a row g was enabled and passed over (fair.go)
	starvedAt int          // the sample that last saw g enabled (fair.go)
	idleFrom  int          // the step the idle streak began at
	waited    bool         // the streak has an idle step that waits (see idleStep, spinning)
	recent    [16][2]int32 // (site, object) of recent idle steps
	recentAt  [16]int      // the step each of recent was last visited at
	fresh     int          // since when g re-read every location of its idle streak (reread)
	nrecent   int
	last      sched.Op
	wakeAt    time.Duration // virtual time at which a pending sleep or timer fires
	waitStep  int           // the step at which g began waiting for wakeAt (worktime.go)
	waitFrom  time.Duration // the virtual time at which it began (earlywake.go)
	pollAt    time.Time
	pollFor   time.Duration
	pollSum   time.Duration
	exited    chan struct{}
	// background marks the timer goroutine of an AfterFunc while it waits:
	// it neither keeps an execution whose body returned alive nor counts
	// as leaked (natively the function would simply not have run yet).
	background bool
	// goStmt marks a goroutine the program started (a go statement, a
	// context's AfterFunc): natively it runs even if its execution ends
	// before it is first picked (see runLate).
	goStmt bool
	late   bool         // runLate: released at its first hook (Current)
	timer  *timerState  // the timer whose goroutine g is (timer.go), or nil
	bub    *bubble      // the testing/synctest bubble g belongs to (synctest.go), or nil
	ho     outState     // hand-off on uncontrolled blocking (handoff.go)
	rel    atomic.Int32 // release state once released: relRunning... (released.go)
	pinned int          // procPin depth: no scheduling point while pinned (memory.go)

	// the enabled set (enabled.go)
	cls   enClass
	grp   *waitSet // the waiters g is one of (clsWaiter)
	dynAt int      // g's index in x.dyn (clsDynamic)
	dirty bool     // g is in x.dirty

	chw chanWait // the wait of g's channel operations (chan.go)
	// lastStep is the trace index of g's last step; partnerStep that of
	// the step that completed g's waiting channel operation (op.Done: the
	// sched.Step.Partner of its resumption).
	lastStep, partnerStep int
}

// newG creates goroutine state and starts the real goroutine, parked until
// it is first picked.
func (x *execution) newG(parent int, fn func()) *G {
	g := &G{
		e: x.e, x: x, id: len(x.gs) + 1, parent: parent,
		wake: make(chan struct{}, 1), live: true, exited: make(chan struct{}),
	}
	g.op = sched.Op{Kind: sched.OpStart, Group: -1}
	g.since = x.step
	g.clock = x.e.clocks.Get()
	if parent > 0 {
		g.clock.Set(x.gs[parent-1].clock)
		g.bub = x.gs[parent-1].bubble()
	}
	g.clock.Tick(g.id)
	x.gs = append(x.gs, g)
	x.alive = append(x.alive, g)
	x.lv.add(g.id)
	x.markDirty(g)
	x.e.inRun.Add(1)
	if g.bub != nil {
		fn = g.leavingBubble(fn) // synctest.go
	}
	go g.run(fn)
	return g
}

// run is the body of a controlled goroutine.
func (g *G) run(fn func()) {
	defer func() {
		forgetReleased(g.gp) // released.go
		g.e.inRun.Add(-1)    // last of all (see Engine.settle)
	}()
	g.gp = gid.Current()
	reserveStack() // stackreserve.go
	<-g.wake
	g.acquire()
	if g.abort && !g.goStmt {
		g.release()
		close(g.exited)
		return
	}
	g.late = g.abort // runLate
	normal := false
	defer func() {
		r := recover()
		g.exit(r, normal)
	}()
	fn()
	normal = true
}

// acquire records the calling goroutine as its engine's token holder.
func (g *G) acquire() {
	g.e.cur = g
	g.e.curGP.Store(g.gp)
	g.x.progress.Add(1)
}

// exit ends a goroutine: it classifies panics and Goexit, then hands the
// token on or ends the execution.
func (g *G) exit(r any, normal bool) {
	x := g.x
	if x.timedOut.Load() {
		return // the execution was abandoned while this goroutine was stuck
	}
	if !g.rejoin() { // it returned from uncontrolled code after its execution ended
		setOut(g, false)
		g.abort = true
	}
	if g.abort {
		if !g.exitingInExecution() {
			// releaseAll stopped waiting for it: the execution, or a
			// later one reusing x, is no longer its to touch.
			g.release()
			close(g.exited)
			return
		}
		// Released by releaseAll, or ended by a fatal oracle mid-step
		// (schedule after x.over, misuse): then nobody else will end the
		// execution.
		x.gone(g)
		g.release()
		close(g.exited)
		x.signalEnd()
		return
	}
	x.exitFailure(g, r, normal) // failure.go
	x.leaveBubble(g)            // synctest.go
	x.gone(g)
	x.removeAlive(g)
	x.unclassify(g)
	x.e.clocks.Put(g.clock) // nothing joins an exited goroutine's clock
	g.clock = nil
	x.record(g, sched.Op{Kind: sched.OpExit, Group: -1}, -1, false)
	x.exits++
	x.e.noteGone(g)
	close(g.exited)
	if x.over {
		x.signalEnd()
		return
	}
	if g.id == 1 {
		x.bodyDone, x.bodyEnd = true, x.now
		x.checkFailed() // marked failed by the body's end (leak.go)
	}
	next := x.pickNext(nil)
	if next == nil {
		x.signalEnd()
		return
	}
	g.release()
	next.wake <- struct{}{}
}

// gone records that g is no longer live.
func (x *execution) gone(g *G) {
	g.live = false
	x.lv.remove(g.id)
}

// release clears the token holder before g's goroutine ends. The runtime
// reuses the g structures of ended goroutines, so a stale holder could be
// matched by a new goroutine (of another exploration running in parallel)
// and mistaken for a controlled one.
//
// A released goroutine whose deferred calls blocked may get here long after
// its execution ended (see releaseAll): it then must not clear the holder
// of a later execution, hence the compare-and-swap.
func (g *G) release() {
	g.e.curGP.CompareAndSwap(g.gp, 0)
}

// park waits until g is picked again. It does not return when g is being
// released at the end of an execution.
func (g *G) park() {
	<-g.wake
	g.acquire()
	if g.abort {
		g.goexitReleased()
	}
}

// schedule is called by the token holder g after publishing its pending
// operation. It returns when g has been picked to perform that operation.
func (g *G) schedule() {
	x := g.x
	if x.over {
		g.abort = true
		g.goexitReleased()
	}
	if g.quiet = x.quietStep(g); g.quiet {
		return // quiet.go
	}
	next := x.pickNext(g)
	if next == g {
		g.atStep()
		return
	}
	if next == nil {
		x.signalEnd()
	} else {
		next.wake <- struct{}{}
	}
	g.park()
	g.atStep()
}

// removeAlive takes an exited goroutine off the live list.
func (x *execution) removeAlive(g *G) {
	i, found := slices.BinarySearchFunc(x.alive, g.id, func(a *G, id int) int { return a.id - id }) // alive is in ID order
	if found {
		x.alive = slices.Delete(x.alive, i, i+1)
	}
}
