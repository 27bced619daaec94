package explore

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestSharedOf: the groups and synchronisation sites two goroutines used
// are candidates, in order of first use, with their uses; what one
// goroutine alone used is not.
func TestSharedOf(t *testing.T) {
	acc := func(g int, kind sched.OpKind, site, group int32) sched.Step {
		return sched.Step{G: g, Op: sched.Op{Kind: kind, Site: site, Group: group}}
	}
	trace := []sched.Step{
		acc(1, sched.OpWrite, 10, 3), acc(2, sched.OpRead, 11, 3), acc(2, sched.OpRead, 11, 3), acc(1, sched.OpRead, 11, 3),
		acc(1, sched.OpWrite, 12, 4), acc(1, sched.OpWrite, 12, 4), // group 4: G1 only
		acc(1, sched.OpLock, 20, -1), acc(2, sched.OpLock, 20, -1), acc(2, sched.OpUnlock, 21, -1),
		acc(2, sched.OpWrite, 13, 5), acc(1, sched.OpWrite, 13, 5),
		acc(1, sched.OpSend, 30, -1), acc(2, sched.OpRecv, 30, -1), // channels are always steps
	}
	groups, syncs, uses := sharedOf(trace)
	if len(groups) != 2 || groups[0] != 3 || groups[1] != 5 {
		t.Errorf("groups %v, want [3 5]", groups)
	}
	if len(syncs) != 1 || syncs[0] != 20 || uses[[2]int32{siteUse, 20}] != 2 {
		t.Errorf("sync sites %v (uses %v), want [20] used twice", syncs, uses)
	}
	if uses[[2]int32{groupUse, 3}] != 4 || uses[[2]int32{groupUse, 5}] != 2 {
		t.Errorf("uses %v, want group 3 used 4 times, group 5 twice", uses)
	}
	if !shortens(trace) || shortens(trace[11:]) {
		t.Errorf("shortens: %v for the trace, %v for its channel steps; want true, false", shortens(trace), shortens(trace[11:]))
	}
}

// TestLongPlan: each execution tracks one or two groups that did not cut
// an execution, a group used more than its share of the width in a
// window, keeps one or two sites in windows of at most the width in all,
// within the uses the cut execution had, and is quiet.
func TestLongPlan(t *testing.T) {
	l := &longTest{rng: rand.New(rand.NewSource(1)), groups: []int32{1, 2, 3}, syncs: []int32{7, 8},
		uses: map[[2]int32]int{{siteUse, 7}: 1000, {siteUse, 8}: 10, {groupUse, 1}: 5000, {groupUse, 3}: 20},
		hot:  map[int32]bool{2: true}, tracked: map[int32]bool{}, width: 100}
	for range 200 {
		var p sched.Plan
		l.plan(&p)
		if !p.Quiet || p.TrackAll || len(p.Track) < 1 || len(p.Track) > 2 || len(p.Steps) < 1 || len(p.Steps) > 2 {
			t.Fatalf("plan %+v", p)
		}
		for _, g := range p.Track {
			if g == 2 {
				t.Fatalf("tracked group 2, which cut an execution: %+v", p)
			}
		}
		for _, w := range p.Windows {
			if w.ID != 1 || w.From < 1 || w.To > 5001 || w.To-w.From > 100 {
				t.Fatalf("group window %+v: want one on group 1 only, within its 5,000 uses, at most 100 wide", w)
			}
		}
		if slices.Contains(p.Track, 1) != (len(p.Windows) == 1) {
			t.Fatalf("tracks %v with windows %+v", p.Track, p.Windows)
		}
		width := 0
		for _, w := range p.Steps {
			switch {
			case w.ID == 8 && (w.From != 1 || w.To != 0):
				t.Fatalf("site 8, used 10 times, not kept whole: %+v", w)
			case w.ID == 7 && (w.From < 1 || w.To > 1001 || w.To-w.From > 100):
				t.Fatalf("site 7's window %+v outside its 1000 uses or wider than 100", w)
			case w.ID == 7:
				width += w.To - w.From
			}
		}
		if width > 100 {
			t.Fatalf("windows of %d occurrences in all, want at most 100: %+v", width, p.Steps)
		}
	}
}
