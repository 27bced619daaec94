package strategy_test

import (
	"strings"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// ctRunAll runs ui-four under st with the given step bound until st stops,
// and returns the outcomes of the executions.
func ctRunAll(st sched.Strategy, maxSteps int) []sched.Outcome {
	rec := &recorder{}
	e := engine.New(st, engine.Limits{MaxSteps: maxSteps}, rec.Failed)
	var out []sched.Outcome
	for len(out) < 100 {
		rec.failed.Store(false)
		res, ok := e.Run(func() { kernels.UIFour(rec) })
		if !ok {
			break
		}
		out = append(out, res.Outcome)
	}
	return out
}

// TestCTriggerSkipsCutProfiles: profiling executions cut at the step
// bound are not analysed (their trace is an arbitrary prefix, and the
// exploration stops after one), so nothing is identified or forced; with
// room to finish, the same kernel is analysed.
func TestCTriggerSkipsCutProfiles(t *testing.T) {
	cut := newCT(1, 100, strategy.CTriggerOptions{})
	outcomes := ctRunAll(cut, 8)
	for i, o := range outcomes {
		if o != sched.StepBound {
			t.Fatalf("execution %d: %v, want the step bound", i+1, o)
		}
	}
	if n := cut.Analysis().Runs(); n != 0 || cut.Coverage().Identified != 0 || cut.Coverage().Forcing != 0 {
		t.Errorf("cut profiles: %d analysed, coverage %+v; want none analysed and nothing forced", n, cut.Coverage())
	}
	full := newCT(1, 100, strategy.CTriggerOptions{})
	ctRunAll(full, 20000)
	if full.Analysis().Runs() == 0 || full.Coverage().Identified != 4 {
		t.Errorf("complete profiles: %d analysed, coverage %+v; want 4 triples identified", full.Analysis().Runs(), full.Coverage())
	}
}

// TestCTriggerDeadline: once Config.Deadline has passed, profiles are not
// analysed and no new profiling round starts, so ctrigger stops after its
// first round; in a portfolio the next phase takes over.
func TestCTriggerDeadline(t *testing.T) {
	past := time.Now().Add(-time.Second)
	st := strategy.NewCTrigger(strategy.Config{Seed: 1, Budget: 100, Deadline: past})
	if n := len(ctRunAll(st, 20000)); n != 2 {
		t.Errorf("%d executions after the deadline, want the first round's 2", n)
	}
	if st.Analysis().Runs() != 0 {
		t.Errorf("%d profiles analysed after the deadline, want 0", st.Analysis().Runs())
	}
	p := strategy.NewPortfolio(strategy.Config{Seed: 1, Budget: 100, Deadline: past})
	ctRunAll(p, 20000)
	if r := p.Report(); !strings.Contains(r, "ctrigger: 2 executions; random: ") {
		t.Errorf("portfolio after the deadline: %s; want ctrigger's 2 executions, then random", r)
	}
}
