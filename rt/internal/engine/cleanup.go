package engine

// A test's Cleanup functions in an execution.
//
// Natively, the functions a test registers with t.Cleanup run after its
// function returns, in last-registered-first order, after t.Context() is
// cancelled. Under exploration the test function runs once per execution,
// and package testing would keep every execution's functions until the
// whole exploration ends, to run them natively when the goroutines they
// stop (a server's accept loop, a session's receive loop) have long been
// released; a Close that waits for such a goroutine then waits for ever.
// So a Cleanup on the execution's own T is kept by the execution and run
// in its body's goroutine, under control, when the body returns normally,
// before the leak check: what the functions stop is not a leak, as
// natively. When the body fails (a panic, t.FailNow), the execution's
// functions are dropped: the execution has failed and is reported, and
// running them on goroutines left mid-operation could block.

// bodyTKey is the Rooms key of the T the execution's body runs with.
type bodyTKey struct{}

// cleanupKey is the Rooms key of the execution's Cleanup functions.
type cleanupKey struct{}

// SetBodyT records t (a *testing.T) as the T of g's execution's body:
// AddCleanup keeps the functions registered on it.
func (g *G) SetBodyT(t any) {
	if !g.abort {
		g.x.model.rt[bodyTKey{}] = t
	}
}

// AddCleanup keeps f to run when g's execution's body returns, if t is
// that body's T (see SetBodyT), and reports whether it did; otherwise
// the caller registers f natively (a subtest's T, a released goroutine).
func (g *G) AddCleanup(t any, f func()) bool {
	if g.abort || g.ho.inert {
		return false
	}
	rooms := g.x.model.rt
	if bt, ok := rooms[bodyTKey{}]; !ok || bt != t {
		return false
	}
	fs, _ := rooms[cleanupKey{}].([]func())
	rooms[cleanupKey{}] = append(fs, f)
	return true
}

// runCleanups runs the execution's Cleanup functions, last registered
// first; a function may register more, which run next, as in testing.
func (x *execution) runCleanups() {
	for {
		fs, _ := x.model.rt[cleanupKey{}].([]func())
		if len(fs) == 0 {
			return
		}
		f := fs[len(fs)-1]
		x.model.rt[cleanupKey{}] = fs[:len(fs)-1]
		f()
	}
}
