package strategy_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/ctrigger"
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// ctRun is what one search of a kernel under a strategy saw.
type ctRun struct {
	executions int
	foundAt    int // execution of the first failure, 0 if none
	outcome    sched.Outcome
}

// ctSearch runs body on the real engine under st until the first failure
// or until st stops.
func ctSearch(st sched.Strategy, body func(testing.TB)) ctRun {
	rec := &recorder{}
	e := engine.New(st, engine.Limits{MaxSteps: 20000}, rec.Failed)
	var out ctRun
	for {
		rec.failed.Store(false)
		res, ok := e.Run(func() { body(rec) })
		if !ok {
			return out
		}
		out.executions++
		if res.Failure != nil {
			out.foundAt, out.outcome = out.executions, res.Outcome
			return out
		}
	}
}

func newCT(seed int64, budget int, o strategy.CTriggerOptions) *strategy.CTrigger {
	return strategy.NewCTriggerWith(strategy.Config{Seed: seed, Budget: budget}, o)
}

func site(i int) int32 { return kernels.SiteOf(i) }

// triple names a triple of the ctrigger kernels by site indices.
func triple(p int, pw bool, c int, cw bool, r int, rw bool) ctrigger.Triple {
	return ctrigger.Triple{P: ctrigger.Access{Site: site(p), Write: pw}, C: ctrigger.Access{Site: site(c), Write: cw},
		R: ctrigger.Access{Site: site(r), Write: rw}}
}

// TestCTriggerUIFour: exactly the four unserializable combinations of
// ui-four are identified, none is pruned, and each is covered: exercised
// while profiling or forced, never given up.
func TestCTriggerUIFour(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		st := newCT(seed, 100, strategy.CTriggerOptions{})
		run := ctSearch(st, func(tb testing.TB) { kernels.UIFour(tb) })
		if run.foundAt != 0 {
			t.Fatalf("seed %d: ui-four failed: %v", seed, run.outcome)
		}
		c := st.Coverage()
		if c.Identified != 4 || c.Feasible != 4 || c.Profiled+c.Forced != 4 || c.Unforced != 0 || c.Failed != 0 {
			t.Errorf("seed %d: coverage %+v, want 4 identified, feasible and covered", seed, c)
		}
		covered := map[ctrigger.Triple]bool{}
		for _, k := range st.ForcedTriples() {
			covered[k] = true
		}
		for i := range 8 {
			p, cw, r := i&4 != 0, i&2 != 0, i&1 != 0
			k := triple(kernels.SiteUI+3*i, p, kernels.SiteUI+3*i+1, cw, kernels.SiteUI+3*i+2, r)
			_, identified := st.Analysis().Verdict(k)
			if want := ctrigger.Unserializable(p, r, cw); identified != want {
				t.Errorf("seed %d: %s identified=%v, want %v", seed, k, identified, want)
			}
			if !identified && covered[k] {
				t.Errorf("seed %d: serializable %s counted as forced", seed, k)
			}
		}
		t.Logf("seed %d: %s", seed, st.Report())
	}
}

// TestCTriggerPruneMutex: x's triple (p and c in one critical section, r
// in another of the same lock) is pruned by mutual exclusion, y's is not.
func TestCTriggerPruneMutex(t *testing.T) {
	st := newCT(1, 50, strategy.CTriggerOptions{})
	if run := ctSearch(st, func(tb testing.TB) { kernels.PruneMutex(tb) }); run.foundAt != 0 {
		t.Fatalf("prune-mutex failed: %v", run.outcome)
	}
	c := st.Coverage()
	if c.Identified != 2 || c.PrunedMutex != 1 || c.PrunedOrder != 0 || c.Feasible != 1 {
		t.Errorf("coverage %+v, want 2 identified, 1 pruned by mutual exclusion, 1 feasible", c)
	}
	pm := kernels.SitePruneMutex
	if v, _ := st.Analysis().Verdict(triple(pm, false, pm+1, true, pm+2, true)); v != ctrigger.ByMutex {
		t.Errorf("x: verdict %v, want ByMutex", v)
	}
	if c.Profiled+c.Forced != 1 {
		t.Errorf("y's triple not covered: %+v", c)
	}
}

// TestCTriggerPruneOrder: the triples ordered by a channel, a WaitGroup
// and a go statement are pruned by order synchronisation.
func TestCTriggerPruneOrder(t *testing.T) {
	st := newCT(1, 50, strategy.CTriggerOptions{})
	if run := ctSearch(st, func(tb testing.TB) { kernels.PruneOrder(tb) }); run.foundAt != 0 {
		t.Fatalf("prune-order failed: %v", run.outcome)
	}
	c := st.Coverage()
	if c.Identified != 3 || c.PrunedOrder != 3 || c.Feasible != 0 || c.Forcing != 0 {
		t.Errorf("coverage %+v, want 3 identified, 3 pruned by order, nothing forced", c)
	}
}

// TestCTriggerNearMiss: two critical sections look like one, but the
// interleaving between them is feasible: it is not pruned and forcing it
// fails; the corrected form never fails.
func TestCTriggerNearMiss(t *testing.T) {
	for seed := int64(1); seed <= 5; seed++ {
		st := newCT(seed, 50, strategy.CTriggerOptions{})
		run := ctSearch(st, func(tb testing.TB) { kernels.NearMiss(tb, false) })
		if run.foundAt == 0 || run.outcome != sched.Failed {
			t.Fatalf("seed %d: near-miss not found in %d executions", seed, run.executions)
		}
		nm := kernels.SiteNearMiss
		if v, ok := st.Analysis().Verdict(triple(nm, false, nm+1, true, nm+3, true)); !ok || v != ctrigger.Feasible {
			t.Errorf("seed %d: the lost-update triple is pruned (%v, identified %v)", seed, v, ok)
		}
		st = newCT(seed, 50, strategy.CTriggerOptions{})
		if run := ctSearch(st, func(tb testing.TB) { kernels.NearMiss(tb, true) }); run.foundAt != 0 {
			t.Errorf("seed %d: corrected near-miss failed: %v", seed, run.outcome)
		}
		if c := st.Coverage(); c.PrunedMutex != 2 || c.Feasible != 0 {
			t.Errorf("seed %d: corrected form coverage %+v, want both triples pruned by mutual exclusion", seed, c)
		}
	}
}

// TestCTriggerRanking: the one-step window of the lost update ranks in the
// top 10%% among the wide benign windows and is forced first.
func TestCTriggerRanking(t *testing.T) {
	rk := kernels.SiteRanking
	bug := triple(rk, false, rk+1, true, rk+2, true)
	forcedFirst := 0
	for seed := int64(1); seed <= 5; seed++ {
		st := newCT(seed, 200, strategy.CTriggerOptions{Profile: 1})
		run := ctSearch(st, func(tb testing.TB) { kernels.Ranking(tb, false) })
		if run.foundAt == 0 {
			t.Fatalf("seed %d: not found in %d executions (%s)", seed, run.executions, st.Report())
		}
		if run.foundAt == 1 {
			continue // the profiling execution itself failed
		}
		ranked := st.Analysis().Ranked()
		pos := -1
		for i, r := range ranked {
			if r.Triple == bug {
				pos = i
			}
		}
		if top := int(math.Ceil(0.1 * float64(len(ranked)))); pos < 0 || pos >= top || len(ranked) < kernels.RankN/2 {
			t.Errorf("seed %d: bug ranked %d of %d, want within the first %d", seed, pos+1, len(ranked), top)
		}
		if f := st.ForcedTriples(); len(f) == 0 || f[0] != bug || run.foundAt != 2 {
			t.Errorf("seed %d: found at execution %d, forced %v, want the bug forced first", seed, run.foundAt, f)
		}
		forcedFirst++
	}
	if forcedFirst == 0 {
		t.Error("every seed found the bug while profiling: ranking untested")
	}
	st := newCT(1, 200, strategy.CTriggerOptions{})
	if run := ctSearch(st, func(tb testing.TB) { kernels.Ranking(tb, true) }); run.foundAt != 0 {
		t.Errorf("corrected ranking kernel failed: %v (%s)", run.outcome, st.Report())
	}
}

// TestCTriggerLockOrder: deadlock-abba, a three-lock cycle and a lock
// held across a channel send are found by forcing their lock-order cycle
// (in runs whose profiling passed), and the corrected forms never fail.
func TestCTriggerLockOrder(t *testing.T) {
	abba, _ := kernels.Lookup("deadlock-abba")
	for _, k := range []struct {
		name string
		body func(testing.TB, bool)
	}{{"deadlock-abba", abba.Body}, {"lock-cycle3", kernels.LockCycle3}, {"held-send", kernels.HeldSend}} {
		byForcing := 0
		for seed := int64(1); seed <= 5; seed++ {
			st := newCT(seed, 50, strategy.CTriggerOptions{Profile: 1})
			run := ctSearch(st, func(tb testing.TB) { k.body(tb, false) })
			if run.foundAt == 0 || run.outcome != sched.Deadlock {
				t.Fatalf("%s seed %d: no deadlock in %d executions (%s)", k.name, seed, run.executions, st.Report())
			}
			if c := st.Coverage(); run.foundAt > 1 && c.Deadlocks == 1 {
				byForcing++
			}
			st = newCT(seed, 50, strategy.CTriggerOptions{Profile: 1})
			if run := ctSearch(st, func(tb testing.TB) { k.body(tb, true) }); run.foundAt != 0 {
				t.Errorf("%s seed %d: corrected form failed: %v", k.name, seed, run.outcome)
			}
		}
		if byForcing == 0 {
			t.Errorf("%s: never found by the lock-order pass", k.name)
		}
		t.Logf("%s: %d of 5 seeds found by forcing a lock-order cycle", k.name, byForcing)
	}
}

// TestCTriggerCatalogue: ctrigger finds every atomicity kernel of the
// catalogue for seeds 1-5; the table (seed 1) of executions (with forced triples) beside pct
// and pctvb is logged (go test -run TestCTriggerCatalogue -v).
func TestCTriggerCatalogue(t *testing.T) {
	var table strings.Builder
	fmt.Fprintf(&table, "%-18s %10s %8s %8s %8s\n", "kernel", "ctrigger", "forced", "pct", "pctvb")
	for _, name := range []string{"ctrigger-fig1", "vt-fig2", "vt-fig3", "vt-fig4", "allocation-vector", "hapset-fig1"} {
		k, _ := kernels.Lookup(name)
		body := func(tb testing.TB) { k.Body(tb, false) }
		for seed := int64(2); seed <= 5; seed++ {
			st := newCT(seed, 500, strategy.CTriggerOptions{})
			if run := ctSearch(st, body); run.foundAt == 0 {
				t.Errorf("%s seed %d: ctrigger found nothing in %d executions (%s)", name, seed, run.executions, st.Report())
			}
		}
		st := newCT(1, 500, strategy.CTriggerOptions{})
		run := ctSearch(st, body)
		if run.foundAt == 0 {
			t.Errorf("%s: ctrigger found nothing in %d executions (%s)", name, run.executions, st.Report())
			continue
		}
		fmt.Fprintf(&table, "%-18s %10d %8d", name, run.foundAt, st.Coverage().Forced)
		for _, other := range []string{"pct", "pctvb"} {
			o, _ := strategy.New(other, strategy.Config{Seed: 1, Budget: 5000})
			fmt.Fprintf(&table, " %8d", ctSearch(o, body).foundAt)
		}
		table.WriteString("\n")
	}
	t.Logf("executions to the first failure (seed 1; 0 = not found):\n%s", table.String())
}

// TestCTriggerDeterministic: the same seed gives the same search.
func TestCTriggerDeterministic(t *testing.T) {
	av, _ := kernels.Lookup("allocation-vector")
	for _, body := range []func(testing.TB){
		func(tb testing.TB) { av.Body(tb, true) },
		func(tb testing.TB) { kernels.HeldSend(tb, true) },
	} {
		var reports []string
		for range 2 {
			st := newCT(7, 100, strategy.CTriggerOptions{})
			run := ctSearch(st, body)
			reports = append(reports, fmt.Sprintf("%d %v %s", run.executions, st.ForcedTriples(), st.Report()))
		}
		if reports[0] != reports[1] {
			t.Errorf("same seed, different searches:\n%s\n%s", reports[0], reports[1])
		}
	}
}
