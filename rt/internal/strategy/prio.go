package strategy

import (
	"math/rand"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// prioTable holds the priorities of one execution's goroutines; higher runs
// first. Spinning goroutines rank below every non-spinning one (fairness).
type prioTable struct {
	prio map[int]int64
}

func (p *prioTable) reset() {
	if p.prio == nil {
		p.prio = make(map[int]int64)
	}
	clear(p.prio)
}

// assign gives every goroutine of v without a priority the value from mk.
func (p *prioTable) assign(v *sched.View, mk func(id int) int64) {
	for i := range v.Goroutines {
		id := v.Goroutines[i].ID
		if _, ok := p.prio[id]; !ok {
			p.prio[id] = mk(id)
		}
	}
}

// highest returns the enabled goroutine of v with the highest priority in
// prio, preferring goroutines that are not spinning.
func highest(v *sched.View, prio map[int]int64) int {
	best, bestSpin, bestP := -1, true, int64(0)
	for i := range v.Goroutines {
		g := &v.Goroutines[i]
		if !g.Enabled {
			continue
		}
		p := prio[g.ID]
		if best == -1 || (bestSpin && !g.Spinning) || (bestSpin == g.Spinning && p > bestP) {
			best, bestSpin, bestP = g.ID, g.Spinning, p
		}
	}
	if best == -1 {
		return v.Enabled[0]
	}
	return best
}

// Random picks uniformly among the enabled goroutines at every step.
type Random struct {
	rng *rand.Rand
	b   budget
}

// NewRandom returns the random-walk strategy.
func NewRandom(c Config) *Random {
	c = c.withDefaults()
	return &Random{rng: rand.New(rand.NewSource(c.Seed)), b: budget{max: c.Budget}}
}

// Name returns "random".
func (r *Random) Name() string { return "random" }

// Begin tracks every group.
func (r *Random) Begin(p *sched.Plan) bool {
	if !r.b.take() {
		return false
	}
	p.TrackAll, p.Track, p.Label = true, nil, "random"
	return true
}

// Pick returns a uniformly random enabled goroutine.
func (r *Random) Pick(v *sched.View) int { return v.Enabled[r.rng.Intn(len(v.Enabled))] }

// Choose returns a uniformly random outcome.
func (r *Random) Choose(v *sched.View, n int) int { return r.rng.Intn(n) }

// End does nothing.
func (r *Random) End(x *sched.Execution) {}
