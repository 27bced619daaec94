package engine

import (
	"sync"
	"unsafe"
	"weak"
)

// Channels made by rewritten code outside the execution that uses them (a
// package-level `var ch = make(chan T)` made at init, a channel made by an
// uncontrolled goroutine of a rewritten package, or one made in an earlier
// execution) are adopted: the first controlled operation on one gives it a
// model (a chanState marked adopted), so that two controlled goroutines
// rendezvous on it as on a channel made in the execution, instead of both
// polling the real channel, where neither ever finds the other waiting.
//
// What an adopted channel carries into the execution is read from the real
// channel, never assumed: its capacity and buffered values (len) when it is
// adopted, and whether it was closed, which a non-blocking real operation
// finds out when the model has no ready case (see doSelect). Values
// buffered before adoption are ordered before everything in the execution
// (they were sent before it began).
//
// A channel that rewritten code did not make (a ticker's, a context's, one
// made by a package outside the instrumentation scope, and today also one
// made by a package-level initialiser, which the rewriter leaves as it is)
// is adopted as foreign: controlled goroutines still rendezvous on it in
// the model, and, because uncontrolled code is expected to use it, a
// controlled goroutine waiting on it keeps polling the real channel with
// backoff, as it always did.
//
// Uncontrolled code may also use a channel rewritten code made (a worker
// goroutine started by init). A controlled operation therefore tries the real channel
// when it arrives and the model has no partner, and when no controlled
// goroutine can move, goroutines waiting on adopted channels poll the real
// channel within the poll budget before the execution counts as deadlocked
// (see pollAdopted). Polling never happens while some controlled goroutine
// can move, so schedules over adopted channels stay deterministic.

// made remembers channels made through MakeChan, by address, without
// keeping them alive.
//
// Invariant: an entry whose weak pointer is nil belongs to a collected
// channel (its address may have been reused) and counts as absent.
var made struct {
	mu    sync.Mutex
	chans map[uintptr]weak.Pointer[byte]
	prune int // size at which dead entries are next dropped
}

// noteMade records that rewritten code made the channel at key.
func noteMade(key unsafe.Pointer) {
	if key == nil {
		return
	}
	made.mu.Lock()
	defer made.mu.Unlock()
	if made.chans == nil {
		made.chans = map[uintptr]weak.Pointer[byte]{}
		made.prune = 1024
	}
	made.chans[uintptr(key)] = weak.Make((*byte)(key))
	if len(made.chans) >= made.prune {
		for k, w := range made.chans {
			if w.Value() == nil {
				delete(made.chans, k)
			}
		}
		made.prune = max(1024, 2*len(made.chans))
	}
}

// wasMade reports whether rewritten code made the live channel at key.
func wasMade(key unsafe.Pointer) bool {
	made.mu.Lock()
	defer made.mu.Unlock()
	w, ok := made.chans[uintptr(key)]
	return ok && unsafe.Pointer(w.Value()) == key
}

// NoteChan records a channel made by rewritten code outside any
// exploration (at init, or by an uncontrolled goroutine), so that a later
// execution adopts it on first use.
func NoteChan(key unsafe.Pointer) { noteMade(key) }

// chanModel returns the model of c's channel (nil for a nil channel),
// adopting a channel made outside this execution.
func (x *execution) chanModel(c Case) *chanState {
	key := c.chanKey()
	if key == nil {
		return nil
	}
	t := chans.of(x)
	if s := t.lookup(key); s != nil {
		if s.cap < 0 {
			_, s.cap = c.lenCap()
		}
		return s
	}
	n, size := c.lenCap()
	s := &chanState{cap: size, adopted: true, foreign: !wasMade(key)}
	x.outside = true // uncontrolled code may be at its other end (foreign.go)
	if n > 0 {
		// Values buffered before the execution: they happen before all of it.
		s.q = make([]vclock, n)
		s.qAt = make([]int, n)
		for i := range s.qAt {
			s.qAt[i] = -1 // no send of the execution
		}
		s.sends = n
	}
	t.put(key, s)
	return s
}

// adoptForClose returns the model of the channel at key for a close,
// adopting it (capacity unknown until its first send or receive).
func (x *execution) adoptForClose(key unsafe.Pointer) *chanState {
	t := chans.of(x)
	if s := t.lookup(key); s != nil || key == nil || !wasMade(key) {
		return s
	}
	s := &chanState{cap: -1, adopted: true}
	x.outside = true
	t.put(key, s)
	return s
}

// waitsOnAdopted reports whether g waits in a channel operation with a case
// on an adopted channel.
func (x *execution) waitsOnAdopted(g *G) bool {
	w, ok := g.pend.wait.(*chanWait)
	if !ok || !g.pend.waiting || w.completed {
		return false
	}
	t := chans.of(x)
	for _, c := range w.cases {
		if s := t.lookup(c.chanKey()); s != nil && s.adopted && !s.foreign {
			return true
		}
	}
	return false
}

// polled reports whether a controlled goroutine waiting on c polls the
// real channel all along: c's channel is foreign (or, for a close that
// found no model, not modelled at all).
func (x *execution) polled(c Case) bool {
	key := c.chanKey()
	if key == nil {
		return false
	}
	s := chans.of(x).lookup(key)
	return s == nil || s.foreign
}

// pollAdopted is the last resort before an execution counts as stuck:
// goroutines waiting on adopted channels, which uncontrolled code may also
// use, start polling the real channels within their poll budget. It
// reports whether any did.
func (x *execution) pollAdopted() bool {
	any := false
	for _, g := range x.alive {
		if g.live && g.pollFor == 0 && x.waitsOnAdopted(g) {
			g.pollFailed()
			any = true
		}
	}
	return any
}
