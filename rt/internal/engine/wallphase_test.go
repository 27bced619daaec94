package engine

import (
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestWallPhaseIsAChoice: the wall clock's phase is a choice the strategy
// makes at the first reading. PhaseSecond starts the clock 1 ms before a
// whole second, never before the real instant nor before the engine's
// floor (a parent's clock an hour ahead); PhaseAsIs starts it at the real
// instant. A reading measured against only (ClockValue) does not count as
// the program reading the wall clock.
func TestWallPhaseIsAChoice(t *testing.T) {
	floor := time.Now().Add(time.Hour)
	for _, c := range []struct {
		phase WallPhase
		floor time.Time
	}{{PhaseAsIs, time.Time{}}, {PhaseSecond, time.Time{}}, {PhaseSecond, floor}, {PhaseAsIs, floor}} {
		var got time.Time
		before := time.Now()
		e := New(&choosing{choice: int(c.phase)}, Limits{MaxSteps: 1000, WallFloor: c.floor}, nil)
		res, _ := e.Run(func() { got = cur().Now() })
		after := time.Now()
		if res.Phase != c.phase || !res.ReadWall {
			t.Errorf("%v: Result.Phase %v, ReadWall %v", c, res.Phase, res.ReadWall)
		}
		low := before
		if c.floor.After(low) {
			low = c.floor
		}
		if got.Before(low) {
			t.Errorf("%v: the clock started at %v, before %v", c, got, low)
		}
		switch c.phase {
		case PhaseSecond:
			if ns := got.Nanosecond(); time.Duration(ns) != time.Second-phaseLead {
				t.Errorf("%v: started %v into its second, want %v", c, time.Duration(ns), time.Second-phaseLead)
			}
			if got.Sub(low) > time.Second {
				t.Errorf("%v: started %v after %v, want at most a second", c, got.Sub(low), low)
			}
		case PhaseAsIs:
			if c.floor.IsZero() && got.After(after) {
				t.Errorf("%v: started at %v, after the real instant %v", c, got, after)
			}
		}
		if !e.WallNow().Before(got) {
			continue
		}
		t.Errorf("%v: WallNow %v is before the reading %v", c, e.WallNow(), got)
	}
	e := New(&choosing{choice: int(PhaseSecond)}, Limits{MaxSteps: 1000, NoWallPhase: true}, nil)
	if res, _ := e.Run(func() { cur().Now() }); res.Phase != PhaseAsIs || len(res.Decisions) != 0 {
		t.Errorf("NoWallPhase: phase %v, decisions %v; want the clock as it is, no choice", res.Phase, res.Decisions)
	}
	e = New(&choosing{}, Limits{MaxSteps: 1000}, nil)
	res, _ := e.Run(func() { cur().ClockValue() })
	if res.ReadWall {
		t.Error("ClockValue counted as the program reading the wall clock")
	}
}

// choosing is a strategy that runs one execution, picks the first enabled
// goroutine and answers every choice with choice.
type choosing struct {
	choice int
	ran    bool
}

func (c *choosing) Begin(p *sched.Plan) bool {
	if c.ran {
		return false
	}
	c.ran = true
	p.TrackAll = true
	return true
}
func (c *choosing) Pick(v *sched.View) int          { return v.Enabled[0] }
func (c *choosing) Choose(_ *sched.View, n int) int { return c.choice }
func (c *choosing) End(*sched.Execution)            {}

// TestClockNeverGoesBackBetweenExecutions: an execution starts its wall
// clock no earlier than where the previous one's got to (it slept an hour
// of virtual time), so a value an earlier execution left in package state
// (a cache entry's expiry) is not in a later one's future; once
// uncontrolled code has taken part (sharedReal), executions start afresh
// at the real instant.
func TestClockNeverGoesBackBetweenExecutions(t *testing.T) {
	e := New(newRandom(1, 3), Limits{MaxSteps: 1000}, nil)
	var end, start time.Time
	e.Run(func() {
		cur().Sleep(0, time.Hour)
		end = cur().Now()
	})
	e.Run(func() { start = cur().Now() })
	if start.Before(end) {
		t.Fatalf("the second execution's clock started at %v, %v before the first one's end", start, end.Sub(start))
	}
	e.sharedReal.Store(true)
	e.Run(func() { start = cur().Now() })
	if start.After(time.Now().Add(2 * time.Second)) {
		t.Errorf("with uncontrolled code, the clock started at %v, %v ahead of real time", start, time.Until(start))
	}
}
