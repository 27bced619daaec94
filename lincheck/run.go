package lincheck

import (
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
)

// parallel runs f(0), ..., f(n-1) on goroutines of their own and returns
// once they all have; a panic in one of them is returned as an error
// where the mode does not leave panics to the engine.
type parallel func(n int, f func(i int)) error

// nativeParallel is parallel on real goroutines, released together from a
// barrier so that their operations overlap as much as they can; a run
// whose goroutines have not all returned after stallTimeout is an error
// (an operation that blocks), so that stress never hangs.
func nativeParallel(n int, f func(i int)) error {
	return parallelWithin(n, f, stallTimeout)
}

// stallTimeout bounds one stressed run of a scenario's goroutines.
const stallTimeout = 10 * time.Second

// parallelWithin is nativeParallel with the time bound d.
func parallelWithin(n int, f func(i int), d time.Duration) error {
	var ready atomic.Int32
	var wg sync.WaitGroup
	var first atomic.Pointer[error]
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if x := recover(); x != nil {
					err := fmt.Errorf("%s panicked: %v", laneName(i+1), x)
					first.CompareAndSwap(nil, &err)
				}
			}()
			ready.Add(1)
			for ready.Load() < int32(n) {
				runtime.Gosched()
			}
			f(i)
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		return fmt.Errorf("the scenario's goroutines had not all returned after %v: an operation blocks (lincheck needs operations that return)", d)
	}
	if err := first.Load(); err != nil {
		return *err
	}
	return nil
}

// controlledParallel is parallel through rt's hooks: in an execution of
// vtbound's engine the goroutines are controlled (lincheck itself is not
// rewritten), and a panic is the engine's to report.
func controlledParallel(n int, f func(i int)) error {
	var wg sync.WaitGroup
	for i := range n {
		rt.WGGo(0, &wg, func() { f(i) })
	}
	rt.WGWait(0, &wg)
	return nil
}

// runOnce runs sc once on a fresh object and returns its history.
func (c *checker[O, S]) runOnce(sc scenario, par parallel) ([]Event, error) {
	obj := c.test.New()
	rec := newRecorder(len(sc.threads) + 1)
	do := func(lane int, s step) {
		rec.run(lane, s.op, s.arg, func() any { return c.test.Ops[s.op].Call(obj, s.arg) })
	}
	for _, s := range sc.prefix {
		do(0, s)
	}
	err := par(len(sc.threads), func(i int) {
		for _, s := range sc.threads[i] {
			do(i+1, s)
		}
	})
	if err != nil {
		return nil, err
	}
	for _, s := range sc.suffix {
		do(0, s)
	}
	return rec.history(), nil
}

// runScenario checks sc in the configured mode.
func (c *checker[O, S]) runScenario(t *testing.T, sc scenario) {
	t.Helper()
	if c.cfg.mode == Explore {
		c.explore(t, sc)
		return
	}
	c.stress(t, sc)
}

// stress runs sc on real goroutines up to the configured number of times
// and checks every history.
func (c *checker[O, S]) stress(t *testing.T, sc scenario) {
	t.Helper()
	deadline := time.Now().Add(c.cfg.stressTime)
	memo := c.newMemo()
	unknowns, runs := 0, 0
	for ; runs < c.cfg.repeat && (runs == 0 || time.Now().Before(deadline)); runs++ {
		h, err := c.runOnce(sc, nativeParallel)
		if err != nil {
			t.Fatalf("lincheck: %v\nscenario:\n%s", err, sc.text(namesOf(c.test.Ops)))
		}
		out, msg := c.judge(memo, sc, h)
		if out.verdict == NotLinearizable {
			t.Errorf("%s(found by run %d of the scenario on real goroutines; go test -run='%s' runs the scenario again, with timing of its own)", msg, runs+1, runPattern(t.Name()))
			c.minimise(t, sc, c.stressTrial)
			return
		}
		if out.verdict == Unknown {
			unknowns++
		}
	}
	c.noteUnknown(t, unknowns, runs)
}

// explore explores sc with vtbound's engine, checking every execution's
// history.
func (c *checker[O, S]) explore(t *testing.T, sc scenario) {
	t.Helper()
	bad, unknowns, runs := false, 0, 0
	memo := c.newMemo()
	rt.Test(t, func(t *testing.T) {
		runs++
		h, _ := c.runOnce(sc, controlledParallel)
		switch out, msg := c.judge(memo, sc, h); out.verdict {
		case NotLinearizable:
			bad = true
			t.Error(msg)
		case Unknown:
			unknowns++
		}
	})
	t.Logf("lincheck: %d executions, %d distinct histories checked", runs, memo.size)
	if bad || t.Failed() {
		c.minimise(t, sc, c.exploreTrial(t))
		return
	}
	c.noteUnknown(t, unknowns, runs)
}

// newMemo returns the history memo of one scenario (historyMemo).
func (c *checker[O, S]) newMemo() *historyMemo[S] {
	return newHistoryMemo[S](c.test.SameResult == nil)
}

// judge checks h, or finds its verdict in memo, and renders the report
// of sc and h when h is not linearizable. Under the engine the
// specification runs off the engine (offEngineIfExplore).
func (c *checker[O, S]) judge(memo *historyMemo[S], sc scenario, h []Event) (outcome[S], string) {
	out, ok := memo.lookup(h) // reflect alone: no code of the user's package
	if !ok {
		c.offEngineIfExplore(func() { out = check(c.m, h, c.checkBound()) })
		memo.store(h, out)
	}
	var msg string
	if out.verdict == NotLinearizable {
		c.offEngineIfExplore(func() { msg = c.report(sc, h, out) })
	}
	return out, msg
}

// offEngine runs f, called in an execution of the engine, on a goroutine
// vtbound does not control (lincheck is not rewritten, so its go
// statement is a real one) while the execution's goroutine waits: the
// specification, rewritten with the rest of the user's package, then runs
// natively, taking no scheduling point, and its map iterations leave the
// execution's trace as it was. The engine ends an execution whose
// goroutine is stuck in uncontrolled code for 10 s, hence maxExploreCheck.
// A panic in f is raised again in the caller's goroutine.
func offEngine(f func()) {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	if x := <-done; x != nil {
		panic(x) // a panicking Spec: in the caller's goroutine, whose panic the engine reports
	}
}

// offEngineIfExplore runs f off the engine in the Explore mode (Check runs
// in the single execution of the user's test function, which explores
// itself under vtbound), and directly otherwise.
func (c *checker[O, S]) offEngineIfExplore(f func()) {
	if c.cfg.mode == Explore {
		offEngine(f)
		return
	}
	f()
}

// maxExploreCheck bounds CheckTime in the Explore mode (offEngine).
const maxExploreCheck = 5 * time.Second

// checkBound is the time bound of one check in the configured mode.
func (c *checker[O, S]) checkBound() time.Duration {
	if c.cfg.mode == Explore {
		return min(c.cfg.checkTime, maxExploreCheck)
	}
	return c.cfg.checkTime
}

// noteUnknown ends a scenario that did not fail but whose runs left
// unknowns histories unchecked (the time bound ended their search): the
// scenario is neither passed nor failed, so its subtest is skipped with
// the count.
func (c *checker[O, S]) noteUnknown(t *testing.T, unknowns, runs int) {
	t.Helper()
	if unknowns > 0 {
		t.Skipf("lincheck: unknown: %d of %d histories could not be checked within %v (CheckTime): the scenario neither passed nor failed", unknowns, runs, c.checkBound())
	}
}

// trial runs a candidate scenario as the mode does and returns a history
// that is not linearizable, if it met one (found); ran is false when the
// candidate could not run at all (rt.Search in a child process vtbound
// started), which ends the minimisation.
type trial[S any] func(sc scenario) (h []Event, out outcome[S], found, ran bool)

// stressTrial is trial in the Stress mode: sc run as a scenario is, within
// the minimisation's time per candidate.
func (c *checker[O, S]) stressTrial(sc scenario) ([]Event, outcome[S], bool, bool) {
	deadline := time.Now().Add(c.cfg.minimizeTime)
	memo := c.newMemo()
	for runs := 0; runs < c.cfg.repeat && time.Now().Before(deadline); runs++ {
		h, err := c.runOnce(sc, nativeParallel)
		if err != nil {
			continue // a panic is a failure of another kind
		}
		if out, _ := c.judge(memo, sc, h); out.verdict == NotLinearizable {
			return h, out, true, true
		}
	}
	return nil, outcome[S]{}, false, true
}

// exploreTrial returns trial in the Explore mode: sc explored quietly
// (rt.Search) within the minimisation's budget per candidate.
func (c *checker[O, S]) exploreTrial(t *testing.T) trial[S] {
	return func(sc scenario) ([]Event, outcome[S], bool, bool) {
		var h []Event
		var out outcome[S]
		memo := c.newMemo()
		found := rt.Search(t, func() bool {
			h, _ = c.runOnce(sc, controlledParallel)
			out, _ = c.judge(memo, sc, h)
			return out.verdict != NotLinearizable
		}, c.cfg.minimizeExecs, c.cfg.minimizeTime)
		return h, out, found, h != nil
	}
}

// runPattern anchors every element of a (sub)test name for go test -run.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}
