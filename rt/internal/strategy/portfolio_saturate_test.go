package strategy_test

import (
	"fmt"
	"iter"
	"math"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/explore"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
	"github.com/vtbound/vtbound/rt/internal/strategy/internal/experiments"
)

// switching is the default portfolio switching phases on coverage
// saturation with a per-phase window, its coverage observed as explore's
// covTracker does (HaPSets with calling contexts, SP pairs of every
// primitive), its log lines kept.
type switching struct {
	*strategy.Portfolio
	state *coverage.State
	lines []string
}

func newSwitching(c strategy.Config, window int) *switching {
	return switchingOf(strategy.NewPortfolio(c), window)
}

// switchingOf makes p switch phases with the given window.
func switchingOf(p *strategy.Portfolio, window int) *switching {
	s := &switching{Portfolio: p, state: coverage.NewState(coverage.PrimAll)}
	strategy.SwitchOnSaturationWindow(s.Portfolio, s.state, window, func(format string, args ...any) {
		s.lines = append(s.lines, fmt.Sprintf(format, args...))
	})
	return s
}

func (s *switching) Begin(p *sched.Plan) bool {
	if !s.Portfolio.Begin(p) {
		return false
	}
	p.Context = max(p.Context, strategy.DefaultContext)
	return true
}

func (s *switching) End(x *sched.Execution) {
	s.state.Observe(x)
	s.Portfolio.End(x)
}

// saturationColumn is one column of BenchmarkPortfolioSaturation: the
// default portfolio switching phases with a per-phase window (window > 0,
// as VTBOUND_SATURATE = 5 × window does), or stopped as a whole once
// coverage did not grow for stop executions (stop > 0, the plain
// VTBOUND_SATURATE stop of other strategies), or neither.
type saturationColumn struct {
	name         string
	window, stop int
}

var saturationColumns = []saturationColumn{
	{"off", 0, 0}, {"stop250", 0, 250}, {"stop1000", 0, 1000},
	{"sw100/20", 20, 0}, {"sw250/50", 50, 0}, {"sw500/100", 100, 0}, {"sw1000/200", 200, 0}, {"sw5000/1000", 1000, 0},
}

// variant returns the column's default portfolio.
func variant(col saturationColumn, seed int64) (sched.Strategy, *strategy.Portfolio) {
	return variantOf(strategy.NewPortfolio, col, seed)
}

// variantOf returns the portfolio mk makes, switching or stopped as col
// says.
func variantOf(mk func(strategy.Config) *strategy.Portfolio, col saturationColumn, seed int64) (sched.Strategy, *strategy.Portfolio) {
	p := mk(strategy.Config{Seed: seed, Budget: portfolioBudget})
	switch {
	case col.window > 0:
		return switchingOf(p, col.window), p
	case col.stop > 0:
		return &saturating{Strategy: p, state: coverage.NewState(coverage.PrimAll), n: col.stop}, p
	}
	return p, p
}

// BenchmarkPortfolioSaturation prints two tables, one column per
// saturationColumn (swN/w: switching under VTBOUND_SATURATE=N, per-phase
// window w; stopN: the whole search stopped after N executions without
// new coverage; budget 10000): over the catalogue's bug kernels and
// the bugs injected into montecarlo, the execution that found the bug
// (median over VTBOUND_COVERAGE_SEEDS seeds, default 1; "-" when the
// median seed missed it, "*" when some seed did); and over the corrected
// kernels (seed 1), the executions until the portfolio stopped ("p": a
// dpor phase proved it; "s": it stopped on saturation; "!": a failure,
// which would be a defect):
//
//	VTBOUND_COVERAGE_SEEDS=5 go test ./rt/internal/strategy -run '^$' -bench BenchmarkPortfolioSaturation -benchtime 1x
func BenchmarkPortfolioSaturation(b *testing.B) {
	seeds := 1
	if n, err := strconv.Atoi(os.Getenv("VTBOUND_COVERAGE_SEEDS")); err == nil && n > 0 {
		seeds = n
	}
	for range b.N {
		var bugs, fixed strings.Builder
		saturationHeader(&bugs, fmt.Sprintf("execution that found the bug (median over %d seeds)", seeds))
		saturationHeader(&fixed, "corrected kernel: executions until the portfolio stopped (seed 1)")
		for _, k := range saturationKernels() {
			saturationRow(&bugs, k.Name, func(col saturationColumn) string {
				return medianOver(seeds, func(seed int64) int {
					st, _ := variant(col, seed)
					first, _ := firstFailure(st, func(tb testing.TB) { k.Body(tb, false) })
					return first
				})
			})
			saturationRow(&fixed, k.Name, func(col saturationColumn) string { return stopAt(col, k) })
		}
		for name, body := range injectedBodies() {
			saturationRow(&bugs, name, func(col saturationColumn) string {
				return medianOver(seeds, func(seed int64) int {
					st, _ := variant(col, seed)
					return experiments.FirstFailure(st, body)
				})
			})
		}
		for _, n := range experiments.Fig6Noises() {
			body := experiments.Fig6Body(n)
			saturationRow(&bugs, fmt.Sprintf("fig6(%d) no ctrigger", n), func(col saturationColumn) string {
				return medianOver(seeds, func(seed int64) int {
					st, _ := variantOf(strategy.NewDPORPortfolio, col, seed)
					return experiments.FirstFailure(st, body)
				})
			})
		}
		for _, k := range kernels.CountedKernels() {
			saturationRow(&fixed, k.Name, func(col saturationColumn) string {
				return stopAt(col, kernels.Kernel{Body: func(tb testing.TB, _ bool) { k.Body(tb) }})
			})
		}
		fmt.Print(bugs.String(), fixed.String())
	}
}

// saturationKernels are the catalogue's kernels and ctrigger's, each with
// a bug and a corrected form.
func saturationKernels() []kernels.Kernel {
	return append(slices.Clip(kernels.All),
		kernels.Kernel{Name: "near-miss", Body: kernels.NearMiss}, kernels.Kernel{Name: "ranking", Body: kernels.Ranking},
		kernels.Kernel{Name: "lock-cycle3", Body: kernels.LockCycle3}, kernels.Kernel{Name: "held-send", Body: kernels.HeldSend})
}

// injectedBodies are the bugs injected into montecarlo (docs/strategies.md,
// Table 4) and Fig. 6's bug behind noise accesses, which samplers find
// with a probability that falls with the noise while coverage does not grow.
func injectedBodies() iter.Seq2[string, func()] {
	return func(yield func(string, func()) bool) {
		for _, bug := range experiments.InjectedBugs() {
			if !yield(fmt.Sprintf("montecarlo%v", bug), experiments.MontecarloBody(bug)) {
				return
			}
		}
		for _, n := range experiments.Fig6Noises() {
			if !yield(fmt.Sprintf("fig6(noise %d)", n), experiments.Fig6Body(n)) {
				return
			}
		}
	}
}

func saturationHeader(w *strings.Builder, title string) {
	fmt.Fprintf(w, "\n%s\n%-22s", title, "kernel")
	for _, col := range saturationColumns {
		fmt.Fprintf(w, " %11s", col.name)
	}
	w.WriteString("\n")
}

func saturationRow(w *strings.Builder, name string, cell func(saturationColumn) string) {
	fmt.Fprintf(w, "%-22s", name)
	for _, col := range saturationColumns {
		fmt.Fprintf(w, " %11s", cell(col))
	}
	w.WriteString("\n")
}

// medianOver renders the median over seeds 1..seeds of first (0: missed).
func medianOver(seeds int, first func(seed int64) int) string {
	var ns []int
	missed := ""
	for seed := int64(1); seed <= int64(seeds); seed++ {
		n := first(seed)
		if n == 0 {
			n, missed = math.MaxInt, "*"
		}
		ns = append(ns, n)
	}
	slices.Sort(ns)
	if med := ns[len(ns)/2]; med != math.MaxInt {
		return fmt.Sprint(med) + missed
	}
	return "-"
}

// stopAt runs the corrected kernel k under column col until it stops.
func stopAt(col saturationColumn, k kernels.Kernel) string {
	st, p := variant(col, 1)
	failed, n := firstFailure(st, func(tb testing.TB) { k.Body(tb, true) })
	out := fmt.Sprint(n)
	if p.Proved() {
		out += "p"
	}
	if p.SaturationStopped() || col.stop > 0 && !p.Proved() && n < portfolioBudget {
		out += "s"
	}
	if failed > 0 {
		out += "!"
	}
	return out
}

// TestPortfolioSwitchKeepsProofs: on every corrected kernel of the
// catalogue that the default portfolio proves correct with its dpor phase,
// the portfolio switching phases on saturation (a small window, 20, that
// leaves the samplers before dpor early) proves it too, and never fails.
func TestPortfolioSwitchKeepsProofs(t *testing.T) {
	proofs := 0
	for _, k := range kernels.All {
		fixed := func(tb testing.TB) { k.Body(tb, true) }
		def := strategy.NewPortfolio(strategy.Config{Seed: 1, Budget: portfolioBudget})
		search(def, fixed)
		sw := newSwitching(strategy.Config{Seed: 1, Budget: portfolioBudget}, 20)
		r := search(sw, fixed)
		if r.failures > 0 {
			t.Errorf("%s corrected: %d failures with switching", k.Name, r.failures)
		}
		if def.Proved() && !sw.Proved() {
			t.Errorf("%s corrected: the default portfolio proves it, switching does not: %s", k.Name, sw.Report())
		}
		if def.Proved() {
			proofs++
		}
		t.Logf("%s: proved %v (default %v) after %d executions", k.Name, sw.Proved(), def.Proved(), r.executions)
	}
	if proofs == 0 {
		t.Error("the default portfolio proved no corrected kernel: the test checks nothing")
	}
}

// phaseLine is the line of a phase left on saturation.
var phaseLine = regexp.MustCompile(`^phase \S+ saturated after \d+ executions: moving to \S+$`)

// TestPortfolioSwitchLogLines runs the corrected allocation-vector, which
// no dpor phase proves: every phase is left on saturation with a line
// naming the next, and the search ends with a line saying that every
// phase saturated, long before the budget.
func TestPortfolioSwitchLogLines(t *testing.T) {
	k, _ := kernels.Lookup("allocation-vector")
	sw := newSwitching(strategy.Config{Seed: 1, Budget: portfolioBudget}, 50)
	r := search(sw, func(tb testing.TB) { k.Body(tb, true) })
	if !sw.SaturationStopped() || r.executions >= portfolioBudget || len(sw.lines) < 2 {
		t.Fatalf("stopped on saturation %v after %d executions, lines %q", sw.SaturationStopped(), r.executions, sw.lines)
	}
	for _, l := range sw.lines[:len(sw.lines)-1] {
		if !phaseLine.MatchString(l) {
			t.Errorf("line %q does not match %v", l, phaseLine)
		}
	}
	last := sw.lines[len(sw.lines)-1]
	want := fmt.Sprintf("coverage saturated in every phase; exploration stopped after %d executions", r.executions)
	if !strings.HasPrefix(last, "phase ") || !strings.Contains(last, want) {
		t.Errorf("last line %q, want the last phase and %q", last, want)
	}
	t.Log(strings.Join(sw.lines, "\n"))
}

// TestPortfolioSwitchFindsBugSooner runs the bug injected into montecarlo
// at [0 0 4], which the default portfolio finds after 200-300
// executions, its random phase having spent its whole share on coverage
// that stopped growing: switching at VTBOUND_SATURATE=250 (window 50)
// leaves the saturated phases early and finds it in fewer executions,
// summed over three seeds, each seed finding it both ways.
func TestPortfolioSwitchFindsBugSooner(t *testing.T) {
	body := experiments.MontecarloBody([3]int{0, 0, 4})
	def, sw := 0, 0
	for seed := int64(1); seed <= 3; seed++ {
		c := strategy.Config{Seed: seed, Budget: portfolioBudget}
		d := experiments.FirstFailure(strategy.NewPortfolio(c), body)
		s := newSwitching(c, strategy.PhaseWindow(250))
		n := experiments.FirstFailure(s, body)
		if d == 0 || n == 0 {
			t.Fatalf("seed %d: bug found at execution %d by default, %d switching", seed, d, n)
		}
		if len(s.lines) == 0 || !phaseLine.MatchString(s.lines[0]) {
			t.Errorf("seed %d: no phase left on saturation before the bug: %q", seed, s.lines)
		}
		def, sw = def+d, sw+n
		t.Logf("seed %d: default %d, switching %d executions; %s", seed, d, n, s.Report())
	}
	if sw >= def {
		t.Errorf("switching found the bug after %d executions over 3 seeds, the default after %d: want fewer", sw, def)
	}
}

const saturateChild = "VTBOUND_TEST_SATURATE_CHILD"

// TestSaturateSwitchesPortfolioPhases runs the corrected allocation-vector
// through explore (as `go test -toolexec=vtbound` does) in a child process
// with VTBOUND_SATURATE=250 under the default strategy: explore hands its
// coverage to the portfolio, which logs the phases it leaves and stops the
// test when its last phase saturated, long before the budget of 10000.
func TestSaturateSwitchesPortfolioPhases(t *testing.T) {
	if os.Getenv(saturateChild) != "" {
		explore.Test(t, func(t *testing.T) { kernels.AllocationVector(t, true) })
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSaturateSwitchesPortfolioPhases$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), saturateChild+"=1", "VTBOUND_DIR="+t.TempDir(), "VTBOUND_SEED=1",
		"VTBOUND_STRATEGY=portfolio", "VTBOUND_BUDGET=10000", "VTBOUND_SATURATE=250")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child failed: %v\n%s", err, out)
	}
	for _, w := range []string{
		`vtbound: TestSaturateSwitchesPortfolioPhases: phase random saturated after \d+ executions: moving to pct`,
		`vtbound: TestSaturateSwitchesPortfolioPhases: phase \S+ saturated after 50 executions: coverage saturated in every phase; exploration stopped after \d{3} executions \(VTBOUND_SATURATE=250: a phase ends after 50 executions without new coverage\)`,
	} {
		if !regexp.MustCompile(w).Match(out) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}
