package alias

// solve propagates sharing: whatever a shared object points to is shared.
// Unification already happened while the constraints were built.
func (r *Result) solve() {
	g := r.g
	var work []int32
	for i := range g.nodes {
		n := int32(i)
		if g.find(n) == n && g.nodes[n].escaped {
			work = append(work, n)
		}
	}
	defer g.flatten()
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		p := g.nodes[g.find(n)].pt
		if p < 0 {
			continue
		}
		p = g.find(p)
		if !g.nodes[p].escaped {
			g.nodes[p].escaped = true
			work = append(work, p)
		}
	}
}

// flatten points every node directly at its root, so that queries after
// solving never write (find's path compression has nothing left to do).
func (g *graph) flatten() {
	for i := range g.nodes {
		g.nodes[i].parent = g.find(int32(i))
	}
}
