package rt

import (
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// MakeChan replaces make(chan T, size). A channel made by rewritten code
// is modelled: made by a controlled goroutine, at once; made elsewhere (a
// package-level variable initialised at init, an uncontrolled goroutine,
// an earlier execution), from its first use in an execution on. Two
// controlled goroutines then rendezvous on it inside the engine.
func MakeChan[T any](site int32, size int) chan T {
	ch := make(chan T, size)
	if g := ctl(); g != nil {
		g.MakeChan(engine.ChanKey(ch), size)
		g.NoteAlloc(site, engine.ChanKey(ch), 1) // its identity across executions (sched.Op.Ident)
	} else {
		engine.NoteChan(engine.ChanKey(ch))
	}
	return ch
}

// Send replaces ch <- v.
func Send[T any](site int32, ch chan<- T, v T) {
	g := ctl()
	if g == nil {
		engine.NoteForeign(engine.ChanKey(ch)) // before it may block
		ch <- v
		return
	}
	c := &engine.SendCase[T]{Ch: ch, V: v}
	g.Select(site, sched.OpSend, false, []engine.Case{c})
}

// Recv replaces <-ch.
func Recv[T any](site int32, ch <-chan T) T {
	v, _ := Recv2(site, ch)
	return v
}

// Recv2 replaces v, ok := <-ch.
func Recv2[T any](site int32, ch <-chan T) (T, bool) {
	g := ctl()
	if g == nil {
		engine.NoteForeign(engine.ChanKey(ch)) // before it may block
		v, ok := <-ch
		return v, ok
	}
	c := &engine.RecvCase[T]{Ch: ch}
	g.Select(site, sched.OpRecv, false, []engine.Case{c})
	return c.V, c.OK
}

// Close replaces close(ch).
func Close[T any](site int32, ch chan<- T) {
	g := ctl()
	if g == nil {
		close(ch)
		engine.NoteForeign(engine.ChanKey(ch))
		return
	}
	g.Close(site, engine.ChanKey(ch), func() { close(ch) })
}

// Case is one case of a Select: made by SendCase or RecvCase.
type Case = engine.Case

// RecvOf is a receive case; after Select chooses it, V and OK hold what
// `v, ok := <-ch` would.
type RecvOf[T any] = engine.RecvCase[T]

// SendCase returns a select case sending v on ch. v is evaluated when the
// case is made, as in a select statement.
func SendCase[T any](ch chan<- T, v T) Case { return &engine.SendCase[T]{Ch: ch, V: v} }

// RecvCase returns a select case receiving from ch.
func RecvCase[T any](ch <-chan T) *RecvOf[T] { return &engine.RecvCase[T]{Ch: ch} }

// Select replaces a select statement. It returns the index of the case
// performed, or -1 when the default case is taken. A select with no cases
// and no default blocks forever, as `select {}` does.
func Select(site int32, hasDefault bool, cases ...Case) int {
	if g := ctl(); g != nil {
		return g.Select(site, sched.OpSelect, hasDefault, cases)
	}
	engine.NoteForeignCases(cases) // before it may block
	return engine.RealSelect(hasDefault, cases)
}
