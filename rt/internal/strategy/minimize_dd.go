package strategy

import (
	"slices"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Delta debugging over preemptions.
//
// The minimiser's edits change one preemption at a time. A failing
// stress test (eight goroutines, thousands of rounds each) is found with
// tens of preemptions among hundreds of thousands of steps, and one edit
// per replay does not get far within the minimiser's time: a lost update
// that needs one preemption kept twenty. So while the best schedule has
// more than ddFloor preemptions, the minimiser first runs ddmin (Zeller
// and Hildebrandt, "Simplifying and Isolating Failure-Inducing Input")
// over its preemptions. A candidate keeps a subset of them, each named by
// the preempted goroutine, how many steps it had taken and the goroutine
// that preempted it; everything else runs without preemption: the
// current goroutine runs on until it blocks or exits, and then the
// enabled goroutine with the lowest ID runs (preemptRunner). ddmin keeps
// one chunk of the preemptions, or all but one chunk, and halves the
// chunks when neither fails. A candidate that fails the same way with a
// smaller (c,v,t) becomes the best, and ddmin starts again on its
// preemptions; about 2·c·log(c) replays reach a schedule whose
// preemptions are each needed when the failure needs few. On a trace of
// up to longTrace steps the single edits then polish it (and a bounded
// search looks below its c); on a longer one they are not tried: each of
// them replays the whole trace with its switches at fixed step counts,
// which adds preemptions where the goroutines' steps no longer line up,
// and none of them improved on ddmin's result in the stress tests tried.

// ddFloor is the number of preemptions up to which ddmin does not run.
const ddFloor = 1

// longTrace is the length above which only ddmin minimises (see above).
const longTrace = 20_000

// preemption is one preemption of a schedule: goroutine p, after taking
// steps steps, was preempted by q.
type preemption struct {
	p, q  int
	steps int32
}

// preemptionsOf lists the preemptions of trace (as segmentsOf counts them).
func preemptionsOf(tr []sched.Step) []preemption {
	var out []preemption
	count := map[int]int32{}
	for i, s := range tr {
		if i > 0 && s.Preempt && tr[i-1].Op.Kind != sched.OpGo && tr[i-1].G != s.G {
			out = append(out, preemption{p: tr[i-1].G, q: s.G, steps: count[tr[i-1].G]})
		}
		count[s.G]++
	}
	return out
}

// ddmin tries subsets of the preemptions of one schedule (see above).
type ddmin struct {
	pre []preemption
	n   int // how many chunks pre is split into
	i   int // the next test: chunk i alone (i < n), or all but chunk i-n
}

// newDDMin returns ddmin over the preemptions of trace, n chunks at a
// time, or nil when the trace has at most ddFloor preemptions.
func newDDMin(trace []sched.Step, n int) *ddmin {
	pre := preemptionsOf(trace)
	if len(pre) <= ddFloor {
		return nil
	}
	return &ddmin{pre: pre, n: min(max(n, 2), len(pre))}
}

// next returns the preemptions the next candidate keeps and whether they
// are a single chunk; ok is false when every granularity has been tried.
func (d *ddmin) next() (keep []preemption, alone, ok bool) {
	for {
		if d.i < 2*d.n {
			i := d.i
			d.i++
			if i >= d.n && d.n == 2 {
				continue // with two chunks, all but one is the other one
			}
			return d.keeping(i%d.n, i < d.n), i < d.n, true
		}
		if d.n == len(d.pre) {
			return nil, false, false
		}
		d.n, d.i = min(2*d.n, len(d.pre)), 0
	}
}

// keeping returns chunk k of the preemptions (alone), or all but chunk k.
func (d *ddmin) keeping(k int, alone bool) []preemption {
	lo, hi := k*len(d.pre)/d.n, (k+1)*len(d.pre)/d.n
	if alone {
		return slices.Clone(d.pre[lo:hi])
	}
	return slices.Concat(d.pre[:lo], d.pre[hi:])
}

// preemptRunner runs a schedule with only the given preemptions (see
// above), and the original's select choices.
type preemptRunner struct {
	at      map[evRef]int // (p, steps) -> q
	count   map[int]int32 // steps taken per goroutine
	seen    int           // the trace steps counted
	choices map[evRef]int
}

func (r *preemptRunner) reset(keep []preemption, f Found) {
	r.at, r.count, r.seen = map[evRef]int{}, map[int]int32{}, 0
	for _, p := range keep {
		r.at[evRef{p.p, p.steps}] = p.q
	}
	r.choices = choicesOf(f.Trace)
}

// sync counts the steps the trace gained since the last call.
func (r *preemptRunner) sync(tr []sched.Step) {
	for ; r.seen < len(tr); r.seen++ {
		r.count[tr[r.seen].G]++
	}
}

func (r *preemptRunner) pick(v *sched.View) int {
	r.sync(v.Trace)
	if cur := v.Current; v.CurrentEnabled() {
		if q, ok := r.at[evRef{cur, r.count[cur]}]; ok && v.IsEnabled(q) {
			return q
		}
		return cur
	}
	return v.EnabledAt(0)
}

func (r *preemptRunner) choose(v *sched.View, n int) int {
	r.sync(v.Trace)
	if len(v.Trace) == 0 {
		return 0
	}
	g := v.Trace[len(v.Trace)-1].G
	if c, ok := r.choices[evRef{g, r.count[g] - 1}]; ok && c < n {
		return c
	}
	return 0
}

// choicesOf maps each step of tr that made a choice, by goroutine and
// its index among the goroutine's steps, to the choice.
func choicesOf(tr []sched.Step) map[evRef]int {
	choices := map[evRef]int{}
	idx := map[int]int32{}
	for _, s := range tr {
		if s.Choice >= 0 {
			choices[evRef{s.G, idx[s.G]}] = s.Choice
		}
		idx[s.G]++
	}
	return choices
}
