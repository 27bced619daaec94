package lincheck

import (
	"slices"
	"testing"
	"time"
)

// minimise looks for a smaller scenario than sc that still fails under
// try, greedily: it keeps the first smaller candidate that fails and
// starts again from it, until none does or the budget is spent, and
// reports the smallest failing scenario with its history. It says nothing
// when candidates cannot run (see trial).
func (c *checker[O, S]) minimise(t *testing.T, sc scenario, try trial[S]) {
	t.Helper()
	deadline := time.Now().Add(c.cfg.minimizeTotal)
	best, tried := sc, 0
	var h []Event
	var out outcome[S]
	for shrunk := true; shrunk && time.Now().Before(deadline); {
		shrunk = false
		for _, cand := range smaller(best) {
			if time.Now().After(deadline) {
				break
			}
			tried++
			ch, co, ok, ran := try(cand)
			if !ran {
				return // nothing can run here (a child process of vtbound's)
			}
			if ok {
				best, h, out, shrunk = cand, ch, co, true
				break
			}
		}
	}
	if h == nil {
		t.Logf("lincheck: minimisation: none of %d smaller scenarios failed within the budget (MinimizeBudget); the scenario above is the smallest known", tried)
		return
	}
	t.Errorf("lincheck: minimised scenario (%d of %d operations, %d candidates tried) still fails:\n%s",
		best.size(), sc.size(), tried, c.report(best, h, out))
}

// smaller returns scenarios smaller than sc, the biggest cuts first:
// without one of its goroutines (when it has several), then without one
// of its operations, then without two (a goroutine left without
// operations is dropped). Pairs matter where operations only fail
// together: two updates whose effects cancel.
func smaller(sc scenario) []scenario {
	var out []scenario
	if len(sc.threads) > 1 {
		for i := range sc.threads {
			c := sc.clone()
			c.threads = slices.Delete(c.threads, i, i+1)
			out = append(out, c)
		}
	}
	n := sc.size()
	for i := range n {
		out = appendWithout(out, sc, i, -1)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			out = appendWithout(out, sc, i, j)
		}
	}
	return out
}

// appendWithout appends sc without its operations number i and j (-1:
// none), counted through the prefix, the goroutines and the suffix, unless
// no goroutine would be left.
func appendWithout(out []scenario, sc scenario, i, j int) []scenario {
	k := 0
	keep := func(steps []step) []step {
		var kept []step
		for _, s := range steps {
			if k != i && k != j {
				kept = append(kept, s)
			}
			k++
		}
		return kept
	}
	c := scenario{index: sc.index, prefix: keep(sc.prefix)}
	for _, th := range sc.threads {
		if th = keep(th); len(th) > 0 {
			c.threads = append(c.threads, th)
		}
	}
	c.suffix = keep(sc.suffix)
	if len(c.threads) == 0 {
		return out
	}
	return append(out, c)
}

// clone returns a copy of sc that shares no slice with it.
func (sc scenario) clone() scenario {
	c := scenario{index: sc.index, prefix: slices.Clone(sc.prefix), suffix: slices.Clone(sc.suffix)}
	for _, th := range sc.threads {
		c.threads = append(c.threads, slices.Clone(th))
	}
	return c
}
