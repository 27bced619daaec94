package engine

import "unsafe"

// The room of contexts: the engine side of rt's context model
// (rt/context.go). The tree of contexts lives in rt, and cancelling a
// subtree is one step of the cancelling goroutine (Step with
// sched.OpCancel). The operations below are what that step needs beyond
// Step: close the Done channels it closes, start the functions registered
// with context.AfterFunc; Release and Acquire (memory.go) order it before
// every later observer of the cancellation (Err, Cause, Done).

// CloseNow closes the modelled channel key as part of g's current step (no
// scheduling point of its own); closeFn performs the real close. As a
// close does, it commits the operations waiting on the channel to their
// case on it (commitClose): a select parked on a context's Done takes
// Done, whatever becomes ready after the cancellation.
func (g *G) CloseNow(key unsafe.Pointer, closeFn func()) {
	closeFn()
	if g.abort {
		return // released.go
	}
	if s := g.x.adoptForClose(key); s != nil {
		s.closed = true
		s.closeClock.Set(g.clock)
		commitClose(s, key)
	}
}

// Spawn starts fn in a new controlled goroutine as part of g's current
// step, as a go statement would (without its scheduling point).
func (g *G) Spawn(fn func()) {
	if g.abort {
		return
	}
	g.x.newG(g.id, fn).goStmt = true
	g.clock.Tick(g.id)
}

// bodyExitKey is the Rooms key of the functions to run when the test body
// returns (see OnBodyExit).
type bodyExitKey struct{}

// OnBodyExit registers f to run in the test body's goroutine, as part of
// its controlled execution, when the body returns normally: rt cancels
// t.Context() so, as package testing does before the Cleanup functions
// run, so that goroutines waiting on it are released before the leak
// check, as natively.
func (g *G) OnBodyExit(f func()) {
	if g.abort {
		return // released: its execution's body is over
	}
	rooms := g.x.model.rt
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
		fs, _ := x.model.rt[bodyExitKey{}].([]func())
		for _, f := range fs {
			f()
		}
		x.runCleanups()
	}
}
