package engine

import (
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The room of testing/synctest bubbles.
//
// synctest.Test(t, f) by a controlled goroutine, the caller, is three
// steps: synctest (the bubble begins), go (its root goroutine starts: f,
// then the functions f registered through t.Context and t.Cleanup), and
// synctest-end (the caller waits for the bubble's goroutines to exit).
// Every goroutine of the bubble takes a synctest-exit step as it returns
// (leavingBubble). A
// goroutine belongs to the bubble of the goroutine that started it (G.bub,
// set by newG), so everything the root starts, transitively, is in the
// bubble: go statements, timer goroutines, context AfterFuncs.
//
// Time. While a bubble is active the virtual clock moves only when no
// goroutine of the execution can run: no wake-up races with work
// (earlywake.go), work does not make time pass (worktime.go), nor does
// busy-waiting (approachClock). This holds for the whole execution, not
// for the bubble's goroutines alone: a goroutine outside the bubble that
// runs keeps the bubble's clock still, where natively the bubble's clock
// ignores it. time.Now in a goroutine of the bubble reads midnight UTC
// 2000-01-01 plus the virtual time passed since the bubble began, exactly.
//
// Durable blocking. A goroutine of the bubble is durably blocked when its
// pending operation cannot proceed and its kind is Durable in sched's
// table (channel operations and selects, Cond.Wait, WaitGroup.Wait,
// sleeps, timers that have not fired, synctest.Wait). One waiting for a
// lock or Once.Do, polling code vtbound does not control, or handed off
// is not: something outside the bubble might wake it. synctest.Wait
// (synctest-wait) is enabled when every other goroutine of its bubble is
// durably blocked or has exited.
//
// The end. synctest-end is enabled when every goroutine of the bubble has
// exited (a timer that has not fired aside: natively a timer is no
// goroutine), or when the bubble is deadlocked: every goroutine left is
// durably blocked and either the root has exited (time stops with it) or
// none of them waits for the clock. A deadlock is the deadlock oracle's
// failure, in synctest's words, blaming a goroutine of the bubble; the
// caller then goes no further, as synctest.Test panics.
//
// Happens-before, as the race detector sees synctest: a goroutine that
// durably blocks or exits releases into the bubble, and synctest.Wait and
// the end acquire from it. Wait joins the clocks of the blocked goroutines
// (unchanged since they blocked), each of which then starts a new epoch;
// an exiting goroutine's clock joins the bubble's as it exits
// (leaveBubble). Time passing orders nothing.
//
// Released goroutines (released.go) neither start bubbles nor wait.

// bubble is one synctest.Test's bubble in an execution.
//
// Invariant: ended is set once, when the caller's synctest-end step is
// taken; a goroutine of an ended bubble is in no bubble (G.bubble).
type bubble struct {
	root   *G
	start  time.Duration // the virtual clock when the bubble began
	exited vclock        // the clocks of its goroutines that exited
	done   bool          // the root has exited
	ended  bool
	wait   *G // the goroutine in synctest.Wait, if any
	outer  bodyFuncs
}

// bodyFuncs are the functions the body's goroutine runs when the body
// returns (OnBodyExit, then Cleanup): a bubble's root runs those
// registered while the bubble is active, when f returns.
type bodyFuncs struct{ exit, cleanup []func() }

// bubblesKey is the Rooms key of the number of active bubbles.
type bubblesKey struct{}

// synctestEpoch is the instant a bubble's clock starts at.
var synctestEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// bubble returns the active bubble g belongs to, or nil.
func (g *G) bubble() *bubble {
	if b := g.bub; b != nil && !b.ended {
		return b
	}
	return nil
}

// blockedTime reports whether a bubble is active in x: the virtual clock
// then moves only when no goroutine can run.
func (x *execution) blockedTime() bool { return x.activeBubbles() > 0 }

// Synctest models synctest.Test(t, f) by g: run, which calls f, runs as
// the root of a new bubble, and Synctest returns when every goroutine of
// the bubble has exited. It reports false when g is a released goroutine,
// which runs nothing.
func (g *G) Synctest(site int32, run func()) bool {
	if g.bubble() != nil {
		panic("synctest.Run called from within a synctest bubble")
	}
	if !g.Step(sched.OpSynctest, site, nil) {
		return false
	}
	x := g.x
	b := &bubble{start: x.now, outer: x.takeBodyFuncs()}
	x.model.rt[bubblesKey{}] = x.activeBubbles() + 1
	if !g.enter(sched.OpGo, site, nil) {
		return false
	}
	g.schedule()
	b.root = x.newG(g.id, b.rootBody(run))
	b.root.goStmt, b.root.bub = true, b
	g.clock.Tick(g.id)
	if !g.enter(sched.OpSynctestEnd, site, unsafe.Pointer(b)) {
		return false
	}
	g.pend.wait = endWait{b}
	g.schedule()
	b.end(g)
	return true
}

// activeBubbles returns the number of active bubbles in x.
func (x *execution) activeBubbles() int {
	n, _ := x.model.rt[bubblesKey{}].(int)
	return n
}

// takeBodyFuncs returns the body's exit and Cleanup functions registered
// so far and leaves none registered.
func (x *execution) takeBodyFuncs() bodyFuncs {
	exit, _ := x.model.rt[bodyExitKey{}].([]func())
	cleanup, _ := x.model.rt[cleanupKey{}].([]func())
	delete(x.model.rt, bodyExitKey{})
	delete(x.model.rt, cleanupKey{})
	return bodyFuncs{exit, cleanup}
}

// rootBody returns the root goroutine's function: run, then the exit
// and Cleanup functions registered meanwhile, as testing runs those of
// the T synctest.Test gives f before the bubble's root returns. When run
// panics or calls t.FailNow the execution has failed and they do not run
// (as withBodyExit).
func (b *bubble) rootBody(run func()) func() {
	return func() {
		run()
		x := b.root.x
		fs := x.takeBodyFuncs()
		for _, f := range fs.exit {
			f()
		}
		x.model.rt[cleanupKey{}] = fs.cleanup
		x.runCleanups()
		b.root.Step(sched.OpSynctestExit, 0, unsafe.Pointer(b))
	}
}

// leavingBubble returns fn followed by g's synctest-exit step. Natively a
// goroutine's exit is what may let synctest.Wait or the end proceed; the
// engine's exit is no operation another can be ordered against, so the
// step before it stands for it (dependent with everything, it keeps a
// reduced search from missing the orders the exit enables). A goroutine
// that panics or calls runtime.Goexit takes no such step.
func (g *G) leavingBubble(fn func()) func() {
	return func() {
		fn()
		g.Step(sched.OpSynctestExit, 0, unsafe.Pointer(g.bub))
	}
}

// end is the caller's synctest-end step: a deadlock fails the execution
// and ends the caller; otherwise the caller acquires what the bubble's
// goroutines did and gets the body's functions back.
func (b *bubble) end(g *G) {
	x := g.x
	if _, h, why := b.settled(x); h != nil {
		x.fail(sched.Deadlock, h, "deadlock in a testing/synctest bubble: "+why, "")
		g.abort = true
		g.goexitReleased()
	}
	b.ended = true
	x.model.rt[bubblesKey{}] = x.activeBubbles() - 1
	g.learn(b.exited)
	left := x.takeBodyFuncs()
	x.model.rt[bodyExitKey{}] = append(b.outer.exit, left.exit...)
	x.model.rt[cleanupKey{}] = append(b.outer.cleanup, left.cleanup...)
}

// leaveBubble is called as g exits: its clock joins its bubble's.
func (x *execution) leaveBubble(g *G) {
	b := g.bubble()
	if b == nil {
		return
	}
	b.exited.Join(g.clock)
	if g == b.root {
		b.done = true
	}
}

// durablyBlocked reports whether live goroutine h is durably blocked (see
// above).
func (x *execution) durablyBlocked(h *G) bool {
	if h.ho.away || h.pollFor > 0 || !h.pollAt.IsZero() || h.pend.wait == nil || !h.op.Kind.Info().Durable {
		return false
	}
	return !x.enabled(h)
}

// idleTimer reports whether h is a timer goroutine that has not fired:
// natively no goroutine at all.
func (x *execution) idleTimer(h *G) bool {
	return h.op.Kind == sched.OpTimer && !x.enabled(h)
}

// othersBlocked reports whether every live goroutine of b other than g is
// durably blocked.
func (b *bubble) othersBlocked(x *execution, g *G) bool {
	for _, h := range x.alive {
		if h.live && h != g && h.bub == b && !x.durablyBlocked(h) {
			return false
		}
	}
	return true
}

// settled reports whether b's end may come: every goroutine of b has
// exited (timers that have not fired aside), or b is deadlocked (see
// above), when it also returns a goroutine of b to blame and synctest's
// words.
func (b *bubble) settled(x *execution) (ok bool, blamed *G, why string) {
	clock := false
	for _, h := range x.alive {
		if !h.live || h.bub != b {
			continue
		}
		if !x.durablyBlocked(h) {
			return false, nil, "" // it runs, or may be woken from outside
		}
		clock = clock || h.onClock()
		if blamed == nil && !x.idleTimer(h) {
			blamed = h
		}
	}
	switch {
	case blamed == nil:
		return true, nil, ""
	case b.done:
		return true, blamed, "the main bubble goroutine has exited but blocked goroutines remain"
	case !clock:
		return true, blamed, "all goroutines in the bubble are blocked"
	}
	return false, nil, "" // the clock will move
}

// endWait is the wait of synctest-end: b is settled.
type endWait struct{ b *bubble }

func (w endWait) enabled(x *execution, _ *G) bool {
	ok, _, _ := w.b.settled(x)
	return ok
}
func (endWait) group() (*waitSet, bool) { return nil, false }
func (endWait) state(*G) string         { return "synctest.Run" }

// SynctestWait models synctest.Wait by g: it returns when every other
// goroutine of g's bubble is durably blocked or has exited. It reports
// false when g is in no bubble (the caller calls the real synctest.Wait,
// which panics) and true otherwise.
func (g *G) SynctestWait(site int32) bool {
	b := g.bubble()
	if b == nil {
		return g.abort
	}
	if b.wait != nil {
		panic("wait already in progress")
	}
	if !g.enter(sched.OpSynctestWait, site, unsafe.Pointer(b)) {
		return true
	}
	b.wait = g
	g.pend.wait = waitWait{b}
	g.schedule()
	b.wait = nil
	b.acquireBlocked(g)
	return true
}

// acquireBlocked orders what every goroutine of b did before g's future:
// the clocks of those that exited and of those durably blocked now, each
// of which starts a new epoch (it released as it blocked).
func (b *bubble) acquireBlocked(g *G) {
	g.learn(b.exited)
	for _, h := range g.x.alive {
		if h.live && h != g && h.bub == b {
			g.learn(h.clock)
			h.clock.Tick(h.id)
		}
	}
}

// waitWait is the wait of synctest.Wait.
type waitWait struct{ b *bubble }

func (w waitWait) enabled(x *execution, g *G) bool { return w.b.othersBlocked(x, g) }
func (waitWait) group() (*waitSet, bool)           { return nil, false }
func (waitWait) state(*G) string                   { return "synctest.Wait" }

// now is time.Now in b: the bubble's clock (see above).
func (b *bubble) now(x *execution) time.Time {
	return synctestEpoch.Add(x.now - b.start).Local()
}
