package explore

import (
	"sync/atomic"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/report"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// kernelTB is the testing.TB the catalogue's kernels fail through: it
// records the failure for the engine instead of failing the test. The
// kernels call only Errorf.
type kernelTB struct {
	testing.TB
	failed atomic.Bool
}

func (k *kernelTB) Errorf(string, ...any) { k.failed.Store(true) }
func (k *kernelTB) Helper()               {}

// Budgets of KernelStory: executions to find each bug (the default), and
// to minimise it (the report's own minimisation runs up to
// minimizeBudget).
const (
	StoryFindBudget = 5000
	storyMinBudget  = 300
)

// KernelStory explores body (a catalogue kernel's buggy form, which fails
// through the testing.TB it is given) under strategy name until it fails (within find executions),
// minimises the failure as reportMinimized does (in process: the kernel
// fails through a kernelTB, not through a testing.T) and returns what its
// report tells: the sentence, the goroutines section and the steps shown.
func KernelStory(t *testing.T, body func(testing.TB), name string, find int) (sentence string, goroutines, steps []string) {
	t.Helper()
	strat, err := strategy.New(name, strategy.Config{Seed: 1, Budget: find})
	if err != nil {
		t.Fatal(err)
	}
	tb := &kernelTB{}
	run1 := func() { body(tb) }
	run := func(e *engine.Engine) (*engine.Result, bool) {
		tb.failed.Store(false)
		return e.Run(run1)
	}
	e := engine.New(strat, engine.Limits{}, tb.failed.Load)
	var res *engine.Result
	for i := 0; i < find && res == nil; i++ {
		r, ok := run(e)
		if !ok {
			break
		}
		if r.Failure != nil {
			res = r.Clone()
		}
	}
	if res == nil {
		t.Fatalf("%s found no failure in %d executions", name, find)
	}
	m := strategy.NewMinimizer(res.Plan, &res.Execution, storyMinBudget, 1)
	me := engine.New(m, engine.Limits{}, tb.failed.Load)
	view := bestRun(m, res, func() (*engine.Result, bool) { return run(me) })
	st := newStory(res)
	if m.Best().CVT.Less(strategy.Characterize(res.Trace)) {
		st = newStory(view)
	}
	return st.sentence, st.goroutines(), st.steps()
}

// KernelReport explores body (a catalogue kernel's buggy form that fails
// through the engine, not through the testing.TB it is given) under dpor
// until it fails and returns the report the driver assembles for that
// failure, as fail does before printing it: determinism checked, schedule
// saved under a temporary directory, minimised in process.
func KernelReport(t *testing.T, body func(testing.TB)) *report.Report {
	t.Helper()
	tb := &kernelTB{}
	d := newTestDriver(t, func(*testing.T) { body(tb) })
	d.s.Dir = t.TempDir()
	strat, err := strategy.New("dpor", strategy.Config{Seed: 1, Budget: StoryFindBudget})
	if err != nil {
		t.Fatal(err)
	}
	e := engine.New(strat, d.limits(), tb.failed.Load)
	for range StoryFindBudget {
		res, ok := e.Run(d.body)
		if !ok {
			break
		}
		if res.Failure != nil {
			return d.bugReport(res.Clone(), strat)
		}
	}
	t.Fatalf("dpor found no failure in %d executions", StoryFindBudget)
	return nil
}
