package strategy_test

import (
	"os"
	"slices"
	"testing"

	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// optimalMode makes newDPOR select wakeup trees; TestDPOROptimal sets it
// while it runs the dpor tests again.
var optimalMode bool

// newDPOR returns the dpor search of the mode under test.
func newDPOR(c strategy.Config) *strategy.DPOR {
	return strategy.NewDPOR(c).SetOptimal(optimalMode)
}

// optimalFull reports whether TestDPOROptimal runs the long cases too
// (kernels of more than 1000 traces, the hand-written differentials):
// about 100 s more; set VTBOUND_DPOR_OPTIMAL_FULL=1 (ignored with -short).
func optimalFull() bool {
	return !testing.Short() && os.Getenv("VTBOUND_DPOR_OPTIMAL_FULL") != ""
}

// TestDPOROptimal runs the exact counts, the catalogue and the soundness
// differential with wakeup trees (optimal DPOR) instead of source sets,
// and compares the trace classes of both modes on lastzero(3..5).
func TestDPOROptimal(t *testing.T) {
	optimalMode = true
	defer func() { optimalMode = false }()
	t.Run("Classes", testOptimalClasses)
	t.Run("Counts", TestDPORCounts)
	t.Run("Catalogue", TestDPORCatalogue)
	t.Run("Differential", TestDPORDifferential)
	if optimalFull() {
		t.Run("DifferentialKinds", TestDPORDifferentialKinds)
	}
}

// testOptimalClasses: on lastzero(3), (4), (5) the wakeup-tree search
// reaches exactly the trace classes of the source-set search, one
// execution per class except for sleep-set blocked ones. (A variant of
// the object identity rule lost a class of lastzero(4); see
// dpor_wakeup.go.)
func testOptimalClasses(t *testing.T) {
	for _, n := range []int{3, 4, 5} {
		body := kernels.LastZero(n)
		src := strategy.NewDPOR(strategy.Config{})
		_, want, _ := outcomes(src, genBody(func(*[]string) func(testing.TB) { return body }))
		opt := strategy.NewDPOR(strategy.Config{}).SetOptimal(true)
		_, got, _ := outcomes(opt, genBody(func(*[]string) func(testing.TB) { return body }))
		if !slices.Equal(keys(got), keys(want)) || opt.Stats().Traces != len(want) {
			t.Errorf("lastzero(%d): %d classes (%s), source sets %d", n, len(got), opt.Report(), len(want))
		}
		t.Logf("lastzero(%d): %s", n, opt.Report())
	}
}

// explored reports whether d explored its whole tree: complete, with
// nothing left.
func explored(d *strategy.DPOR) bool {
	return d.Stats().Complete && d.Left() == 0
}

// TestDPOROptimalExact: with the kernels' allocations recorded (object
// identity across executions), the wakeup-tree search explores exactly one
// execution per trace, none sleep-set blocked, without falling back to
// source sets, and reports the search complete: readers(3), (8),
// lastzero(4), (5), (8), indexer(12), ainc(4), (5); with
// VTBOUND_DPOR_OPTIMAL_FULL=1 also lastzero(10), (12) and indexer(15).
func TestDPOROptimalExact(t *testing.T) {
	type exactCase struct {
		name   string
		traces int
		body   func(testing.TB)
	}
	cases := []exactCase{
		{"readers(3)", 8, kernels.Readers(3)},
		{"readers(8)", 256, kernels.Readers(8)},
		{"lastzero(4)", 28, kernels.LastZero(4)},
		{"lastzero(5)", 64, kernels.LastZero(5)},
		{"lastzero(8)", 704, kernels.LastZero(8)},
		{"indexer(12)", 8, kernels.Indexer(12)},
		{"ainc(4)", 24, kernels.AInc(4)},
		{"ainc(5)", 120, kernels.AInc(5)},
	}
	if optimalFull() {
		cases = append(cases, []exactCase{
			{"lastzero(10)", 3328, kernels.LastZero(10)},
			{"lastzero(12)", 15360, kernels.LastZero(12)},
			{"indexer(15)", 4096, kernels.Indexer(15)},
		}...)
	}
	for _, c := range cases {
		d := strategy.NewDPOR(strategy.Config{}).SetOptimal(true)
		r := search(d, c.body)
		s := d.Stats()
		if s.Traces != c.traces || s.Executions != c.traces || r.executions != c.traces ||
			s.Blocked != 0 || s.Restarted != 0 || !s.Optimal || !explored(d) {
			t.Errorf("%s: %s; want %d executions and traces, complete, no fallback", c.name, d.Report(), c.traces)
		}
	}
}

// TestDPOROptimalFallBack: a kernel whose locks are first used after a
// decision and carry no allocation identity (filesystem with its lock
// arrays not recorded) makes the wakeup-tree search fall back to source
// sets, which then explore the same traces as a source-set search from
// the start, complete.
func TestDPOROptimalFallBack(t *testing.T) {
	src := strategy.NewDPOR(strategy.Config{})
	search(src, kernels.FileSystemUnnamedLocks(16))
	opt := strategy.NewDPOR(strategy.Config{}).SetOptimal(true)
	r := search(opt, kernels.FileSystemUnnamedLocks(16))
	s := opt.Stats()
	if s.Restarted == 0 || s.Unidentified == 0 || s.Optimal || !explored(opt) {
		t.Fatalf("filesystem(16): %s; want a fall back to source sets, complete", opt.Report())
	}
	if s.Traces != src.Stats().Traces || s.Executions != src.Stats().Executions || r.executions != s.Executions+s.Restarted {
		t.Errorf("filesystem(16): %s; source sets alone: %s", opt.Report(), src.Report())
	}
}

// TestDPOROptimalNamedLocks: with its lock arrays recorded, filesystem's
// lock operations carry identities, so the wakeup-tree search does not
// fall back: it explores the same traces as source sets, complete, in
// fewer executions (blocked lock acquisitions in wakeup sequences still
// cost sleep-set-blocked executions; see docs/dpor.md).
func TestDPOROptimalNamedLocks(t *testing.T) {
	for _, n := range []int{14, 16, 18} {
		src := strategy.NewDPOR(strategy.Config{})
		search(src, kernels.FileSystem(n))
		opt := strategy.NewDPOR(strategy.Config{}).SetOptimal(true)
		search(opt, kernels.FileSystem(n))
		s, ss := opt.Stats(), src.Stats()
		t.Logf("filesystem(%d): wakeup trees %s; source sets %s", n, opt.Report(), src.Report())
		if s.Restarted != 0 || s.Unidentified != 0 || !s.Optimal || !explored(opt) {
			t.Errorf("filesystem(%d): %s; want no fall back, complete", n, opt.Report())
		}
		if s.Traces != ss.Traces || s.Executions > ss.Executions {
			t.Errorf("filesystem(%d): %s; want the traces of source sets in at most their executions: %s", n, opt.Report(), src.Report())
		}
	}
}

// TestDPOROptimalGoroutineIDs: two goroutines each write a recorded
// variable and then start a goroutine that writes another, so the IDs of
// the two grandchildren depend on the order of the first writes. Wakeup trees name goroutines by ID across executions,
// so the search notices an ID whose parent changed and falls back to
// source sets; it reaches the trace classes of a source-set search,
// complete.
func TestDPOROptimalGoroutineIDs(t *testing.T) {
	p := genBody(func(obs *[]string) func(testing.TB) {
		return func(testing.TB) {
			v := rt.NewObj(genBase+6, &genVars{})
			child := func(val int) func() {
				return func() { v.wr(1, val); rt.Go(genBase+3, func() { v.wr(0, val) }) }
			}
			runGen(child(1), child(2))
		}
	})
	_, want, _ := outcomes(strategy.NewDPOR(strategy.Config{}), p)
	d := strategy.NewDPOR(strategy.Config{}).SetOptimal(true)
	_, got, _ := outcomes(d, p)
	s := d.Stats()
	if s.Restarted == 0 || s.Optimal || !explored(d) {
		t.Fatalf("%s; want a fall back to source sets, complete", d.Report())
	}
	if !slices.Equal(keys(got), keys(want)) || s.Traces != len(want) {
		t.Errorf("%s: %d classes, source sets alone %d", d.Report(), len(got), len(want))
	}
}
