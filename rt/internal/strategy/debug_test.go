package strategy_test

import (
	"fmt"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
	"github.com/vtbound/vtbound/rt/internal/strategy/internal/testsim"
)

func dump(tr []sched.Step) string {
	s := ""
	for _, x := range tr {
		p := ""
		if x.Preempt {
			p = "*"
		}
		s += fmt.Sprintf("%sG%d:%v(o%d) ", p, x.G, x.Op.Kind, x.Op.Obj)
	}
	return s
}

func TestDebug(t *testing.T) {
	k := testsim.Kernels()[7]
	for _, every := range []bool{true, false} {
		e := strategy.NewExhaustive(strategy.Config{Seed: 1, T: 3, Budget: 100000})
		s := testsim.Explore(k.Bug, e, testsim.Search{Stop: true, SkipPrep: true, Options: testsim.Options{PickEveryStep: every}})
		t.Log(every, s.FoundAt, e.Report())
		if s.First != nil {
			t.Log(dump(s.First.Exec.Trace))
		}
	}
	r := strategy.NewRandom(strategy.Config{Seed: 1, Budget: 100000})
	s := testsim.Explore(k.Bug, r, testsim.Search{Stop: true})
	t.Log(s.FoundAt, dump(s.First.Exec.Trace))
}
