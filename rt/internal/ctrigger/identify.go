package ctrigger

import (
	"fmt"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Triple is a static unserializable interleaving: r of another goroutine
// between the consecutive accesses p and c of one goroutine to one
// location.
type Triple struct {
	P, C, R Access
}

// Pattern names the triple's pattern in the paper's p-r-c order, e.g.
// "R-W-R".
func (t Triple) Pattern() string {
	return rw(t.P.Write) + "-" + rw(t.R.Write) + "-" + rw(t.C.Write)
}

func (t Triple) String() string {
	return fmt.Sprintf("%s p=%d c=%d r=%d", t.Pattern(), t.P.Site, t.C.Site, t.R.Site)
}

func rw(w bool) string {
	if w {
		return "W"
	}
	return "R"
}

// Unserializable reports whether accesses p, r, c (in that order) form one
// of the four unserializable patterns of the paper's Fig. 3.
func Unserializable(p, r, c bool) bool {
	switch {
	case !p && r && !c: // R-W-R
	case p && r && !c: // W-W-R
	case !p && r && c: // R-W-W
	case p && !r && c: // W-R-W
	default:
		return false
	}
	return true
}

// Verdict is how the pruning classifies one dynamic instance.
type Verdict uint8

// The verdicts of an instance.
const (
	Feasible Verdict = iota
	ByOrder          // r happens before p or after c under order synchronisation
	ByMutex          // p and c in one critical section, r in another of that lock
)

// instAgg accumulates one static triple over the instances of a trace.
type instAgg struct {
	instances, feasible, order, mutex int
	exercised                         bool
	gap                               float64 // sum over distinct feasible (p, c) pairs
	remote                            int     // smallest remote distance of a feasible instance, -1 if none
	cLock, rLock                      int32   // sites acquiring the outermost lock around c and r
}

// identify finds every unserializable instance of t, classified, grouped by
// static triple. Its work is bounded by MaxInstances candidate remote
// accesses examined, plus one pass over the accesses; it stops early, with
// what it found, once deadline (when not zero) has passed.
func identify(t *trace, deadline time.Time) map[Triple]*instAgg {
	out := map[Triple]*instAgg{}
	budget := MaxInstances
	for i, l := range t.locs {
		if !deadline.IsZero() && i%64 == 0 && time.Now().After(deadline) {
			return out
		}
		idx := t.byLoc[l]
		reads, writes, shared := t.split(idx)
		if !shared {
			continue // one goroutine only: no remote access
		}
		last := map[int]int{} // goroutine -> its previous access (index into acc)
		for _, ci := range idx {
			c := &t.acc[ci]
			pi, ok := last[c.g]
			last[c.g] = ci
			if !ok {
				continue
			}
			p, rs := &t.acc[pi], writes
			if p.a.Write && c.a.Write {
				rs = reads // W-R-W is the only pattern with a remote read
			}
			budget -= t.pair(out, p, c, rs)
			if budget <= 0 {
				return out
			}
		}
	}
	return out
}

// split returns the reads and the writes among the accesses idx of one
// location, and whether more than one goroutine made them.
func (t *trace) split(idx []int) (reads, writes []int, shared bool) {
	for _, i := range idx {
		a := &t.acc[i]
		shared = shared || a.g != t.acc[idx[0]].g
		if a.a.Write {
			writes = append(writes, i)
		} else {
			reads = append(reads, i)
		}
	}
	return reads, writes, shared
}

// pair examines the pair p, c against the candidate remote accesses rs of
// its location and returns their number: the work done, counted against
// MaxInstances whether or not a candidate is an instance.
func (t *trace) pair(out map[Triple]*instAgg, p, c *access, rs []int) int {
	n := len(rs)
	var gapDone map[Triple]bool
	for _, ri := range rs {
		r := &t.acc[ri]
		if r.g == p.g || !Unserializable(p.a.Write, r.a.Write, c.a.Write) {
			continue
		}
		key := Triple{P: p.a, C: c.a, R: r.a}
		ag := out[key]
		if ag == nil {
			ag = &instAgg{remote: -1}
			out[key] = ag
		}
		ag.instances++
		if p.step < r.step && r.step < c.step {
			ag.exercised = true
		}
		switch verdict(p, c, r) {
		case ByOrder:
			ag.order++
			continue
		case ByMutex:
			ag.mutex++
			continue
		}
		if gapDone == nil {
			gapDone = map[Triple]bool{}
		}
		t.feasible(ag, p, c, r, !gapDone[key])
		gapDone[key] = true
	}
	return n
}

// feasible records a feasible instance; the pair's local gap is added once
// per triple (first).
func (t *trace) feasible(ag *instAgg, p, c, r *access, first bool) {
	ag.feasible++
	if d := remoteDistance(p, c, r); ag.remote < 0 || d < ag.remote {
		ag.remote = d
	}
	if first {
		ag.gap += float64(t.localGap(p, c, r))
		ag.cLock, ag.rLock = outerLock(c, p), outerLock(r, nil)
	}
}

// verdict applies the two pruning rules to one instance.
func verdict(p, c, r *access) Verdict {
	if before(r, p) || before(c, r) {
		return ByOrder
	}
	for _, hp := range p.locks {
		for _, hc := range c.locks {
			if hp.cs != hc.cs {
				continue
			}
			for _, hr := range r.locks {
				if hr.obj == hp.obj && !(hp.shared && hr.shared) {
					return ByMutex
				}
			}
		}
	}
	return Feasible
}

// localGap is the number of steps of p's goroutine from p to c, or, when
// p, c and r lie in separate critical sections of one lock (Fig. 8b), from
// the release of p's section to the acquisition of c's.
func (t *trace) localGap(p, c, r *access) int {
	gap := c.local - p.local
	for _, hp := range p.locks {
		for _, hc := range c.locks {
			if hp.obj != hc.obj || hp.cs == hc.cs || !holds(r, hp.obj) {
				continue
			}
			rel, ok1 := t.csRel[hp.cs]
			acq, ok2 := t.csAcq[hc.cs]
			if ok1 && ok2 && acq > rel && acq-rel < gap {
				gap = acq - rel
			}
		}
	}
	return max(gap, 1)
}

func holds(a *access, obj int32) bool {
	for _, h := range a.locks {
		if h.obj == obj {
			return true
		}
	}
	return false
}

// outerLock returns the site of the outermost lock acquisition around a
// that does not also contain other (0 if none): a goroutine suspended
// before a must be suspended before that acquisition (paper Sec. 6.1,
// issue 3).
func outerLock(a, other *access) int32 {
	for _, h := range a.locks {
		if other == nil || !inCS(other, h.cs) {
			return h.site
		}
	}
	return 0
}

func inCS(a *access, cs int32) bool {
	for _, h := range a.locks {
		if h.cs == cs {
			return true
		}
	}
	return false
}

// remoteDistance is the number of global steps between r and the window
// [p, c] (0 inside it).
func remoteDistance(p, c, r *access) int {
	switch {
	case r.step < p.step:
		return p.step - r.step
	case r.step > c.step:
		return r.step - c.step
	}
	return 0
}

// Exercised returns the static triples whose window some remote access
// entered in the trace of steps: the unserializable interleavings the
// execution covered.
func Exercised(steps []sched.Step) map[Triple]bool {
	out := map[Triple]bool{}
	for k, ag := range identify(prepare(steps, time.Time{}), time.Time{}) {
		if ag.exercised {
			out[k] = true
		}
	}
	return out
}
