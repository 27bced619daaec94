package strategy

import (
	"slices"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// catchUp applies the steps executed since the last call: each SP action
// becomes the last action on its object (loc_last), and the pair it forms
// with the previous one is covered at once (Algorithm 1, lines 38-41).
func (s *SP) catchUp(trace []sched.Step) {
	x := &s.x
	for i := x.seen; i < len(trace); i++ {
		st := trace[i]
		for len(x.prevAt) <= st.G {
			x.prevAt = append(x.prevAt, 0)
		}
		cont := x.prevAt[st.G] > 0 && trace[x.prevAt[st.G]-1].Op.Same(st.Op)
		x.prevAt[st.G] = i + 1
		if cont || coverage.PrimOf(st.Op.Kind)&s.prims == 0 {
			continue
		}
		key := objOf(st.Op)
		if l, ok := x.last[key]; ok {
			s.state.Cover([]coverage.Req{{First: l, Then: st.Op.Site}})
		}
		x.last[key] = st.Op.Site
	}
	x.seen = len(trace)
}

func objOf(op sched.Op) spObj { return spObj{op.Kind.Info().Class, op.Obj} }

// action reports whether goroutine g's pending op is a new SP action (not
// the completion of an operation it already started).
func (s *SP) action(v *sched.View, g int, op sched.Op) bool {
	if coverage.PrimOf(op.Kind)&s.prims == 0 {
		return false
	}
	x := &s.x
	return g >= len(x.prevAt) || x.prevAt[g] == 0 || !v.Trace[x.prevAt[g]-1].Op.Same(op)
}

// relevant counts the uncovered requirements with site as either location
// (num_cov_req).
func (s *SP) relevant(site int32) int {
	n := 0
	for _, r := range s.state.Estimated {
		if (r.First == site || r.Then == site) && !s.state.Covered[r] {
			n++
		}
	}
	return n
}

func (s *SP) uncovered(first, then int32) bool {
	r := coverage.Req{First: first, Then: then}
	return s.state.IsEstimated(r) && !s.state.Covered[r]
}

// Pick runs Algorithm 1's loop until it executes an action: it returns
// the goroutine to run. Every iteration either returns or pauses or
// resumes a goroutine; the loop is bounded and falls back to a random
// enabled goroutine.
func (s *SP) Pick(v *sched.View) int {
	s.catchUp(v.Trace)
	if !s.testing() {
		return v.Enabled[s.rng.Intn(len(v.Enabled))]
	}
	s.refresh(v)
	for range 4*len(v.Enabled) + 8 {
		ev := SPEvent{}
		g := s.choose(v)
		if g != 0 {
			op := v.Goroutine(g).Op
			ev.G, ev.Site = g, op.Site
			if s.action(v, g, op) && (s.relevant(op.Site) > 0 || s.pausedOn(objOf(op))) {
				s.pause(g, op)
				ev.Paused = true
			}
		}
		if s.allPaused(v) {
			ev.Rule, ev.Resumed = s.resume(v)
		}
		ev.Executed = g != 0 && !s.isPaused(g)
		if s.log != nil {
			*s.log = append(*s.log, ev)
		}
		if ev.Executed {
			return g
		}
	}
	return v.Enabled[s.rng.Intn(len(v.Enabled))]
}

// refresh drops paused entries whose goroutine has moved on.
func (s *SP) refresh(v *sched.View) {
	x := &s.x
	x.paused = slices.DeleteFunc(x.paused, func(p pausedOp) bool {
		g := v.Goroutine(p.g)
		return g == nil || !g.Op.Same(p.op)
	})
}

// choose returns an enabled goroutine that is not paused (line 4), or 0.
func (s *SP) choose(v *sched.View) int {
	var cands []int
	for _, g := range v.Enabled {
		if !s.isPaused(g) {
			cands = append(cands, g)
		}
	}
	switch {
	case len(cands) == 0:
		return 0
	case s.lowest:
		return cands[0]
	}
	return cands[s.rng.Intn(len(cands))]
}

func (s *SP) isPaused(g int) bool {
	return slices.ContainsFunc(s.x.paused, func(p pausedOp) bool { return p.g == g })
}

func (s *SP) pausedOn(o spObj) bool {
	return slices.ContainsFunc(s.x.paused, func(p pausedOp) bool { return objOf(p.op) == o })
}

// pause adds g's action, keeping the paused list in order of site, then
// goroutine.
func (s *SP) pause(g int, op sched.Op) {
	x := &s.x
	i, _ := slices.BinarySearchFunc(x.paused, pausedOp{g, op}, func(a, b pausedOp) int {
		if a.op.Site != b.op.Site {
			return int(a.op.Site - b.op.Site)
		}
		return a.g - b.g
	})
	x.paused = slices.Insert(x.paused, i, pausedOp{g, op})
}

// allPaused reports paused ⊇ enabled(s) (line 16).
func (s *SP) allPaused(v *sched.View) bool {
	for _, g := range v.Enabled {
		if !s.isPaused(g) {
			return false
		}
	}
	return true
}

// resume removes one enabled paused action by Rules 1-3 (lines 17-34)
// and returns the rule applied (0 for sp-h's random choice) and its site.
func (s *SP) resume(v *sched.View) (rule int, site int32) {
	x := &s.x
	var ready []int // indices into x.paused of enabled goroutines
	for i, p := range x.paused {
		if slices.Contains(v.Enabled, p.g) {
			ready = append(ready, i)
		}
	}
	k, rule := s.rule(ready)
	s.stats.Rules[rule]++
	site = x.paused[k].op.Site
	x.paused = slices.Delete(x.paused, k, k+1)
	return rule, site
}

// rule picks the paused action to resume among ready.
func (s *SP) rule(ready []int) (k, rule int) {
	x := &s.x
	for _, i := range ready { // Rule 1: <loc_last(p'), loc(p')> uncovered
		p := x.paused[i].op
		if l, ok := x.last[objOf(p)]; ok && s.uncovered(l, p.Site) {
			return i, 1
		}
	}
	for _, i := range ready { // Rule 2: <loc(p'), loc(p'')> uncovered, same object
		p := x.paused[i].op
		for _, j := range ready {
			q := x.paused[j].op
			if i != j && objOf(p) == objOf(q) && s.uncovered(p.Site, q.Site) {
				return i, 2
			}
		}
	}
	if !s.heuristic {
		return ready[s.rng.Intn(len(ready))], 0
	}
	best := ready[0] // Rule 3: fewest relevant uncovered requirements
	for _, i := range ready[1:] {
		if s.relevant(x.paused[i].op.Site) < s.relevant(x.paused[best].op.Site) {
			best = i
		}
	}
	return best, 3
}
