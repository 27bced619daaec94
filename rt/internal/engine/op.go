package engine

import (
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// pendingOp is what the engine knows of a goroutine's pending operation
// beyond its sched.Op. What is particular to a primitive lives in its
// wait value, kept by its room.
type pendingOp struct {
	// wait is what the operation waits for; nil for an operation that
	// never blocks (it is enabled until it takes its step).
	wait wait
	// waiting: the operation has arrived and now waits (a two-step
	// operation: an RWMutex Lock waiting as a writer, a channel operation
	// without a partner).
	waiting bool
}

// wait is the blocking part of a pending operation. Each room that has
// blocking operations defines its waits: often the object's state itself
// (a *mutexState waits until the mutex is unlocked), else a value of the
// operation's own (a channel operation's cases).
type wait interface {
	// enabled reports whether g, whose pending operation waits so, can
	// take its step now.
	enabled(x *execution, g *G) bool
	// group returns the set of waiters of an object that g joins while it
	// waits, when the wait is enabled exactly while a condition on that
	// object holds (a mutex is unlocked, a WaitGroup's counter is zero),
	// and whether the condition holds now; nil when it is not so. The
	// object moves its waiters into and out of the enabled set as the
	// condition changes (enabled.go).
	group() (w *waitSet, open bool)
	// state is what the Go runtime prints for a goroutine blocked so
	// ("chan receive", "sync.Mutex.Lock"; see Looks).
	state(g *G) string
}

// enter is the first thing every operation does: it reports false when g
// is a released goroutine (released.go), which does not take the
// operation's step (the caller does what a released goroutine does
// instead), and otherwise publishes g's pending operation: kind at site on
// obj, with no wait. The caller then sets what the operation waits for,
// if anything, and calls g.schedule.
func (g *G) enter(kind sched.OpKind, site int32, obj unsafe.Pointer) bool {
	if g.abort {
		g.skipped() // released.go
		return false
	}
	g.announce(kind, site, obj)
	return true
}

// Step announces an operation of kind on obj at site that never blocks
// and returns when g is picked to perform it; false means g is being
// released at the end of the execution and must not perform it.
func (g *G) Step(kind sched.OpKind, site int32, obj unsafe.Pointer) bool {
	if !g.enter(kind, site, obj) {
		return false
	}
	g.schedule()
	return !g.abort
}

// announce publishes g's pending operation.
func (g *G) announce(kind sched.OpKind, site int32, obj unsafe.Pointer) {
	g.op = sched.Op{Kind: kind, Site: site, Group: -1, Obj: g.x.objID(obj)}
	if g.x.plan.Identity {
		g.op.Ident = g.x.identOf(obj) // ident.go; 0 outside recorded allocations
	}
	if k := g.x.plan.Context; k > 0 {
		g.ctx = callContext(k)
	}
	g.since = g.x.step
	g.pend = pendingOp{}
}

// enabled reports whether g's pending operation can be performed now.
func (x *execution) enabled(g *G) bool {
	if g.pollSum > x.e.lim.PollTimeout {
		return false
	}
	return g.pend.wait == nil || g.pend.wait.enabled(x, g)
}

// ungrouped is embedded by the waits that are no group (see wait.group).
type ungrouped struct{}

func (ungrouped) group() (*waitSet, bool) { return nil, false }

// learn joins o into g's clock (an acquire): what happened before o now
// happens before g's future. g may now know more than the mutex it last
// released, so its next acquire of it joins in full (mutex.go).
func (g *G) learn(o vclock) {
	g.clock.Join(o)
	g.dom = nil
}

// releaseInto orders g's past before whoever later learns c: it joins g's
// clock into c and starts a new epoch of g.
func (g *G) releaseInto(c *vclock) {
	c.Join(g.clock)
	g.clock.Tick(g.id)
}
