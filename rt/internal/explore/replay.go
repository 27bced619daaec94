package explore

import (
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// newReplay returns the strategy that re-executes recorded decisions once,
// tracking the named variable groups (all of them when track is nil).
// Names no package registered any more are dropped; the replay then
// diverges and says so.
func newReplay(decisions []int, track []string) *strategy.Replay {
	plan := sched.Plan{TrackAll: track == nil, Label: "replay"}
	for _, name := range track {
		if id := engine.GroupID(name); id >= 0 {
			plan.Track = append(plan.Track, id)
		}
	}
	return strategy.NewReplay(plan, decisions)
}
