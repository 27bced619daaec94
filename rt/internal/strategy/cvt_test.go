package strategy_test

import (
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

func st(g int, k sched.OpKind, obj int32, preempt bool) sched.Step {
	return sched.Step{G: g, Op: sched.Op{Kind: k, Obj: obj, Group: 0}, Choice: -1, Preempt: preempt}
}

func TestCharacterize(t *testing.T) {
	R, W, Go, S := sched.OpRead, sched.OpWrite, sched.OpGo, sched.OpStart
	cases := []struct {
		name  string
		trace []sched.Step
		want  strategy.CVT
	}{
		{"switch after go is free", []sched.Step{st(1, S, 0, false), st(1, Go, 0, false), st(2, S, 0, true), st(2, W, 1, false), st(1, R, 1, false)},
			strategy.CVT{C: 0, V: 0, T: 2}},
		{"fig2", []sched.Step{st(2, S, 0, false), st(2, R, 1, false), st(3, S, 0, true), st(3, W, 1, false), st(2, R, 1, false)},
			strategy.CVT{C: 1, V: 1, T: 2}},
		{"two variables", []sched.Step{st(2, R, 1, false), st(3, W, 1, true), st(3, W, 2, false), st(2, R, 2, true)},
			strategy.CVT{C: 2, V: 2, T: 2}},
		{"three ordered", []sched.Step{st(2, W, 1, false), st(3, W, 1, false), st(4, R, 1, false)},
			strategy.CVT{C: 0, V: 0, T: 3}},
		{"independent objects order nothing", []sched.Step{st(2, W, 1, false), st(3, W, 2, false), st(4, R, 3, false)},
			strategy.CVT{C: 0, V: 0, T: 2}},
		{"one goroutine alone", []sched.Step{st(1, S, 0, false), st(1, W, 1, false), st(1, R, 1, false)},
			strategy.CVT{C: 0, V: 0, T: 1}},
	}
	for _, c := range cases {
		if got := strategy.Characterize(c.trace); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestCharacterizeIgnoresJoinOrder: an access after WaitGroup.Wait is
// ordered by the join, so the goroutine does not count.
func TestCharacterizeIgnoresJoinOrder(t *testing.T) {
	tr := []sched.Step{
		st(1, sched.OpGo, 0, false), st(1, sched.OpGo, 0, false),
		st(2, sched.OpStart, 0, false), st(2, sched.OpWrite, 1, false), st(2, sched.OpWGAdd, 9, false),
		st(3, sched.OpStart, 0, false), st(3, sched.OpWrite, 1, false), st(3, sched.OpWGAdd, 9, false),
		st(1, sched.OpWGWait, 9, false), st(1, sched.OpRead, 1, false),
	}
	if got := strategy.Characterize(tr); got.T != 2 {
		t.Errorf("t = %d, want 2 (the body's read is ordered by Wait)", got.T)
	}
}

func TestHBHashCommutesIndependentSteps(t *testing.T) {
	a := []sched.Step{st(2, sched.OpWrite, 1, false), st(3, sched.OpWrite, 2, false)}
	b := []sched.Step{st(3, sched.OpWrite, 2, false), st(2, sched.OpWrite, 1, false)}
	if strategy.HBHash(a) != strategy.HBHash(b) {
		t.Error("independent steps in either order hash differently")
	}
	c := []sched.Step{st(2, sched.OpWrite, 1, false), st(3, sched.OpRead, 1, false)}
	d := []sched.Step{st(3, sched.OpRead, 1, false), st(2, sched.OpWrite, 1, false)}
	if strategy.HBHash(c) == strategy.HBHash(d) {
		t.Error("conflicting steps in either order hash equally")
	}
}
