package explore

import (
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestLoopOnSomeSchedules: a background loop that one passing execution
// left and another did not depends on the schedule (noteLoops returns the
// execution that left it), but an execution that ended with a goroutine
// away in uncontrolled code (Result.EndedAway) says nothing either way.
func TestLoopOnSomeSchedules(t *testing.T) {
	site := engine.Register("example.com/loops", []engine.Site{{File: "loops.go", Line: 7}}, nil)
	looped := &engine.Result{Loops: []engine.Looper{{G: 2, Wait: sched.Op{Kind: sched.OpSelect, Site: site}}}}
	away := &engine.Result{EndedAway: true}
	none := &engine.Result{}
	d := &driver{}
	if r := d.noteLoops(looped); r != nil {
		t.Fatalf("first execution: %+v, want nil", r)
	}
	if r := d.noteLoops(away); r != nil {
		t.Fatalf("an execution ended away counted as one without the loop: %+v", r)
	}
	if r := d.noteLoops(looped); r != nil {
		t.Fatalf("the loop again: %+v, want nil", r)
	}
	r := d.noteLoops(none)
	if r == nil || len(r.Loops) != 1 || r.Loops[0].G != 2 {
		t.Fatalf("an execution without the loop: %+v, want the one that left it", r)
	}
	if got := d.loops.failingLoops(); len(got) != 1 {
		t.Fatalf("failing loop sites %v, want one", got)
	}
}
