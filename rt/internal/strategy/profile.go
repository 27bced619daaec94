package strategy

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strconv"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// prepRuns is the number of preparatory random executions that profile a
// program before the variable-bounded strategies start.
const prepRuns = 8

// profile accumulates what executions reveal about a program: goroutine and
// step counts, variable classes with their largest access count k_q, and
// which goroutines accessed each variable.
type profile struct {
	runs    int
	n       int
	steps   int
	classes map[varClass]int
	vars    map[VarKey]*varStat
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
	if p.classes == nil {
		p.classes = make(map[varClass]int)
		p.vars = make(map[VarKey]*varStat)
	}
	p.runs++
	p.n = max(p.n, x.Goroutines)
	p.steps = max(p.steps, len(x.Trace))
	classes := map[varClass]int{}
	vars := map[VarKey]*varStat{}
	var names varNamer
	for _, s := range x.Trace {
		if c, ok := changeClass(s.Op, x.Heap); ok {
			classes[c]++
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
	for c, n := range classes {
		p.classes[c] = max(p.classes[c], n)
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

// varClass is a variable of the randomized variable-bounded strategies
// (pctvb, vt): a variable group, split by allocation site for accesses to
// registered heap objects (Alloc is 0 otherwise), so that objects of one
// type allocated at different statements are different variables, as the
// paper's heap-allocation-site variables are.
type varClass struct {
	Group, Alloc int32
}

// String renders the class for plan labels: "3", or "3@12" for group 3 in
// objects of allocation site 12.
func (c varClass) String() string {
	if c.Alloc == 0 {
		return strconv.Itoa(int(c.Group))
	}
	return fmt.Sprintf("%d@%d", c.Group, c.Alloc)
}

// changeClass returns the class whose access count op advances; heap is
// the execution's registered heap objects.
func changeClass(op sched.Op, heap []sched.HeapObject) (varClass, bool) {
	switch {
	case op.Kind.IsSync():
		return varClass{Group: syncGroup}, true
	case op.Kind.IsAccess() && op.Group >= 0:
		c := varClass{Group: op.Group}
		if h := int(op.Heap) - 1; h >= 0 && h < len(heap) {
			c.Alloc = heap[h].Site
		}
		return c, true
	}
	return varClass{}, false
}

// trackable returns the groups of classes without the sync pseudo-group,
// once each, for Plan.Track.
func trackable(classes []varClass) []int32 {
	var gs []int32
	for _, c := range classes {
		if c.Group != syncGroup && !slices.Contains(gs, c.Group) {
			gs = append(gs, c.Group)
		}
	}
	return gs
}

// classList returns the classes seen, in ascending order.
func (p *profile) classList() []varClass {
	var cs []varClass
	for c := range p.classes {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Group != cs[j].Group {
			return cs[i].Group < cs[j].Group
		}
		return cs[i].Alloc < cs[j].Alloc
	})
	return cs
}

// prepPick is the random walk of preparatory executions.
func prepPick(rng *rand.Rand, v *sched.View) int {
	return v.Enabled[rng.Intn(len(v.Enabled))]
}
