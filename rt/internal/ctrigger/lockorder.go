package ctrigger

import (
	"fmt"
	"sort"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// maxEdges bounds the lock-order edges taken from one trace.
const maxEdges = 4096

// Edge is one goroutine's part of a lock-order cycle.
type Edge struct {
	// HoldSite acquired the lock the goroutine holds while it waits (or,
	// when Holds is false, acquired a lock it released before waiting).
	HoldSite int32
	// WaitSite and WaitKind are the operation that waits: a lock
	// acquisition or a channel operation.
	WaitSite int32
	WaitKind sched.OpKind
	// Holds reports that the lock is held at WaitSite; forcing suspends
	// such a goroutine just before WaitSite.
	Holds bool
}

// Cycle is a potential deadlock: a cycle in the lock-order graph whose
// edges come from distinct goroutines.
type Cycle struct {
	Edges []Edge
}

func (c Cycle) String() string {
	var parts []string
	for _, e := range c.Edges {
		verb := "holding"
		if !e.Holds {
			verb = "after"
		}
		parts = append(parts, fmt.Sprintf("%s@%d %s lock@%d", e.WaitKind, e.WaitSite, verb, e.HoldSite))
	}
	return strings.Join(parts, " | ")
}

func (c Cycle) key() string {
	es := append([]Edge(nil), c.Edges...)
	sort.Slice(es, func(i, j int) bool { return fmt.Sprint(es[i]) < fmt.Sprint(es[j]) })
	return fmt.Sprint(es)
}

// node is a lock or a channel of one execution.
type node struct {
	ch  bool
	obj int32
}

// gedge is an edge of one trace's lock-order graph.
type gedge struct {
	from, to node
	g        int
	e        Edge
	gate     []int32 // other locks held (not read-locked) at the wait
}

// lockGraph builds the lock-order graph of one trace: its distinct edges,
// from the first maxEdges edges the trace shows (a loop repeats the same
// edges, and the cycle search is cubic in the edges it is given).
func lockGraph(steps []sched.Step) []gedge {
	var out []gedge
	heldBy := map[int][]held{}
	acquired := map[int]map[int32]int32{} // goroutine -> lock -> last acquisition site
	seen := map[string]bool{}
	shown := 0 // edges shown, repeated or not
	for _, s := range steps {
		if shown >= maxEdges {
			break
		}
		n := len(out)
		out = appendStep(out, s, heldBy, acquired)
		shown += len(out) - n
		out = out[:n+distinct(out[n:], seen)]
	}
	return out
}

// appendStep adds the edges of step s to out, updating the locks held and
// acquired by s's goroutine.
func appendStep(out []gedge, s sched.Step, heldBy map[int][]held, acquired map[int]map[int32]int32) []gedge {
	op, hs := s.Op, heldBy[s.G]
	switch op.Kind {
	case sched.OpLock, sched.OpRLock:
		out = appendHeld(out, hs, node{obj: op.Obj}, s)
		heldBy[s.G] = append(hs, held{obj: op.Obj, site: op.Site, shared: op.Kind == sched.OpRLock})
		if acquired[s.G] == nil {
			acquired[s.G] = map[int32]int32{}
		}
		acquired[s.G][op.Obj] = op.Site
	case sched.OpUnlock, sched.OpRUnlock:
		heldBy[s.G] = dropHeld(hs, op.Obj)
	case sched.OpCondWait:
		heldBy[s.G] = nil
	case sched.OpSend, sched.OpRecv, sched.OpSelect:
		ch := node{ch: true, obj: op.Obj}
		out = appendHeld(out, hs, ch, s)
		out = appendAfter(out, hs, acquired[s.G], ch, s)
	}
	return out
}

// distinct moves the edges of es not in seen to its front, adds them to
// seen, and returns their number.
func distinct(es []gedge, seen map[string]bool) int {
	n := 0
	for _, e := range es {
		k := fmt.Sprint(e.from, e.to, e.g, e.e, e.gate)
		if !seen[k] {
			seen[k] = true
			es[n] = e
			n++
		}
	}
	return n
}

// appendHeld adds an edge from every lock in hs to the node s waits for.
func appendHeld(out []gedge, hs []held, to node, s sched.Step) []gedge {
	for i, h := range hs {
		if !to.ch && h.obj == to.obj {
			continue
		}
		var gate []int32
		for j, o := range hs {
			if j != i && !o.shared {
				gate = append(gate, o.obj)
			}
		}
		out = append(out, gedge{from: node{obj: h.obj}, to: to, g: s.G, gate: gate,
			e: Edge{HoldSite: h.site, WaitSite: s.Op.Site, WaitKind: s.Op.Kind, Holds: true}})
	}
	return out
}

// appendAfter adds an edge from channel ch to every lock acquired earlier
// and no longer held: the channel operation needs that lock first.
func appendAfter(out []gedge, hs []held, acq map[int32]int32, ch node, s sched.Step) []gedge {
	objs := make([]int32, 0, len(acq))
	for obj := range acq {
		objs = append(objs, obj)
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i] < objs[j] })
	for _, obj := range objs {
		site := acq[obj]
		if holdsObj(hs, obj) {
			continue
		}
		out = append(out, gedge{from: ch, to: node{obj: obj}, g: s.G,
			e: Edge{HoldSite: site, WaitSite: s.Op.Site, WaitKind: s.Op.Kind}})
	}
	return out
}

func holdsObj(hs []held, obj int32) bool {
	for _, h := range hs {
		if h.obj == obj {
			return true
		}
	}
	return false
}

func dropHeld(hs []held, obj int32) []held {
	for j := len(hs) - 1; j >= 0; j-- {
		if hs[j].obj == obj {
			return append(hs[:j:j], hs[j+1:]...)
		}
	}
	return hs
}

// addCycles records the cycles of two or three edges of one trace.
func (a *Analysis) addCycles(steps []sched.Step) {
	es := lockGraph(steps)
	adj := map[node][]int{}
	for i, e := range es {
		adj[e.from] = append(adj[e.from], i)
	}
	for i := range es {
		e1 := &es[i]
		for _, j := range adj[e1.to] {
			e2 := &es[j]
			if e2.g == e1.g {
				continue
			}
			if e2.to == e1.from {
				a.record(e1, e2)
				continue
			}
			for _, k := range adj[e2.to] {
				if e3 := &es[k]; e3.to == e1.from && e3.g != e1.g && e3.g != e2.g {
					a.record(e1, e2, e3)
				}
			}
		}
	}
}

// record keeps a cycle unless a gate lock prunes it.
func (a *Analysis) record(es ...*gedge) {
	c := Cycle{}
	for _, e := range es {
		c.Edges = append(c.Edges, e.e)
	}
	k := c.key()
	if _, seen := a.cycles[k]; seen {
		return
	}
	if gated(es) {
		a.cycles[k] = Cycle{} // pruned: remember, never force
		a.prunedC++
		return
	}
	a.cycles[k] = c
	a.order = append(a.order, k)
}

// gated reports whether two edges of the cycle hold a common further lock.
func gated(es []*gedge) bool {
	for i, x := range es {
		for _, y := range es[i+1:] {
			for _, o := range x.gate {
				for _, p := range y.gate {
					if o == p {
						return true
					}
				}
			}
		}
	}
	return false
}

// Cycles returns the unpruned lock-order cycles in order of discovery, and
// the number pruned by a gate lock.
func (a *Analysis) Cycles() ([]Cycle, int) {
	var out []Cycle
	for _, k := range a.order {
		out = append(out, a.cycles[k])
	}
	return out, a.prunedC
}
