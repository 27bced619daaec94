package strategy

import "github.com/vtbound/vtbound/rt/internal/sched"

// vclock is a vector clock indexed by goroutine ID.
type vclock []int32

func (v vclock) copy() vclock { return append(vclock(nil), v...) }

// leq reports whether v happened before or equals w.
func (v vclock) leq(w vclock) bool {
	for i, x := range v {
		if x > 0 && (i >= len(w) || x > w[i]) {
			return false
		}
	}
	return true
}

func (v *vclock) join(w vclock) {
	for len(*v) < len(w) {
		*v = append(*v, 0)
	}
	for i, x := range w {
		if x > (*v)[i] {
			(*v)[i] = x
		}
	}
}

func (v *vclock) tick(g int) {
	for len(*v) <= g {
		*v = append(*v, 0)
	}
	(*v)[g]++
}

// clocks computes the structural happens-before of a trace: program order,
// go statement before the child's first step, WaitGroup Add/Done before
// Wait, send and close before receive, Once before the later Once calls.
// Goroutine IDs follow creation order, so the j-th go statement of a trace
// creates goroutine j+1.
type clocks struct {
	g     map[int]vclock
	obj   map[int32]vclock
	spawn map[int]vclock
	gos   int
}

func newClocks() *clocks {
	return &clocks{g: map[int]vclock{}, obj: map[int32]vclock{}, spawn: map[int]vclock{}, gos: 1}
}

// step advances the clocks over s and returns its goroutine's clock.
func (c *clocks) step(s sched.Step) vclock {
	vc := c.g[s.G]
	if s.Op.Kind == sched.OpStart {
		vc.join(c.spawn[s.G])
	}
	vc.tick(s.G)
	switch s.Op.Kind {
	case sched.OpGo:
		c.gos++
		c.spawn[c.gos] = vc.copy()
	case sched.OpWGAdd, sched.OpWGDone, sched.OpSend, sched.OpClose:
		o := c.obj[s.Op.Obj]
		o.join(vc)
		c.obj[s.Op.Obj] = o
	case sched.OpWGWait, sched.OpRecv, sched.OpSelect:
		vc.join(c.obj[s.Op.Obj])
	case sched.OpOnce:
		vc.join(c.obj[s.Op.Obj])
		o := c.obj[s.Op.Obj]
		o.join(vc)
		c.obj[s.Op.Obj] = o
	}
	c.g[s.G] = vc
	return vc
}
