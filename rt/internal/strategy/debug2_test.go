package strategy_test

import (
	"testing"

	"github.com/vtbound/vtbound/rt/internal/strategy"
	"github.com/vtbound/vtbound/rt/internal/strategy/internal/testsim"
)

func TestDebug2(t *testing.T) {
	k := testsim.Kernels()[6]
	for seed := int64(1); seed <= 10; seed++ {
		c := strategy.Config{Seed: seed, Budget: 300000}
		st := strategy.NewPCTVB(c)
		sum := testsim.Explore(k.Bug, st, testsim.Search{Stop: true, SkipPrep: true})
		t.Log(k.Name, seed, sum.FoundAt, sum.Failures)
	}
}
