package testsim

import "github.com/vtbound/vtbound/rt/internal/sched"

// Var is a simulated shared integer variable in a variable group.
type Var struct {
	group int32
	site  int32
	val   int
	obj   int32
}

// Mutex is a simulated sync.Mutex.
type Mutex struct {
	holder int
	obj    int32
}

// WaitGroup is a simulated sync.WaitGroup.
type WaitGroup struct {
	n   int
	obj int32
}

// NewVar returns a fresh variable of group with initial value x.
func NewVar(group int32, x int) *Var { return &Var{group: group, site: group + 1, val: x} }

// NewVars returns n fresh variables of one group (an array or the objects of
// one allocation site).
func NewVars(group int32, n int) []*Var {
	vs := make([]*Var, n)
	for i := range vs {
		vs[i] = NewVar(group, 0)
	}
	return vs
}

func (g *G) access(k sched.OpKind, v *Var) {
	if g.w.plan.TrackAll || g.w.tracked[v.group] {
		g.visible(sched.Op{Kind: k, Site: v.site, Group: v.group, Obj: g.w.obj(&v.obj)}, nil)
	}
}

// Read returns v's value (a scheduling point when v's group is tracked).
func (g *G) Read(v *Var) int {
	g.access(sched.OpRead, v)
	return v.val
}

// Write sets v to x.
func (g *G) Write(v *Var, x int) {
	g.access(sched.OpWrite, v)
	v.val = x
	g.sinceWrite = 0
}

// Inc adds one to v as a single write step, as the rewriter emits x++.
func (g *G) Inc(v *Var) {
	g.access(sched.OpWrite, v)
	v.val++
	g.sinceWrite = 0
}

func (g *G) sync(k sched.OpKind, obj *int32, enabled func() bool) {
	g.visible(sched.Op{Kind: k, Group: -1, Obj: g.w.obj(obj)}, enabled)
}

// Lock acquires m, blocking while another goroutine holds it.
func (g *G) Lock(m *Mutex) {
	g.sync(sched.OpLock, &m.obj, func() bool { return m.holder == 0 })
	m.holder = g.id
}

// Unlock releases m.
func (g *G) Unlock(m *Mutex) {
	g.sync(sched.OpUnlock, &m.obj, nil)
	if m.holder != g.id {
		panic("sync: unlock of unlocked mutex")
	}
	m.holder = 0
}

// Add adds delta to wg's counter.
func (g *G) Add(wg *WaitGroup, delta int) {
	g.sync(sched.OpWGAdd, &wg.obj, nil)
	wg.n += delta
	g.sinceWrite = 0
	if wg.n < 0 {
		panic("sync: negative WaitGroup counter")
	}
}

// Wait blocks until wg's counter is zero.
func (g *G) Wait(wg *WaitGroup) {
	g.sync(sched.OpWGWait, &wg.obj, func() bool { return wg.n == 0 })
}

// Yield is runtime.Gosched.
func (g *G) Yield() { g.visible(sched.Op{Kind: sched.OpYield, Group: -1}, nil) }

// Go starts fn as a new goroutine.
func (g *G) Go(fn func(*G)) {
	g.visible(sched.Op{Kind: sched.OpGo, Group: -1}, nil)
	g.w.spawn(fn, g.id)
}

// Assert fails the execution (as t.Fatal) when cond is false.
func (g *G) Assert(cond bool, msg string) {
	if !cond {
		g.w.fail(sched.Failed, msg)
		panic(abort{})
	}
}

// Panic panics in the goroutine, as a nil dereference would.
func (g *G) Panic(msg string) { panic(msg) }

// Join starts fns as goroutines and waits for them with a WaitGroup, as a
// test body does: Add(len), go each (Done on return), Wait.
func Join(g *G, fns ...func(*G)) {
	wg := &WaitGroup{}
	g.Add(wg, len(fns))
	for _, fn := range fns {
		g.Go(func(c *G) {
			fn(c)
			c.Add(wg, -1)
		})
	}
	g.Wait(wg)
}
