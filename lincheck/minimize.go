package lincheck

import (
	"slices"
	"testing"
	"time"
)

// minimise looks for a smaller scenario than sc that still fails under
// try, greedily: it keeps the first smaller candidate that fails and
// starts again from it, until none does or the budget is spent, and
// reports the smallest failing scenario with its history.
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
			if ch, co, ok := try(cand); ok {
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

// smaller returns the scenarios one step smaller than sc, the biggest
// cuts first: without one of its goroutines (when it has several), then
// without one operation of the prefix, the suffix, or a goroutine (a
// goroutine left without operations is dropped).
func smaller(sc scenario) []scenario {
	var out []scenario
	if len(sc.threads) > 1 {
		for i := range sc.threads {
			c := sc.clone()
			c.threads = slices.Delete(c.threads, i, i+1)
			out = append(out, c)
		}
	}
	for i := range sc.prefix {
		c := sc.clone()
		c.prefix = slices.Delete(c.prefix, i, i+1)
		out = append(out, c)
	}
	for i := range sc.suffix {
		c := sc.clone()
		c.suffix = slices.Delete(c.suffix, i, i+1)
		out = append(out, c)
	}
	for i, th := range sc.threads {
		for j := range th {
			c := sc.clone()
			c.threads[i] = slices.Delete(c.threads[i], j, j+1)
			if len(c.threads[i]) == 0 {
				c.threads = slices.Delete(c.threads, i, i+1)
			}
			if len(c.threads) > 0 {
				out = append(out, c)
			}
		}
	}
	return out
}

// clone returns a copy of sc that shares no slice with it.
func (sc scenario) clone() scenario {
	c := scenario{index: sc.index, prefix: slices.Clone(sc.prefix), suffix: slices.Clone(sc.suffix)}
	for _, th := range sc.threads {
		c.threads = append(c.threads, slices.Clone(th))
	}
	return c
}
