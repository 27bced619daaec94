package strategy_test

import (
	"slices"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// covRun runs body on the real engine under st until st stops or a
// failure; it returns the executions run and the first failure (nil).
func covRun(st sched.Strategy, body func(testing.TB)) (int, *engine.Result) {
	rec := &recorder{}
	e := engine.New(st, engine.Limits{}, rec.Failed)
	n := 0
	for {
		rec.failed.Store(false)
		res, ok := e.Run(func() { body(rec) })
		if !ok {
			return n, nil
		}
		n++
		if res.Failure != nil {
			return n, res.Clone()
		}
	}
}

// TestHaPSetFindsFig1: the guided search alone (no learning phase, the
// default) finds hapset-fig1's nil dereference, and so it does after 4
// random learning executions (Algorithm 1).
func TestHaPSetFindsFig1(t *testing.T) {
	for _, learn := range []int{0, 4} {
		h := strategy.NewHaPSetLearning(strategy.Config{Seed: 1, Budget: 1000}, learn)
		n, fail := covRun(h, func(tb testing.TB) { kernels.HapsetFig1Coverage(tb, false) })
		if fail == nil || fail.Outcome != sched.Panicked {
			t.Fatalf("learn=%d: bug not found in %d executions: %s", learn, n, h.Report())
		}
		t.Logf("learn=%d: panic at execution %d; %s", learn, n, h.Report())
	}
}

// TestHaPSetLearnedFig1: on the corrected hapset-fig1 (use and free
// locked) the good runs teach exactly the HaPSets of Sec. 3.2.1:
// HaPSet[e1] = {e2}, HaPSet[e2] = {e1, e4}, HaPSet[e3] = {} and
// HaPSet[e4] = {e3}; e4 ∉ HaPSet[e3] is the atomicity the bug breaks.
func TestHaPSetLearnedFig1(t *testing.T) {
	h := strategy.NewHaPSetLearning(strategy.Config{Seed: 1, Budget: 1000}, 0)
	n, fail := covRun(h, func(tb testing.TB) { kernels.HapsetFig1Coverage(tb, true) })
	if fail != nil {
		t.Fatalf("corrected kernel failed: %v", fail.Failure)
	}
	e := kernels.HapsetFig1Sites
	name := map[int32]string{e[0]: "e1", e[1]: "e2", e[2]: "e3", e[3]: "e4"}
	var got []string
	for _, p := range h.HaPSets().Pairs() {
		if name[p.Of.Site] != "" && name[p.Pred.Site] != "" {
			got = append(got, name[p.Pred.Site]+"∈HaPSet["+name[p.Of.Site]+"]")
		}
	}
	slices.Sort(got)
	want := []string{"e1∈HaPSet[e2]", "e2∈HaPSet[e1]", "e3∈HaPSet[e4]", "e4∈HaPSet[e2]"}
	if !slices.Equal(got, want) {
		t.Errorf("learned %v, want %v", got, want)
	}
	if !h.Stats().Saturated {
		t.Errorf("not saturated after %d executions: %s", n, h.Report())
	}
	t.Logf("%d executions: %s", n, h.Report())
}

// TestHaPSetSaturatesBeforeDPOR: on lastzero(5), a correct program with 64
// traces, the guided search saturates its HaPSets in far fewer executions
// than dpor needs to complete (the ratio is printed; it must be <= 0.25).
func TestHaPSetSaturatesBeforeDPOR(t *testing.T) {
	body := kernels.LastZero(5)
	d := strategy.NewDPOR(strategy.Config{Budget: 10000})
	nd, _ := covRun(d, body)
	h := strategy.NewHaPSet(strategy.Config{Seed: 1, Budget: 10000})
	nh, fail := covRun(h, body)
	if fail != nil || !d.Stats().Complete || !h.Stats().Saturated {
		t.Fatalf("dpor: %s; hapset: %s", d.Report(), h.Report())
	}
	ratio := float64(nh) / float64(nd)
	t.Logf("lastzero(5): hapset saturated after %d executions, dpor complete after %d: ratio %.3f; %s", nh, nd, ratio, h.Report())
	if ratio > 0.25 {
		t.Errorf("ratio %.3f > 0.25", ratio)
	}
}

func rq(first, then int32) coverage.Req { return coverage.Req{First: first, Then: then} }

// spFig2Reqs are the paper's 10 requirements of sp-fig2 (Sec. 2.3).
func spFig2Reqs() []coverage.Req {
	s := kernels.SPFig2Sites
	a2, a4, b2, b4 := s[0], s[1], s[2], s[3]
	reqs := []coverage.Req{rq(a2, a4), rq(a2, b2), rq(a2, b4), rq(a4, b2), rq(a4, b4), rq(b2, b4), rq(b2, a2), rq(b2, a4), rq(b4, a2), rq(b4, a4)}
	slices.SortFunc(reqs, func(x, y coverage.Req) int {
		if x.First != y.First {
			return int(x.First - y.First)
		}
		return int(x.Then - y.Then)
	})
	return reqs
}

// TestSPFig2: sp estimates exactly the paper's 10 requirements on the
// mutex and covers them all.
func TestSPFig2(t *testing.T) {
	for _, h := range []bool{true, false} {
		s := strategy.NewSP(strategy.Config{Seed: 1, Budget: 200}, h)
		s.Restrict(coverage.PrimLock)
		covRun(s, kernels.SPFig2)
		c := s.Coverage()
		if !slices.Equal(c.Estimated, spFig2Reqs()) {
			t.Fatalf("%s estimated %v, want %v", s.Name(), c.Estimated, spFig2Reqs())
		}
		if u := c.Uncovered(); len(u) > 0 {
			t.Errorf("%s: uncovered %v", s.Name(), u)
		}
		t.Logf("%s", s.Report())
	}
}

// TestSPWalkthrough reproduces Sec. 2.4's first testing execution: the
// rule applied at each iteration of Algorithm 1 on the lock statements.
func TestSPWalkthrough(t *testing.T) {
	s := kernels.SPFig2Sites
	a2, a4, b2 := s[0], s[1], s[2]
	sp := strategy.NewSP(strategy.Config{Seed: 1, Budget: 1}, true)
	sp.Restrict(coverage.PrimLock)
	sp.Preset(spFig2Reqs())
	var log []strategy.SPEvent
	sp.Walk(&log)
	covRun(sp, kernels.SPFig2)
	var got []strategy.SPEvent
	for _, ev := range log {
		if ev.Site == a2 || ev.Site == a4 || ev.Site == b2 {
			got = append(got, strategy.SPEvent{Site: ev.Site, Paused: ev.Paused, Rule: ev.Rule, Resumed: ev.Resumed, Executed: ev.Executed})
		}
	}
	want := []strategy.SPEvent{
		{Site: a2, Paused: true},                                       // 1: <2a,2b> uncovered
		{Site: b2, Paused: true, Rule: 2, Resumed: a2},                 // 2: Rule 2 resumes 2a
		{Site: a2, Paused: true, Rule: 2, Resumed: a2, Executed: true}, // 3: 2a runs
		{Site: a4, Paused: true, Rule: 1, Resumed: b2},                 // 5: Rule 1: <2a,2b>
		{Site: b2, Paused: true, Rule: 1, Resumed: b2, Executed: true}, // 6: 2b runs
	}
	if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
		t.Fatalf("walk-through:\n got %+v\nwant %+v", got, want)
	}
	if !sp.Coverage().Covered[coverage.Req{First: a2, Then: b2}] {
		t.Errorf("<2a,2b> not covered")
	}
}

// TestSPWalkthroughRule3: with <2a,4b>, <4a,2b>, <4b,2a> uncovered, Rule 3
// resumes 2b (one relevant requirement) before 2a (two).
func TestSPWalkthroughRule3(t *testing.T) {
	s := kernels.SPFig2Sites
	a2, a4, b2, b4 := s[0], s[1], s[2], s[3]
	sp := strategy.NewSP(strategy.Config{Seed: 1, Budget: 1}, true)
	sp.Restrict(coverage.PrimLock)
	sp.Preset(spFig2Reqs())
	sp.Coverage().Cover([]coverage.Req{rq(a2, b2), rq(a2, a4), rq(a4, b4), rq(b2, a2), rq(b2, a4), rq(b2, b4), rq(b4, a4)})
	var log []strategy.SPEvent
	sp.Walk(&log)
	covRun(sp, kernels.SPFig2)
	for _, ev := range log {
		if ev.Rule != 0 {
			if ev.Rule != 3 || ev.Resumed != b2 || !ev.Executed || ev.Site != b2 {
				t.Fatalf("first rule applied: %+v, want Rule 3 resuming and running 2b", ev)
			}
			return
		}
	}
	t.Fatalf("no rule applied: %+v", log)
}

// TestCoverageStrategiesRegistered: the coverage strategies are built by
// name.
func TestCoverageStrategiesRegistered(t *testing.T) {
	for _, n := range []string{"hapset", "sp", "sp-h"} {
		st, err := strategy.New(n, strategy.Config{Budget: 3})
		if err != nil {
			t.Fatal(err)
		}
		if got := st.(sched.Named).Name(); got != n {
			t.Errorf("New(%q) is %q", n, got)
		}
		if r, ok := st.(strategy.Reporter); !ok || r.Report() == "" {
			t.Errorf("%s has no report", n)
		}
	}
}

// contexts runs one execution of body with Plan.Context = k and returns
// the calling contexts of its memory reads.
type contexts struct {
	sched.Strategy
	k    int
	ctxs []uint64
}

func (c *contexts) Begin(p *sched.Plan) bool {
	ok := c.Strategy.Begin(p)
	p.Context = c.k
	return ok
}

func (c *contexts) End(x *sched.Execution) {
	for _, st := range x.Trace {
		if st.Op.Kind == sched.OpRead {
			c.ctxs = append(c.ctxs, st.Ctx)
		}
	}
	c.Strategy.End(x)
}

// TestStepContexts: with Plan.Context the engine records calling contexts
// that tell apart vt-fig2's two reads, made through one helper (one site)
// from two lines; without it, none.
func TestStepContexts(t *testing.T) {
	k, _ := kernels.Lookup("vt-fig2")
	for _, depth := range []int{0, strategy.DefaultContext} {
		c := &contexts{Strategy: strategy.NewRandom(strategy.Config{Seed: 1, Budget: 1}), k: depth}
		covRun(c, func(tb testing.TB) { k.Body(tb, true) })
		if len(c.ctxs) != 2 {
			t.Fatalf("k=%d: %d reads", depth, len(c.ctxs))
		}
		if depth == 0 && (c.ctxs[0] != 0 || c.ctxs[1] != 0) {
			t.Errorf("contexts recorded without Plan.Context: %v", c.ctxs)
		}
		if depth > 0 && (c.ctxs[0] == 0 || c.ctxs[0] == c.ctxs[1]) {
			t.Errorf("k=%d: contexts %x do not tell the reads apart", depth, c.ctxs)
		}
	}
}

// contextKernels are the catalogue bugs whose kernels route their accesses
// through one helper; needContext says whether hapset needs calling
// contexts to find it: without them the helper's statements conflate and
// the pruning hides the bug.
var contextKernels = []struct {
	name        string
	needContext bool
}{
	{"vt-fig2", false}, {"vt-fig3", true}, {"allocation-vector", true},
	{"hapset-fig1", false}, {"deadlock-abba", false},
}

// TestHaPSetNeedsContexts: hapset with calling contexts (k = 5, the
// default) finds every bug of contextKernels; without them (k < 0) it
// misses exactly those marked needContext.
func TestHaPSetNeedsContexts(t *testing.T) {
	for _, c := range contextKernels {
		k, ok := kernels.Lookup(c.name)
		if !ok {
			t.Fatalf("no kernel %s", c.name)
		}
		body := func(tb testing.TB) { k.Body(tb, false) }
		n, fail := covRun(strategy.NewHaPSet(strategy.Config{Seed: 1, Budget: 2000}), body)
		if fail == nil {
			t.Errorf("%s: hapset with contexts did not find the bug in %d executions", c.name, n)
		}
		m, failNo := covRun(strategy.NewHaPSet(strategy.Config{Seed: 1, Budget: 2000, Context: -1}), body)
		if found := failNo != nil; found == c.needContext {
			t.Errorf("%s: hapset without contexts: found %v after %d executions, want found %v", c.name, found, m, !c.needContext)
		}
		t.Logf("%s: with contexts found at execution %d; without: %d executions, found %v", c.name, n, m, failNo != nil)
	}
}
