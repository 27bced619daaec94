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

// The room of channels.
//
// A channel made by controlled code is modelled from its make; one made
// outside the execution is adopted on its first use (adopt.go). A send,
// a receive and a select are one operation (Select) that takes two steps
// when it blocks, as in the Go runtime: it arrives, and then waits
// (chanWait) until a buffered or closed channel becomes ready or a partner
// completes it. Sends release into the clocks of the values they buffer,
// receives acquire them; a rendezvous joins both clocks; close releases
// into the channel's close clock. Sends and closes are also accesses for
// the race oracle, as in the race detector (sendReads, Close).

// chanState models a channel made by controlled code, or adopted (see
// adopt.go).
type chanState struct {
	cap        int  // -1 while unknown (adopted by a close)
	adopted    bool // made outside the execution (see adopt.go)
	foreign    bool // not made by rewritten code, or touched: waiters poll it
	touched    bool // used by uncontrolled code during the execution (foreign.go)
	closed     bool
	q          []vclock // clocks of the values in the buffer, oldest first
	qAt        []int    // trace index of each value's send (sched.Step.Partner)
	rq         []vclock // clocks of receives whose freed slot no send has used yet
	rqAt       []int    // trace index of each of those receives
	sends      int      // sends so far
	closeClock vclock
	all        *vclock // once touched: the joined clock of every send and receive
	// waiters lists the goroutines that started waiting with a case on
	// the channel, for partner; entries whose wait has ended are dropped
	// as partner meets them.
	waiters []chanWaiter
}

// chans is the room's object table, keyed by the channel's address.
var chans = newRoom(roomHooks[unsafe.Pointer, chanState]{noted: func(k unsafe.Pointer) unsafe.Pointer { return k }})

// chanWait is the wait of a send, receive or select: its cases, and what
// a partner that completed it chose. A goroutine waits in one channel
// operation at a time, so each keeps one chanWait (G.chw) and reuses it,
// numbering its operations (n): a channel operation allocates nothing
// for its wait.
type chanWait struct {
	cases      []Case
	hasDefault bool
	completed  bool   // a partner completed the operation
	chosen     int    // the index of the case the partner completed
	woken      int    // 1 + the case a close readied while it waited, 0 if none (commitClose)
	n          uint32 // numbers the goroutine's channel operations (see chanWaiter)
}

func (w *chanWait) enabled(x *execution, g *G) bool { return x.chanEnabled(g, w) }
func (w *chanWait) group() (*waitSet, bool)         { return nil, false }

// state is what the Go runtime prints for a goroutine blocked in w.
func (w *chanWait) state(g *G) string {
	if g.op.Kind == sched.OpSelect {
		if len(w.cases) == 0 {
			return "select (no cases)"
		}
		return "select"
	}
	s := "chan receive"
	if g.op.Kind == sched.OpSend {
		s = "chan send"
	}
	if len(w.cases) == 1 && w.cases[0].chanKey() == nil {
		s += " (nil chan)"
	}
	return s
}

// chanWaiter is one wait of a goroutine on a channel: it is current while
// g's pending wait is still its channel operation number n.
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
	chans.of(g.x).put(key, &chanState{cap: size})
}

// Close models close(ch) by g; closeFn performs the real close.
func (g *G) Close(site int32, key unsafe.Pointer, closeFn func()) {
	if !g.enter(sched.OpClose, site, key) {
		closeFn() // released: its deferred calls close for real (released.go)
		return
	}
	g.schedule()
	closeFn()                         // panics on a nil or closed channel, as it should
	g.x.checkRace(g, site, key, true) // written as by runtime.closechan (see sendReads)
	if s := g.x.adoptForClose(key); s != nil {
		s.closed = true
		s.closeClock.Set(g.clock)
		commitClose(s, key)
	}
	g.clock.Tick(g.id)
}

// commitClose commits every operation waiting on the closed channel s
// (at key) to its case on s, unless an earlier close committed it: in Go
// a close wakes each goroutine parked in a select on the channel with
// that case chosen, so a case that becomes ready later (a context's Done
// closed next) can no longer be taken. Choosing among all ready cases at
// the woken goroutine's step did take it: watermill's handler, parked on
// the router's closing channel and its context's Done, skipped closing
// its subscriber, and the router's Close timed out.
func commitClose(s *chanState, key unsafe.Pointer) {
	for _, cw := range s.waiters {
		if !cw.waiting() || cw.g.chw.woken != 0 {
			continue
		}
		w := &cw.g.chw
		for j, c := range w.cases {
			if c.chanKey() == key {
				w.woken = j + 1
				break
			}
		}
	}
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
	var first unsafe.Pointer
	if len(cases) > 0 {
		first = cases[0].chanKey()
	}
	if !g.enter(kind, site, first) {
		return -1
	}
	for _, c := range cases {
		g.x.chanModel(c) // adopt channels made outside the execution
	}
	if kind == sched.OpRecv && g.x.closedEmpty(cases[0]) {
		g.op.Closed = true // sched.Op.Closed
	}
	w := &g.chw
	*w = chanWait{cases: cases, hasDefault: hasDefault, n: w.n + 1}
	g.pend.wait = w
	for arrived := false; ; arrived = true {
		g.schedule()
		closed := false // sched.IdleOwn: chanStep, or pollStep once it ran
		if hasDefault {
			closed = g.x.closedOnly(g, w)
		} else if kind != sched.OpSend {
			g.x.chanStep(g, w)
		}
		if w.completed {
			g.pollDone()
			return w.chosen
		}
		if !arrived {
			g.x.sendReads(g, site, cases)
		}
		if i, ok := g.x.doSelect(g, w); ok {
			if hasDefault {
				g.x.pollStep(g, w, i, closed)
			}
			g.pollDone()
			w.cases = nil
			return i
		}
		if !g.pend.waiting {
			g.pend.waiting = true
			g.x.addWaiter(g, w)
		}
		if g.x.hasUnmodelled(cases) || g.pollFor > 0 {
			g.pollFailed() // uncontrolled code may complete it (see pollAdopted)
		}
	}
}

// closedEmpty reports whether c's channel is modelled, closed and empty:
// a receive returns at once, and so does every later one (no send can
// refill a closed channel).
func (x *execution) closedEmpty(c Case) bool {
	if c.chanKey() == nil {
		return false
	}
	s := chans.of(x).lookup(c.chanKey())
	n, _ := c.lenCap()
	return s != nil && s.closed && n == 0
}

// chanStep classifies the step of g's receive or select without a
// default for the busy-wait detector (execution.noteProgress): it waits,
// and a goroutine looping on it (a worker taking a ticker's ticks) is not
// busy-waiting: counting it idle would let virtual time pass while it
// could still take its tick. One that can only complete on a closed,
// empty channel does not wait: it returns at once, changing nothing, and
// counts as a poll (closedOnly).
func (x *execution) chanStep(g *G, w *chanWait) {
	if !x.closedOnly(g, w) {
		x.progressed(g)
		return
	}
	x.idleStep(g, [2]int32{g.op.Site, g.op.Obj}, true, x.step)
}

// pollStep classifies the step of a select with a default case once it
// ran (chosen: the case it completed, -1 for the default). A case that
// completed changed a channel, as a receive or a send does: progress,
// unless it only received from a closed, empty channel (closed, found
// before the step: closedOnly). The default taken is a poll, and one of
// sends only (a notification found pending, `select { case ch <- x:
// default: }`) is no wait (see idleStep). Classifying the step before it
// ran counted a select that received a value as a poll: gocron's executor
// polls three channels until each has delivered once, and virtual time
// jumped past its stop timeout between the first value and the other two,
// which natively arrive microseconds apart.
func (x *execution) pollStep(g *G, w *chanWait, chosen int, closed bool) {
	if chosen >= 0 && !closed {
		x.progressed(g)
		return
	}
	x.idleStep(g, [2]int32{g.op.Site, g.op.Obj}, !onlySends(w.cases), x.step)
}

// onlySends reports whether a select's cases are all sends (and there is
// at least one).
func onlySends(cases []Case) bool {
	for _, c := range cases {
		if !c.isSend() {
			return false
		}
	}
	return len(cases) > 0
}

// closedOnly reports whether g's pending channel operation w can only
// complete as a receive from a closed, empty channel: it returns at once
// and changes nothing, so a loop of them busy-waits (ants'
// ReleaseContext loops on a closed allDone channel until the purge
// goroutine stores a flag). A channel made outside vtbound's control
// (polled) never counts: code vtbound does not see may use it.
func (x *execution) closedOnly(g *G, w *chanWait) bool {
	if w.completed {
		return false
	}
	closed := false
	t := chans.of(x)
	for _, c := range w.cases {
		if !x.caseReady(g, c) {
			continue
		}
		s := t.lookup(c.chanKey())
		if n, _ := c.lenCap(); c.isSend() || s == nil || s.foreign || !s.closed || n > 0 {
			return false
		}
		closed = true
	}
	return closed
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

// chanEnabled reports whether g's pending channel operation w may take a
// step: arriving always may; a waiting operation only when it has been
// completed, a case became ready, or an uncontrolled case may be polled.
func (x *execution) chanEnabled(g *G, w *chanWait) bool {
	if !g.pend.waiting || w.completed {
		return true
	}
	t := chans.of(x)
	for _, c := range w.cases {
		if x.caseReady(g, c) || x.polled(c) {
			return true
		}
		if s := t.lookup(c.chanKey()); s != nil && s.adopted && g.pollFor > 0 {
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
	s := chans.of(x).lookup(key)
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
	h, _ := partner(s, g, c)
	return h.g != nil
}

// addWaiter records, on each modelled channel of its cases, that g's
// channel operation w starts waiting.
func (x *execution) addWaiter(g *G, w *chanWait) {
	cw := chanWaiter{g, w.n}
	t := chans.of(x)
	for _, c := range w.cases {
		s := t.lookup(c.chanKey())
		if s != nil && (len(s.waiters) == 0 || s.waiters[len(s.waiters)-1] != cw) {
			s.waiters = append(s.waiters, cw)
		}
	}
}

// waiting reports whether cw is still a waiting channel operation.
func (cw chanWaiter) waiting() bool {
	h := cw.g
	w := &h.chw
	return h.live && h.pend.waiting && w.n == cw.n && !w.completed && h.pend.wait == wait(w)
}

// partner finds, among the waiters of s (the model of c's channel), the
// goroutine that started waiting first with a matching operation on the
// channel, and the index of its case: the head of Go's send or receive
// queue (s.waiters is in order of arrival). Only waiting goroutines count
// (a select with a default never waits); only the channel's own waiters
// are looked at. Matching by arrival, not by when the operations were
// announced, makes a send and a receive of one channel commute, as
// sched.Commutes says: whichever arrives first, the second meets the
// head of the other queue.
func partner(s *chanState, g *G, c Case) (chanWaiter, int) {
	key := c.chanKey()
	var best chanWaiter
	bestIdx := -1
	kept := s.waiters[:0]
	for _, w := range s.waiters {
		if !w.waiting() {
			continue
		}
		kept = append(kept, w)
		h := w.g
		if best.g != nil || h == g || h.chw.woken != 0 {
			continue // a select a close committed has left every other queue (commitClose)
		}
		for j, hc := range h.chw.cases {
			if hc.chanKey() == key && hc.isSend() != c.isSend() {
				best, bestIdx = w, j
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
func (x *execution) doSelect(g *G, w *chanWait) (int, bool) {
	cases := w.cases
	var ready [8]int
	readyIdx := ready[:0]
	if w.woken != 0 {
		readyIdx = append(readyIdx, w.woken-1) // committed by a close (commitClose)
	} else {
		for i, c := range cases {
			if x.caseReady(g, c) {
				readyIdx = append(readyIdx, i)
			}
		}
	}
	if len(readyIdx) > 0 {
		i := readyIdx[x.choose(g, len(readyIdx))]
		if x.perform(g, cases[i]) {
			return i, true
		}
	}
	t := chans.of(x)
	for i, c := range cases {
		s := t.lookup(c.chanKey())
		if c.chanKey() == nil || (s != nil && !s.adopted) {
			continue // nil, or made in this execution: the model is exact
		}
		if (c.isSend() && c.trySend()) || (!c.isSend() && c.tryRecv()) {
			x.realDone(g, c, s)
			return i, true
		}
	}
	if w.hasDefault {
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
	clk := atomics.of(x).get(c.chanKey())
	if c.isSend() {
		g.releaseInto(clk)
		return
	}
	g.learn(*clk)
}

// perform carries out g's ready case c on a modelled channel.
func (x *execution) perform(g *G, c Case) bool {
	s := chans.of(x).lookup(c.chanKey())
	switch {
	case s.closed || s.cap > 0:
		return x.performBuffered(g, c, s)
	default:
		hw, j := partner(s, g, c)
		h := hw.g
		w := &h.chw
		if c.isSend() {
			w.cases[j].takeFrom(c)
		} else {
			c.takeFrom(w.cases[j])
		}
		x.link(h.lastStep) // g continues after h's arrival, and h after g's step
		complete(h, j)
		g.learn(h.clock)
		h.learn(g.clock)
		h.clock.Tick(h.id)
		g.clock.Tick(g.id)
		return true
	}
}

// performBuffered does the real non-blocking operation on a buffered or
// closed modelled channel, keeping send-to-receive happens-before.
func (x *execution) performBuffered(g *G, c Case, s *chanState) bool {
	if s.touched {
		return x.performTouched(g, c, s)
	}
	if c.isSend() {
		if giveToReceiver(g, c, s) {
			return true
		}
		if !c.trySend() { // filled by uncontrolled code
			return false
		}
		x.link(bufferedSend(g, s, x.here()))
		return true
	}
	if !c.tryRecv() {
		return false
	}
	if len(s.q) > 0 {
		x.link(bufferedRecv(g, s, x.here()))
		refill(g, c, s)
	} else if s.closed {
		g.learn(s.closeClock)
	}
	return true
}

// bufferedSend keeps the happens-before of g's send into buffered channel
// s: the k-th receive happens before the (k+cap)-th send completes, and
// the value carries g's clock to its receive. at is the trace index of
// the send's arrival; it returns that of the receive whose slot the send
// used, or -1 (see sched.Step.Partner).
func bufferedSend(g *G, s *chanState, at int) int {
	from := -1
	if s.sends++; s.sends > s.cap && len(s.rq) > 0 {
		g.learn(s.rq[0])
		from = s.rqAt[0]
		s.rq, s.rqAt = s.rq[1:], s.rqAt[1:]
	}
	s.q = append(s.q, append(vclock(nil), g.clock...))
	s.qAt = append(s.qAt, at)
	g.clock.Tick(g.id)
	return from
}

// bufferedRecv keeps the happens-before of g's receive of the oldest value
// of buffered channel s. at is the trace index of the receive's arrival;
// it returns that of the send whose value it took.
func bufferedRecv(g *G, s *chanState, at int) int {
	g.learn(s.q[0])
	from := s.qAt[0]
	s.q, s.qAt = s.q[1:], s.qAt[1:]
	s.rq = append(s.rq, append(vclock(nil), g.clock...))
	s.rqAt = append(s.rqAt, at)
	g.clock.Tick(g.id)
	return from
}

// here returns the trace index of the step being taken.
func (x *execution) here() int { return len(x.trace) - 1 }

// link records that the step being taken continues after the step at
// trace index at (sched.Step.Partner); at < 0 records nothing.
func (x *execution) link(at int) {
	if at >= 0 && len(x.trace) > 0 {
		x.trace[len(x.trace)-1].Partner = at + 1
	}
}

// giveToReceiver gives the value of g's send case c on buffered channel s to the
// receiver that has waited longest, as Go's chansend does when a receiver
// waits (the buffer is then empty): the receiver's operation completes
// with that case, in the send's step. Putting the value in the buffer
// instead let the woken receiver, a select, choose a case readied later
// (its quit channel closed next) and leave the value to somebody else. It
// reports false, having done nothing, when no receiver waits.
func giveToReceiver(g *G, c Case, s *chanState) bool {
	if n, _ := c.lenCap(); n > 0 || s.closed {
		return false
	}
	hw, j := partner(s, g, c)
	h := hw.g
	if h == nil {
		return false
	}
	h.chw.cases[j].takeFrom(c)
	complete(h, j)
	x := g.x
	x.link(bufferedSend(g, s, x.here()))
	bufferedRecv(h, s, h.lastStep)
	return true
}

// refill moves the value of the sender that has waited longest on full
// buffered channel s into the slot g's receive (case c) freed, as Go's
// chanrecv does: the sender's operation completes with that case, in the
// receive's step.
func refill(g *G, c Case, s *chanState) {
	hw, j := partner(s, g, c)
	h := hw.g
	if h == nil || !h.chw.cases[j].trySend() {
		return
	}
	complete(h, j)
	bufferedSend(h, s, h.lastStep)
}

// complete ends h's waiting channel operation with its case j, performed
// by a partner's step: h's next step only resumes it (sched.Op.Done),
// linked to the partner's step.
func complete(h *G, j int) {
	w := &h.chw
	w.completed, w.chosen = true, j
	w.cases = nil
	h.pollDone()
	x := h.x
	h.op.Done, h.partnerStep = true, x.here()
	if x.plan.Resume {
		x.resume = append(x.resume, h)
	}
}

// resumed returns, when the plan asks for it (sched.Plan.Resume), an
// enabled goroutine whose channel operation a partner completed, to run
// before any other, or nil. The pick is recorded as a decision, so that
// a replay without Resume takes the same steps.
func (x *execution) resumed() *G {
	for len(x.resume) > 0 {
		h := x.resume[0]
		x.resume = x.resume[1:]
		if h.live && h.op.Done && x.en.has(h.id) {
			x.decisions = append(x.decisions, h.id)
			return h
		}
	}
	return nil
}

// performTouched does the real non-blocking operation on a buffered or
// closed channel that uncontrolled code used (foreign.go): its values
// carry no clock of their own, so every operation acquires and releases
// the channel's one clock, as an atomic read-modify-write would. This
// over-approximates happens-before: it can hide a race, never report a
// false one.
func (x *execution) performTouched(g *G, c Case, s *chanState) bool {
	if c.isSend() && !c.trySend() || !c.isSend() && !c.tryRecv() {
		return false
	}
	if s.closed && !c.isSend() {
		g.learn(s.closeClock)
	}
	g.learn(*s.all)
	g.releaseInto(s.all)
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
