package strategy

import (
	"fmt"
	"slices"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// A sanity-check mode of the incremental analysis (dpor_incr.go), off by
// default: tests set analysis.dbg.

// analysisDebug, set by tests (analysis.dbg), checks the incremental
// analysis: with check, every state build makes is compared with a full
// recomputation; with full, build never keeps a prefix. trail records
// the races and backtrack points of each run.
type analysisDebug struct {
	full, check bool
	kept        int // events kept from the previous traces
	events      int // events analysed
	mismatches  int
	first       string
	trail       [][2]int
	shadow      analysis
}

// verify compares a's state with a full recomputation over trace and
// counts a mismatch (keeping the first description) if they differ.
func (g *analysisDebug) verify(a *analysis, d *DPOR, trace []sched.Step) {
	if !g.check {
		return
	}
	b := &g.shadow
	b.real = 0
	b.build(trace, d.x.pending)
	if diff := diffState(a, b); diff != "" {
		if g.mismatches == 0 {
			g.first = diff
		}
		g.mismatches++
	}
}

// diffState describes the first difference between the happens-before
// states of a and b (b a full recomputation), or returns "".
func diffState(a, b *analysis) string {
	if a.real != b.real || len(a.ev) != len(b.ev) || a.gos != b.gos {
		return fmt.Sprintf("events %d/%d, goroutines %d, want %d/%d, %d", a.real, len(a.ev), a.gos, b.real, len(b.ev), b.gos)
	}
	for k := range a.ev {
		x, y := a.ev[k], b.ev[k]
		x.mark, y.mark = arenaMark{}, arenaMark{}
		if x != y || !sameClock(a.clk[k], b.clk[k]) {
			return fmt.Sprintf("event %d: %+v %v, want %+v %v", k, x, a.clk[k], y, b.clk[k])
		}
	}
	for g := range max(len(a.gclk), len(b.gclk)) {
		if entry(a.lastEv, g, -1) != entry(b.lastEv, g, -1) || entry(a.nlocal, g, 0) != entry(b.nlocal, g, 0) ||
			!sameClock(entry(a.gclk, g, nil), entry(b.gclk, g, nil)) || !sameClock(entry(a.spawn, g, nil), entry(b.spawn, g, nil)) {
			return fmt.Sprintf("goroutine %d differs", g)
		}
	}
	for o := range max(len(a.objs), len(b.objs)) {
		for c := range sched.ClassAll {
			if !sameObj(entry(a.objs, o, [sched.ClassAll]*objState{})[c], entry(b.objs, o, [sched.ClassAll]*objState{})[c]) {
				return fmt.Sprintf("object %d of class %d differs", o, c)
			}
		}
	}
	for c := range sched.ClassAll + 1 {
		if !sameObj(&a.wide[c], &b.wide[c]) || (b.kinds.wide[c] && !sameObj(&a.all[c], &b.all[c])) {
			return fmt.Sprintf("wide or all state of class %d differs", c)
		}
	}
	if !sameObj(&a.global, &b.global) || (b.kinds.all && !sameObj(&a.every, &b.every)) {
		return "global or every state differs"
	}
	return ""
}

// entry returns s[i], or zero beyond s.
func entry[T any](s []T, i int, zero T) T {
	if i < len(s) {
		return s[i]
	}
	return zero
}

// sameClock reports whether x and y are equal, missing entries read as 0.
func sameClock(x, y sched.VClock) bool {
	for id := 1; id <= max(len(x), len(y)); id++ {
		if x.Get(id) != y.Get(id) {
			return false
		}
	}
	return true
}

// sameObj reports whether two object states (nil: empty) hold the same
// events and the same clock for each tag.
func sameObj(x, y *objState) bool {
	var empty objState
	if x == nil {
		x = &empty
	}
	if y == nil {
		y = &empty
	}
	if !slices.Equal(x.events, y.events) || len(x.tags) != len(y.tags) {
		return false
	}
	for i, t := range x.tags {
		j := slices.Index(y.tags, t)
		if j < 0 || !sameClock(x.clocks[i], y.clocks[j]) {
			return false
		}
	}
	return true
}
