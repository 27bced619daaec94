package strategy

import (
	"math/rand"
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
		if !s.Op.Kind.IsAccess() || s.Op.Group < 0 {
			continue
		}
		groups[s.Op.Group]++
		k, _ := names.key(s.Op)
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
