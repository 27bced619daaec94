package engine

import (
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestTimeBound: an execution that keeps taking steps long past the
// exploration's time budget ends with the step bound's outcome, marked
// TimeBound, well before the step bound; one that ends in time is not
// marked.
func TestTimeBound(t *testing.T) {
	lim := Limits{Deadline: time.Now(), Overrun: 50 * time.Millisecond}
	e := New(newRandom(1, 1), lim, nil)
	res, ok := e.Run(func() {
		g := cur()
		for n := 0; ; n++ {
			g.Yield(0) // endless work: each step costs a little real time
			for i := range 1000 {
				n ^= i
			}
		}
	})
	if !ok || res.Outcome != sched.StepBound || !res.TimeBound || res.Failure != nil {
		t.Fatalf("ran %v, outcome %v, time bound %v, failure %+v; want the time bound", ok, res.Outcome, res.TimeBound, res.Failure)
	}
	if n := len(res.Trace); n >= DefaultLimits.MaxSteps {
		t.Errorf("%d steps: the step bound ended it, not the time bound", n)
	}
	e = New(newRandom(1, 1), Limits{Deadline: time.Now(), Overrun: time.Hour}, nil)
	res, _ = e.Run(func() { cur().Yield(0) })
	if res.Outcome != sched.OK || res.TimeBound {
		t.Errorf("a short execution: outcome %v, time bound %v", res.Outcome, res.TimeBound)
	}
}
