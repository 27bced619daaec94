package strategy_test

import (
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
	"github.com/vtbound/vtbound/rt/internal/strategy/internal/testsim"
)

// planRecorder records the plans a strategy makes.
type planRecorder struct {
	sched.Strategy
	plans []sched.Plan
}

func (r *planRecorder) Begin(p *sched.Plan) bool {
	if !r.Strategy.Begin(p) {
		return false
	}
	r.plans = append(r.plans, *p)
	return true
}

// TestVariableBoundedPlansTrackOnlyChosenGroups: after the preparatory
// executions pctvb and vt track at most V groups, so other groups' accesses
// are not scheduling points at all.
func TestVariableBoundedPlansTrackOnlyChosenGroups(t *testing.T) {
	for _, name := range []string{"pctvb", "vt"} {
		s, _ := strategy.New(name, strategy.Config{Seed: 1, V: 1, Budget: 200})
		r := &planRecorder{Strategy: s}
		testsim.Explore(testsim.Kernels()[3].Bug, r, testsim.Search{})
		bounded := 0
		for i, p := range r.plans {
			if i < 8 {
				continue // preparatory executions track everything
			}
			if p.TrackAll || len(p.Track) > 1 {
				t.Fatalf("%s execution %d: plan %+v tracks more than one group", name, i+1, p)
			}
			bounded++
		}
		if bounded == 0 {
			t.Fatalf("%s made no bounded plans", name)
		}
	}
}

// arrayBug reads element 4 of a six-element array twice while another
// goroutine increments it; both first touch elements 0..3, so element 4 is
// the group's fifth object (loop-iteration index 4).
func arrayBug() *testsim.Program {
	return &testsim.Program{Name: "array", Body: func(g *testsim.G) {
		arr := testsim.NewVars(0, 6)
		testsim.Join(g, func(g *testsim.G) {
			for _, v := range arr[:4] {
				g.Read(v)
			}
			t1 := g.Read(arr[4])
			t2 := g.Read(arr[4])
			g.Assert(t1 == t2, "arr[4] changed")
		}, func(g *testsim.G) {
			for _, v := range arr[:4] {
				g.Read(v)
			}
			g.Inc(arr[4])
		})
	}}
}

// TestLoopIterationBoundFallsBackToWholeGroup: with l = 1 only the group's
// first object is a variable of its own; the bug on its fifth object is
// found through the whole-group variable (the paper's whole-array fallback).
func TestLoopIterationBoundFallsBackToWholeGroup(t *testing.T) {
	e := strategy.NewExhaustive(strategy.Config{Seed: 1, L: 1, V: 1, Budget: 1 << 20})
	sum := testsim.Explore(arrayBug(), e, testsim.Search{SkipPrep: true})
	if sum.First == nil {
		t.Fatalf("not found: %s", e.Report())
	}
	if got := strategy.Characterize(sum.First.Exec.Trace); got.C != 1 {
		t.Errorf("found with %v, want one preemption", got)
	}
	if !e.Stats().Complete || e.Stats().Subsets != 3 {
		t.Errorf("want 3 subsets ({}, {arr#0}, {arr[*]}) searched to completion: %s", e.Report())
	}
}
