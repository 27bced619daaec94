package explore

import (
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// fixedTracking wraps a strategy and replaces its choice of tracked
// variable groups (VTBOUND_TRACK).
type fixedTracking struct {
	sched.Strategy
	all   bool
	names []string
}

// SparseView forwards the wrapped strategy's (sched.Sparse).
func (f *fixedTracking) SparseView() bool { return sched.IsSparse(f.Strategy) }

// Begin lets the wrapped strategy plan the execution, then sets the
// tracked groups. Names no package registered are ignored.
func (f *fixedTracking) Begin(p *sched.Plan) bool {
	if !f.Strategy.Begin(p) {
		return false
	}
	p.TrackAll = f.all
	p.Track = nil // never reuse the strategy's slice
	for _, name := range f.names {
		if id := engine.GroupID(name); id >= 0 {
			p.Track = append(p.Track, id)
		}
	}
	return true
}
