package engine

import (
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// This file holds the engine side of rt's context model (rt/context.go):
// the tree of contexts lives in rt, and cancelling a subtree is one step
// of the cancelling goroutine. The operations below are what that step
// needs: announce it, close the Done channels it closes, start the
// functions registered with context.AfterFunc, and order it before every
// later observer of the cancellation (Err, Cause, Done).

// Step announces an operation of kind on obj at site and returns when g
// is picked to perform it; false means g is being released at the end of
// the execution and must not perform it.
func (g *G) Step(kind sched.OpKind, site int32, obj unsafe.Pointer) bool {
	if g.abort {
		return false
	}
	g.announce(kind, site, obj)
	g.schedule()
	return !g.abort
}

// CloseNow closes the modelled channel key as part of g's current step (no
// scheduling point of its own); closeFn performs the real close.
func (g *G) CloseNow(key unsafe.Pointer, closeFn func()) {
	closeFn()
	if s := g.x.adoptForClose(key); s != nil {
		s.closed = true
		s.closeClock.set(g.clock)
	}
}

// Spawn starts fn in a new controlled goroutine as part of g's current
// step, as a go statement would (without its scheduling point).
func (g *G) Spawn(fn func()) {
	if g.abort {
		return
	}
	g.x.newG(g.id, fn).goStmt = true
	g.clock.tick(g.id)
}

// Release orders g's past before every later Acquire of obj by any
// goroutine, as a store to an atomic variable at obj would.
func (g *G) Release(obj unsafe.Pointer) {
	clk := g.x.model.atomics[obj]
	if clk == nil {
		clk = new(vclock)
		g.x.model.atomics[obj] = clk
	}
	clk.join(g.clock)
	g.clock.tick(g.id)
}

// Acquire orders every earlier Release of obj before g's future.
func (g *G) Acquire(obj unsafe.Pointer) {
	if clk := g.x.model.atomics[obj]; clk != nil {
		g.learn(*clk)
	}
}

// bodyExitKey is the rooms key of the functions to run when the test body
// returns (see OnBodyExit).
type bodyExitKey struct{}

// OnBodyExit registers f to run in the test body's goroutine, as part of
// its controlled execution, when the body returns normally: rt cancels
// t.Context() so, as package testing does before the Cleanup functions
// run, so that goroutines waiting on it are released before the leak
// check, as natively.
func (g *G) OnBodyExit(f func()) {
	rooms := g.x.model.rooms
	fs, _ := rooms[bodyExitKey{}].([]func())
	rooms[bodyExitKey{}] = append(fs, f)
}

// withBodyExit wraps the test body so that the OnBodyExit functions, then
// the execution's Cleanup functions (cleanup.go), run when it returns
// normally (not when it panics or calls t.FailNow: the execution has
// failed then).
func (x *execution) withBodyExit(body func()) func() {
	return func() {
		body()
		fs, _ := x.model.rooms[bodyExitKey{}].([]func())
		for _, f := range fs {
			f()
		}
		x.runCleanups()
	}
}
