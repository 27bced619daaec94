package coverage

import (
	"sort"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Stmt is a statement as HaPSets see it: the site and operation kind,
// the truncated calling context (sched.Step.Ctx; 0 when not recorded), and
// whether its goroutine is the remote side of the pair it is recorded in.
type Stmt struct {
	Site   int32
	Kind   sched.OpKind
	Ctx    uint64
	Remote bool
}

// Pair is one HaPSet entry: Pred ∈ HaPSet[Of].
type Pair struct {
	Of, Pred Stmt
}

// Stmts returns the statements of two steps of different goroutines,
// marked local and remote by goroutine ID.
func Stmts(a, b sched.Step) (Stmt, Stmt) {
	sa := Stmt{Site: a.Op.Site, Kind: a.Op.Kind, Ctx: a.Ctx, Remote: a.G > b.G}
	sb := Stmt{Site: b.Op.Site, Kind: b.Op.Kind, Ctx: b.Ctx, Remote: b.G > a.G}
	return sa, sb
}

// HaPSets holds the learned history-aware predecessor sets.
// The zero value is empty and ready to use.
type HaPSets struct {
	set map[Pair]struct{}
	// last is Learn's scratch: by object, an index into lasts, which holds
	// the latest event of each goroutine that touched the object. A list,
	// not a slice indexed by goroutine: a loop that starts a goroutine and
	// makes a channel per round (time.After) touches many objects, each
	// from few of many goroutines.
	last  map[objKey]int
	lasts [][]lastEvent
}

// lastEvent is goroutine g's latest event on an object: trace index at-1.
type lastEvent struct{ g, at int }

type objKey struct {
	class sched.Class
	obj   int32
}

// Has reports whether pred ∈ HaPSet[of].
func (h *HaPSets) Has(of, pred Stmt) bool {
	_, ok := h.set[Pair{of, pred}]
	return ok
}

// Len counts the entries (pairs) learned.
func (h *HaPSets) Len() int { return len(h.set) }

// Add records pred ∈ HaPSet[of] and reports whether it is new.
func (h *HaPSets) Add(of, pred Stmt) bool {
	if h.set == nil {
		h.set = map[Pair]struct{}{}
	}
	p := Pair{of, pred}
	if _, ok := h.set[p]; ok {
		return false
	}
	h.set[p] = struct{}{}
	return true
}

// Pairs returns the entries, sorted.
func (h *HaPSets) Pairs() []Pair {
	out := make([]Pair, 0, len(h.set))
	for p := range h.set {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return lessPair(out[i], out[j]) })
	return out
}

func lessStmt(a, b Stmt) bool {
	if a.Site != b.Site {
		return a.Site < b.Site
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Ctx != b.Ctx {
		return a.Ctx < b.Ctx
	}
	return !a.Remote && b.Remote
}

func lessPair(a, b Pair) bool {
	if a.Of != b.Of {
		return lessStmt(a.Of, b.Of)
	}
	return lessStmt(a.Pred, b.Pred)
}

// learnable reports whether an operation takes part in HaPSets: it touches
// a shared object and is not an unlock.
func learnable(op sched.Op) bool {
	switch op.Kind {
	case sched.OpUnlock, sched.OpRUnlock, sched.OpExit:
		return false
	}
	return op.Kind.Info().Class != sched.ClassNone
}

// Learn adds the HaPSet entries of one execution's trace (LearnHaPSets of
// Algorithm 1 at every step) and returns how many were new. The caller
// passes only executions that did not fail.
//
// For step p and each other goroutine, the candidate is that goroutine's
// last earlier event on p's object, unless p's own goroutine touched the
// object after it: then p depends on its own goroutine's event, as in the
// paper's Fig. 1 example (HaPSet[e3] stays empty because e2, of e3's own
// thread, is the last access of p before it).
func (h *HaPSets) Learn(trace []sched.Step) int {
	if h.last == nil {
		h.last = map[objKey]int{}
	}
	clear(h.last)
	added, used := 0, 0
	for j, st := range trace {
		if !learnable(st.Op) {
			continue
		}
		key := objKey{st.Op.Kind.Info().Class, st.Op.Obj}
		k, ok := h.last[key]
		if !ok {
			k, used = used, used+1
			if k == len(h.lasts) {
				h.lasts = append(h.lasts, nil)
			}
			h.lasts[k] = h.lasts[k][:0]
			h.last[key] = k
		}
		last := h.lasts[k]
		own, ownAt := -1, 0
		for i := range last {
			if last[i].g == st.G {
				own, ownAt = i, last[i].at
				break
			}
		}
		added += h.learnStep(trace, j, last, ownAt)
		if own >= 0 {
			last[own].at = j + 1
		} else {
			h.lasts[k] = append(last, lastEvent{st.G, j + 1})
		}
	}
	return added
}

// learnStep adds the entries of step j given last, the latest event of
// each goroutine on its object (own: that of j's goroutine, 0 for none),
// and returns how many were new.
func (h *HaPSets) learnStep(trace []sched.Step, j int, last []lastEvent, own int) int {
	st := trace[j]
	added := 0
	for _, l := range last {
		if l.g == st.G || l.at < own {
			continue // p's own goroutine, or superseded by it
		}
		d := trace[l.at-1]
		if !sched.Dependent(d.Op, st.Op) {
			continue
		}
		of, pred := Stmts(st, d)
		if h.Add(of, pred) {
			added++
		}
	}
	return added
}
