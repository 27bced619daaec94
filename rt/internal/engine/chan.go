package engine

import (
	"reflect"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Case is one channel operation of a send, a receive or a select case.
// Its methods perform the real channel operation without blocking.
type Case interface {
	reflectCase() reflect.SelectCase
	setReflect(v reflect.Value, ok bool)
	chanKey() unsafe.Pointer
	isSend() bool
	lenCap() (int, int)
	trySend() bool   // real non-blocking send; panics on a closed channel
	tryRecv() bool   // real non-blocking receive into the case
	takeFrom(s Case) // rendezvous: receive the value of send case s
	recvOK() bool    // after a receive: whether the value came from a send
}

// SendCase is a send case of a select.
type SendCase[T any] struct {
	Ch chan<- T
	V  T
}

// RecvCase is a receive case of a select; after the select chooses it, V
// and OK hold the received value and whether it came from a send.
type RecvCase[T any] struct {
	Ch <-chan T
	V  T
	OK bool
}

func (c *SendCase[T]) chanKey() unsafe.Pointer        { return *(*unsafe.Pointer)(unsafe.Pointer(&c.Ch)) }
func (c *SendCase[T]) isSend() bool                   { return true }
func (c *SendCase[T]) lenCap() (int, int)             { return len(c.Ch), cap(c.Ch) }
func (c *SendCase[T]) tryRecv() bool                  { return false }
func (c *SendCase[T]) takeFrom(Case)                  {}
func (c *SendCase[T]) recvOK() bool                   { return false }
func (c *SendCase[T]) setReflect(reflect.Value, bool) {}
func (c *SendCase[T]) reflectCase() reflect.SelectCase {
	return reflect.SelectCase{Dir: reflect.SelectSend, Chan: reflect.ValueOf(c.Ch), Send: reflect.ValueOf(&c.V).Elem()}
}
func (c *SendCase[T]) trySend() bool {
	select {
	case c.Ch <- c.V:
		return true
	default:
		return false
	}
}

func (c *RecvCase[T]) chanKey() unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&c.Ch)) }
func (c *RecvCase[T]) isSend() bool            { return false }
func (c *RecvCase[T]) lenCap() (int, int)      { return len(c.Ch), cap(c.Ch) }
func (c *RecvCase[T]) trySend() bool           { return false }
func (c *RecvCase[T]) recvOK() bool            { return c.OK }
func (c *RecvCase[T]) tryRecv() bool {
	select {
	case v, ok := <-c.Ch:
		c.V, c.OK = v, ok
		return true
	default:
		return false
	}
}
func (c *RecvCase[T]) reflectCase() reflect.SelectCase {
	return reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c.Ch)}
}
func (c *RecvCase[T]) setReflect(v reflect.Value, ok bool) {
	var zero T
	c.V, c.OK = zero, ok
	if v.IsValid() {
		reflect.ValueOf(&c.V).Elem().Set(v)
	}
}
func (c *RecvCase[T]) takeFrom(s Case) {
	if sc, ok := s.(*SendCase[T]); ok {
		c.V, c.OK = sc.V, true
		return
	}
	c.setReflect(s.reflectCase().Send, true) // a send made through reflect
}

// chanState models a channel made by controlled code, or adopted (see
// adopt.go).
type chanState struct {
	cap        int  // -1 while unknown (adopted by a close)
	adopted    bool // made outside the execution (see adopt.go)
	foreign    bool // not made by rewritten code: waiters poll it
	closed     bool
	q          []vclock // clocks of the values in the buffer, oldest first
	rq         []vclock // clocks of receives whose freed slot no send has used yet
	sends      int      // sends so far
	closeClock vclock
	// waiters lists the goroutines that started waiting with a case on
	// the channel, for partner; entries whose wait has ended are dropped
	// as partner meets them.
	waiters []chanWaiter
}

// chanWaiter is one wait of a goroutine on a channel: it is current while
// g.waits == n and g's channel operation still waits.
type chanWaiter struct {
	g *G
	n uint32
}

// MakeChan registers a channel made by g so that its operations are
// modelled rather than polled.
func (g *G) MakeChan(key unsafe.Pointer, size int) {
	noteMade(key) // a later execution adopts it
	if g.abort {
		return
	}
	g.x.model.chans[key] = &chanState{cap: size}
}

// Close models close(ch) by g; closeFn performs the real close.
func (g *G) Close(site int32, key unsafe.Pointer, closeFn func()) {
	if g.abort {
		closeFn() // released: its deferred calls close for real (released.go)
		return
	}
	g.announce(sched.OpClose, site, key)
	g.schedule()
	closeFn()                         // panics on a nil or closed channel, as it should
	g.x.checkRace(g, site, key, true) // written as by runtime.closechan (see sendReads)
	if s := g.x.adoptForClose(key); s != nil {
		s.closed = true
		s.closeClock.set(g.clock)
	}
	g.clock.tick(g.id)
}

// Select models a send, receive or select statement by g and returns the
// index of the case performed, or -1 for the default case.
//
// A blocking channel operation takes two steps, as in the Go runtime: it
// arrives (always possible: it completes at once if a case is ready, takes
// the default if there is one, and otherwise starts waiting), then, while
// it waits, it is enabled only when a buffered or closed channel becomes
// ready, or a partner completes it. Only waiting goroutines are partners of
// an unbuffered rendezvous, so an operation that has not arrived yet is
// never mistaken for a blocked one.
func (g *G) Select(site int32, kind sched.OpKind, hasDefault bool, cases []Case) int {
	if g.abort {
		return -1
	}
	var first unsafe.Pointer
	if len(cases) > 0 {
		first = cases[0].chanKey()
	}
	for _, c := range cases {
		g.x.chanModel(c) // adopt channels made outside the execution
	}
	g.announce(kind, site, first)
	g.pend.cases = cases
	g.pend.hasDefault = hasDefault
	for arrived := false; ; arrived = true {
		g.schedule()
		if g.pend.completed {
			g.pollDone()
			return g.pend.chosen
		}
		if !arrived {
			g.x.sendReads(g, site, cases)
		}
		if i, ok := g.x.doSelect(g); ok {
			g.pollDone()
			g.pend.cases = nil
			return i
		}
		if !g.pend.waiting {
			g.pend.waiting = true
			g.x.addWaiter(g)
		}
		if g.x.hasUnmodelled(cases) || g.pollFor > 0 {
			g.pollFailed() // uncontrolled code may complete it (see pollAdopted)
		}
	}
}

// sendReads records, when g's channel operation arrives, a read of each
// channel it may send on, as the race detector does at the start of every
// send (runtime.chansend, and selectgo for each send case it polls, in a
// random order): close writes the channel (Close), so a send and a close
// of one channel that no synchronisation orders are a data race, whichever
// comes first, as in the Go memory model. Receives are not accesses.
func (x *execution) sendReads(g *G, site int32, cases []Case) {
	for _, c := range cases {
		if c.isSend() && c.chanKey() != nil {
			x.checkRace(g, site, c.chanKey(), false)
		}
	}
}

// chanEnabled reports whether g's pending channel operation may take a
// step: arriving always may; a waiting operation only when it has been
// completed, a case became ready, or an uncontrolled case may be polled.
func (x *execution) chanEnabled(g *G) bool {
	p := &g.pend
	if !p.waiting || p.completed {
		return true
	}
	for _, c := range p.cases {
		if x.caseReady(g, c) || x.polled(c) {
			return true
		}
		if s := x.model.chans[c.chanKey()]; s != nil && s.adopted && g.pollFor > 0 {
			return true // polling an adopted channel (see pollAdopted)
		}
	}
	return false
}

// hasUnmodelled reports whether some case is on a non-nil channel that
// rewritten code did not make (see polled).
func (x *execution) hasUnmodelled(cases []Case) bool {
	for _, c := range cases {
		if x.polled(c) {
			return true
		}
	}
	return false
}

// caseReady reports whether case c of g can proceed now in the model.
// Select adopts every channel of its cases first, so only a nil channel
// has no model here: it is never ready (it blocks for ever).
func (x *execution) caseReady(g *G, c Case) bool {
	key := c.chanKey()
	if key == nil {
		return false
	}
	s := x.model.chans[key]
	switch {
	case s == nil:
		return false
	case s.closed:
		return true
	case s.cap > 0:
		n, _ := c.lenCap()
		if c.isSend() {
			return n < s.cap
		}
		return n > 0
	}
	h, _ := x.partner(g, c)
	return h != nil
}

// addWaiter records, on each modelled channel of its cases, that g's
// channel operation starts waiting.
func (x *execution) addWaiter(g *G) {
	g.waits++
	w := chanWaiter{g, g.waits}
	for _, c := range g.pend.cases {
		s := x.model.chans[c.chanKey()]
		if s != nil && (len(s.waiters) == 0 || s.waiters[len(s.waiters)-1] != w) {
			s.waiters = append(s.waiters, w)
		}
	}
}

// waiting reports whether w is still a waiting channel operation.
func (w chanWaiter) waiting() bool {
	h := w.g
	if !h.live || h.waits != w.n || !h.pend.waiting || h.pend.completed {
		return false
	}
	switch h.op.Kind {
	case sched.OpSend, sched.OpRecv, sched.OpSelect:
		return true
	}
	return false
}

// partner finds the goroutine that has waited longest (the lowest ID
// among equals) with a matching operation on c's unbuffered channel, and
// the index of its case. Only waiting goroutines count (a select with a
// default never waits); only the channel's own waiters are looked at.
func (x *execution) partner(g *G, c Case) (*G, int) {
	key := c.chanKey()
	s := x.model.chans[key]
	if s == nil {
		return nil, -1
	}
	var best *G
	bestIdx := -1
	kept := s.waiters[:0]
	for _, w := range s.waiters {
		if !w.waiting() {
			continue
		}
		kept = append(kept, w)
		h := w.g
		if h == g || (best != nil && (h.since > best.since || (h.since == best.since && h.id > best.id))) {
			continue
		}
		for j, hc := range h.pend.cases {
			if hc.chanKey() == key && hc.isSend() != c.isSend() {
				best, bestIdx = h, j
				break
			}
		}
	}
	clear(s.waiters[len(kept):])
	s.waiters = kept
	return best, bestIdx
}

// doSelect performs g's channel operation: a modelled ready case chosen by
// the strategy, else an uncontrolled case that succeeds now, else the
// default. ok is false when nothing could proceed (poll again).
func (x *execution) doSelect(g *G) (int, bool) {
	cases := g.pend.cases
	var ready [8]int
	readyIdx := ready[:0]
	for i, c := range cases {
		if x.caseReady(g, c) {
			readyIdx = append(readyIdx, i)
		}
	}
	if len(readyIdx) > 0 {
		i := readyIdx[x.choose(g, len(readyIdx))]
		if x.perform(g, i) {
			return i, true
		}
	}
	for i, c := range cases {
		s := x.model.chans[c.chanKey()]
		if c.chanKey() == nil || (s != nil && !s.adopted) {
			continue // nil, or made in this execution: the model is exact
		}
		if (c.isSend() && c.trySend()) || (!c.isSend() && c.tryRecv()) {
			x.realDone(g, c, s)
			return i, true
		}
	}
	if g.pend.hasDefault {
		return -1, true
	}
	return 0, false
}

// realDone records a real operation that succeeded on a channel without a
// ready model case: a receive that found an adopted channel closed before
// the execution marks its model closed; anything else had an uncontrolled
// partner (or buffer state left by one).
func (x *execution) realDone(g *G, c Case, s *chanState) {
	if s != nil && !c.isSend() && !c.recvOK() {
		s.closed = true // closed before the execution, or by uncontrolled code
		x.uncontrolled = x.uncontrolled || s.foreign
		return
	}
	x.uncontrolled = true
	x.syncUnmodelled(g, c)
}

// syncUnmodelled orders a completed operation on a channel the engine
// does not model (made by an earlier execution or by uncontrolled code):
// a send releases, a receive acquires, as for an atomic variable. This
// over-approximates the channel's happens-before (a receive is ordered
// after every earlier send, not only its own), so it can hide a race but
// never report a false one.
func (x *execution) syncUnmodelled(g *G, c Case) {
	key := c.chanKey()
	clk := x.model.atomics[key]
	if clk == nil {
		clk = new(vclock)
		x.model.atomics[key] = clk
	}
	if c.isSend() {
		clk.join(g.clock)
		g.clock.tick(g.id)
		return
	}
	g.learn(*clk)
}

// perform carries out ready case i of g on a modelled channel.
func (x *execution) perform(g *G, i int) bool {
	c := g.pend.cases[i]
	s := x.model.chans[c.chanKey()]
	switch {
	case s.closed || s.cap > 0:
		return x.performBuffered(g, c, s)
	default:
		h, j := x.partner(g, c)
		if c.isSend() {
			h.pend.cases[j].takeFrom(c)
		} else {
			c.takeFrom(h.pend.cases[j])
		}
		h.pend.completed, h.pend.chosen = true, j
		h.pend.cases = nil
		h.pollDone()
		g.learn(h.clock)
		h.learn(g.clock)
		h.clock.tick(h.id)
		g.clock.tick(g.id)
		return true
	}
}

// performBuffered does the real non-blocking operation on a buffered or
// closed modelled channel, keeping send-to-receive happens-before.
func (x *execution) performBuffered(g *G, c Case, s *chanState) bool {
	if c.isSend() {
		if !c.trySend() { // filled by uncontrolled code
			return false
		}
		// The k-th receive happens before the (k+cap)-th send completes.
		if s.sends++; s.sends > s.cap && len(s.rq) > 0 {
			g.learn(s.rq[0])
			s.rq = s.rq[1:]
		}
		s.q = append(s.q, append(vclock(nil), g.clock...))
		g.clock.tick(g.id)
		return true
	}
	if !c.tryRecv() {
		return false
	}
	if len(s.q) > 0 {
		g.learn(s.q[0])
		s.q = s.q[1:]
		s.rq = append(s.rq, append(vclock(nil), g.clock...))
		g.clock.tick(g.id)
	} else if s.closed {
		g.learn(s.closeClock)
	}
	return true
}

// pollFailed backs off before g retries an operation that depends on
// uncontrolled code.
func (g *G) pollFailed() {
	const minPoll, maxPoll = 50 * time.Microsecond, 20 * time.Millisecond
	g.x.uncontrolled = true
	g.pollFor = min(max(2*g.pollFor, minPoll), maxPoll)
	g.pollSum += g.pollFor
	g.pollAt = time.Now().Add(g.pollFor)
}

// pollDone clears g's polling state after its operation succeeded.
func (g *G) pollDone() {
	g.pollAt, g.pollFor, g.pollSum = time.Time{}, 0, 0
}

// RealSelect performs a select over cases for an uncontrolled goroutine,
// blocking as the select statement would. It returns the chosen case index
// or -1 for the default.
func RealSelect(hasDefault bool, cases []Case) int {
	rc := make([]reflect.SelectCase, 0, len(cases)+1)
	for _, c := range cases {
		rc = append(rc, c.reflectCase())
	}
	if hasDefault {
		rc = append(rc, reflect.SelectCase{Dir: reflect.SelectDefault})
	}
	i, v, ok := reflect.Select(rc)
	if i == len(cases) {
		return -1
	}
	cases[i].setReflect(v, ok)
	return i
}
