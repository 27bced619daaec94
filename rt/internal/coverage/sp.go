package coverage

import (
	"sort"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Prim is a set of synchronisation primitives whose actions SP coverage
// counts.
type Prim uint8

// The primitives (see the package doc for their actions).
const (
	PrimLock Prim = 1 << iota
	PrimChan
	PrimWaitGroup
	PrimOnce
	PrimCond
	PrimAll = PrimLock | PrimChan | PrimWaitGroup | PrimOnce | PrimCond
)

// PrimOf returns the primitive whose SP action k is, or 0 when k is not an
// SP action (an unlock, a memory access, a go statement, ...).
func PrimOf(k sched.OpKind) Prim {
	switch k {
	case sched.OpLock, sched.OpRLock, sched.OpTryLock:
		return PrimLock
	case sched.OpSend, sched.OpRecv, sched.OpClose, sched.OpSelect:
		return PrimChan
	case sched.OpWGDone, sched.OpWGWait:
		return PrimWaitGroup
	case sched.OpOnce:
		return PrimOnce
	case sched.OpCondSignal, sched.OpCondBroadcast, sched.OpCondWake:
		return PrimCond
	}
	return 0
}

// Req is an SP requirement: the action at site First immediately followed,
// on the same object, by the action at site Then.
type Req struct {
	First, Then int32
}

// Action is one SP action of an execution's thread model.
type Action struct {
	G    int   // goroutine
	Step int   // trace index
	Site int32 // location
	obj  objKey
	// locks is the lockset when the action begins: the write locks the
	// goroutine holds, each with the trace index of its acquisition.
	locks []heldLock
}

type heldLock struct {
	obj int32
	at  int
}

// Continues reports whether step i of trace is the completion of the
// blocking operation its goroutine's previous step started (the engine
// records such an operation twice); last maps goroutines to their
// previous step's index + 1.
func continues(trace []sched.Step, i int, last []int) bool {
	g := trace[i].G
	return g < len(last) && last[g] > 0 && trace[last[g]-1].Op.Same(trace[i].Op)
}

// Model is the thread model of one execution (Sec. 2.2.1): its SP actions
// in order and the go statements' precedence.
type Model struct {
	Actions []Action
	// parent and forkAt give, by goroutine, the goroutine that started it
	// and the trace index of that go statement (-1 for the body).
	parent, forkAt []int
}

// NewModel builds the thread model of trace, keeping the actions of the
// primitives in prims.
func NewModel(trace []sched.Step, prims Prim) *Model {
	m := &Model{parent: []int{0, 0}, forkAt: []int{-1, -1}}
	held := map[int][]heldLock{}
	var last []int
	for i, st := range trace {
		cont := continues(trace, i, last)
		for len(last) <= st.G {
			last = append(last, 0)
		}
		last[st.G] = i + 1
		switch st.Op.Kind {
		case sched.OpGo:
			m.parent, m.forkAt = append(m.parent, st.G), append(m.forkAt, i)
		case sched.OpLock:
			held[st.G] = append(held[st.G], heldLock{st.Op.Obj, i})
		case sched.OpUnlock:
			held[st.G] = release(held[st.G], st.Op.Obj)
		}
		p := PrimOf(st.Op.Kind)
		if cont || p == 0 || p&prims == 0 {
			continue
		}
		key := objKey{st.Op.Kind.Info().Class, st.Op.Obj}
		locks := held[st.G]
		if st.Op.Kind == sched.OpLock { // the lockset is taken before the action
			locks = locks[:len(locks)-1]
		}
		m.Actions = append(m.Actions, Action{G: st.G, Step: i, Site: st.Op.Site, obj: key, locks: append([]heldLock(nil), locks...)})
	}
	return m
}

func release(h []heldLock, obj int32) []heldLock {
	for k := len(h) - 1; k >= 0; k-- {
		if h[k].obj == obj {
			return append(h[:k:k], h[k+1:]...)
		}
	}
	return h
}

// precedes reports q ≺ p: p's goroutine descends from a go statement its
// ancestor q's goroutine executed after q.
func (m *Model) precedes(q, p *Action) bool {
	for g := p.G; g > 1 && g < len(m.parent); g = m.parent[g] {
		if m.parent[g] == q.G && m.forkAt[g] > q.Step {
			return true
		}
	}
	return false
}

// next returns the index of the next action of a's goroutine on a's object
// after index k, or -1; prev the previous one.
func (m *Model) next(k int) int {
	a := &m.Actions[k]
	for i := k + 1; i < len(m.Actions); i++ {
		if b := &m.Actions[i]; b.G == a.G && b.obj == a.obj {
			return i
		}
	}
	return -1
}

func (m *Model) prev(k int) int {
	a := &m.Actions[k]
	for i := k - 1; i >= 0; i-- {
		if b := &m.Actions[i]; b.G == a.G && b.obj == a.obj {
			return i
		}
	}
	return -1
}

// guarded returns lockset(a, b): the locks held continuously from a to b
// (the same acquisition in both locksets); nil when a or b is -1.
func (m *Model) guarded(a, b int) []heldLock {
	if a < 0 || b < 0 {
		return nil
	}
	var out []heldLock
	for _, l := range m.Actions[a].locks {
		for _, l2 := range m.Actions[b].locks {
			if l == l2 {
				out = append(out, l)
			}
		}
	}
	return out
}

// disjoint reports whether two locksets share no lock.
func disjoint(a, b []heldLock) bool {
	for _, x := range a {
		for _, y := range b {
			if x.obj == y.obj {
				return false
			}
		}
	}
	return true
}

// Accept applies AC1-AC4 to the actions at indices p and q on one object.
func (m *Model) Accept(p, q int) bool {
	ap, aq := &m.Actions[p], &m.Actions[q]
	if ap.G == aq.G {
		return m.next(p) == q // AC1
	}
	return disjoint(m.guarded(p, m.next(p)), aq.locks) && // AC2
		disjoint(ap.locks, m.guarded(m.prev(q), q)) && // AC3
		!m.precedes(aq, ap) // AC4
}

// Estimate returns the SP requirements the model accepts (Sec. 2.3),
// sorted.
func (m *Model) Estimate() []Req {
	set := map[Req]bool{}
	for p := range m.Actions {
		for q := range m.Actions {
			if p == q || m.Actions[p].obj != m.Actions[q].obj {
				continue
			}
			r := Req{m.Actions[p].Site, m.Actions[q].Site}
			if !set[r] && m.Accept(p, q) {
				set[r] = true
			}
		}
	}
	return sortedReqs(set)
}

func sortedReqs(set map[Req]bool) []Req {
	out := make([]Req, 0, len(set))
	for r := range set {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].First != out[j].First {
			return out[i].First < out[j].First
		}
		return out[i].Then < out[j].Then
	})
	return out
}

// Satisfied returns the SP requirements an execution satisfies
// (Definition 2): consecutive actions on one object.
func (m *Model) Satisfied() []Req {
	set := map[Req]bool{}
	lastAt := map[objKey]int32{}
	for _, a := range m.Actions {
		if l, ok := lastAt[a.obj]; ok {
			set[Req{l, a.Site}] = true
		}
		lastAt[a.obj] = a.Site
	}
	return sortedReqs(set)
}
