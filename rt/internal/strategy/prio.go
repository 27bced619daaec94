package strategy

import (
	"math/rand"
	"slices"
	"sort"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// prioTable holds the priorities of one execution's goroutines; higher runs
// first. Spinning goroutines rank below every non-spinning one (fairness).
//
// Invariant: order lists the goroutines of prio by descending priority,
// ties by ascending ID, except that entries of exited goroutines may stay
// until highest meets them; seen is the highest goroutine ID assign has
// looked at.
type prioTable struct {
	prio  map[int]int64
	order []prioEntry
	seen  int
}

// prioEntry is one goroutine's place in prioTable.order.
type prioEntry struct {
	p  int64
	id int
}

// before reports whether e ranks before o in prioTable.order.
func (e prioEntry) before(o prioEntry) bool {
	return e.p > o.p || (e.p == o.p && e.id < o.id)
}

func (p *prioTable) reset() {
	if p.prio == nil {
		p.prio = make(map[int]int64)
	}
	clear(p.prio)
	p.order, p.seen = p.order[:0], 0
}

// assign gives every live goroutine of v without a priority the value from
// mk, in ID order. Goroutine IDs grow and an exited goroutine never comes
// back, so only the goroutines started since the last call can lack one.
func (p *prioTable) assign(v *sched.View, mk func(id int) int64) {
	last := v.MaxID()
	for id := p.seen + 1; id <= last; id++ {
		if _, ok := p.prio[id]; !ok && v.IsLive(id) {
			p.set(id, mk(id))
		}
	}
	p.seen = max(p.seen, last)
}

// set gives goroutine id priority pr.
func (p *prioTable) set(id int, pr int64) {
	if old, ok := p.prio[id]; ok {
		e := prioEntry{old, id}
		if i := p.find(e); i < len(p.order) && p.order[i] == e { // highest may have dropped it
			p.order = slices.Delete(p.order, i, i+1)
		}
	}
	p.prio[id] = pr
	e := prioEntry{pr, id}
	p.order = slices.Insert(p.order, p.find(e), e)
}

// find returns the index of e in order, or where it would be inserted.
func (p *prioTable) find(e prioEntry) int {
	return sort.Search(len(p.order), func(i int) bool { return !p.order[i].before(e) })
}

// highest returns the enabled goroutine of v with the highest priority,
// preferring goroutines that are not spinning, as highest(v, p.prio)
// does, but walking order from the top instead of every goroutine. Every
// live goroutine must have a priority (see assign).
func (p *prioTable) highest(v *sched.View) int {
	spinner := -1
	for i := 0; i < len(p.order); {
		id := p.order[i].id
		if !v.IsEnabled(id) {
			if !v.IsLive(id) { // exited: drop it
				p.order = slices.Delete(p.order, i, i+1)
				continue
			}
			i++
			continue
		}
		if !v.Goroutine(id).Spinning {
			return id
		}
		if spinner == -1 {
			spinner = id
		}
		i++
	}
	if spinner == -1 {
		return v.EnabledAt(0)
	}
	return spinner
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
func (r *Random) Pick(v *sched.View) int { return v.EnabledAt(r.rng.Intn(v.NumEnabled())) }

// SparseView reports that Random reads Views through their methods only.
func (r *Random) SparseView() bool { return true }

// Choose returns a uniformly random outcome.
func (r *Random) Choose(v *sched.View, n int) int { return r.rng.Intn(n) }

// End does nothing.
func (r *Random) End(x *sched.Execution) {}
