package lincheck

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"
)

// Op is one operation of the object under test, with its sequential
// specification.
type Op[O, S any] struct {
	// Name names the operation in scenarios and reports.
	Name string
	// Arg generates an argument from r (math/rand, seeded from the
	// scenario's seed and number); nil: the operation takes no argument.
	Arg func(r *rand.Rand) any
	// Call runs the operation on the object under test and returns its
	// result (nil for an operation without one).
	Call func(obj O, arg any) any
	// Spec is the sequential specification: the next state and the
	// result Call must return. It must not change s (copy a map or a
	// slice before changing it): the checker applies it to one state
	// many times.
	Spec func(s S, arg any) (S, any)
}

// Test describes a concurrent object and its sequential specification.
type Test[O, S any] struct {
	// New returns a fresh object; each run of a scenario has its own.
	New func() O
	// Init returns the specification's initial state.
	Init func() S
	// Ops are the operations scenarios are made of.
	Ops []Op[O, S]
	// StateKey, when set, maps a specification state to a comparable
	// value (a string, a number, a struct of them) that is equal exactly
	// for equal states; the checker then compares keys instead of calling
	// reflect.DeepEqual on states, which is faster.
	StateKey func(s S) any
	// SameResult, when set, compares a result the specification expects
	// (want) with the one the object returned (got); by default they are
	// compared with reflect.DeepEqual, so their dynamic types must match.
	SameResult func(want, got any) bool
}

// Check generates scenarios of test's operations and checks that every
// history the object produces is linearizable: that some sequential order
// of its operations, respecting the order of operations that did not
// overlap in time, gives every operation the result the specification
// gives it. Each scenario is a subtest of t, named by its number and a
// hash of its content.
//
// Under plain go test (or with the Stress mode) each scenario runs many
// times on real goroutines. In a test binary built with
// go test -toolexec=vtbound (rt.Instrumented), or with the Explore mode,
// each scenario is explored by vtbound's engine (rt.Test): every explored
// execution's history is checked, a failing schedule is saved and
// replayed first by later runs. A failure reports the scenario, the
// history as goroutine lanes and why no order fits, then the scenario
// minimised. See docs/lincheck.md.
func Check[O, S any](t *testing.T, test Test[O, S], opts ...Option) {
	t.Helper()
	cfg, err := newConfig(t.Name(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := validate(test); err != nil {
		t.Fatal(err)
	}
	c := &checker[O, S]{test: test, cfg: cfg, m: modelOf(test)}
	var specErr error
	c.offEngineIfExplore(func() { specErr = c.specChangesState() })
	if specErr != nil {
		t.Fatal(specErr)
	}
	t.Logf("lincheck: %s mode, seed %d (%s=%d generates these scenarios again), %s", cfg.mode, cfg.seed, seedEnv, cfg.seed, cfg.shape())
	for i := range cfg.scenarios {
		sc := generate(test.Ops, cfg, i)
		if !t.Run(sc.name(namesOf(test.Ops)), func(t *testing.T) { c.runScenario(t, sc) }) {
			if rest := cfg.scenarios - i - 1; rest > 0 {
				t.Logf("lincheck: the %d scenarios after the failing one were not run", rest)
			}
			return
		}
	}
}

// validate reports a Test that cannot be checked.
func validate[O, S any](test Test[O, S]) error {
	if test.New == nil || test.Init == nil || len(test.Ops) == 0 {
		return fmt.Errorf("lincheck: Test needs New, Init and at least one Op")
	}
	for i, op := range test.Ops {
		if op.Name == "" || op.Call == nil || op.Spec == nil {
			return fmt.Errorf("lincheck: Ops[%d] (%q) needs a Name, a Call and a Spec", i, op.Name)
		}
	}
	return nil
}

// modelOf returns the checker's view of test's specification.
func modelOf[O, S any](test Test[O, S]) model[S] {
	m := model[S]{
		init: test.Init,
		step: func(s S, op int, arg any) (S, any) { return test.Ops[op].Spec(s, arg) },
		same: test.SameResult,
		key:  test.StateKey,
	}
	if m.same == nil {
		m.same = reflect.DeepEqual
	}
	return m
}

// checker checks one Test under one configuration.
type checker[O, S any] struct {
	test Test[O, S]
	cfg  config
	m    model[S]
}

// specChangesState applies a generated sequence of operations to the
// specification and reports a Spec that changed the state it was given
// (as printed with %#v), which would corrupt the search.
func (c *checker[O, S]) specChangesState() error {
	r := rand.New(rand.NewSource(c.cfg.seed))
	s := c.m.init()
	for range 4 * len(c.test.Ops) {
		op := r.Intn(len(c.test.Ops))
		arg := genArg(c.test.Ops[op], r)
		before := fmt.Sprintf("%#v", s)
		next, _ := c.m.step(s, op, arg)
		if after := fmt.Sprintf("%#v", s); after != before {
			return fmt.Errorf("lincheck: Spec of %s changed the state it was given (%s became %s): return a new state instead (copy maps and slices)",
				callString(c.test.Ops[op].Name, arg, c.test.Ops[op].Arg != nil), before, after)
		}
		s = next
	}
	return nil
}
