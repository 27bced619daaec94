package strategy

import (
	"math/rand"
	"slices"
	"sort"
)

// maxCandidates caps the variables combined into subsets.
const maxCandidates = 64

// candidate is a variable offered to the subset enumeration.
type candidate struct {
	key    VarKey
	shared bool
}

// buildSubsets lists the variable subsets of sizes vmin..V, those made only
// of shared variables first, then by loop-iteration index.
func (e *Exhaustive) buildSubsets() [][]VarKey {
	if e.dynamic {
		return [][]VarKey{nil}
	}
	cands := candidates(&e.prof, e.cfg.L)
	var out [][]VarKey
	for v := e.vmin; v <= e.cfg.V; v++ {
		var level [][]VarKey
		var unshared []int
		combos(len(cands), v, func(idx []int) {
			set, n := make([]VarKey, len(idx)), 0
			for i, j := range idx {
				set[i] = cands[j].key
				if !cands[j].shared {
					n++
				}
			}
			level = append(level, set)
			unshared = append(unshared, n)
		})
		order := make([]int, len(level))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return unshared[order[a]] < unshared[order[b]] })
		for _, i := range order {
			out = append(out, level[i])
		}
	}
	return out
}

// candidates returns the profiled variables with loop-iteration number
// < l, plus a whole-group variable for each group that has variables
// beyond the bound, shared ones first.
func candidates(p *profile, l int) []candidate {
	beyond := map[int32]bool{}
	sharedGroup := map[int32]bool{}
	var out []candidate
	for k, st := range p.vars {
		sharedGroup[k.Group] = sharedGroup[k.Group] || st.shared()
		if int(k.LoopIter()) < l {
			out = append(out, candidate{k, st.shared()})
		} else {
			beyond[k.Group] = true
		}
	}
	for g := range beyond {
		out = append(out, candidate{wholeGroup(g), sharedGroup[g]})
	}
	sort.Slice(out, func(i, j int) bool { return candLess(out[i], out[j]) })
	return out[:min(len(out), maxCandidates)]
}

// candLess orders candidates: shared first, then by loop-iteration number
// (whole groups last), then by name.
func candLess(a, b candidate) bool {
	if a.shared != b.shared {
		return a.shared
	}
	ai, bi := uint32(a.key.LoopIter()), uint32(b.key.LoopIter()) // whole group (-1) last
	if ai != bi {
		return ai < bi
	}
	return keyLess(a.key, b.key)
}

// keyLess is a total order on variables.
func keyLess(a, b VarKey) bool {
	return slices.Compare([]int32{a.Group, a.Alloc, a.Obj, a.Iter, a.Index}, []int32{b.Group, b.Alloc, b.Obj, b.Iter, b.Index}) < 0
}

// combos calls f with every k-subset of [0,n) in lexicographic order.
func combos(n, k int, f func([]int)) {
	idx := make([]int, k)
	var rec func(pos, from int)
	rec = func(pos, from int) {
		if pos == k {
			f(slices.Clone(idx))
			return
		}
		for i := from; i <= n-(k-pos); i++ {
			idx[pos] = i
			rec(pos+1, i+1)
		}
	}
	rec(0, 0)
}

// maxOrderEntries bounds the memory of one subset's priority orders: at
// most this many priorities in all (8 MiB).
const maxOrderEntries = 1 << 20

// priorityOrders returns the thread-bounded priority orders for n goroutines
// and c preemption fragments: every permutation of n+c when there are fewer
// than Lemma 4.1 asks for t, otherwise that many random permutations, at
// most maxOrderEntries/(n+c) of them; capped reports that the bound cut
// the count (the search is then incomplete).
func priorityOrders(n, c, t int, rng *rand.Rand) (orders [][]int64, capped bool) {
	m := n + c
	need := ThreadBoundRuns(n, t, c, coverageEps)
	if m <= 8 && factorial(m) <= need {
		return allPerms(m), false
	}
	if limit := max(1, maxOrderEntries/m); need > limit {
		need, capped = limit, true
	}
	out := make([][]int64, need)
	for i := range out {
		p := make([]int64, m)
		for j, x := range rng.Perm(m) {
			p[j] = int64(x)
		}
		out[i] = p
	}
	return out, capped
}

func factorial(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

// allPerms returns every permutation of 0..m-1.
func allPerms(m int) [][]int64 {
	var out [][]int64
	p := make([]int64, m)
	used := make([]bool, m)
	var rec func(pos int)
	rec = func(pos int) {
		if pos == m {
			out = append(out, slices.Clone(p))
			return
		}
		for x := 0; x < m; x++ {
			if !used[x] {
				used[x], p[pos] = true, int64(x)
				rec(pos + 1)
				used[x] = false
			}
		}
	}
	rec(0)
	return out
}
