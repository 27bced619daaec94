package strategy_test

import (
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/strategy/internal/experiments"
)

// TestFig6PCTVBBeatsPCTOnRareVariables reproduces Fig. 6: as the buggy
// variable's share of accesses falls, PCT needs more executions and PCTVB
// about the same, so PCTVB wins on rare variables.
func TestFig6PCTVBBeatsPCTOnRareVariables(t *testing.T) {
	rows := experiments.Fig6([]int{0, 4, 16, 64}, 10, 20000)
	var b strings.Builder
	experiments.PrintFig6(&b, rows)
	t.Log("\n" + b.String())
	first, last := rows[0], rows[len(rows)-1]
	if last.PCTVB.Mean >= last.PCT.Mean {
		t.Errorf("rarest variable: PCTVB %.1f executions, PCT %.1f; want PCTVB fewer", last.PCTVB.Mean, last.PCT.Mean)
	}
	if last.PCT.Mean < 4*first.PCT.Mean {
		t.Errorf("PCT %.1f -> %.1f executions: want it to grow as the variable gets rarer", first.PCT.Mean, last.PCT.Mean)
	}
	if r0, r1 := first.PCT.Mean/first.PCTVB.Mean, last.PCT.Mean/last.PCTVB.Mean; r1 <= r0 {
		t.Errorf("PCT/PCTVB ratio %.2f -> %.2f: want it to grow", r0, r1)
	}
}

// TestTable4BoundingFindsDeeperBugs reproduces Table 4: bugs with c = 0 are
// found quickly with or without bounding; bugs with c >= 1 need fewer
// executions with v,t bounding.
func TestTable4BoundingFindsDeeperBugs(t *testing.T) {
	rows := experiments.Table4(3, 3000)
	var b strings.Builder
	experiments.PrintTable4(&b, rows)
	t.Log("\n" + b.String())
	for _, r := range rows {
		if r.Type[0] == 0 {
			for _, c := range []experiments.Cell{r.With, r.VT, r.Without} {
				if c.Found != c.Seeds {
					t.Errorf("%v: %s found it in %d of %d seeds", r.Type, c.Strategy, c.Found, c.Seeds)
				}
			}
			continue
		}
		if best := min(r.With.Mean, r.VT.Mean); best >= r.Without.Mean {
			t.Errorf("%v: bounded %.1f executions, unbounded %.1f; want bounded fewer", r.Type, best, r.Without.Mean)
		}
		if r.With.Found != r.With.Seeds {
			t.Errorf("%v: pctvb found it in %d of %d seeds", r.Type, r.With.Found, r.With.Seeds)
		}
	}
}
