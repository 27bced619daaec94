package rt

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The context model. The rewrite replaces calls of context's cancellable
// constructors (WithCancel, WithCancelCause, WithTimeout, WithTimeoutCause,
// WithDeadline, WithDeadlineCause), context.AfterFunc and context.Cause by
// the functions below. In a controlled goroutine they return a *cancelCtx:
// rt's own implementation of context.Context, whose Done channel is a
// modelled channel, whose cancellation is one step of the cancelling
// goroutine (closing the Done channels of its whole subtree at once), and
// whose deadline is a modelled timer on the virtual clock. User code keeps
// working because the values are context.Context values; code vtbound
// does not rewrite (the standard library, a dependency) may receive them
// and sees an ordinary context: WithValue and WithoutCancel work over it
// unchanged, and a native WithCancel over it registers through its
// AfterFunc method.
//
// Why rt's own implementation rather than an instrumented copy of package
// context: rt imports testing, which imports context, so a rewritten
// context package would have to be a second, renamed package, and values
// of the real one (t.Context(), contexts made before the exploration)
// would still flow into it. Replacing the constructors keeps one package
// and confines the model to the contexts made during an execution.
//
// t.Context() is modelled too (TContext). Not modelled: a parent context
// that is cancellable but not modelled (one made outside the execution, a
// custom implementation): its children are made natively, and a goroutine
// waiting on them polls. A context cancelled by a goroutine vtbound does
// not control is cancelled natively, without the model.

// ctxKey is the Value key under which a *cancelCtx returns itself.
var ctxKey byte

// cancelCtx is a modelled cancellable context.
type cancelCtx struct {
	context.Context // the parent: Value and (without a deadline) Deadline
	done            chan struct{}
	name            string // for String

	mu       sync.Mutex // err, cause, children, afters: also read by uncontrolled code
	err      error
	cause    error
	parent   *cancelCtx // the nearest modelled ancestor, nil if none
	children []*cancelCtx
	afters   []*ctxAfter
	timer    *engine.TimerHandle
	deadline time.Time
	hasDL    bool
}

// ctxAfter is one function registered with context.AfterFunc.
type ctxAfter struct{ f func() }

func (c *cancelCtx) key() unsafe.Pointer { return unsafe.Pointer(c) }

// Done returns the modelled Done channel.
func (c *cancelCtx) Done() <-chan struct{} { return c.done }

// Err returns nil until c is cancelled; a controlled caller that sees the
// cancellation is ordered after it. For a controlled caller it is a
// scheduling point (a read of the cancellation state), so that a loop
// polling Err lets the canceller run.
func (c *cancelCtx) Err() error {
	g := ctl()
	if g != nil && !g.Step(sched.OpAtomicLoad, 0, c.key()) {
		return context.Canceled // released at the end of the execution
	}
	c.mu.Lock()
	err := c.err
	c.mu.Unlock()
	if g != nil && err != nil {
		g.Acquire(c.key())
	}
	return err
}

// Value returns c for ctxKey and otherwise asks the parent.
func (c *cancelCtx) Value(key any) any {
	if k, ok := key.(*byte); ok && k == &ctxKey {
		return c
	}
	return c.Context.Value(key)
}

// Deadline returns c's deadline, or its parent's.
func (c *cancelCtx) Deadline() (time.Time, bool) {
	if c.hasDL {
		return c.deadline, true
	}
	return c.Context.Deadline()
}

// String names the context as package context does.
func (c *cancelCtx) String() string {
	if s, ok := c.Context.(interface{ String() string }); ok {
		return s.String() + "." + c.name
	}
	return "context." + c.name
}

// AfterFunc lets package context's own constructors, called on c by code
// vtbound does not rewrite, learn of c's cancellation (see
// context.AfterFunc's afterFuncer).
func (c *cancelCtx) AfterFunc(f func()) func() bool { return c.afterFunc(0, f) }

// modelledParent returns the nearest modelled context whose cancellation
// parent's is; ok is false when parent is cancellable but not modelled.
func modelledParent(parent context.Context) (p *cancelCtx, ok bool) {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	done := parent.Done()
	if done == nil {
		return nil, true
	}
	p, _ = parent.Value(&ctxKey).(*cancelCtx)
	if p == nil || (<-chan struct{})(p.done) != done {
		return nil, false
	}
	return p, true
}

// newCancelCtx makes a modelled child of parent for g, cancelled at once
// if its modelled parent p already is.
func newCancelCtx(g *engine.G, parent context.Context, p *cancelCtx, name string) *cancelCtx {
	c := &cancelCtx{Context: parent, done: make(chan struct{}), parent: p, name: name}
	g.MakeChan(engine.ChanKey(c.done), 0)
	if p == nil {
		return c
	}
	if p.err != nil {
		g.Acquire(p.key())
		c.cancelTree(g, p.err, p.cause)
		return c
	}
	p.mu.Lock()
	p.children = append(p.children, c)
	p.mu.Unlock()
	return c
}

// cancel is the cancel function of c: a scheduling point, then the
// cancellation of c's subtree, c leaving its parent.
func (c *cancelCtx) cancel(site int32, err, cause error) {
	g := ctl()
	if g == nil {
		c.cancelUncontrolled(err, cause)
		return
	}
	if !g.Step(sched.OpCancel, site, c.key()) {
		// g is released at the end of its execution: its deferred
		// calls cancel for real, as uncontrolled code does
		c.cancelUncontrolled(err, cause)
		return
	}
	c.cancelTree(g, err, cause)
	if p := c.parent; p != nil {
		p.mu.Lock()
		if i := slices.Index(p.children, c); i >= 0 {
			p.children = slices.Delete(p.children, i, i+1)
		}
		p.mu.Unlock()
	}
}

// cancelTree cancels c and its descendants as part of g's current step:
// it closes their Done channels, starts their AfterFunc functions and
// stops their deadline timers.
func (c *cancelCtx) cancelTree(g *engine.G, err, cause error) {
	if cause == nil {
		cause = err
	}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	c.err, c.cause = err, cause
	children, afters := c.children, c.afters
	c.children, c.afters = nil, nil
	c.mu.Unlock()
	g.Release(c.key())
	g.CloseNow(engine.ChanKey(c.done), func() { close(c.done) })
	if c.timer != nil {
		g.TimerStopNow(c.timer)
	}
	for _, a := range afters {
		g.Spawn(a.f)
	}
	for _, child := range children {
		child.cancelTree(g, err, cause)
	}
}

// cancelUncontrolled cancels c from a goroutine vtbound does not control:
// natively, without the model.
func (c *cancelCtx) cancelUncontrolled(err, cause error) {
	if cause == nil {
		cause = err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return
	}
	c.err, c.cause = err, cause
	close(c.done)
	engine.NoteForeign(engine.ChanKey(c.done)) // a controlled waiter polls it
	for _, a := range c.afters {
		go a.f()
	}
	c.afters = nil
	for _, child := range c.children {
		child.cancelUncontrolled(err, cause)
	}
	c.children = nil
}

// WithCancel replaces context.WithCancel.
func WithCancel(site int32, parent context.Context) (context.Context, context.CancelFunc) {
	g := ctl()
	p, ok := modelledParent(parent)
	if g == nil || !ok {
		return context.WithCancel(parent)
	}
	c := newCancelCtx(g, parent, p, "WithCancel")
	return c, func() { c.cancel(site, context.Canceled, nil) }
}

// WithCancelCause replaces context.WithCancelCause.
func WithCancelCause(site int32, parent context.Context) (context.Context, context.CancelCauseFunc) {
	g := ctl()
	p, ok := modelledParent(parent)
	if g == nil || !ok {
		return context.WithCancelCause(parent)
	}
	c := newCancelCtx(g, parent, p, "WithCancel")
	return c, func(cause error) { c.cancel(site, context.Canceled, cause) }
}

// WithTimeout replaces context.WithTimeout: the deadline is d after the
// virtual time (see Now).
func WithTimeout(site int32, parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return withDeadline(site, parent, clockNow().Add(d), d, nil)
}

// WithTimeoutCause replaces context.WithTimeoutCause.
func WithTimeoutCause(site int32, parent context.Context, d time.Duration, cause error) (context.Context, context.CancelFunc) {
	return withDeadline(site, parent, clockNow().Add(d), d, cause)
}

// WithDeadline replaces context.WithDeadline.
func WithDeadline(site int32, parent context.Context, d time.Time) (context.Context, context.CancelFunc) {
	return WithDeadlineCause(site, parent, d, nil)
}

// WithDeadlineCause replaces context.WithDeadlineCause. In a controlled
// goroutine the deadline is a modelled timer that fires when the virtual
// clock reaches it (see NewTimer), and cancels the context with
// context.DeadlineExceeded (and cause).
func WithDeadlineCause(site int32, parent context.Context, d time.Time, cause error) (context.Context, context.CancelFunc) {
	return withDeadline(site, parent, d, d.Sub(clockNow()), cause)
}

// withDeadline is WithDeadlineCause with the time left until the deadline
// given: a timeout is exactly its duration on the virtual clock (Now
// advances by a few nanoseconds per reading, so a deadline computed from
// it would end a little early), so that equal timeouts and sleeps end at
// one instant.
func withDeadline(site int32, parent context.Context, d time.Time, dur time.Duration, cause error) (context.Context, context.CancelFunc) {
	g := ctl()
	p, ok := modelledParent(parent)
	if g == nil || !ok {
		return context.WithDeadlineCause(parent, d, cause)
	}
	if cur, has := parent.Deadline(); has && cur.Before(d) {
		return WithCancel(site, parent) // the parent's deadline comes first
	}
	c := newCancelCtx(g, parent, p, "WithDeadline("+d.String()+")")
	c.deadline, c.hasDL = d, true
	stop := func() { c.cancel(site, context.Canceled, nil) }
	if dur <= 0 {
		c.cancelTree(g, context.DeadlineExceeded, cause)
		return c, stop
	}
	if c.err == nil {
		c.timer = g.AfterFuncTimer(site, dur, func() { c.cancel(site, context.DeadlineExceeded, cause) }, false)
	}
	return c, stop
}

// ContextAfterFunc replaces context.AfterFunc: on a modelled context, f
// runs in a new controlled goroutine when the context is cancelled (at
// once if it is), unless stop was called first.
func ContextAfterFunc(site int32, ctx context.Context, f func()) (stop func() bool) {
	c, ok := ctx.Value(&ctxKey).(*cancelCtx)
	if ctl() == nil || !ok || (<-chan struct{})(c.done) != ctx.Done() {
		return context.AfterFunc(ctx, f)
	}
	return c.afterFunc(site, f)
}

// afterFunc registers f to run when c is cancelled.
func (c *cancelCtx) afterFunc(site int32, f func()) func() bool {
	a := &ctxAfter{f: f}
	c.mu.Lock()
	cancelled := c.err != nil
	if !cancelled {
		c.afters = append(c.afters, a)
	}
	c.mu.Unlock()
	if cancelled {
		if g := ctl(); g != nil {
			g.Acquire(c.key())
			g.Spawn(f)
		} else {
			go f()
		}
	}
	return func() bool {
		if g := ctl(); g != nil && !g.Step(sched.OpCancel, site, c.key()) {
			return false
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		i := slices.Index(c.afters, a)
		if i < 0 {
			return false // already started, or stopped
		}
		c.afters = slices.Delete(c.afters, i, i+1)
		return true
	}
}

// Cause replaces context.Cause: for a modelled context, the cause it was
// cancelled with.
func Cause(site int32, ctx context.Context) error {
	c, ok := ctx.Value(&ctxKey).(*cancelCtx)
	if !ok || (<-chan struct{})(c.done) != ctx.Done() {
		return context.Cause(ctx)
	}
	c.mu.Lock()
	cause := c.cause
	c.mu.Unlock()
	if cause == nil {
		return ctx.Err()
	}
	if g := ctl(); g != nil {
		g.Acquire(c.key())
	}
	return cause
}

// tContextKey is the rooms key of the modelled t.Context() of one test.
type tContextKey struct{ tb testing.TB }

// TContext replaces t.Context() (of a *testing.T, B, F or TB). In a
// controlled goroutine it returns a modelled context, the same one for
// every call in the execution, that is cancelled when the test body
// returns, before the leak check, as package testing cancels it just
// before the Cleanup functions run. A subtest's context is cancelled when
// the outermost explored body returns.
func TContext(site int32, tb testing.TB) context.Context {
	g := ctl()
	if g == nil {
		return tb.Context()
	}
	rooms := g.Rooms()
	if c, ok := rooms[tContextKey{tb}].(*cancelCtx); ok {
		return c
	}
	c := newCancelCtx(g, context.Background(), nil, "WithCancel")
	rooms[tContextKey{tb}] = c
	g.OnBodyExit(func() { c.cancel(site, context.Canceled, nil) })
	return c
}
