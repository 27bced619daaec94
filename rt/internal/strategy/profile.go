package strategy

import (
	"math/rand"
	"slices"
	"sort"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// prepRuns is the number of preparatory random executions that profile a
// program before the variable-bounded strategies start.
const prepRuns = 8

// profile accumulates what executions reveal about a program: goroutine and
// step counts, variable groups with their largest access count k_q, and
// which goroutines accessed each variable.
type profile struct {
	runs   int
	n      int
	steps  int
	groups map[int32]int
	vars   map[VarKey]*varStat
}

// varStat describes one variable over the profiled executions.
type varStat struct {
	users map[int]bool
	max   int
}

// shared reports whether at least two goroutines accessed the variable in
// one execution (the paper's "known to be shared").
func (s *varStat) shared() bool { return len(s.users) >= 2 }

func (p *profile) add(x *sched.Execution) {
	if p.groups == nil {
		p.groups = make(map[int32]int)
		p.vars = make(map[VarKey]*varStat)
	}
	p.runs++
	p.n = max(p.n, x.Goroutines)
	p.steps = max(p.steps, len(x.Trace))
	groups := map[int32]int{}
	vars := map[VarKey]*varStat{}
	var names varNamer
	for _, s := range x.Trace {
		if g, ok := changeGroup(s.Op); ok {
			groups[g]++
		}
		if !s.Op.Kind.IsAccess() || s.Op.Group < 0 {
			continue
		}
		k, _ := names.key(s.Op, x.Heap)
		st := vars[k]
		if st == nil {
			st = &varStat{users: map[int]bool{}}
			vars[k] = st
		}
		st.users[s.G] = true
		st.max++
	}
	for g, n := range groups {
		p.groups[g] = max(p.groups[g], n)
	}
	p.mergeVars(vars)
}

func (p *profile) mergeVars(vars map[VarKey]*varStat) {
	for k, st := range vars {
		old := p.vars[k]
		if old == nil {
			p.vars[k] = st
			continue
		}
		old.max = max(old.max, st.max)
		if len(st.users) > len(old.users) {
			old.users = st.users
		}
	}
}

// syncGroup is the pseudo-group of every synchronisation operation: the
// randomized strategies may choose it like a variable group, so that their
// change points can follow lock, channel and WaitGroup operations (the
// paper's variables "may include synchronization operations").
const syncGroup int32 = -1

// changeGroup returns the group whose access count op advances.
func changeGroup(op sched.Op) (int32, bool) {
	switch {
	case isSync(op.Kind):
		return syncGroup, true
	case op.Kind.IsAccess() && op.Group >= 0:
		return op.Group, true
	}
	return 0, false
}

// trackable returns groups without the sync pseudo-group, for Plan.Track.
func trackable(groups []int32) []int32 {
	return slices.DeleteFunc(slices.Clone(groups), func(g int32) bool { return g == syncGroup })
}

// groupList returns the groups seen, ascending.
func (p *profile) groupList() []int32 {
	var gs []int32
	for g := range p.groups {
		gs = append(gs, g)
	}
	sort.Slice(gs, func(i, j int) bool { return gs[i] < gs[j] })
	return gs
}

// prepPick is the random walk of preparatory executions.
func prepPick(rng *rand.Rand, v *sched.View) int {
	return v.Enabled[rng.Intn(len(v.Enabled))]
}
