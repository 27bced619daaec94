package strategy

import (
	"fmt"
	"math/rand"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// defaultK is PCT's step estimate before any execution has finished.
const defaultK = 32

// accPoint is the j-th access (from 1) to a variable class.
type accPoint struct {
	class varClass
	j     int
}

// prioRun is one execution of a priority strategy with change points: by
// step number (PCT, vt) or by access to chosen groups (PCTVB). Step numbers
// are View.Step, so steps the engine ran without asking count too.
type prioRun struct {
	seenStep int
	obs      observer
	prio     prioTable
	byStep   map[int]int
	byAcc    map[accPoint]int
	counts   map[varClass]int
	newPrio  func(id int) int64
	changeTo func(i int) int64
	changes  int
}

func (r *prioRun) reset(newPrio func(int) int64, changeTo func(int) int64) {
	r.obs.reset()
	r.prio.reset()
	r.seenStep = 0
	if r.byStep == nil {
		r.byStep = map[int]int{}
	}
	clear(r.byStep)
	r.byAcc, r.counts = nil, nil
	r.newPrio, r.changeTo, r.changes = newPrio, changeTo, 0
}

// pick applies the change points the last step reached and returns the
// highest-priority enabled goroutine.
func (r *prioRun) pick(v *sched.View) int {
	if g, op, ok := r.obs.observe(v); ok {
		for s := r.seenStep + 1; s <= v.Step; s++ {
			if i, hit := r.byStep[s]; hit {
				r.change(g, i)
			}
		}
		if op.Kind == sched.OpNone {
			// Unseen steps ended with one that enabled another goroutine:
			// a synchronisation operation.
			op.Kind = sched.OpUnlock
		}
		if c, ok := changeClass(op, v.Heap); ok {
			if n, chosen := r.counts[c]; chosen {
				r.counts[c] = n + 1
				if i, hit := r.byAcc[accPoint{c, n + 1}]; hit {
					r.change(g, i)
				}
			}
		}
	}
	r.seenStep = v.Step
	r.prio.assign(v, r.newPrio)
	return r.obs.picked(v, r.prio.highest(v))
}

func (r *prioRun) change(g, i int) {
	r.changes++
	r.prio.set(g, r.changeTo(i))
}

// PCT is probabilistic concurrency testing with depth d (Burckhardt et al.).
type PCT struct {
	d        int
	rng      *rand.Rand
	b        budget
	k        int
	run      prioRun
	newPrio  func(int) int64
	changeTo func(int) int64
}

// NewPCT returns PCT with depth c.Depth.
func NewPCT(c Config) *PCT {
	c = c.withDefaults()
	p := &PCT{d: c.Depth, rng: rand.New(rand.NewSource(c.Seed)), b: budget{max: c.Budget}}
	p.newPrio = func(int) int64 { return int64(p.d) + p.rng.Int63n(1<<40) }
	p.changeTo = func(i int) int64 { return int64(i) }
	return p
}

// Name returns "pct".
func (p *PCT) Name() string { return "pct" }

// Begin draws d-1 change points in [1,k].
func (p *PCT) Begin(pl *sched.Plan) bool {
	if !p.b.take() {
		return false
	}
	p.run.reset(p.newPrio, p.changeTo)
	k := p.k
	if k == 0 {
		k = defaultK
	}
	for i := 1; i < p.d; i++ {
		p.run.byStep[1+p.rng.Intn(k)] = i
	}
	pl.TrackAll, pl.Track, pl.Label = true, nil, fmt.Sprintf("pct d=%d k=%d", p.d, k)
	return true
}

// Pick runs the highest-priority enabled goroutine.
func (p *PCT) Pick(v *sched.View) int { return p.run.pick(v) }

// SparseView reports that PCT reads Views through their methods only.
func (p *PCT) SparseView() bool { return true }

// Choose returns a random outcome.
func (p *PCT) Choose(v *sched.View, n int) int { return p.rng.Intn(n) }

// End updates the step estimate k.
func (p *PCT) End(x *sched.Execution) { p.k = max(p.k, steps(x)) }

// steps counts x's steps as View.Step does (exits excluded).
func steps(x *sched.Execution) int {
	n := 0
	for _, s := range x.Trace {
		if s.Op.Kind != sched.OpExit {
			n++
		}
	}
	return n
}
