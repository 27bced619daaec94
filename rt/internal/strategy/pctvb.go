package strategy

import (
	"fmt"
	"math/rand"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// level is one (v, d) setting of PCTVB.
type level struct{ v, d int }

// levelPlan hands out levels cheapest first: in round r level i gets
// base[i]<<r executions, then the next level, cycling with doubled shares.
type levelPlan struct {
	levels    []level
	base      []int
	round, i  int
	usedInLvl int
}

func (lp *levelPlan) next() level {
	for lp.usedInLvl >= lp.base[lp.i]<<min(lp.round, 20) {
		lp.usedInLvl = 0
		if lp.i++; lp.i == len(lp.levels) {
			lp.i, lp.round = 0, lp.round+1
		}
	}
	lp.usedInLvl++
	return lp.levels[lp.i]
}

// pctvbLevels returns the (v, d) levels with v < d, v <= V, d <= D (d is
// raised to v+1 when D is too small), cheapest first.
func pctvbLevels(c Config) *levelPlan {
	if c.Fixed {
		return &levelPlan{levels: []level{{c.V, max(c.Depth, c.V+1)}}, base: []int{1}}
	}
	lp := &levelPlan{levels: []level{{0, 1}}, base: []int{4}}
	for v := 1; v <= c.V; v++ {
		for d := v + 1; d <= max(c.Depth, v+1); d++ {
			lp.levels = append(lp.levels, level{v, d})
			lp.base = append(lp.base, 16)
		}
	}
	return lp
}

// PCTVB is PCT with variable bounding (paper Sec. 3). Executions alternate
// between Sec. 3's priorities (the i-th change point drops the running
// goroutine to i) and the thread-bounded ones of the paper's own randomized
// implementation (Sec. 5: the i-th change point gives it a fresh random
// priority P(n+i)); the latter reach bugs like vt-fig10 that need a
// preempted goroutine to rank between two others.
type PCTVB struct {
	rng    *rand.Rand
	b      budget
	prof   profile
	levels *levelPlan
	run    prioRun
	prep   bool
	cur    level
	n      int
}

// NewPCTVB returns PCTVB iterating (v, d) up to (c.V, c.Depth), or only at
// that level when c.Fixed.
func NewPCTVB(c Config) *PCTVB {
	c = c.withDefaults()
	return &PCTVB{rng: rand.New(rand.NewSource(c.Seed)), b: budget{max: c.Budget}, levels: pctvbLevels(c)}
}

// Name returns "pctvb".
func (p *PCTVB) Name() string { return "pctvb" }

// Begin runs a preparatory execution, or chooses v groups and d-1 change
// points among their accesses and tracks only those groups.
func (p *PCTVB) Begin(pl *sched.Plan) bool {
	if !p.b.take() {
		return false
	}
	p.prep = p.prof.runs < prepRuns
	if p.prep {
		p.run.obs.reset()
		pl.TrackAll, pl.Track, pl.Label = true, nil, "pctvb prep"
		return true
	}
	p.cur = p.levels.next()
	p.n++
	d, policy := int64(p.cur.d), "pct"
	drop := func(i int) int64 { return int64(i) }
	if p.n%2 == 0 {
		policy, drop = "tb", func(int) int64 { return d + p.rng.Int63n(1<<40) }
	}
	p.run.reset(func(int) int64 { return d + p.rng.Int63n(1<<40) }, drop)
	chosen := chooseClasses(p.rng, &p.prof, p.cur.v)
	placeChanges(p.rng, &p.prof, &p.run, chosen, p.cur.d-1)
	pl.TrackAll, pl.Track = false, trackable(chosen)
	pl.Label = fmt.Sprintf("pctvb v=%d d=%d %s groups=%v", p.cur.v, p.cur.d, policy, chosen)
	return true
}

// chooseClasses returns v distinct variable classes drawn uniformly from
// those seen.
func chooseClasses(rng *rand.Rand, prof *profile, v int) []varClass {
	cs := prof.classList()
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	return cs[:min(v, len(cs))]
}

// placeChanges draws n distinct change points from
// S = {(q, j) : q in classes, j in [1, k_q]}.
func placeChanges(rng *rand.Rand, prof *profile, run *prioRun, classes []varClass, n int) {
	total := 0
	run.counts = map[varClass]int{}
	run.byAcc = map[accPoint]int{}
	for _, c := range classes {
		run.counts[c] = 0
		total += max(1, prof.classes[c])
	}
	for i := 1; i <= n && i <= total; i++ {
		for {
			if pt := pointAt(prof, classes, rng.Intn(total)); run.byAcc[pt] == 0 {
				run.byAcc[pt] = i
				break
			}
		}
	}
}

// pointAt maps r in [0, sum k_q) to its access point.
func pointAt(prof *profile, classes []varClass, r int) accPoint {
	for _, c := range classes {
		k := max(1, prof.classes[c])
		if r < k {
			return accPoint{c, r + 1}
		}
		r -= k
	}
	return accPoint{}
}

// Pick runs the highest-priority enabled goroutine (random during
// preparation).
func (p *PCTVB) Pick(v *sched.View) int {
	if p.prep {
		return p.run.obs.picked(v, prepPick(p.rng, v))
	}
	return p.run.pick(v)
}

// Choose returns a random outcome.
func (p *PCTVB) Choose(v *sched.View, n int) int { return p.rng.Intn(n) }

// End refines the profile (k_q is the largest access count seen).
func (p *PCTVB) End(x *sched.Execution) { p.prof.add(x) }
