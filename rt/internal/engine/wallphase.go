package engine

import (
	"sync/atomic"
	"time"
)

// The wall clock's phase is an input of the schedule.
//
// An execution's wall clock (Now) starts at its first reading. Had it
// started at the real instant of that reading, a test whose outcome
// depends on where in a second it starts (a job run at every whole second,
// checked after 1.05 s) would fail in some runs and not in others, and a
// saved schedule would not replay. So where the clock starts is a choice
// of the schedule, made at the first reading: as it is, or phaseLead
// before the next whole second. The choice is recorded with the other
// decisions: a replay starts its clock at the same phase (the same instant
// within the second, on the replay's own day), and every strategy varies
// it as it varies the other choices.
//
// The clock only moves forward: the phase is taken after the real instant
// (at most a second after it), never before; an execution starts no
// earlier than where the clock of the engine's previous executions got to
// (virtual sleeps put it ahead of real time), and an execution of a
// subtest explored while its parent's execution waits in t.Run starts no
// earlier than the parent's clock (Limits.WallFloor). State a test built
// before the execution, natively, in an outer execution or in an earlier
// execution (a cache entry's expiry), never sees time go back. Once
// uncontrolled code, which reads real time, has taken part in an
// execution, later executions start their clock afresh at the real
// instant: that code compares real time with instants the program
// computed on the virtual clock (keepUp), and a clock ahead by every
// earlier execution's sleeps would never be caught up with. A whole minute or day is not a phase: reaching one would
// put the clock up to a day ahead of the real time that uncontrolled code
// reads.

// WallPhase is where an execution's wall clock started.
type WallPhase uint8

// The phases.
const (
	PhaseAsIs   WallPhase = iota // the real instant of the first reading
	PhaseSecond                  // phaseLead before the next whole second
	wallPhases                   // the number of phases
)

// phaseLead is how far before a whole second PhaseSecond starts.
const phaseLead = time.Millisecond

// String names the phase for reports.
func (p WallPhase) String() string {
	if p == PhaseSecond {
		return "1ms before a whole second"
	}
	return "as it was"
}

// startWall returns the instant the wall clock of g's execution starts
// at, no earlier than the real instant and the engine's floor. When the
// program reads the clock first (program), that is at the phase the
// strategy chooses in g's current step; a first reading the program only
// measures against (a timer's value, a timeout) takes the clock as it is.
// It records how far the floor put the clock ahead of real time (ahead),
// which keepUp does not wait for; it waits for a phase's lead, so that
// uncontrolled code, which reads real time, sees the same clock.
func (x *execution) startWall(g *G, program bool) time.Time {
	real := time.Now()
	now := real
	if f := x.e.startFloor(); f.After(now) {
		now = f
	}
	x.ahead = now.Sub(real)
	if program && !x.e.lim.NoWallPhase {
		x.phase = WallPhase(x.choose(g, int(wallPhases)))
	}
	if x.phase == PhaseSecond {
		at := now.Truncate(time.Second).Add(time.Second - phaseLead)
		if !at.After(now) {
			at = at.Add(time.Second)
		}
		now = now.Add(at.Sub(now)) // keeps the monotonic reading
	}
	return now
}

// startFloor is the earliest instant an execution of e may start its clock
// at: the floor it was given (a parent test's clock) and, unless
// uncontrolled code took part in an earlier execution, the latest instant
// an earlier execution's clock showed.
func (e *Engine) startFloor() time.Time {
	f := fromMark(e.wallFloor.Load())
	if w := e.WallNow(); w.After(f) {
		return w
	}
	return f
}

// noteWall records that the execution's wall clock has reached t, for
// the engine's WallNow.
func (x *execution) noteWall(t time.Time) {
	storeMax(&x.e.wallNow, mark(t))
}

// storeMax stores n in a if it is greater than a's value.
func storeMax(a *atomic.Int64, n int64) {
	for {
		old := a.Load()
		if n <= old || a.CompareAndSwap(old, n) {
			return
		}
	}
}

// WallNow returns the latest instant the wall clock of the engine's
// executions has shown: the zero time if none read it, or if uncontrolled
// code took part in one (a later exploration then starts afresh). It may
// be called from any goroutine: a subtest's exploration takes its floor
// from its parent's and from its siblings' engines.
func (e *Engine) WallNow() time.Time {
	if e.sharedReal.Load() {
		return time.Time{}
	}
	return fromMark(e.wallNow.Load())
}

// markBase is the instant marks count from: an instant stored as the
// duration since markBase keeps its monotonic reading when restored, so
// that instants compare as the program compares them.
var markBase = time.Now()

// mark returns t as a mark (see markBase), positive; 0 for the zero time.
// Instants before markBase (before any execution began) mark as markBase.
func mark(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return int64(max(t.Sub(markBase), 0)) + 1
}

// fromMark returns the instant of mark m; the zero time for 0.
func fromMark(m int64) time.Time {
	if m == 0 {
		return time.Time{}
	}
	return markBase.Add(time.Duration(m - 1))
}
