package explore

import (
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// replay is the strategy that re-executes recorded decisions once. When a
// recorded decision is impossible (the program changed, or it is not
// deterministic) it notes the first such step and continues with the
// lowest enabled goroutine, so the execution still ends.
type replay struct {
	decisions  []int
	track      []string // nil: all groups
	next       int
	ran        bool
	divergedAt int // decision index of the first impossible decision, or -1
}

func newReplay(decisions []int, track []string) *replay {
	return &replay{decisions: decisions, track: track, divergedAt: -1}
}

// Name implements sched.Named.
func (r *replay) Name() string { return "replay" }

// Begin allows exactly one execution.
func (r *replay) Begin(p *sched.Plan) bool {
	if r.ran {
		return false
	}
	r.ran = true
	p.Label = "replay"
	p.TrackAll = r.track == nil
	for _, name := range r.track {
		if id := engine.GroupID(name); id >= 0 {
			p.Track = append(p.Track, id)
		}
	}
	return true
}

// Pick returns the next recorded goroutine if it is enabled.
func (r *replay) Pick(v *sched.View) int {
	if d, ok := r.take(); ok {
		for _, id := range v.Enabled {
			if id == d {
				return d
			}
		}
	}
	r.diverge()
	return v.Enabled[0]
}

// Choose returns the next recorded choice if it is in range.
func (r *replay) Choose(_ *sched.View, n int) int {
	if d, ok := r.take(); ok && d < n {
		return d
	}
	r.diverge()
	return 0
}

// End does nothing: replay learns nothing.
func (r *replay) End(*sched.Execution) {}

func (r *replay) take() (int, bool) {
	if r.next >= len(r.decisions) {
		r.next++
		return 0, false
	}
	d := r.decisions[r.next]
	r.next++
	return d, true
}

func (r *replay) diverge() {
	if r.divergedAt < 0 {
		r.divergedAt = r.next - 1
	}
}

// exhausted reports whether the execution used exactly the recorded
// decisions.
func (r *replay) exact() bool { return r.divergedAt < 0 && r.next == len(r.decisions) }
