package strategy

import (
	"fmt"
	"math/rand"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// coverageEps is the failure probability of vt's reported guarantee.
const coverageEps = 0.01

// VT is randomized thread bounding (paper Sec. 4): strict priority
// scheduling under a fresh random permutation of n+c priorities per
// execution, the i-th preemption giving the running goroutine P(n+i).
// It runs c = 0, 1, ..., C, each until Lemma 4.1 promises coverage of all
// T-goroutine orders, then stays at C. With V > 0 (the default) it is
// variable-bounded as the paper's randomized implementation (Sec. 5): after
// preparatory executions, each execution at c > 0 chooses v <= min(c, V)
// groups, tracks only them and places its c preemptions among their
// accesses; with V = 0 the preemptions fall on any of the k steps.
type VT struct {
	cfg   Config
	rng   *rand.Rand
	b     budget
	k, n  int
	execs []int
	c     int
	run   prioRun
	prof  profile
	prep  bool
}

// NewVT returns the thread-bounded strategy.
func NewVT(c Config) *VT {
	c = c.withDefaults()
	return &VT{cfg: c, rng: rand.New(rand.NewSource(c.Seed)), b: budget{max: c.Budget}, execs: make([]int, c.C+1), n: 2}
}

// Name returns "vt".
func (t *VT) Name() string { return "vt" }

// Begin draws the permutation lazily (independent uniform priorities induce a
// uniform permutation) and c change points among the k steps.
func (t *VT) Begin(pl *sched.Plan) bool {
	if !t.b.take() {
		return false
	}
	t.prep = t.cfg.V > 0 && t.prof.runs < prepRuns
	if t.prep {
		t.run.obs.reset()
		pl.TrackAll, pl.Track, pl.Label = true, nil, "vt prep"
		return true
	}
	t.c = t.level()
	t.run.reset(func(int) int64 { return t.rng.Int63() }, func(int) int64 { return t.rng.Int63() })
	if t.cfg.V > 0 {
		var classes []varClass
		if t.c > 0 {
			classes = chooseClasses(t.rng, &t.prof, 1+t.rng.Intn(min(t.c, t.cfg.V)))
		}
		placeChanges(t.rng, &t.prof, &t.run, classes, t.c)
		pl.TrackAll, pl.Track, pl.Label = false, trackable(classes), fmt.Sprintf("vt c=%d groups=%v", t.c, classes)
		return true
	}
	k := t.k
	if k == 0 {
		k = defaultK
	}
	for i := 1; i <= t.c && i <= k; i++ {
		s := 1 + t.rng.Intn(k)
		for t.run.byStep[s] != 0 {
			s = 1 + t.rng.Intn(k)
		}
		t.run.byStep[s] = i
	}
	pl.TrackAll, pl.Track, pl.Label = true, nil, fmt.Sprintf("vt c=%d k=%d", t.c, k)
	return true
}

// level returns the smallest c whose Lemma 4.1 count is not yet reached.
func (t *VT) level() int {
	if t.cfg.Fixed {
		return t.cfg.C
	}
	for c := 0; c < t.cfg.C; c++ {
		if t.execs[c] < ThreadBoundRuns(t.n, t.cfg.T, c, coverageEps) {
			return c
		}
	}
	return t.cfg.C
}

// Pick runs the highest-priority enabled goroutine.
func (t *VT) Pick(v *sched.View) int {
	if t.prep {
		return t.run.obs.picked(v, prepPick(t.rng, v))
	}
	return t.run.pick(v)
}

// Choose returns a random outcome.
func (t *VT) Choose(v *sched.View, n int) int { return t.rng.Intn(n) }

// End counts the execution towards its level.
func (t *VT) End(x *sched.Execution) {
	t.prof.add(x)
	if t.prep {
		return
	}
	t.execs[t.c]++
	t.n = max(t.n, x.Goroutines)
	t.k = max(t.k, steps(x))
}

// Guarantee returns the largest c such that every level up to c reached
// probability at least 1-coverageEps of covering all T-goroutine orders,
// and the smallest of those probabilities; c is -1 when even c = 0 is not
// covered yet.
func (t *VT) Guarantee() (c int, p float64) {
	c, p = -1, 1
	for lvl := 0; lvl <= t.cfg.C; lvl++ {
		q := ThreadBoundCoverage(t.n, t.cfg.T, lvl, t.execs[lvl])
		if q < 1-coverageEps {
			break
		}
		c, p = lvl, min(p, q)
	}
	return c, p
}

// Report states the Lemma 4.1 guarantee reached, e.g. "all 2-goroutine
// orderings at c ≤ 1 covered with p ≥ 0.99".
func (t *VT) Report() string {
	var b strings.Builder
	c, p := t.Guarantee()
	if c < 0 {
		fmt.Fprintf(&b, "vt: no coverage guarantee yet (c=0 needs %d executions, ran %d)",
			ThreadBoundRuns(t.n, t.cfg.T, 0, coverageEps), t.execs[0])
	} else {
		fmt.Fprintf(&b, "vt: all %d-goroutine orderings at c ≤ %d covered with p ≥ %.2f", t.cfg.T, c, floor2(p))
	}
	fmt.Fprintf(&b, " (n=%d goroutines, executions per c: %v)", t.n, t.execs)
	return b.String()
}

func floor2(p float64) float64 { return float64(int(p*100)) / 100 }
