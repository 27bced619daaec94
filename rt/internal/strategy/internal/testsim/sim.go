// Package testsim is a small deterministic program simulator that drives a
// sched.Strategy exactly as the rt engine does (Begin, Pick at every
// scheduling point, Choose, End), for testing strategies before and apart
// from the engine. Programs are Go functions over simulated shared
// variables, mutexes and wait groups; every goroutine runs as a coroutine
// (iter.Pull), so exactly one runs at a time.
//
// It follows the engine's conventions: goroutine IDs from 1 (the body),
// objects numbered by first use within an execution, a scheduling point
// before every visible operation, accesses to untracked groups are not
// scheduling points, Step.Preempt when the previous goroutine was still
// enabled, Spinning after many steps without a write.
package testsim

import (
	"fmt"
	"hash/fnv"
	"iter"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Program is a simulated test: Body runs as goroutine 1 and starts the
// others with G.Go.
type Program struct {
	Name string
	Body func(g *G)
}

// Options bound a simulated execution.
type Options struct {
	// MaxSteps reports a livelock beyond this many steps (default 5000).
	MaxSteps int
	// SpinThreshold marks a goroutine Spinning after this many steps
	// without a write while others are enabled (default 40).
	SpinThreshold int
	// PickEveryStep calls Pick at every scheduling point. By default, as
	// the engine does, Pick is called only when several goroutines are
	// enabled, and only those calls are decisions.
	PickEveryStep bool
}

// Result is one finished execution.
type Result struct {
	Plan    sched.Plan
	Exec    sched.Execution
	Message string
}

// abort unwinds a goroutine whose execution has ended.
type abort struct{}

// world is the state of one execution.
type world struct {
	opt     Options
	plan    sched.Plan
	tracked map[int32]bool
	gs      []*G
	objs    int32
	outcome sched.Outcome
	msg     string
	trace   []sched.Step
	dec     []int
	view    sched.View
	steps   int
}

// G is a simulated goroutine; programs call its methods to act.
type G struct {
	w          *world
	id, parent int
	fn         func(*G)
	pending    sched.Op
	enabled    func() bool
	next       func() (struct{}, bool)
	stop       func()
	yield      func(struct{}) bool
	started    bool
	done       bool
	sinceWrite int
}

// ID returns the goroutine's ID (1 is the body).
func (g *G) ID() int { return g.id }

// Execute runs one execution of p under st; false when st has no more.
func Execute(p *Program, st sched.Strategy, n int, opt Options) (*Result, bool) {
	w := &world{opt: opt.withDefaults()}
	if !st.Begin(&w.plan) {
		return nil, false
	}
	w.tracked = map[int32]bool{}
	for _, g := range w.plan.Track {
		w.tracked[g] = true
	}
	w.spawn(p.Body, 0)
	w.run(st)
	w.cleanup()
	x := &sched.Execution{N: n, Trace: w.trace, Goroutines: len(w.gs), Outcome: w.outcome,
		Hash: traceHash(w.trace), Decisions: w.dec}
	st.End(x)
	return &Result{Plan: w.plan, Exec: *x, Message: w.msg}, true
}

func (o Options) withDefaults() Options {
	if o.MaxSteps <= 0 {
		o.MaxSteps = 5000
	}
	if o.SpinThreshold <= 0 {
		o.SpinThreshold = 40
	}
	return o
}

// run schedules until the execution ends.
func (w *world) run(st sched.Strategy) {
	prev := 0
	for w.outcome == sched.OK {
		v := w.makeView(prev)
		if len(v.Goroutines) == 0 {
			return
		}
		if len(v.Enabled) == 0 {
			w.outcome, w.msg = sched.Deadlock, "all goroutines blocked"
			if w.gs[0].done {
				w.outcome, w.msg = sched.Leak, "goroutines blocked after the body returned"
			}
			return
		}
		if len(w.trace) >= w.opt.MaxSteps {
			w.outcome, w.msg = sched.Livelock, "step bound exceeded"
			return
		}
		id := v.Enabled[0]
		if len(v.Enabled) > 1 || w.opt.PickEveryStep {
			id = st.Pick(v)
			w.dec = append(w.dec, id)
		}
		g := w.enabledG(id)
		w.trace = append(w.trace, sched.Step{G: id, Op: g.pending, Choice: -1,
			Preempt: prev != 0 && prev != id && w.isEnabled(prev)})
		w.resume(g)
		prev = id
	}
}

func (w *world) enabledG(id int) *G {
	if id < 1 || id > len(w.gs) || w.gs[id-1].done || !w.gs[id-1].isEnabled() {
		panic(fmt.Sprintf("testsim: strategy picked goroutine %d, not enabled (enabled %v)", id, w.view.Enabled))
	}
	return w.gs[id-1]
}

func (w *world) isEnabled(id int) bool {
	g := w.gs[id-1]
	return !g.done && g.isEnabled()
}

func (g *G) isEnabled() bool { return g.enabled == nil || g.enabled() }

// makeView builds the scheduling-point view (reusing its buffers).
func (w *world) makeView(prev int) *sched.View {
	v := &w.view
	v.Step, v.Current = w.steps, 0
	v.Goroutines, v.Enabled = v.Goroutines[:0], v.Enabled[:0]
	v.Trace = w.trace // as the engine does
	for _, g := range w.gs {
		if g.done {
			continue
		}
		en := g.isEnabled()
		v.Goroutines = append(v.Goroutines, sched.Goroutine{ID: g.id, Parent: g.parent, Op: g.pending, Enabled: en})
		if en {
			v.Enabled = append(v.Enabled, g.id)
			if g.id == prev {
				v.Current = prev
			}
		}
	}
	for i := range v.Goroutines {
		g := &v.Goroutines[i]
		g.Spinning = w.gs[g.ID-1].sinceWrite >= w.opt.SpinThreshold && len(v.Enabled) > 1
	}
	return v
}

// spawn creates a goroutine whose first step is OpStart.
func (w *world) spawn(fn func(*G), parent int) *G {
	g := &G{w: w, id: len(w.gs) + 1, parent: parent, fn: fn, pending: sched.Op{Kind: sched.OpStart, Group: -1}}
	w.gs = append(w.gs, g)
	return g
}

// resume performs g's pending operation and runs g to its next one.
func (w *world) resume(g *G) {
	g.sinceWrite++
	w.steps++
	if !g.started {
		g.started = true
		g.next, g.stop = iter.Pull(g.seq)
	}
	if _, ok := g.next(); !ok {
		g.done = true
		w.trace = append(w.trace, sched.Step{G: g.id, Op: sched.Op{Kind: sched.OpExit, Group: -1}, Choice: -1})
	}
}

func (g *G) seq(yield func(struct{}) bool) {
	g.yield = yield
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(abort); !ok {
				g.w.fail(sched.Panicked, fmt.Sprint(r))
			}
		}
	}()
	g.fn(g)
}

func (w *world) cleanup() {
	for _, g := range w.gs {
		if g.started && !g.done {
			g.stop()
		}
	}
}

func (w *world) fail(o sched.Outcome, msg string) {
	if w.outcome == sched.OK {
		w.outcome, w.msg = o, msg
	}
}

// visible announces op as g's pending operation and waits to be scheduled.
func (g *G) visible(op sched.Op, enabled func() bool) {
	g.pending, g.enabled = op, enabled
	if !g.yield(struct{}{}) {
		panic(abort{})
	}
	g.enabled = nil
	if g.w.outcome != sched.OK {
		panic(abort{})
	}
}

func (w *world) obj(p *int32) int32 {
	if *p == 0 {
		w.objs++
		*p = w.objs
	}
	return *p
}

func traceHash(tr []sched.Step) uint64 {
	h := fnv.New64a()
	for _, s := range tr {
		fmt.Fprintf(h, "%d:%d:%d:%d;", s.G, s.Op.Kind, s.Op.Obj, s.Op.Site)
	}
	return h.Sum64()
}
