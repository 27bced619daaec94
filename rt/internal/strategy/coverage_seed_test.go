package strategy_test

import (
	"testing"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// TestHaPSetSeeded: on lastzero(5), a hapset search seeded with the
// HaPSets a first search learned to saturation (as VTBOUND_COVERAGE_FROM
// carries them to the next night) saturates in fewer executions and
// learns nothing new.
func TestHaPSetSeeded(t *testing.T) {
	body := kernels.LastZero(5)
	first := strategy.NewHaPSet(strategy.Config{Seed: 1, Budget: 10000})
	n1, fail := covRun(first, body)
	if fail != nil || !first.Stats().Saturated {
		t.Fatalf("first night: %s", first.Report())
	}
	learned := coverage.NewState(coverage.PrimAll)
	for _, p := range first.HaPSets().Pairs() {
		learned.H.Add(p.Of, p.Pred)
	}
	second := strategy.NewHaPSet(strategy.Config{Seed: 1, Budget: 10000})
	second.SeedCoverage(learned)
	n2, fail := covRun(second, body)
	t.Logf("first night %d executions (%s); seeded second night %d (%s)", n1, first.Report(), n2, second.Report())
	if fail != nil || !second.Stats().Saturated || n2 >= n1 {
		t.Errorf("seeded search: %d executions, want fewer than %d and saturated", n2, n1)
	}
	if second.Stats().Entries != first.Stats().Entries {
		t.Errorf("seeded search has %d HaPSet entries, want the %d learned", second.Stats().Entries, first.Stats().Entries)
	}
}

// TestSPSeeded: an sp search seeded with the coverage a first search
// reached on sp-fig2 starts with those pairs covered: after its
// estimation execution nothing is left uncovered, where an unseeded
// search still has requirements to target.
func TestSPSeeded(t *testing.T) {
	first := strategy.NewSP(strategy.Config{Seed: 1, Budget: 300}, true)
	covRun(first, kernels.SPFig2)
	if first.Stats().FullAt == 0 {
		t.Fatalf("first night did not cover every requirement: %s", first.Report())
	}
	fresh := strategy.NewSP(strategy.Config{Seed: 2, Budget: 1}, true)
	covRun(fresh, kernels.SPFig2)
	seeded := strategy.NewSP(strategy.Config{Seed: 2, Budget: 1}, true)
	seeded.SeedCoverage(first.Coverage())
	covRun(seeded, kernels.SPFig2)
	if len(fresh.Coverage().Uncovered()) == 0 {
		t.Fatalf("one execution covered everything: the test shows nothing")
	}
	est, cov, _ := seeded.Coverage().Counts()
	if n := len(seeded.Coverage().Uncovered()); n != 0 || est < 10 || cov != est {
		t.Errorf("seeded: %d uncovered, %d of %d covered; want all covered (%s)", n, cov, est, seeded.Report())
	}
}
