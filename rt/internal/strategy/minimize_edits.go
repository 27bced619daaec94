package strategy

import (
	"hash/maphash"
	"slices"
)

// An edit is one transformation of the best schedule's segments, kept
// unapplied until the minimiser tries it: a long failing trace has tens of
// thousands of segments and about five edits per segment, so applying
// every edit up front would take time and memory quadratic in the trace.
type edit struct {
	op   editOp
	a, b int
}

// editOp says what an edit does to the segment list segs.
type editOp uint8

const (
	// runOn: segment a runs its goroutine until it blocks or exits.
	runOn editOp = iota
	// mergeInto: segment b's steps join segment a (a < 0: b's steps are
	// dropped), and b is removed.
	mergeInto
	// moveStep: one step moves from segment a to segment b; a is removed
	// when it has none left.
	moveStep
	// dropG: goroutine a runs only when nothing else can.
	dropG
)

// apply returns segs transformed by e (segs is not changed).
func (e edit) apply(segs []seg) []seg {
	c := slices.Clone(segs)
	switch e.op {
	case runOn:
		c[e.a].n = -1
	case mergeInto:
		if e.a >= 0 {
			c[e.a].n += c[e.b].n
		}
		c = slices.Delete(c, e.b, e.b+1)
	case moveStep:
		c[e.b].n++
		if c[e.a].n--; c[e.a].n == 0 {
			c = slices.Delete(c, e.a, e.a+1)
		}
	case dropG:
		c = append(slices.DeleteFunc(c, func(s seg) bool { return s.g == e.a }), seg{-e.a, 0})
	}
	return c
}

// candidates returns the edits of the best schedule, in the order they are
// tried: the edits of each preemption (boundaryEdits), merging each
// segment with its goroutine's next one either way, then running each
// goroutine but the first only when nothing else can.
func (m *Minimizer) candidates() []edit {
	segs, pre := segmentsOf(m.best.Trace)
	next := nextSame(segs)
	var out []edit
	for j := 1; j < len(segs); j++ {
		if pre[j] {
			out = append(out, boundaryEdits(segs, next, j)...)
		}
	}
	for k := 1; k < len(segs); k++ {
		if n := next[k]; n > 0 {
			out = append(out, edit{mergeInto, n, k}, edit{mergeInto, k, n})
		}
	}
	seen := map[int]bool{}
	for _, s := range segs {
		if s.g > 1 && !seen[s.g] {
			seen[s.g] = true
			out = append(out, edit{op: dropG, a: s.g})
		}
	}
	return out
}

// boundaryEdits returns the edits of the preemption between segments j-1
// and j (p preempted by q): let p run on; merge p's next segment into
// j-1; move the preemption one step earlier or later; postpone q's
// segment into q's next one (or drop it when q has none).
func boundaryEdits(segs []seg, next []int, j int) []edit {
	nextP, nextQ := next[j-1], next[j]
	out := []edit{{op: runOn, a: j - 1}}
	if nextP > 0 {
		out = append(out, edit{mergeInto, j - 1, nextP})
		if segs[j-1].n > 1 {
			out = append(out, edit{moveStep, j - 1, nextP})
		}
		out = append(out, edit{moveStep, nextP, j - 1})
	}
	return append(out, edit{mergeInto, nextQ, j})
}

// nextSame returns, for each segment, the index of the next segment of
// the same goroutine, -1 when there is none.
func nextSame(segs []seg) []int {
	next := make([]int, len(segs))
	last := map[int]int{}
	for k := len(segs) - 1; k >= 0; k-- {
		next[k] = -1
		if n, ok := last[segs[k].g]; ok {
			next[k] = n
		}
		last[segs[k].g] = k
	}
	return next
}

// nextCandidate applies the queued edits in turn to the best schedule and
// returns the first segment list not tried before, nil when none is left.
func (m *Minimizer) nextCandidate() []seg {
	if len(m.queue) == 0 {
		return nil
	}
	segs, _ := segmentsOf(m.best.Trace)
	for len(m.queue) > 0 {
		c := m.queue[0].apply(segs)
		m.queue = m.queue[1:]
		if k := segsKey(c); !m.tried[k] {
			m.tried[k] = true
			return c
		}
	}
	return nil
}

// keySeed makes segsKey's hashes of one process comparable.
var keySeed = maphash.MakeSeed()

// segsKey identifies a segment list among those tried.
func segsKey(segs []seg) uint64 {
	var h maphash.Hash
	h.SetSeed(keySeed)
	var b [16]byte
	for _, s := range segs {
		for i := range 8 {
			b[i], b[8+i] = byte(uint64(s.g)>>(8*i)), byte(uint64(s.n)>>(8*i))
		}
		h.Write(b[:])
	}
	return h.Sum64()
}
