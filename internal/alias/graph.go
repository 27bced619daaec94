package alias

import "sort"

// labelKind orders labels: a class is named after its best (lowest) label.
type labelKind uint8

const (
	labelGlobal labelKind = iota // package-level variable
	labelVar                     // local variable kept in memory
	labelAlloc                   // allocation site
	labelType                    // unknown object of a type
)

// label names one abstract object that belongs to a class.
type label struct {
	kind labelKind
	name string
}

// node is one element of the union-find forest of points-to classes.
//
// Invariant: pt, escaped and labels are meaningful only at a root
// (parent == own index); pt is -1 or a node index.
type node struct {
	parent  int32
	pt      int32
	escaped bool
	labels  []label
}

// graph is the constraint graph: points-to classes with unification.
type graph struct {
	nodes []node
	// pending holds pairs of classes still to unify (avoids deep recursion).
	pending [][2]int32
}

// fresh returns a new singleton class.
func (g *graph) fresh() int32 {
	i := int32(len(g.nodes))
	g.nodes = append(g.nodes, node{parent: i, pt: -1})
	return i
}

// find returns the root of i's class, compressing paths.
func (g *graph) find(i int32) int32 {
	root := i
	for g.nodes[root].parent != root {
		root = g.nodes[root].parent
	}
	for g.nodes[i].parent != root {
		next := g.nodes[i].parent
		g.nodes[i].parent = root
		i = next
	}
	return root
}

// pointee returns the class that pointers stored in class i point to,
// creating it if needed.
func (g *graph) pointee(i int32) int32 {
	r := g.find(i)
	if p := g.nodes[r].pt; p >= 0 {
		return g.find(p)
	}
	p := g.fresh()
	g.nodes[r].pt = p
	return p
}

// union merges the classes of a and b and, recursively, their pointees.
func (g *graph) union(a, b int32) {
	g.pending = append(g.pending, [2]int32{a, b})
	for len(g.pending) > 0 {
		n := len(g.pending) - 1
		pair := g.pending[n]
		g.pending = g.pending[:n]
		g.merge(pair[0], pair[1])
	}
}

// merge joins two roots and schedules the union of their pointees.
func (g *graph) merge(a, b int32) {
	ra, rb := g.find(a), g.find(b)
	if ra == rb {
		return
	}
	if len(g.nodes[ra].labels) < len(g.nodes[rb].labels) {
		ra, rb = rb, ra
	}
	na, nb := &g.nodes[ra], &g.nodes[rb]
	nb.parent = ra
	na.escaped = na.escaped || nb.escaped
	na.labels = append(na.labels, nb.labels...)
	nb.labels = nil
	switch {
	case na.pt < 0:
		na.pt = nb.pt
	case nb.pt >= 0:
		g.pending = append(g.pending, [2]int32{na.pt, nb.pt})
	}
	nb.pt = -1
}

// addLabel attaches an object label to class i.
func (g *graph) addLabel(i int32, l label) {
	r := g.find(i)
	g.nodes[r].labels = append(g.nodes[r].labels, l)
}

// escape marks class i as reachable by more than one goroutine.
func (g *graph) escape(i int32) {
	g.nodes[g.find(i)].escaped = true
}

// escaped reports whether class i is shared.
func (g *graph) escaped(i int32) bool {
	return g.nodes[g.find(i)].escaped
}

// bestLabel returns the label a class is named after, or false if the
// class holds no labelled object.
func (g *graph) bestLabel(i int32) (label, bool) {
	ls := g.nodes[g.find(i)].labels
	if len(ls) == 0 {
		return label{}, false
	}
	best := ls[0]
	for _, l := range ls[1:] {
		if l.kind < best.kind || (l.kind == best.kind && l.name < best.name) {
			best = l
		}
	}
	return best, true
}

// sortedLabels returns the distinct label names of class i, sorted.
func (g *graph) sortedLabels(i int32) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range g.nodes[g.find(i)].labels {
		if !seen[l.name] {
			seen[l.name] = true
			out = append(out, l.name)
		}
	}
	sort.Strings(out)
	return out
}
