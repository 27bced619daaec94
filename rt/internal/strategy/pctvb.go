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

// PCTVB is PCT with variable bounding (paper Sec. 3).
type PCTVB struct {
	rng    *rand.Rand
	b      budget
	prof   profile
	levels *levelPlan
	run    prioRun
	prep   bool
	cur    level
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
	d := int64(p.cur.d)
	p.run.reset(func(int) int64 { return d + p.rng.Int63n(1<<40) }, func(i int) int64 { return int64(i) })
	chosen := p.choose(p.cur.v)
	p.placeChanges(chosen, p.cur.d-1)
	pl.TrackAll, pl.Track = false, chosen
	pl.Label = fmt.Sprintf("pctvb v=%d d=%d groups=%v", p.cur.v, p.cur.d, chosen)
	return true
}

// choose returns v distinct groups drawn uniformly from those seen.
func (p *PCTVB) choose(v int) []int32 {
	gs := p.prof.groupList()
	p.rng.Shuffle(len(gs), func(i, j int) { gs[i], gs[j] = gs[j], gs[i] })
	return gs[:min(v, len(gs))]
}

// placeChanges draws n change points from S = {(q, j) : j in [1, k_q]}.
func (p *PCTVB) placeChanges(groups []int32, n int) {
	total := 0
	p.run.counts = map[int32]int{}
	p.run.byAcc = map[accPoint]int{}
	for _, g := range groups {
		p.run.counts[g] = 0
		total += max(1, p.prof.groups[g])
	}
	for i := 1; i <= n && total > 0; i++ {
		r := p.rng.Intn(total)
		for _, g := range groups {
			k := max(1, p.prof.groups[g])
			if r < k {
				p.run.byAcc[accPoint{g, r + 1}] = i
				break
			}
			r -= k
		}
	}
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
