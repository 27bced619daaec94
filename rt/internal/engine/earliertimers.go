package engine

import (
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
	"weak"
)

// Timers made in an earlier execution.
//
// A program may keep a *time.Timer beyond the execution that made it:
// in a sync.Pool, a cache, a package-level variable. go-deadlock, for
// one, pools the entries of its lock-wait detector with their AfterFunc
// timers and only Resets a pooled timer. The model of a timer (its
// TimerHandle in the execution's Rooms table) ends with its execution, so a
// later execution's Stop or Reset used to reach the real timer behind
// the model (the proxy): a Reset then armed it natively, on real time,
// with the proxy's own function, which did nothing. The function the
// program gave AfterFunc never ran again, so a detector that counts its
// timeouts counted none.
//
// Now every proxy is registered here, by address, without keeping it
// alive, and the first Stop or Reset of a registered proxy in a later
// execution adopts it: a new model in that execution's Rooms table, disarmed
// (the earlier execution's deadline ended with it), with the same function
// or channel. The Reset then arms it on this execution's virtual clock
// like any modelled timer.
// An AfterFunc proxy's real function calls the program's function, so
// that a proxy reset natively by code outside any exploration still runs
// it, as time.AfterFunc would.

// earlierTimer is what a registered proxy needs to be modelled again.
//
// Exactly one of its weak pointers is set. An AfterFunc's proxy is known by
// its origin: the proxy's real function holds the origin strongly and
// nothing else does, so the origin lives exactly as long as the proxy (and
// the proxy's address cannot be reused while it does); one weak pointer
// then serves both, which matters because each costs the runtime a
// special record on the object. A channel timer's proxy is held weakly
// itself: its channel is its C field.
type earlierTimer struct {
	t  weak.Pointer[time.Timer]      // a channel timer's proxy
	fn weak.Pointer[afterFuncOrigin] // an AfterFunc's origin
}

// alive reports whether the proxy of e is still reachable.
func (e earlierTimer) alive() bool {
	if e.fn != noOrigin {
		return e.fn.Value() != nil
	}
	return e.t.Value() != nil
}

// afterFuncOrigin is the function a program gave a modelled AfterFunc.
//
// It is padded to 64 bytes: the runtime keeps the special record of a weak
// pointer in a per-span list that it searches linearly, and 8-byte origins
// pack a thousand to a span (a registration then measured 3.5-5 µs instead
// of about 1 µs on this project's loaded 2-core machine).
type afterFuncOrigin struct {
	f func()
	_ [56]byte
}

// run is the proxy's real function: it runs only when code outside any
// exploration arms the proxy natively.
func (o *afterFuncOrigin) run() { o.f() }

// earlierTimers maps the address of every registered proxy to its entry.
//
// Invariant: an entry that is not alive belongs to a collected proxy (its
// address may be reused) and counts as absent; such entries are dropped when the
// table has doubled since the last pruning (as adopt.go's channels are).
var earlierTimers struct {
	mu     sync.Mutex
	timers map[uintptr]earlierTimer
	prune  int
	n      atomic.Int64 // len(timers), read without mu
}

// newAfterFuncProxy returns the real timer behind a modelled AfterFunc
// of f: armed never to fire (see farFuture), and registered.
func newAfterFuncProxy(f func()) *time.Timer {
	o := &afterFuncOrigin{f: f}
	t := time.AfterFunc(farFuture, o.run)
	registerProxy(t, earlierTimer{fn: weak.Make(o)})
	return t
}

// noOrigin is the origin of a channel timer's proxy.
var noOrigin weak.Pointer[afterFuncOrigin]

// registerChanProxy records the proxy of a channel timer.
func registerChanProxy(t *time.Timer) { registerProxy(t, earlierTimer{t: weak.Make(t)}) }

// registerProxy records proxy t with its entry e.
func registerProxy(t *time.Timer, e earlierTimer) {
	et := &earlierTimers
	et.mu.Lock()
	defer et.mu.Unlock()
	if et.timers == nil {
		et.timers = map[uintptr]earlierTimer{}
		et.prune = 1024
	}
	et.timers[uintptr(unsafe.Pointer(t))] = e
	if len(et.timers) >= et.prune {
		for k, e := range et.timers {
			if !e.alive() {
				delete(et.timers, k)
			}
		}
		et.prune = max(1024, 2*len(et.timers))
	}
	et.n.Store(int64(len(et.timers)))
}

// lookupProxy returns the entry of proxy t, if t is a registered one.
func lookupProxy(t *time.Timer) (earlierTimer, bool) {
	et := &earlierTimers
	if et.n.Load() == 0 || t == nil {
		return earlierTimer{}, false
	}
	et.mu.Lock()
	defer et.mu.Unlock()
	e, ok := et.timers[uintptr(unsafe.Pointer(t))]
	return e, ok && e.alive()
}

// TimerOf returns the model of t in g's execution: the one made by this
// execution, or, for the proxy of a timer an earlier execution modelled,
// a new one (adopted): armed at its deadline if that execution left it
// armed (carriedtimers.go), else disarmed. It returns nil for a timer
// never modelled, which Stop and Reset then handle natively.
func (g *G) TimerOf(t *time.Timer) *TimerHandle {
	if g.abort {
		return nil // released: t is stopped or reset natively (released.go)
	}
	if h, ok := g.x.model.rt[t].(*TimerHandle); ok {
		return h
	}
	if h := g.x.fireCarried(t); h != nil {
		return h
	}
	return g.x.adoptTimer(t)
}

// adoptTimer models registered proxy t anew in x's Rooms table, disarmed, or
// returns nil if t is no registered proxy.
func (x *execution) adoptTimer(t *time.Timer) *TimerHandle {
	e, ok := lookupProxy(t)
	if !ok {
		return nil
	}
	s := &timerState{proxy: t}
	if e.fn != noOrigin {
		o := e.fn.Value()
		if o == nil {
			return nil
		}
		s.f, s.bg = o.f, true
	} else {
		s.ch = *(*chan time.Time)(unsafe.Pointer(&t.C))
		x.chanModel(&RecvCase[time.Time]{Ch: s.ch})
	}
	h := &TimerHandle{s: s}
	x.model.rt[t] = h
	return h
}
