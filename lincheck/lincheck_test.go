package lincheck

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/settings"
)

// TestAutoModeIsStress: this test binary is not rewritten by vtbound
// (lincheck's own module never is), so rt.Instrumented is false and the
// Auto mode stresses.
func TestAutoModeIsStress(t *testing.T) {
	if rt.Instrumented() {
		t.Fatal("rt.Instrumented() in a binary no package of which registered")
	}
	cfg, err := newConfig(t.Name(), nil)
	if err != nil || cfg.mode != Stress {
		t.Fatalf("mode %v, err %v; want stress", cfg.mode, err)
	}
}

// TestConfigEnv: the environment overrides the options, and a bad value
// names its variable.
func TestConfigEnv(t *testing.T) {
	t.Setenv(seedEnv, "42")
	t.Setenv(scenariosEnv, "3")
	cfg, err := newConfig("T", []Option{Seed(7), Scenarios(9), Shape(3, 2, 0, 4)})
	if err != nil || cfg.seed != 42 || cfg.scenarios != 3 || cfg.threads != 3 || cfg.perThread != 2 || cfg.prefix != 0 || cfg.suffix != 4 {
		t.Fatalf("config %+v, err %v", cfg, err)
	}
	for env, bad := range map[string]string{seedEnv: "many", scenariosEnv: "0"} {
		t.Setenv(env, bad)
		if _, err := newConfig("T", nil); err == nil || !strings.Contains(err.Error(), env) {
			t.Errorf("%s=%s: error %v, want one naming the variable", env, bad, err)
		}
		t.Setenv(env, "")
	}
	if _, err := newConfig("T", []Option{Shape(0, 3, 0, 0)}); err == nil {
		t.Error("a scenario without goroutines was accepted")
	}
	a, _ := newConfig("TestA", nil)
	b, _ := newConfig("TestB", nil)
	if a.seed == b.seed {
		t.Error("two tests have the same default seed")
	}
}

// TestSettingsRows: the rows of rt/settings whose Reader is lincheck, which
// `vtbound help` lists, are exactly the variables lincheck reads.
func TestSettingsRows(t *testing.T) {
	rows := map[string]bool{}
	for _, s := range settings.All() {
		if s.Reader == "lincheck" {
			rows[s.Name] = true
		}
	}
	if want := map[string]bool{seedEnv: true, scenariosEnv: true}; !reflect.DeepEqual(rows, want) {
		t.Errorf("settings rows read by lincheck: %v, want %v", rows, want)
	}
}

// TestGenerateDeterministic: a scenario depends on the seed and its
// number only, so that a saved schedule meets the same scenario.
func TestGenerateDeterministic(t *testing.T) {
	ops := setTest(false).Ops
	cfg, _ := newConfig("T", []Option{Seed(5)})
	more := cfg
	more.scenarios = 50
	names := namesOf(ops)
	for i := range 5 {
		a, b := generate(ops, cfg, i), generate(ops, more, i)
		if a.text(names) != b.text(names) || a.name(names) != b.name(names) {
			t.Errorf("scenario %d differs with more scenarios:\n%s\n%s", i, a.text(names), b.text(names))
		}
		if a.size() != 1+2*3+1 || len(a.threads) != 2 {
			t.Errorf("scenario %d has %d operations on %d goroutines", i, a.size(), len(a.threads))
		}
	}
	if generate(ops, cfg, 0).name(names) == generate(ops, cfg, 1).name(names) {
		t.Error("scenarios 0 and 1 have one name")
	}
}

// TestSmaller: the candidates are one step smaller, drop goroutines
// left empty and never drop every goroutine.
func TestSmaller(t *testing.T) {
	sc := scenario{prefix: []step{{0, 1}}, threads: [][]step{{{0, 2}}, {{1, 3}, {2, 4}}}}
	cands := smaller(sc)
	// 2 goroutine drops, 4 single operations, 6 pairs, minus the pair
	// that empties both goroutines... none here: G2 keeps one.
	if len(cands) != 12 {
		t.Fatalf("%d candidates, want 12", len(cands))
	}
	for _, c := range cands {
		if len(c.threads) == 0 || c.size() >= sc.size() {
			t.Errorf("candidate %+v", c)
		}
		for _, th := range c.threads {
			if len(th) == 0 {
				t.Errorf("candidate %+v has an empty goroutine", c)
			}
		}
	}
	if sc.size() != 4 || len(sc.threads[1]) != 2 {
		t.Error("smaller changed its argument")
	}
	if got := smaller(scenario{threads: [][]step{{{0, 1}}}}); len(got) != 0 {
		t.Errorf("a scenario of one operation has smaller ones: %+v", got)
	}
}

// TestSpecChangesState: a Spec that changes the map it is given is
// caught before any scenario runs.
func TestSpecChangesState(t *testing.T) {
	test := Test[int, map[int]bool]{
		New:  func() int { return 0 },
		Init: func() map[int]bool { return map[int]bool{} },
		Ops: []Op[int, map[int]bool]{{
			Name: "Add", Arg: func(r *rand.Rand) any { return r.Intn(3) },
			Call: func(int, any) any { return true },
			Spec: func(s map[int]bool, x any) (map[int]bool, any) { s[x.(int)] = true; return s, true },
		}},
	}
	cfg, _ := newConfig("T", nil)
	c := &checker[int, map[int]bool]{test: test, cfg: cfg, m: modelOf(test)}
	if err := c.specChangesState(); err == nil || !strings.Contains(err.Error(), "Spec of Add") {
		t.Fatalf("error %v, want one about Add's Spec", err)
	}
	if err := validate(Test[int, int]{New: func() int { return 0 }, Init: func() int { return 0 }, Ops: []Op[int, int]{{Name: "X"}}}); err == nil {
		t.Error("an Op without Call and Spec was accepted")
	}
}

// TestCheckHistoryReport: CheckHistory explains a history that is not
// linearizable with its lanes and the result no order explains, and
// rejects a history that is not one.
func TestCheckHistoryReport(t *testing.T) {
	test := setTest(false)
	h := []Event{
		{Lane: 1, Op: 0, Arg: 1, Result: true, Call: 1, Return: 3},
		{Lane: 2, Op: 0, Arg: 1, Result: true, Call: 2, Return: 4},
		{Lane: 0, Op: 2, Arg: 1, Result: true, Call: 5, Return: 6},
	}
	r, err := CheckHistory(test, h, time.Second)
	if err != nil || r.Verdict != NotLinearizable {
		t.Fatalf("verdict %v, err %v", r.Verdict, err)
	}
	for _, want := range []string{"┌ Add(1)", "└ true", "Contains(1) → true", "G3"} {
		if !strings.Contains(r.Lanes, want) {
			t.Errorf("lanes lack %q:\n%s", want, r.Lanes)
		}
	}
	for _, want := range []string{"1. G2 Add(1) → true", "returned true, the specification returns false", "called after"} {
		if !strings.Contains(r.Why, want) {
			t.Errorf("why lacks %q:\n%s", want, r.Why)
		}
	}
	h[1].Result = false
	if r, _ := CheckHistory(test, h, time.Second); r.Verdict != Linearizable || r.Why != "" || !reflect.DeepEqual(r.Order, []int{0, 1, 2}) {
		t.Errorf("after the fix: %+v", r)
	}
	h[2].Return = h[2].Call
	if _, err := CheckHistory(test, h, time.Second); err == nil {
		t.Error("an event returning at its call was accepted")
	}
}

// TestHistoryMemo: the memo finds an equal history, not one with another
// result or order, and keeps nothing when off or undecided.
func TestHistoryMemo(t *testing.T) {
	h := []Event{ev(1, opAdd, 1, true, 1, 3), ev(2, opAdd, 1, true, 2, 4)}
	m := newHistoryMemo[uint64](true)
	m.store(h, outcome[uint64]{verdict: NotLinearizable})
	if out, ok := m.lookup([]Event{ev(1, opAdd, 1, true, 1, 3), ev(2, opAdd, 1, true, 2, 4)}); !ok || out.verdict != NotLinearizable {
		t.Error("an equal history was not found")
	}
	other := []Event{ev(1, opAdd, 1, true, 1, 3), ev(2, opAdd, 1, false, 2, 4)}
	if _, ok := m.lookup(other); ok {
		t.Error("a history with another result was found")
	}
	if _, ok := m.lookup([]Event{ev(1, opAdd, 1, true, 1, 2), ev(2, opAdd, 1, true, 3, 4)}); ok {
		t.Error("a history with other stamps was found")
	}
	m.store(other, outcome[uint64]{verdict: Unknown})
	off := newHistoryMemo[uint64](false)
	off.store(h, outcome[uint64]{})
	if _, ok := m.lookup(other); ok || off.size != 0 {
		t.Error("an unknown verdict was kept, or a memo that is off kept one")
	}
}

// TestNativeParallelPanic: a panic in a stressed goroutine comes back as
// an error naming the goroutine, after the others returned.
func TestNativeParallelPanic(t *testing.T) {
	ran := make([]bool, 3)
	err := nativeParallel(3, func(i int) {
		ran[i] = true
		if i == 1 {
			panic("boom")
		}
	})
	if err == nil || !strings.Contains(err.Error(), "G3 panicked: boom") || !ran[0] || !ran[2] {
		t.Fatalf("err %v, ran %v; want G3's panic after all three ran", err, ran)
	}
	if err := nativeParallel(2, func(int) {}); err != nil {
		t.Fatal(err)
	}
}

// TestNativeParallelBlocked: a stressed operation that never returns ends
// the run with an error instead of hanging.
func TestNativeParallelBlocked(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	err := parallelWithin(2, func(i int) {
		if i == 1 {
			<-block
		}
	}, 50*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "an operation blocks") {
		t.Fatalf("err %v, want the blocked operation reported", err)
	}
}

// TestRunPattern: the -run pattern printed under stress selects exactly
// the failing scenario.
func TestRunPattern(t *testing.T) {
	if got := runPattern("TestSet/3-6f9743ef"); got != "^TestSet$/^3-6f9743ef$" {
		t.Errorf("runPattern = %q", got)
	}
}

// TestOffEnginePanic: a panic off the engine (a Spec's) is raised again
// in the caller's goroutine, where the engine or the test sees it.
func TestOffEnginePanic(t *testing.T) {
	ran := false
	offEngine(func() { ran = true })
	defer func() {
		if x := recover(); x != "spec" || !ran {
			t.Fatalf("recovered %v (ran %v), want the Spec's panic", x, ran)
		}
	}()
	offEngine(func() { panic("spec") })
}
