package engine

import (
	"fmt"
	"math/bits"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The enabled set is kept up to date on the events that change it, so that
// a scheduling point costs the same however many goroutines are live.
// Every live goroutine is in one of three classes, decided when it reaches
// a scheduling point (classify):
//
//   - static: its operation never blocks (it has no wait: pendingOp.wait
//     is nil, as for every kind the operation table marks non-blocking)
//     and it neither polls nor is handed off: it stays enabled until it
//     takes its step;
//   - waiter: its wait is a group (wait.group: a sync.Mutex Lock, a
//     WaitGroup Wait): it is enabled exactly while the mutex is unlocked
//     or the counter is zero, so the object keeps the set of its waiters
//     (waitSet) and its room moves them in or out of the enabled set with
//     a few word operations (reopen, from setLocked and setCount);
//   - dynamic: any other wait (channel operations, RWMutex, Once, Cond,
//     sleeps, timers), polls and hand-offs: its enabledness is computed
//     again at every scheduling point (wait.enabled).
//
// Invariant: after refresh, x.en holds exactly the live goroutines that
// buildFullView would report enabled. Code that changes the operation,
// pending state, polling or hand-off state of a goroutine other than the
// one reaching the next scheduling point marks it dirty (markDirty).

// enClass says how the enabled set follows a goroutine.
type enClass uint8

const (
	clsNone enClass = iota // not in the set (not classified yet, or exited)
	clsStatic
	clsWaiter
	clsDynamic
)

// waitSet holds the goroutines whose pending operation is enabled exactly
// while a condition on one object holds (a mutex is unlocked, a
// WaitGroup's counter is zero).
type waitSet struct {
	ids idSet
	n   int
}

// idSet is a set of goroutine IDs, one bit per ID (bit id-1).
type idSet []uint64

// add puts id in s and reports whether it was not there.
func (s *idSet) add(id int) bool {
	i := (id - 1) >> 6
	for len(*s) <= i {
		*s = append(*s, 0)
	}
	w, bit := (*s)[i], uint64(1)<<uint((id-1)&63)
	(*s)[i] = w | bit
	return w&bit == 0
}

// remove takes id out of s and reports whether it was there.
func (s idSet) remove(id int) bool {
	if i := (id - 1) >> 6; i < len(s) {
		w, bit := s[i], uint64(1)<<uint((id-1)&63)
		s[i] = w &^ bit
		return w&bit != 0
	}
	return false
}

func (s idSet) has(id int) bool {
	i := (id - 1) >> 6
	return id > 0 && i < len(s) && s[i]&(1<<uint((id-1)&63)) != 0
}

func (s idSet) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// nth returns the i-th (from 0) ID of s in ascending order, or 0.
func (s idSet) nth(i int) int {
	for k, w := range s {
		c := bits.OnesCount64(w)
		if i >= c {
			i -= c
			continue
		}
		return k<<6 + nthBit(w, i) + 1
	}
	return 0
}

// nthBit returns the position of the i-th (from 0) set bit of w, which
// has more than i: by clearing the lowest set bit i times when i is small
// (a pick among a few goroutines), else by a binary search on the counts
// of its low halves.
func nthBit(w uint64, i int) int {
	if i < 4 {
		for ; i > 0; i-- {
			w &= w - 1
		}
		return bits.TrailingZeros64(w)
	}
	pos := 0
	for width := 32; width > 0; width >>= 1 {
		low := w & (1<<uint(width) - 1)
		if c := bits.OnesCount64(low); i >= c {
			i -= c
			w >>= uint(width)
			pos += width
		} else {
			w = low
		}
	}
	return pos
}

// next returns the smallest ID of s greater than id, or 0.
func (s idSet) next(id int) int {
	k, b := id>>6, uint(id&63) // bit of ID id+1
	for ; k < len(s); k, b = k+1, 0 {
		if w := s[k] >> b << b; w != 0 {
			return k<<6 + bits.TrailingZeros64(w) + 1
		}
	}
	return 0
}

// or adds every ID of o to s (s is at least as long as o: see grow) and
// returns how many were not there.
func (s idSet) or(o idSet) int {
	n := 0
	for i, w := range o {
		n += bits.OnesCount64(w &^ s[i])
		s[i] |= w
	}
	return n
}

// andNot removes every ID of o from s and returns how many were there.
func (s idSet) andNot(o idSet) int {
	n := 0
	for i := range min(len(s), len(o)) {
		n += bits.OnesCount64(s[i] & o[i])
		s[i] &^= o[i]
	}
	return n
}

// countedSet is an idSet that keeps its size, so that counting it costs
// the same however many goroutines are live (the enabled set, read at
// every scheduling point).
//
// Invariant: n == s.idSet.count().
type countedSet struct {
	idSet
	n int
}

func (s *countedSet) add(id int) {
	if s.idSet.add(id) {
		s.n++
	}
}

func (s *countedSet) remove(id int) {
	if s.idSet.remove(id) {
		s.n--
	}
}

// or adds every ID of o (s is at least as long as o: see grow).
func (s *countedSet) or(o idSet) { s.n += s.idSet.or(o) }

// andNot removes every ID of o.
func (s *countedSet) andNot(o idSet) { s.n -= s.idSet.andNot(o) }

// count returns the size of s.
func (s *countedSet) count() int { return s.n }

// grow makes s long enough for IDs up to n.
func (s *idSet) grow(n int) {
	for len(*s) < (n+63)>>6 {
		*s = append(*s, 0)
	}
}

// markDirty asks the next refresh to classify g again.
func (x *execution) markDirty(g *G) {
	if !g.dirty {
		g.dirty = true
		x.dirty = append(x.dirty, g)
	}
}

// refresh brings x.en up to date: it classifies the dirty goroutines and
// computes the enabledness of the dynamic ones again.
func (x *execution) refresh() {
	x.early.gen++ // the earliest wake-up is computed again (earlywake.go)
	for _, g := range x.dirty {
		g.dirty = false
		x.classify(g)
	}
	x.dirty = x.dirty[:0]
	var now time.Time // read once, at the first poller: one instant for all
	for _, g := range x.dyn {
		if x.enabledNow(g, &now) {
			x.en.add(g.id)
		} else {
			x.en.remove(g.id)
		}
	}
	if checkEnabled {
		x.checkEnabledSet(&now)
	}
}

// classify decides g's class (see enClass) and sets its bit in x.en.
func (x *execution) classify(g *G) {
	x.unclassify(g)
	if !g.live {
		return
	}
	switch {
	case g.ho.away || !g.pollAt.IsZero() || g.pollSum > 0:
		g.cls, g.dynAt = clsDynamic, len(x.dyn)
		x.dyn = append(x.dyn, g)
	case g.pend.wait == nil:
		g.cls = clsStatic
		x.en.add(g.id)
	default:
		if w, open := g.pend.wait.group(); w != nil {
			x.enterWait(g, w, open)
			return
		}
		g.cls, g.dynAt = clsDynamic, len(x.dyn)
		x.dyn = append(x.dyn, g)
	}
}

// enterWait makes g a member of w, enabled while open.
func (x *execution) enterWait(g *G, w *waitSet, open bool) {
	g.cls, g.grp = clsWaiter, w
	w.ids.add(g.id)
	w.n++
	if open {
		x.en.add(g.id)
	}
}

// unclassify takes g out of its class and out of x.en.
func (x *execution) unclassify(g *G) {
	switch g.cls {
	case clsWaiter:
		g.grp.ids.remove(g.id)
		g.grp.n--
		g.grp = nil
	case clsDynamic:
		last := x.dyn[len(x.dyn)-1]
		x.dyn[g.dynAt], last.dynAt = last, g.dynAt
		x.dyn = x.dyn[:len(x.dyn)-1]
	}
	g.cls = clsNone
	x.en.remove(g.id)
}

// reopen moves the members of w into (open) or out of the enabled set.
func (x *execution) reopen(w *waitSet, open bool) {
	if w.n == 0 {
		return
	}
	if !open {
		x.en.andNot(w.ids)
		return
	}
	x.en.grow(len(x.gs))
	x.en.or(w.ids)
}

// checkEnabled turns on the sanity check of the enabled set at every
// refresh (tests only: it costs a full scan per scheduling point).
var checkEnabled = false

// checkEnabledSet panics when x.en differs from the enabled set computed
// from scratch.
func (x *execution) checkEnabledSet(now *time.Time) {
	var want idSet
	for _, g := range x.alive {
		if g.live && x.enabledNow(g, now) {
			want.add(g.id)
		}
	}
	if x.en.count() != x.en.idSet.count() {
		panic(fmt.Sprintf("vtbound: enabled set counts %d, holds %d", x.en.count(), x.en.idSet.count()))
	}
	for id := 1; id <= len(x.gs); id++ {
		if x.lv.has(id) != x.gs[id-1].live {
			panic(fmt.Sprintf("vtbound: live set out of date: G%d live=%v", id, x.gs[id-1].live))
		}
		if want.has(id) != x.en.has(id) {
			g := x.gs[id-1]
			panic(fmt.Sprintf("vtbound: enabled set out of date: G%d (%v, class %d) enabled=%v, want %v",
				id, g.op.Kind, g.cls, x.en.has(id), want.has(id)))
		}
	}
}

// enabledNow computes from scratch whether live goroutine g is enabled.
func (x *execution) enabledNow(g *G, now *time.Time) bool {
	en := !g.ho.away && x.enabled(g)
	if en && !g.pollAt.IsZero() {
		if now.IsZero() {
			*now = time.Now()
		}
		en = !now.Before(g.pollAt)
	}
	return en
}

// enabledIDs lists the enabled goroutines in ascending order.
func (x *execution) enabledIDs() []int {
	var ids []int
	for id := x.en.next(0); id != 0; id = x.en.next(id) {
		ids = append(ids, id)
	}
	return ids
}

// prepareView fills x.view for a Pick or Choose by cur's scheduling
// point. The goroutine lists are built only for strategies that read them
// (see sched.Sparse).
func (x *execution) prepareView(cur *G) {
	v := &x.view
	v.Step = x.step
	v.Current = 0
	if cur != nil {
		v.Current = cur.id
	}
	v.Trace = x.trace
	v.Heap = x.heap.info
	v.Live = &x.live
	v.Goroutines = v.Goroutines[:0]
	v.Enabled = v.Enabled[:0]
	if x.sparse {
		return
	}
	for _, g := range x.alive {
		if !g.live {
			continue
		}
		en := x.en.has(g.id)
		v.Goroutines = append(v.Goroutines, x.goroutineView(g, en))
		if en {
			v.Enabled = append(v.Enabled, g.id)
		}
	}
}

// goroutineView is g as a strategy sees it.
func (x *execution) goroutineView(g *G, en bool) sched.Goroutine {
	return sched.Goroutine{
		ID: g.id, Parent: g.parent, Op: g.op, Enabled: en,
		Spinning: x.spinning(g),
	}
}

// isSparse reports whether strategy s reads Views only through their
// methods (see sched.Sparse).
func isSparse(s sched.Strategy) bool {
	return sched.IsSparse(s)
}

// liveView answers sched.View's methods from the execution's state
// (sched.Live).
type liveView struct {
	x *execution
	// gs holds, by ID-1, the entries Goroutine returned, so that each
	// live goroutine has one stable entry during a call.
	gs []sched.Goroutine
}

// NumEnabled returns the number of enabled goroutines.
func (l *liveView) NumEnabled() int { return l.x.en.count() }

// EnabledAt returns the i-th enabled goroutine's ID in ascending order.
func (l *liveView) EnabledAt(i int) int {
	if id := l.x.en.nth(i); id != 0 {
		return id
	}
	panic(fmt.Sprintf("vtbound: EnabledAt(%d) of %d enabled goroutines", i, l.x.en.count()))
}

// IsEnabled reports whether goroutine id is enabled.
func (l *liveView) IsEnabled(id int) bool { return l.x.en.has(id) }

// IsLive reports whether goroutine id is live.
func (l *liveView) IsLive(id int) bool { return l.x.lv.has(id) }

// MaxID returns the number of goroutines started so far.
func (l *liveView) MaxID() int { return len(l.x.gs) }

// Goroutine returns live goroutine id, or nil.
func (l *liveView) Goroutine(id int) *sched.Goroutine {
	x := l.x
	if id < 1 || id > len(x.gs) || !x.gs[id-1].live {
		return nil
	}
	for len(l.gs) < len(x.gs) {
		l.gs = append(l.gs, sched.Goroutine{})
	}
	e := &l.gs[id-1]
	*e = x.goroutineView(x.gs[id-1], x.en.has(id))
	return e
}
