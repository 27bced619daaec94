package explore

import (
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// newReplay returns the strategy that re-executes recorded decisions once
// under what plan tracked (its groups, and a long test's quiet operations,
// long.go); the rest of plan is the replay's own.
func newReplay(decisions []int, plan sched.Plan) *strategy.Replay {
	p := sched.Plan{TrackAll: plan.TrackAll, Track: plan.Track, Quiet: plan.Quiet, Steps: plan.Steps, Windows: plan.Windows, Label: "replay"}
	return strategy.NewReplay(p, decisions)
}

// filePlan is what a schedule file says its execution tracked. Names no
// package registered any more are dropped; the replay then diverges and
// says so.
func filePlan(sf *schedfile.Schedule) sched.Plan {
	plan := sched.Plan{TrackAll: sf.Track == nil, Quiet: sf.Quiet}
	for _, name := range sf.Track {
		if id := engine.GroupID(name); id >= 0 {
			plan.Track = append(plan.Track, id)
		}
	}
	if len(sf.Steps) > 0 {
		ids := engine.SiteIDs()
		for _, w := range sf.Steps {
			if id, ok := ids[w.Name]; ok {
				plan.Steps = append(plan.Steps, sched.Window{ID: id, From: w.From, To: w.To})
			}
		}
	}
	for _, w := range sf.Windows {
		if id := engine.GroupID(w.Name); id >= 0 {
			plan.Windows = append(plan.Windows, sched.Window{ID: id, From: w.From, To: w.To})
		}
	}
	return plan
}

// withPlan records in sf what plan tracked, for filePlan, and returns sf.
func withPlan(sf *schedfile.Schedule, plan sched.Plan) *schedfile.Schedule {
	sf.Track, sf.Quiet, sf.Steps = trackNames(plan), plan.Quiet, nil
	for _, w := range plan.Steps {
		if name := engine.SiteName(w.ID); name != "" {
			sf.Steps = append(sf.Steps, schedfile.Window{Name: name, From: w.From, To: w.To})
		}
	}
	sf.Windows = nil
	for _, w := range plan.Windows {
		if name := engine.GroupName(w.ID); name != "" {
			sf.Windows = append(sf.Windows, schedfile.Window{Name: name, From: w.From, To: w.To})
		}
	}
	return sf
}
