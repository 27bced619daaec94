package strategy

import (
	"math/rand"

	"github.com/vtbound/vtbound/rt/internal/ctrigger"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// ctWindow is an open window of the current target: goroutine g performed
// p on the location (obj, heap) and has not accessed it since.
type ctWindow struct {
	g         int
	obj, heap int32
	rDone     bool // a remote r has run inside the window
}

// ctLock is a lock a goroutine holds, with its acquisition site.
type ctLock struct{ obj, site int32 }

// ctRun is the state of one forcing execution.
//
// Invariant: win holds the windows of queue[qi] only; susp is 0 or the
// goroutine of one of them.
type ctRun struct {
	queue  []*ctTarget // pending triples, the execution's target first
	qi     int         // the target being forced
	cycle  *ctrigger.Cycle
	seen   int // trace steps observed
	win    []ctWindow
	susp   int // the one goroutine suspended before c
	prefer int // the goroutine whose window r just entered
	holds  int // suspension decisions left for the current target
	hold   int
	locks  map[int][]ctLock
	random bool // random base schedule instead of running to completion
	rng    *rand.Rand
}

func (r *ctRun) reset(t *ctTarget, queue []*ctTarget, hold int, random bool, rng *rand.Rand) {
	*r = ctRun{queue: queue, cycle: t.cycle, holds: hold, hold: hold, random: random, rng: rng,
		locks: map[int][]ctLock{}}
}

// target returns the triple being forced, or nil.
func (r *ctRun) target() *ctrigger.Ranked {
	if r.cycle != nil || r.qi >= len(r.queue) {
		return nil
	}
	return &r.queue[r.qi].ui
}

// pick observes the steps since the last decision and applies the rules.
func (r *ctRun) pick(v *sched.View) int {
	for ; r.seen < len(v.Trace); r.seen++ {
		r.observe(v.Trace[r.seen])
	}
	if r.cycle != nil {
		return r.base(v, r.unheld(v, r.heldCycle))
	}
	t := r.target()
	if t == nil {
		return r.base(v, v.Enabled)
	}
	if g := r.remote(v, t); g != 0 {
		return g
	}
	if r.prefer != 0 && ctContains(v.Enabled, r.prefer) {
		return r.prefer
	}
	return r.base(v, r.unheld(v, func(v *sched.View, g *sched.Goroutine) bool { return r.heldUI(v, g, t) }))
}

// observe updates locks and windows with one executed step.
func (r *ctRun) observe(st sched.Step) {
	op := st.Op
	switch op.Kind {
	case sched.OpLock, sched.OpRLock:
		r.locks[st.G] = append(r.locks[st.G], ctLock{op.Obj, op.Site})
	case sched.OpUnlock, sched.OpRUnlock:
		ls := r.locks[st.G]
		for j := len(ls) - 1; j >= 0; j-- {
			if ls[j].obj == op.Obj {
				r.locks[st.G] = append(ls[:j:j], ls[j+1:]...)
				break
			}
		}
	case sched.OpCondWait:
		r.locks[st.G] = nil
	}
	if t := r.target(); t != nil && op.Kind.IsAccess() && op.Obj != 0 {
		r.access(st.G, op, t)
	}
}

// access advances the windows of target t over an access by g.
func (r *ctRun) access(g int, op sched.Op, t *ctrigger.Ranked) {
	a := ctrigger.Access{Site: op.Site, Write: op.Kind.IsWrite()}
	for i := 0; i < len(r.win); i++ {
		w := r.win[i]
		if w.g != g || w.obj != op.Obj || w.heap != op.Heap {
			continue
		}
		r.win = append(r.win[:i], r.win[i+1:]...)
		if r.susp == g {
			r.susp = 0
		}
		if r.prefer == g {
			r.prefer = 0
		}
		if w.rDone && a == t.C {
			r.advance()
			return
		}
		break
	}
	if a == t.R {
		for i := range r.win {
			if w := &r.win[i]; w.g != g && w.obj == op.Obj && w.heap == op.Heap && !w.rDone {
				w.rDone, r.prefer = true, w.g
				if r.susp == w.g {
					r.susp = 0
				}
			}
		}
	}
	if a == t.P {
		r.win = append(r.win, ctWindow{g: g, obj: op.Obj, heap: op.Heap})
	}
}

// advance moves on to the next target: the current one was exercised.
func (r *ctRun) advance() {
	r.qi++
	r.win, r.susp, r.prefer, r.holds = r.win[:0], 0, 0, r.hold
}

// remote returns an enabled goroutine about to perform t's r inside an
// open window of another goroutine, or 0.
func (r *ctRun) remote(v *sched.View, t *ctrigger.Ranked) int {
	for _, id := range v.Enabled {
		g := v.Goroutine(id)
		if g == nil || !ctIsAccess(g.Op, t.R) {
			continue
		}
		for _, w := range r.win {
			if w.g != id && !w.rDone && w.obj == g.Op.Obj && w.heap == g.Op.Heap {
				return id
			}
		}
	}
	return 0
}

// heldUI reports whether g is suspended: just before c (or c's outermost
// lock) inside an open window, or just before r (or r's outermost lock)
// while no window of another goroutine is open on its location.
func (r *ctRun) heldUI(v *sched.View, g *sched.Goroutine, t *ctrigger.Ranked) bool {
	for _, w := range r.win {
		if w.g != g.ID || w.rDone || r.susp != 0 && r.susp != g.ID {
			continue
		}
		if ctIsAccess(g.Op, t.C) && g.Op.Obj == w.obj && g.Op.Heap == w.heap || ctIsLock(g.Op, t.CLock) {
			r.susp = g.ID
			return true
		}
	}
	if ctIsAccess(g.Op, t.R) {
		return !r.openFor(g.ID, g.Op.Obj, g.Op.Heap, true)
	}
	return ctIsLock(g.Op, t.RLock) && !r.openFor(g.ID, 0, 0, false)
}

// openFor reports whether a goroutine other than g has an open window
// (on the location, when match is set) that r has not entered yet.
func (r *ctRun) openFor(g int, obj, heap int32, match bool) bool {
	for _, w := range r.win {
		if w.g != g && !w.rDone && (!match || w.obj == obj && w.heap == heap) {
			return true
		}
	}
	return false
}

// heldCycle reports whether g is suspended for the cycle: about to wait
// at an edge while holding the edge's lock, so that the others take their
// locks first; or, for an edge whose goroutine needs a lock before its
// channel operation, about to take that lock while some goroutine of the
// cycle is not yet holding its lock.
func (r *ctRun) heldCycle(v *sched.View, g *sched.Goroutine) bool {
	for _, e := range r.cycle.Edges {
		if !e.Holds {
			if ctIsLock(g.Op, e.HoldSite) && !r.inPosition(g.ID) {
				return true
			}
			continue
		}
		if g.Op.Site != e.WaitSite || g.Op.Kind != e.WaitKind {
			continue
		}
		for _, l := range r.locks[g.ID] {
			if l.site == e.HoldSite && l.obj != g.Op.Obj {
				return true
			}
		}
	}
	return false
}

// inPosition reports whether, for every edge of the cycle that holds a
// lock, a goroutine other than g holds a lock acquired at its site.
func (r *ctRun) inPosition(g int) bool {
	for _, e := range r.cycle.Edges {
		if !e.Holds {
			continue
		}
		found := false
		for id, ls := range r.locks {
			for _, l := range ls {
				found = found || id != g && l.site == e.HoldSite
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// unheld returns the enabled goroutines that held does not suspend, or all
// of them when the suspensions are used up or would leave nothing but
// busy-waiting goroutines to run.
func (r *ctRun) unheld(v *sched.View, held func(*sched.View, *sched.Goroutine) bool) []int {
	if r.holds <= 0 {
		r.susp = 0
		return v.Enabled
	}
	var out []int
	live := false
	for _, id := range v.Enabled {
		g := v.Goroutine(id)
		if g != nil && held(v, g) {
			continue
		}
		out = append(out, id)
		live = live || g == nil || !g.Spinning
	}
	if !live {
		r.susp = 0
		return v.Enabled
	}
	if len(out) < len(v.Enabled) {
		r.holds--
	}
	return out
}

// base picks among cands: the current goroutine while it can run (a
// natural, unpreempted schedule), else a random one; busy-waiting
// goroutines last. With random set every pick is random.
func (r *ctRun) base(v *sched.View, cands []int) int {
	var live []int
	for _, id := range cands {
		if g := v.Goroutine(id); g == nil || !g.Spinning {
			live = append(live, id)
		}
	}
	if len(live) == 0 {
		live = cands
	}
	if !r.random && ctContains(live, v.Current) {
		return v.Current
	}
	return live[r.rng.Intn(len(live))]
}

func ctIsAccess(op sched.Op, a ctrigger.Access) bool {
	return op.Kind.IsAccess() && op.Site == a.Site && op.Kind.IsWrite() == a.Write
}

func ctIsLock(op sched.Op, site int32) bool {
	return site != 0 && op.Site == site && (op.Kind == sched.OpLock || op.Kind == sched.OpRLock)
}

func ctContains(ids []int, id int) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
