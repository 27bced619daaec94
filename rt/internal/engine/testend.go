package engine

import (
	"fmt"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The room of a test's end: what happens after the test body returned.
//
// A leak checker such as goleak looks at the goroutines a test left once
// it is over. vtbound looks further: after the body returned the virtual
// clock goes on moving, without a cap, until every goroutine has exited,
// is blocked for ever (a leak, leak.go), or loops on the clock. So a
// worker that sleeps two hours and then blocks for ever sending its result
// is a leak, as goleak would see it (still asleep) and as a long-running
// program would keep it.
//
// A goroutine loops on the clock when the state of the execution comes
// back unchanged at every move of the clock: goroutines wait at the same
// operations, and as many took steps at each in between (a
// keep-alive on a ticker, a janitor, a reconnect loop nobody cancels).
// Whether such a loop would ever end is not decidable; after loopRounds
// identical moves in a row it is taken to loop for ever. Goroutines that
// did not take part in those rounds but wait for a later wake-up (the
// two-hour sleeper beside a 100 ms ticker) are then woken by moving the
// clock straight to their wake-up, and the rounds are counted again. A
// slow loop beside a fast one (a reconnect every 5 s beside a 100 ms
// ticker) comes back to the same state at each such wake-up: after
// loopRounds wake-ups in one state it loops too. When no goroutine is left
// to wake the execution ends: goroutines still blocked
// are leaked, and the loopers are listed in Result.Loops, left to package
// explore to judge (docs/verdicts.md).

// loopRounds is the number of consecutive moves of the clock after the
// body after which an unchanged state is taken to loop for ever. A retry
// loop that gives up after more rounds than this is taken for a loop.
const loopRounds = 8

// testEnd is an execution's state after its body returned.
type testEnd struct {
	fp      uint64         // the fingerprint at the last move of the clock
	stable  int            // consecutive moves with that fingerprint
	from    int            // the step of the last move
	streak  int            // the step of the first move of the current streak
	looping bool           // the loopers were found: the clock stops
	chans   map[int32]bool // the channels the loopers wait on (see loops)
	woken   map[uint64]int // quiet wake-ups made in each state (fp)
}

// Looper is a goroutine left looping on the clock after the test body
// returned: a background loop the test never stopped.
type Looper struct {
	G    int      // the goroutine
	Wait sched.Op // the operation it waits at between rounds
}

// wakeAfterBody returns the virtual time the clock moves to next after the
// body returned, given the earliest pending wake-up next, or false when
// every goroutine still on the clock loops on it (see the room's doc).
func (x *execution) wakeAfterBody(next time.Duration) (time.Duration, bool) {
	t := &x.end
	x.countMove()
	if t.stable < loopRounds {
		return next, true
	}
	if at, ok := x.quietWake(); ok && t.woken[t.fp] < loopRounds {
		if t.woken == nil {
			t.woken = map[uint64]int{}
		}
		t.woken[t.fp]++
		t.stable = 0
		return at, true
	}
	t.looping = true
	x.noteLoopChans()
	return 0, false
}

// noteLoopChans records the channels the goroutines that loop wait on,
// and those that the timers among them will send on: a slow loop waits
// for its back-off on a time.After channel.
func (x *execution) noteLoopChans() {
	x.end.chans = map[int32]bool{}
	for _, g := range x.alive {
		if g.live && (g.since >= x.end.streak || g.onClock()) {
			for _, k := range x.waitChans(g) {
				x.end.chans[k] = true
			}
			if k, ok := x.timerChan(g); ok {
				x.end.chans[k] = true
			}
		}
	}
}

// timerChan returns the channel timer goroutine g sends on when it fires:
// a Timer's or Ticker's (its timerState), time.After's (its operation's
// object).
func (x *execution) timerChan(g *G) (int32, bool) {
	switch {
	case g.timer != nil && g.timer.ch != nil:
		return x.objID(chanKey(g.timer.ch)), true
	case g.op.Kind == sched.OpTimer && g.timer == nil && g.op.Obj >= 0:
		return g.op.Obj, true
	}
	return 0, false
}

// waitChans returns the channels g's pending channel operation waits on.
func (x *execution) waitChans(g *G) []int32 {
	w, ok := g.pend.wait.(*chanWait)
	if !ok {
		return nil
	}
	var ks []int32
	for _, c := range w.cases {
		if k := c.chanKey(); k != nil {
			ks = append(ks, x.objID(k))
		}
	}
	return ks
}

// waitsWithLoop reports whether g waits on a channel a looper also waits
// on: it belongs to the background the loop is part of (a pool's worker
// waiting, as its janitor does, for the pool's stop channel), and is left
// running with it rather than blocked for ever.
func (x *execution) waitsWithLoop(g *G) bool {
	for _, k := range x.waitChans(g) {
		if x.end.chans[k] {
			return true
		}
	}
	return false
}

// countMove notes a move of the clock after the body returned: it counts
// the moves in a row that found the execution in the same state.
func (x *execution) countMove() {
	t := &x.end
	fp := x.endFingerprint()
	if fp == t.fp && t.stable > 0 {
		t.stable++
	} else {
		t.fp, t.stable, t.streak = fp, 1, t.from
	}
	t.from = x.step
}

// settling reports whether the next move of the clock after the body may
// find the loopers: it must then be made by advanceClock, which decides,
// not by an early wake-up (earlywake.go).
func (x *execution) settling() bool {
	return x.bodyDone && x.end.stable >= loopRounds-1
}

// endFingerprint hashes what makes one move of the clock after the body
// like the last: the operations the live goroutines wait at, and which of
// them took a step since the last move. It is a sum over the goroutines,
// blind to their IDs and order: a loop on time.After makes a new timer
// goroutine every round.
func (x *execution) endFingerprint() uint64 {
	var sum uint64
	for _, g := range x.alive {
		if !g.live {
			continue
		}
		active := uint64(0)
		if g.since >= x.end.from {
			active = 1
		}
		h := uint64(fnvOffset)
		for _, v := range [...]uint64{uint64(g.op.Kind), uint64(uint32(g.op.Site)), active} {
			h = (h ^ v) * fnvPrime
		}
		sum += h
	}
	return sum
}

// quietWake returns the earliest wake-up of a goroutine that waits for the
// clock and took no step during the current streak of identical moves: it
// is no part of the loop, and waking it may change what the loopers
// leave behind.
func (x *execution) quietWake() (time.Duration, bool) {
	at, ok := time.Duration(0), false
	for _, g := range x.alive {
		if g.live && g.wakesLater(x.now) && g.since < x.end.streak && (!ok || g.wakeAt < at) {
			at, ok = g.wakeAt, true
		}
	}
	return at, ok
}

// ticking reports whether g is the goroutine of an armed ticker: after
// the body returned it keeps the clock moving, so that the goroutines
// taking its ticks are found to loop (a keep-alive on time.Tick), where
// a pending AfterFunc does not (natively its function would not run
// before the test binary exits).
func (g *G) ticking() bool {
	return g.pendingTimer() && g.timer.period > 0
}

// loops reports whether g is left looping on the clock, once the loopers
// were found: it took steps during the last streak of identical moves,
// waits for the clock, or waits with a looper (waitsWithLoop).
func (x *execution) loops(g *G) bool {
	return x.end.looping && g.live && (g.since >= x.end.streak || g.onClock() || x.waitsWithLoop(g))
}

// loopers returns the goroutines left looping on the clock: the
// program's goroutines that loop (not timers' own).
func (x *execution) loopers() []Looper {
	if !x.end.looping {
		return nil
	}
	var ls []Looper
	for _, g := range x.alive {
		if x.loops(g) && g.timer == nil && !g.background && g.op.Kind != sched.OpTimer {
			ls = append(ls, Looper{G: g.id, Wait: g.op})
		}
	}
	return ls
}

// failLoop fails an execution that otherwise passed with the first of
// loops that Limits.LoopFails says fails it, as a goroutine leak.
func (x *execution) failLoop(loops []Looper) {
	judge := x.e.lim.LoopFails
	if x.failure != nil || judge == nil {
		return
	}
	for _, lp := range loops {
		if why := judge(lp); why != "" {
			x.failure = &Failure{Outcome: sched.Leak, G: lp.G, Message: fmt.Sprintf("test body returned while a goroutine is left looping on the clock at %s (%s)", LoopWhere(lp), why)}
			return
		}
	}
}

// LoopWhere names where a looper waits between rounds: "cache.go:40
// (select)".
func LoopWhere(lp Looper) string {
	where := "?"
	if s := SiteInfo(lp.Wait.Site); s != nil {
		where = fmt.Sprintf("%s:%d", s.File, s.Line)
	}
	return fmt.Sprintf("%s (%s)", where, lp.Wait.Kind)
}

// afterBodyCatchUp bounds how far past the body's end real time keeps up
// with the virtual clock when uncontrolled code takes part (keepUp):
// natively the test is over by then, and a background loop's rounds must
// not each wait for real time.
const afterBodyCatchUp = time.Second

// pastCatchUp reports whether the virtual clock is so far past the body's
// end that real time no longer keeps up with it (afterBodyCatchUp).
func (x *execution) pastCatchUp() bool {
	return x.bodyDone && x.now > x.bodyEnd+afterBodyCatchUp
}
