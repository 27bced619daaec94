package engine

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// runtimeGoexit is runtime.Goexit; a variable so the abort path is explicit.
var runtimeGoexit = runtime.Goexit

// execution is the state of one run of the body.
//
// Invariant: only the token holder (or the exploring goroutine between
// executions) reads or writes it, except lastProgress.
type execution struct {
	e    *Engine
	n    int
	plan sched.Plan
	gs   []*G
	// alive lists the live goroutines of gs in ID order, so that the
	// per-step scans cost O(live goroutines), not O(goroutines started).
	alive []*G

	step         int
	resume       []*G          // goroutines whose channel operation a partner completed (resumed)
	failedBy     int           // the step count by which the test was seen failed, 0: not yet (failstep.go)
	failedBefore bool          // the test was failed before the execution began
	now          time.Duration // the virtual clock (see G.Sleep)
	workFrom     int           // the step work counts towards virtual time from (worktime.go)
	workCheck    int           // the step of the last look at the work clock
	coupled      coupling      // real time passing before the virtual clock advances
	epoch        time.Time     // instant of Now's first reading (see Now)
	ahead        time.Duration // how far epoch was ahead of real time (wallphase.go)
	phase        WallPhase     // where the wall clock started (wallphase.go)
	readWall     bool          // the program read the wall clock (Now)
	soloAccesses int           // accesses while the body was alone (solo.go)
	quiet        quietState    // operations that took no scheduling point (quiet.go)
	nowTicks     time.Duration // nowTick per reading of Now so far
	trace        []sched.Step
	decisions    []int
	hash         uint64
	view         sched.View

	// the enabled set (enabled.go)
	en     countedSet // enabled goroutines, exact after refresh
	lv     idSet      // live goroutines (G.live)
	dyn    []*G       // goroutines of class clsDynamic
	dirty  []*G       // goroutines to classify at the next refresh
	live   liveView   // the View's sched.Live
	sparse bool       // the strategy reads Views through their methods only

	objs  map[unsafe.Pointer]int32
	heap  heapTable
	ident *identity // object identities across executions (ident.go), or nil
	model models
	track []bool // tracked groups by ID when !plan.TrackAll

	base         int  // runtime.NumGoroutine before the execution began
	exits        int  // goroutines exited since virtual time last passed
	exitWaits    int  // sleeps since then whose wait for the exits ran out
	lingering    bool // base counts goroutines an earlier execution left exiting
	bodyDone     bool
	bodyEnd      time.Duration // the virtual time at which the body returned
	end          testEnd       // the clock after the body returned (testend.go)
	fair         fairState     // starved goroutines (fair.go)
	rmw          rmwCheck      // a read-modify-write step not classified yet (rmw.go)
	boundHit     bool          // the step bound ended the execution without a livelock
	probe        probation     // the extension past the step bound (stepbound.go)
	stepless     bool          // an access ran without a scheduling point (memory.go)
	lastProgress int           // the last step that changed shared state (noteProgress)
	timeHit      bool          // it was the time bound (timebound.go)
	cutAt        time.Time     // when the time bound ends this execution
	over         bool          // a fatal oracle fired or the execution is stuck
	ended        bool          // signalEnd was called
	failure      *Failure
	races        []RaceReport
	raceSeen     map[[2]int32]bool
	uncontrolled bool
	carried      []carriedTimer // timers earlier executions left armed (carriedtimers.go)

	// wake-ups that race with work (earlywake.go)
	early      earlyCache
	due        dueCache    // the due wake-up that comes first (sleep.go)
	earlyWakes []EarlyWake // the early wake-ups so far
	wakesHeld  bool        // work took a step while a wake-up was held back

	// hand-offs (handoff.go)
	handoffs     int       // goroutines handed off in this execution
	awayStart    time.Time // when the holder began waiting for one to return
	awayTimedOut bool      // none returned within Limits.Timeout
	leftOut      bool      // one was still away when the execution ended

	// uncontrolled goroutines using the execution's objects (foreign.go)
	outside        bool          // it used a channel made outside it
	foreignWaited  time.Duration // waited for a note since the last one
	foreignAwaited bool          // it waited for a note (the verdict says so)

	progress atomic.Uint64 // counts steps and hand-offs, for the stall watchdog
	timedOut atomic.Bool
}

func newExecution(e *Engine, plan sched.Plan) *execution {
	x := &execution{
		e: e, n: e.nexec, plan: plan,
		objs:     map[unsafe.Pointer]int32{},
		raceSeen: map[[2]int32]bool{},
		hash:     fnvOffset,
	}
	x.model.init(&e.fo.seen)
	x.live.x = x
	x.sparse = isSparse(e.strat)
	x.setPlan(plan)
	return x
}

// setPlan records which groups the execution tracks.
func (x *execution) setPlan(plan sched.Plan) {
	x.plan = plan
	x.track = x.track[:0]
	for _, id := range plan.Track {
		for int(id) >= len(x.track) {
			x.track = append(x.track, false)
		}
		if id >= 0 {
			x.track[id] = true
		}
	}
}

// tracks reports whether accesses to group id are scheduling points in
// this execution. Accesses without a group are always tracked.
func (x *execution) tracks(id int32) bool {
	if x.plan.TrackAll || id < 0 {
		return true
	}
	return int(id) < len(x.track) && x.track[id]
}

// reset prepares a finished execution's storage for the next execution,
// so that steady-state exploration allocates little: maps are cleared and
// slices truncated, keeping their capacity.
func (x *execution) reset(plan sched.Plan) {
	*x = execution{
		e: x.e, n: x.e.nexec, plan: plan,
		gs: x.gs[:0], alive: x.alive[:0], trace: x.trace[:0], decisions: x.decisions[:0],
		view: sched.View{Goroutines: x.view.Goroutines[:0], Enabled: x.view.Enabled[:0]},
		objs: x.objs, model: x.model, raceSeen: x.raceSeen, hash: fnvOffset,
		track: x.track, heap: x.heap, ident: x.ident,
		en: countedSet{idSet: x.en.idSet[:0]}, lv: x.lv[:0], dyn: x.dyn[:0], dirty: x.dirty[:0], live: liveView{gs: x.live.gs[:0]},
		sparse:     isSparse(x.e.strat),
		earlyWakes: x.earlyWakes[:0],
	}
	x.live.x = x
	x.setPlan(plan)
	x.heap.reset()
	clear(x.objs)
	clear(x.raceSeen)
	x.model.clear()
}

// objID numbers objects in order of first use within the execution.
func (x *execution) objID(p unsafe.Pointer) int32 {
	if p == nil {
		return 0
	}
	if id, ok := x.objs[p]; ok {
		return id
	}
	id := int32(len(x.objs) + 1)
	x.objs[p] = id
	return id
}

// pickNext chooses the goroutine that takes the next step, or returns nil
// (after recording the outcome) when the execution cannot continue. cur is
// the goroutine at the scheduling point, nil if it just exited.
func (x *execution) pickNext(cur *G) *G {
	if cur != nil {
		x.markDirty(cur)
	}
	for {
		x.settleRMW() // rmw.go
		if x.step >= x.stepLimit() && x.stepBound() {
			return nil
		}
		if x.step&timeCheckMask == 0 && x.overran() {
			return nil
		}
		if x.step&failCheckMask == 0 {
			x.checkFailed() // failstep.go
		}
		x.collectReturned()
		x.takeForeign() // foreign.go
		x.refresh()
		if x.bodyDone && x.onlyPollers() {
			if x.awaitForeign() {
				continue
			}
			x.stuck() // background goroutines waiting on uncontrolled code
			return nil
		}
		if x.onlySpinners() && x.approachClock() {
			continue
		}
		n := x.en.count()
		if n > 0 && x.workPassesTime() {
			continue
		}
		if n == 0 {
			if x.couple() || x.advanceClock() || x.pollAdopted() || x.waitForPollers() || x.awaitReturn() || x.awaitForeign() {
				continue
			}
			x.stuck()
			return nil
		}
		g := x.gs[x.en.next(0)-1]
		x.sampleFairness() // fair.go
		forced := false
		if n > 1 {
			if r := x.resumed(); r != nil {
				g, forced = r, true // not the schedule's choice (Plan.Resume)
			} else if f := x.fairPick(); f != nil {
				g, forced = f, true
			} else {
				g = x.strategyPick(cur)
			}
		}
		g.ran = x.step
		if g.wakeAt > x.now && g.onClock() {
			x.wakeEarly(g) // earlywake.go
		} else if x.early.held {
			x.noteHeld(g)
		}
		// A switch fairness forces is Go's scheduler's, not one the
		// schedule chose: it is no preemption of the schedule's (c,v,t).
		preempt := !forced && cur != nil && cur != g && x.en.has(cur.id)
		x.markDirty(g) // its step changes its state: classify it at the next refresh
		x.record(g, g.op, -1, preempt)
		x.noteProgress(g)
		if g != cur {
			// The token is in flight until g acquires it: the parked old
			// holder is no candidate for a hand-off (checkHandoff).
			x.e.curGP.Store(0)
		}
		return g
	}
}

// strategyPick asks the strategy which enabled goroutine takes the next
// step, and records the decision.
func (x *execution) strategyPick(cur *G) *G {
	x.prepareView(cur)
	id := x.e.strat.Pick(&x.view)
	if !x.en.has(id) {
		panic(fmt.Sprintf("vtbound: strategy picked goroutine %d, not enabled (enabled: %v)", id, x.enabledIDs()))
	}
	x.decisions = append(x.decisions, id)
	return x.gs[id-1]
}

// choose resolves a choice among n outcomes of g's operation.
func (x *execution) choose(g *G, n int) int {
	if n <= 1 {
		return 0
	}
	x.refresh()
	x.markDirty(g) // g is in the middle of its step
	x.prepareView(g)
	c := x.e.strat.Choose(&x.view, n)
	if c < 0 || c >= n {
		panic(fmt.Sprintf("vtbound: strategy chose %d of %d", c, n))
	}
	x.decisions = append(x.decisions, c)
	if len(x.trace) > 0 {
		x.trace[len(x.trace)-1].Choice = c
	}
	return c
}

// onlyPollers reports whether every live goroutine is waiting on code
// vtbound does not control (a ticker, a context, a channel made elsewhere)
// or blocked. After the body has returned, such background goroutines do
// not keep the execution alive: natively the test would have ended.
func (x *execution) onlyPollers() bool {
	for id := x.en.next(0); id != 0; id = x.en.next(id) {
		if x.gs[id-1].pollFor == 0 {
			return false
		}
	}
	for _, g := range x.alive {
		if !g.live {
			continue
		}
		if g.background && !g.ticking() || g.ho.away {
			continue // an AfterFunc that has not fired, or handed off
		}
		if g.onClock() {
			return false // sleepers wake when the virtual clock advances
		}
		if g.pollFor == 0 && g.pollAt.IsZero() && x.enabled(g) {
			return false
		}
	}
	return true
}

// onlySpinners reports whether goroutines are enabled but every one of them
// is busy-waiting, so that virtual time should pass.
func (x *execution) onlySpinners() bool {
	first := x.en.next(0)
	if first == 0 {
		return false
	}
	for id := first; id != 0; id = x.en.next(id) {
		if !x.spinning(x.gs[id-1]) {
			return false
		}
	}
	return true
}

// advanceClock moves the virtual clock to the earliest pending sleep or
// timer, if there is one, and reports whether it did.
func (x *execution) advanceClock() bool {
	next, ok := x.nextWake()
	if ok && x.bodyDone {
		next, ok = x.wakeAfterBody(next) // testend.go
	}
	if !ok {
		return false
	}
	x.moveClock(next)
	return true
}

// moveClock moves the virtual clock forward to at, fires the timers
// earlier executions left that are due then, and lets real time catch up
// when uncontrolled code takes part (keepUp).
func (x *execution) moveClock(at time.Duration) {
	x.now, x.workFrom = at, x.step
	x.fireDue()
	x.coupled = coupling{}
	x.keepUp()
}

// approachClock moves the virtual clock while every enabled goroutine
// busy-waits: half-way to the earliest wake-up when that is more than
// 2 × approachFloor away, then there (advanceClock). A busy-wait may be
// waiting for a deadline of its own that it compares with time.Now and
// that no timer marks; natively time passes continuously and it sees its
// deadline before a later timer fires. Jumping to the timer at once made
// both due at one instant: gocron's executor polls for its jobs until
// time.Now passes its 10 s stop timeout, and the 12 s timeout of
// Shutdown's context fired first. Each move counts as progress, so that
// every spinner looks at the clock again (a re-read, see spinning) before
// the next: the clock reaches a timer t away in about log2(t/approachFloor)
// moves.
func (x *execution) approachClock() bool {
	next, ok := x.nextWake()
	if !ok || next-x.now <= 2*approachFloor {
		return x.advanceClock()
	}
	x.now += (next - x.now) / 2
	x.workFrom = x.step
	x.lastProgress = x.step + 1 // a progress no step so far has seen
	x.coupled = coupling{}
	x.keepUp()
	return true
}

// approachFloor is the distance from a wake-up within which the virtual
// clock moves straight to it (approachClock).
const approachFloor = time.Millisecond

// keepUp waits, once uncontrolled code has taken part in the execution,
// until real time has caught up with the execution's wall clock (within
// maxCatchUp per advance). Uncontrolled code reads real time: an httptest
// server's handler comparing time.Now with a deadline the test computed on
// the virtual clock (hashicorp/go-retryablehttp's ResponseLogHook tests)
// would otherwise never see the deadline pass however long the client's
// virtual retries waited, where natively both read one clock.
func (x *execution) keepUp() {
	if x.epoch.IsZero() || !x.uncontrolled && !x.foreignGoroutines() || x.pastCatchUp() {
		return
	}
	x.e.sharedReal.Store(true) // wallphase.go
	if d := time.Until(x.wall().Add(-x.ahead)); d > 0 {
		x.engineSleep(min(d, maxCatchUp))
	}
}

// foreignGoroutines reports whether goroutines vtbound does not control,
// started during the execution (an httptest server's, a client's
// connection goroutines), are still running: they may read real time.
func (x *execution) foreignGoroutines() bool {
	return runtime.NumGoroutine() > x.base+int(x.e.inRun.Load())
}

// maxCatchUp bounds one wait of keepUp: a virtual timer hours away (a
// context's deadline nobody waits for natively) must not hold the test.
const maxCatchUp = time.Second

// awaitExited is called by a sleeper that wakes: it lets the real
// goroutines of controlled goroutines that exited meanwhile end first.
// Natively, a goroutine that has ended is gone from runtime.NumGoroutine
// and runtime.Stack by the time a sleep of the others ends, and leak
// checkers that sleep and count rely on it. It waits until their real
// goroutines have returned, and then, as settle does, until the goroutine
// count is no higher than before the execution plus the live goroutines,
// within settleEndWait the first time and settleWait after a wait ran out
// (an OS thread preempted on a loaded machine can hold the exiting
// goroutine back for a time slice; goroutines of uncontrolled code that
// keep the count up must not cost every sleep the longer wait).
func (x *execution) awaitExited() {
	limit := settleEndWait
	if x.exitWaits > 0 {
		limit = settleWait
	}
	x.awaitExitedWithin(limit)
}

// awaitExitedWithin is awaitExited with limit as the wait's bound. When
// goroutines of an earlier execution were still in the runtime's exit path
// as this one began (lingering), it also waits for those, down to the
// count the last settled execution ended with.
func (x *execution) awaitExitedWithin(limit time.Duration) {
	if x.exits == 0 && !x.lingering {
		return
	}
	live := 0
	for _, g := range x.alive {
		if g.live {
			live++
		}
	}
	target := x.base
	if x.lingering {
		target = min(target, x.e.floor)
	}
	start := time.Now()
	for i := 0; x.e.inRun.Load() > int32(live)+x.e.stuck || runtime.NumGoroutine() > target+live; i++ {
		if i < settleYields {
			runtime.Gosched()
			continue
		}
		if time.Since(start) > limit {
			x.waitedOut(limit)
			return
		}
		time.Sleep(time.Microsecond)
	}
	x.exits, x.exitWaits, x.lingering = 0, 0, false
}

// waitedOut records a wait for exited goroutines that ran out. Not yet:
// the next few sleeps wait again, as native ones would give the runtime
// time; goroutines of uncontrolled code may keep the count up for good,
// hence the bound. A program's own look (lookWait) that still sees the
// lingering goroutines accepts them as part of the count from now on.
func (x *execution) waitedOut(limit time.Duration) {
	if x.exitWaits++; x.exitWaits >= maxExitWaits || limit >= lookWait {
		if x.lingering {
			x.e.floor = x.base
		}
		x.exits, x.exitWaits, x.lingering = 0, 0, false
	}
}

// maxExitWaits bounds the sleeps after goroutines exited that wait for the
// goroutine count to come down (each for at most settleWait).
const maxExitWaits = 50

// waitForPollers sleeps until the earliest goroutine waiting on
// uncontrolled code may retry. It returns false if there is none left
// within its poll budget.
func (x *execution) waitForPollers() bool {
	earliest, ok := x.earliestPoll()
	if !ok {
		return false
	}
	x.engineSleep(time.Until(earliest))
	x.progress.Add(1)
	return true
}

// record appends a step to the trace and the trace hash.
func (x *execution) record(g *G, op sched.Op, choice int, preempt bool) {
	if len(x.trace) == cap(x.trace) {
		x.growTrace()
	}
	x.trace = append(x.trace, sched.Step{G: g.id, Op: op, Choice: choice, Preempt: preempt})
	if x.plan.Context > 0 && op == g.op {
		x.trace[len(x.trace)-1].Ctx = g.ctx
	}
	if op.Done {
		x.trace[len(x.trace)-1].Partner = g.partnerStep + 1
	}
	g.lastStep = len(x.trace) - 1
	x.hash = hashStep(x.hash, g.id, op)
	if op.Kind != sched.OpExit {
		x.step++
		g.last = op
	}
	x.progress.Add(1)
}

// growTrace doubles the trace's capacity. append grows a large slice by a
// quarter at a time, which for a trace of a million steps (56 MB) copies
// and clears about five times its size in all; doubling copies it about
// once, and a later execution of the exploration reuses the capacity.
func (x *execution) growTrace() {
	t := make([]sched.Step, len(x.trace), max(1024, 2*cap(x.trace)))
	copy(t, x.trace)
	x.trace = t
}

// signalEnd tells the exploring goroutine the execution is over.
func (x *execution) signalEnd() {
	if x.ended {
		return
	}
	x.ended = true
	x.e.cur = nil
	x.e.curGP.Store(0)
	x.e.done <- struct{}{}
}

// releaseAll ends every goroutine still parked, so that nothing of this
// execution runs when the next one starts, and restores real lock state.
func (x *execution) releaseAll() {
	if x.timedOut.Load() {
		return // the stuck goroutine still holds the token; leave everything
	}
	for _, g := range x.gs {
		if !g.live {
			continue
		}
		away := g.ho.away // handed off: it ends when it comes back (handoff.go)
		g.ho.away = false
		if g.started() { // else its g pointer may not be written (see Looks)
			x.e.noteGone(g)
		}
		g.abort = true
		g.wake <- struct{}{}
		select {
		case <-g.exited:
		case <-time.After(x.e.returnWait()):
			if !g.detach() {
				<-g.exited // it is exiting now (released.go)
				continue
			}
			// Its deferred calls run for real and block on something that
			// may never come, or it is still away: leave it
			// (Engine.settle counts it as stuck).
			x.e.sawStuck = true
			x.leftOut = x.leftOut || away
		}
	}
	x.model.restore()
}

// GoroutineState is a goroutine's last known operation, for reports.
type GoroutineState struct {
	ID, Parent int
	Last       sched.Op // last operation performed
	Pending    sched.Op // pending operation if still live
	Live       bool
}

// Result is the outcome of one execution.
type Result struct {
	sched.Execution
	Label        string
	Plan         sched.Plan
	Failure      *Failure
	RaceReports  []RaceReport
	Uncontrolled bool
	States       []GoroutineState
	// Handoffs counts the goroutines handed off while blocked in code
	// vtbound does not control (handoff.go); Uncontrolled is then set.
	Handoffs int
	// EndedAway reports that the body returned and the execution ended
	// while a goroutine was handed off in code vtbound does not control
	// (handoff.go): natively the test ends there too, but how that
	// goroutine would have gone on (looped, leaked, exited) was not seen.
	EndedAway bool
	// TimeBound reports that the time bound, not the step count, ended an
	// execution whose Outcome is StepBound (timebound.go).
	TimeBound bool
	// FailedInRelease reports that the test was marked failed (t.Error,
	// t.Fatal) after the execution ended, while the goroutines it left
	// were released: by their deferred calls, which run for real
	// (released.go). Natively those goroutines would have gone on (or
	// the body would not have been cut at a bound), so the failure says
	// nothing about the program.
	FailedInRelease bool
	// FailedBy is the number of leading steps of Trace by which the test
	// was marked failed (t.Error, t.Fatal), to within 16 steps after
	// (failstep.go); 0 when it was not marked failed during the execution.
	FailedBy int
	// EarlyWakes are the wake-ups from the virtual clock that happened
	// while other goroutines could run (earlywake.go): a failure after one
	// may depend on a timer beating work (timing-dependent).
	EarlyWakes []EarlyWake
	// WakesHeld reports that work took a step while a pending wake-up was
	// held back from racing with it (due beyond Limits.WakeWindow, past
	// Limits.EarlyWakes, or with the window negative): the execution does
	// not stand for every order Go allows.
	WakesHeld bool
	// Loops are the goroutines left looping on the clock after the body
	// returned (testend.go): background loops the test never stopped.
	Loops []Looper
	// Forced reports that fairness picked a goroutine the strategy had
	// passed over for long (fair.go).
	Forced bool
	// Phase is where the execution's wall clock started (wallphase.go):
	// a failure with a phase other than PhaseAsIs may depend on it.
	Phase WallPhase
	// Stepless reports that tracked memory accesses or atomic operations
	// ran without a scheduling point: a goroutine pinned to its P, or a
	// pool clean-up run with the world stopped (memory.go). Natively
	// other Ps run meanwhile, so the search did not order them.
	Stepless bool
	// ReadWall reports that the program read the wall clock (Now), not
	// only the timers it made.
	ReadWall bool
	// BodyReturned reports that the test body had returned when the
	// execution ended.
	BodyReturned bool
}

// Clone returns a copy of r that stays valid after the next execution.
func (r *Result) Clone() *Result {
	c := *r
	c.Trace = append([]sched.Step(nil), r.Trace...)
	c.Heap = append([]sched.HeapObject(nil), r.Heap...)
	c.Decisions = append([]int(nil), r.Decisions...)
	c.RaceReports = append([]RaceReport(nil), r.RaceReports...)
	c.States = append([]GoroutineState(nil), r.States...)
	c.EarlyWakes = append([]EarlyWake(nil), r.EarlyWakes...)
	c.Loops = append([]Looper(nil), r.Loops...)
	c.Plan.Track = append([]int32(nil), r.Plan.Track...)
	c.Plan.Steps = append([]sched.Window(nil), r.Plan.Steps...)
	c.Plan.Windows = append([]sched.Window(nil), r.Plan.Windows...)
	if r.Failure != nil {
		f := *r.Failure
		c.Failure = &f
	}
	return &c
}

// result assembles the execution's Result. failedBefore says whether the
// test was already failed before the execution.
func (x *execution) result(failedBefore bool) *Result {
	x.timedOutFailure()         // timeout.go
	x.testFailure(failedBefore) // failure.go
	loops := x.loopers()
	x.failLoop(loops) // testend.go
	r := &Result{Label: x.plan.Label, Plan: x.plan, Failure: x.failure, RaceReports: x.races, Uncontrolled: x.uncontrolled, Handoffs: x.handoffs}
	r.N = x.n
	r.Trace = x.trace
	r.Heap = x.heap.info
	r.Goroutines = len(x.gs)
	r.Hash = x.hash
	r.Decisions = x.decisions
	r.Races = len(x.races)
	r.FailedBy = x.failedSteps()
	r.EarlyWakes, r.WakesHeld, r.Phase, r.ReadWall = x.earlyWakes, x.wakesHeld, x.phase, x.readWall
	r.Stepless, r.BodyReturned, r.Quiet = x.stepless, x.bodyDone, x.plan.Quiet
	if !x.epoch.IsZero() {
		x.noteWall(x.wall())
	}
	if x.uncontrolled {
		x.e.sharedReal.Store(true) // wallphase.go
	}
	r.Loops = loops
	r.EndedAway = x.endedAway()
	r.Forced = x.fair.forced
	switch {
	case x.failure != nil:
		r.Outcome = x.failure.Outcome
	case len(x.races) > 0:
		r.Outcome = sched.Race
	case x.boundHit:
		r.Outcome = sched.StepBound
		r.TimeBound = x.timeHit
	}
	for _, g := range x.gs {
		st := GoroutineState{ID: g.id, Parent: g.parent, Last: g.last, Live: g.live}
		if g.live {
			st.Pending = g.op
		}
		r.States = append(r.States, st)
	}
	return r
}

// endedAway reports that the body returned and a goroutine is still
// handed off (Result.EndedAway).
func (x *execution) endedAway() bool {
	if !x.bodyDone {
		return false
	}
	for _, g := range x.gs {
		if g.live && g.ho.away {
			return true
		}
	}
	return false
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hashStep folds one step into a trace hash (FNV-1a over its fields as
// 64-bit words, with a shift to spread the high bits down).
// The kind and the site enter by name (see tracehash.go), so the hash does
// not change when registration order or the OpKind numbering does.
func hashStep(h uint64, g int, op sched.Op) uint64 {
	for _, v := range [...]uint64{uint64(g), kindHash(op.Kind), siteHash(op.Site), uint64(uint32(op.Obj))} {
		h ^= v
		h *= fnvPrime
		h ^= h >> 29
	}
	return h
}

// TraceHash computes the hash of a trace, as recorded in Result.Hash.
func TraceHash(trace []sched.Step) uint64 {
	h := uint64(fnvOffset)
	for _, st := range trace {
		h = hashStep(h, st.G, st.Op)
	}
	return h
}
