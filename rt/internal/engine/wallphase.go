package engine

import "time"

// The wall clock's phase is an input of the schedule.
//
// An execution's wall clock (Now) starts at the real instant of its first
// reading. A test whose outcome depends on where in a second or a minute
// it starts (a job scheduled at every whole second, checked after 1.05 s)
// would then fail in some runs and not in others, and a saved schedule
// would not replay. So where the clock starts is a choice of the schedule
// (execution.choose at the first reading): as it is, just before a whole
// second, or just before a whole minute. The choice is recorded with the
// other decisions, so a replay starts its clock at the same phase (the
// same instant within the second or minute, on the replay's own day), and
// every strategy varies it as it varies the other choices. The phases
// before a boundary are taken in the past (the last whole second or minute
// less phaseLead), so the wall clock never runs ahead of real time.

// WallPhase is where an execution's wall clock started.
type WallPhase uint8

// The phases.
const (
	PhaseAsIs   WallPhase = iota // the real instant of the first reading
	PhaseSecond                  // phaseLead before a whole second
	PhaseMinute                  // phaseLead before a whole minute
	wallPhases                   // the number of phases
)

// phaseLead is how far before a whole second or minute a phase starts.
const phaseLead = time.Millisecond

// String names the phase for reports.
func (p WallPhase) String() string {
	switch p {
	case PhaseSecond:
		return "1ms before a whole second"
	case PhaseMinute:
		return "1ms before a whole minute"
	}
	return "as it was"
}

// startWall returns the instant the wall clock of g's execution starts at,
// chosen by the strategy in g's current step.
func (x *execution) startWall(g *G) time.Time {
	now := time.Now()
	x.phase = WallPhase(x.choose(g, int(wallPhases)))
	switch x.phase {
	case PhaseSecond:
		return now.Truncate(time.Second).Add(-phaseLead)
	case PhaseMinute:
		return now.Truncate(time.Minute).Add(-phaseLead)
	}
	return now
}
