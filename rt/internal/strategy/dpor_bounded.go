package strategy

import (
	"fmt"
	"math/rand"
	"slices"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// BoundedDPOR combines the variable bound of variable-thread-bounding.txt
// with DPOR: after preparatory random executions that find the variable
// groups accessed by two or more goroutines, it runs a complete DPOR search
// for each subset of V of them (all of them when there are fewer), tracking
// only that subset (Plan.Track): the other groups' accesses are not
// scheduling points. Each search explores one execution per trace of the
// program projected on the subset, so a bug that needs at most V shared
// variables (plus any synchronisation) is found, at a fraction of the cost
// of the full search. Each subset's search uses wakeup trees, falling back
// to source sets as dpor does (dpor_wakeup.go).
type BoundedDPOR struct {
	cfg     Config
	rng     *rand.Rand
	b       budget
	prep    int
	inPrep  bool
	users   map[int32]map[int]bool // group -> goroutines accessing it
	subsets [][]int32
	built   bool
	next    int
	cur     *DPOR
	curSet  []int32
	done    []DPORStats
}

// NewBoundedDPOR returns DPOR per subset of c.V variable groups.
func NewBoundedDPOR(c Config) *BoundedDPOR {
	c = c.withDefaults()
	return &BoundedDPOR{cfg: c, rng: rand.New(rand.NewSource(c.Seed)), b: budget{max: c.Budget},
		users: map[int32]map[int]bool{}}
}

// Name returns "dpor-v".
func (d *BoundedDPOR) Name() string { return "dpor-v" }

// Begin runs a preparatory execution, or the next execution of the current
// subset's search, moving to the next subset when one is complete.
func (d *BoundedDPOR) Begin(p *sched.Plan) bool {
	if d.b.used >= d.b.max {
		return false
	}
	if d.inPrep = d.prep < prepRuns; d.inPrep {
		d.b.take()
		d.prep++
		p.TrackAll, p.Track, p.Label = true, nil, "dpor-v prep"
		return true
	}
	if !d.built {
		d.subsets, d.built = d.buildSubsets(), true
	}
	for {
		if d.cur != nil && d.cur.Begin(p) {
			d.b.take()
			p.TrackAll, p.Track = false, slices.Clone(d.curSet)
			p.Label = fmt.Sprintf("dpor-v groups=%v %s", d.curSet, p.Label)
			return true
		}
		if d.cur != nil {
			d.done = append(d.done, d.cur.Stats())
			d.cur = nil
		}
		if d.next >= len(d.subsets) {
			return false
		}
		d.curSet, d.cur = d.subsets[d.next], NewDPOR(Config{Budget: d.cfg.Budget}).SetOptimal(true)
		d.next++
	}
}

// buildSubsets lists the subsets of min(V, n) of the n shared groups.
func (d *BoundedDPOR) buildSubsets() [][]int32 {
	var shared []int32
	for g, us := range d.users {
		if len(us) >= 2 {
			shared = append(shared, g)
		}
	}
	slices.Sort(shared)
	var out [][]int32
	combos(len(shared), min(d.cfg.V, len(shared)), func(idx []int) {
		set := make([]int32, len(idx))
		for i, j := range idx {
			set[i] = shared[j]
		}
		out = append(out, set)
	})
	return out
}

// Pick delegates to the current search; preparatory executions walk at
// random.
func (d *BoundedDPOR) Pick(v *sched.View) int {
	if d.inPrep {
		return prepPick(d.rng, v)
	}
	return d.cur.Pick(v)
}

// Choose delegates to the current search.
func (d *BoundedDPOR) Choose(v *sched.View, n int) int {
	if d.inPrep {
		return d.rng.Intn(n)
	}
	return d.cur.Choose(v, n)
}

// End records the groups a preparatory execution accessed, or hands the
// execution to the current search.
func (d *BoundedDPOR) End(x *sched.Execution) {
	if !d.inPrep {
		d.cur.End(x)
		return
	}
	for _, st := range x.Trace {
		if g := st.Op.Group; st.Op.Kind.IsAccess() && g >= 0 {
			if d.users[g] == nil {
				d.users[g] = map[int]bool{}
			}
			d.users[g][st.G] = true
		}
	}
}

// Subsets returns the per-subset statistics of the searches finished so
// far, in order, and the subsets.
func (d *BoundedDPOR) Subsets() ([]DPORStats, [][]int32) { return d.done, d.subsets }

// Completion reports whether every subset's search completed.
func (d *BoundedDPOR) Completion() (complete bool, traces, executions, left int) {
	executions = d.prep
	complete = d.built
	for _, s := range d.done {
		traces, executions = traces+s.Traces, executions+s.Executions+s.Restarted
		complete = complete && s.Complete
	}
	if d.cur != nil {
		c, t, e, l := d.cur.Completion()
		traces, executions, left = traces+t, executions+e, l
		complete = complete && c && d.next == len(d.subsets)
	} else {
		complete = complete && d.next == len(d.subsets)
	}
	left += len(d.subsets) - d.next
	return complete, traces, executions, left
}

// Redundant counts the executions that explored no trace of their own:
// the preparatory ones and the subsets' redundant ones
// (DPORStats.Redundant).
func (d *BoundedDPOR) Redundant() int {
	n := d.prep
	for _, s := range d.done {
		n += s.Redundant()
	}
	if d.cur != nil {
		n += d.cur.Redundant()
	}
	return n
}

// Report summarises the searches.
func (d *BoundedDPOR) Report() string {
	c, t, e, l := d.Completion()
	return fmt.Sprintf("dpor-v: %d subsets of the %d groups accessed (v = %d), %d traces, %d executions, %d backtrack points or subsets left, complete=%v",
		len(d.subsets), len(d.users), d.cfg.V, t, e, l, c)
}
