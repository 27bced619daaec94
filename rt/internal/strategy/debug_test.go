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
	for _, k := range testsim.Kernels() {
		if k.Name != "vt-fig8" && k.Name != "ctrigger-fig1" && k.Name != "vt-fig10" {
			continue
		}
		sum := find(t, "exhaustive", strategy.Config{Seed: 1, Budget: 100000}, k.Bug)
		if sum.First != nil {
			t.Log(dump(sum.First.Exec.Trace))
			best, m := minimize(t, sum.First, k.Bug)
			t.Log(m.Report(), dump(best.Trace))
		}
		st := strategy.NewExhaustive(strategy.Config{Seed: 1, Budget: 100000})
		s2 := testsim.Explore(k.Bug, st, testsim.Search{})
		t.Log(k.Name, s2.Executions, s2.Failures, st.Report())
	}
}
