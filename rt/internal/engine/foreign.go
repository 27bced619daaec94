package engine

import (
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// Uncontrolled goroutines using the execution's objects.
//
// A goroutine started outside every exploration (by a package-level
// initialiser at init: a pool's dispatcher and the workers it starts) runs
// rewritten code, but its hooks find no controlled goroutine and perform
// the real operation. When it closes, sends on or receives from a channel
// an execution models (made in the execution, or adopted), signals a
// modelled sync.Cond or changes a modelled WaitGroup's counter, the model
// would not know: a controlled goroutine waiting there in the model would
// never be woken, and the execution would end as a false deadlock.
//
// So such an operation, while an execution runs, leaves a note in the
// engine's inbox (NoteForeign and friends): the real operation has
// happened (a close, an Add, a Signal) or is about to (a send or receive
// that may block, noted first). The hook runs concurrently with the token
// holder, so it never touches the model: the token holder takes the notes
// at its next scheduling decision (takeForeign) and then
//
//   - marks a modelled channel touched and foreign: its waiters poll the
//     real channel, as they do on a channel made outside vtbound's
//     control, and its buffered values carry one joined clock (an
//     over-approximation: uncontrolled sends and receives have no clock,
//     so the per-value clocks would no longer match the values);
//   - wakes the model's waiters of a Cond the note signals;
//   - sets a modelled WaitGroup's counter to the real one;
//   - records that uncontrolled code took part in the execution.
//
// When no controlled goroutine can move and uncontrolled code may still
// wake one (it took part, or the execution used a channel made outside
// it, through which it may have woken uncontrolled code), the token holder
// waits for a note (awaitForeign) within the poll budget
// (Limits.PollTimeout) before the execution counts as deadlocked or
// leaking; a note ends the wait at once, and resets the budget.

// foreignKind says what an uncontrolled goroutine did to an object.
type foreignKind uint8

const (
	foreignChan      foreignKind = iota // a channel operation
	foreignWG                           // a WaitGroup's Add or Done
	foreignSignal                       // a Cond's Signal
	foreignBroadcast                    // a Cond's Broadcast
)

// foreignNote is one note: an object and what was done to it.
type foreignNote struct {
	key  unsafe.Pointer
	kind foreignKind
}

// foreignInbox is an engine's inbox of notes.
//
// Invariant: notes is guarded by mu; pending is len(notes), read without
// mu.
type foreignInbox struct {
	mu      sync.Mutex
	notes   []foreignNote
	pending atomic.Int32
	notify  chan struct{} // one value after a note, for awaitForeign
	// seen holds every object of the running execution that notes
	// concern (objTable.put adds them): a note on any other object is
	// not left, so that uncontrolled code using only its own objects
	// takes no lock in its hooks. A lock there changed how that code's
	// goroutines interleave natively: goconcurrentqueue's test with a
	// thousand uncontrolled consumers, run inside an execution, hung
	// when its producer outran consumers parked on the inbox's mutex.
	seen keyFilter
}

// keyFilter is a set of addresses with false positives (a Bloom filter
// with one hash): add by the token holder, has by any goroutine.
type keyFilter [keyFilterWords]atomic.Uint64

// keyFilterWords is the filter's size in 64-bit words (4,096 bits).
const keyFilterWords = 64

// bit returns the word and bit of p.
func (f *keyFilter) bit(p unsafe.Pointer) (*atomic.Uint64, uint64) {
	h := uint64(uintptr(p)) * 0x9e3779b97f4a7c15 >> 52 // 12 bits
	return &f[h/64], 1 << (h % 64)
}

// add puts p in the set.
func (f *keyFilter) add(p unsafe.Pointer) {
	w, b := f.bit(p)
	if w.Load()&b == 0 {
		w.Or(b)
	}
}

// has reports whether p may be in the set (false: it is not).
func (f *keyFilter) has(p unsafe.Pointer) bool {
	w, b := f.bit(p)
	return w.Load()&b != 0
}

// clear empties the set.
func (f *keyFilter) clear() {
	for i := range f {
		if f[i].Load() != 0 {
			f[i].Store(0)
		}
	}
}

// put adds a note (once while it is pending) and wakes a waiting token
// holder.
func (in *foreignInbox) put(n foreignNote) {
	in.mu.Lock()
	if !slices.Contains(in.notes, n) {
		in.notes = append(in.notes, n)
		in.pending.Store(int32(len(in.notes)))
	}
	in.mu.Unlock()
	select {
	case in.notify <- struct{}{}:
	default:
	}
}

// take empties the inbox and returns its notes.
func (in *foreignInbox) take() []foreignNote {
	in.mu.Lock()
	defer in.mu.Unlock()
	notes := in.notes
	in.notes = nil
	in.pending.Store(0)
	return notes
}

// reset drops the notes and the objects of an execution that ended
// (called before the next one becomes active).
func (in *foreignInbox) reset() {
	in.seen.clear()
	in.take()
	select {
	case <-in.notify:
	default:
	}
}

// noteForeign leaves note n in the inbox of every engine running an
// execution. It costs one atomic load when none runs.
func noteForeign(n foreignNote) {
	p := active.Load()
	if p == nil || len(*p) == 0 || n.key == nil {
		return
	}
	for _, e := range *p {
		if e.fo.seen.has(n.key) {
			e.fo.put(n)
		}
	}
}

// NoteForeign is called by rt when a goroutine it does not control closes
// the channel at key (after the close), or is about to send on or receive
// from it.
func NoteForeign(key unsafe.Pointer) { noteForeign(foreignNote{key, foreignChan}) }

// NoteForeignCases is NoteForeign for each channel of a select's cases.
func NoteForeignCases(cases []Case) {
	if p := active.Load(); p == nil || len(*p) == 0 {
		return
	}
	for _, c := range cases {
		NoteForeign(c.chanKey())
	}
}

// NoteForeignWG is called by rt after a goroutine it does not control
// changed wg's counter.
func NoteForeignWG(wg *sync.WaitGroup) {
	noteForeign(foreignNote{unsafe.Pointer(wg), foreignWG})
}

// NoteForeignSignal is called by rt after a goroutine it does not control
// signalled c (Broadcast when all is set).
func NoteForeignSignal(c *sync.Cond, all bool) {
	k := foreignSignal
	if all {
		k = foreignBroadcast
	}
	noteForeign(foreignNote{unsafe.Pointer(c), k})
}

// takeForeign applies the notes of the inbox to the model (see the
// overview). Called by the token holder. A note on an object the
// execution does not model changes nothing: uncontrolled code that only
// uses its own objects does not take part in the execution.
func (x *execution) takeForeign() {
	if x.e.fo.pending.Load() != 0 { // inlined: a step without notes costs a load
		x.applyNotes()
	}
}

// applyNotes is takeForeign's work when the inbox has notes.
func (x *execution) applyNotes() {
	took := false
	for _, n := range x.e.fo.take() {
		took = x.applyForeign(n) || took
	}
	if took {
		x.uncontrolled = true
		x.foreignWaited = 0
	}
}

// applyForeign applies one note to the model and reports whether the
// execution models its object.
func (x *execution) applyForeign(n foreignNote) bool {
	switch n.kind {
	case foreignChan:
		s := chans.of(x).lookup(n.key)
		if s == nil {
			return false
		}
		s.touch()
	case foreignWG:
		wg := (*sync.WaitGroup)(n.key)
		s := waitGroups.of(x).lookup(wg)
		if s == nil {
			return false
		}
		if c, ok := wgRealCount(wg); ok {
			x.setCount(s, c)
		}
	case foreignSignal, foreignBroadcast:
		s := conds.of(x).lookup((*sync.Cond)(n.key))
		if s == nil {
			return false
		}
		s.wakeForeign(n.kind == foreignBroadcast)
	}
	return true
}

// touch marks channel model s as used by uncontrolled code: its waiters
// poll the real channel (see polled and doSelect), and its buffered
// values share one clock from now on (see performBuffered).
func (s *chanState) touch() {
	if s.touched {
		return
	}
	s.touched, s.adopted, s.foreign = true, true, true
	s.all = new(vclock)
	for _, c := range s.q {
		s.all.Join(c)
	}
	for _, c := range s.rq {
		s.all.Join(c)
	}
	s.q, s.rq, s.qAt, s.rqAt = nil, nil, nil, nil
}

// wakeForeign wakes the model's waiters of s as a Signal (the first
// waiter) or a Broadcast (all) by uncontrolled code does.
func (s *condState) wakeForeign(all bool) {
	for len(s.waiters) > 0 {
		s.waiters[0].signalled = true
		s.waiters = s.waiters[1:]
		if !all {
			return
		}
	}
}

// outsideInvolved reports whether uncontrolled code may still wake a
// goroutine of the execution: it took part (a note, a poll, a hand-off),
// or the execution used a channel made outside it.
func (x *execution) outsideInvolved() bool {
	return x.uncontrolled || x.outside
}

// awaitForeign is the token holder's last resort before an execution in
// which no goroutine can move counts as stuck: when uncontrolled code may
// still wake a goroutine the verdict would blame, it waits for a note,
// a slice at a time (counting progress, so that the stall watchdog stays
// quiet), within Limits.PollTimeout since the last note. It reports
// whether the caller should look for an enabled goroutine again.
func (x *execution) awaitForeign() bool {
	budget := x.e.lim.PollTimeout
	if x.foreignWaited >= budget || !x.outsideInvolved() || !x.someoneToBlame() {
		return false
	}
	d := min(returnSlice, budget-x.foreignWaited)
	start := time.Now()
	x.waitNotified(x.e.fo.notify, d)
	x.foreignWaited += max(time.Since(start), time.Microsecond)
	x.foreignAwaited = true
	return true
}

// someoneToBlame reports whether stuck would report a failure now: a
// deadlock while the body runs, a leak of a blocked goroutine after it
// returned.
func (x *execution) someoneToBlame() bool {
	blocked, polling := x.blockedGoroutine()
	if !x.bodyDone {
		return blocked != nil || polling
	}
	return blocked != nil && !polling
}

// foreignNoted returns msg, the message of a deadlock or a leak, saying
// so when uncontrolled code took part and was waited for in vain.
func (x *execution) foreignNoted(msg string) string {
	if !x.foreignAwaited {
		return msg
	}
	return msg + " (uncontrolled code took part in the execution and woke none of them within the poll budget)"
}

// wgRealCount returns the counter of the real WaitGroup wg; false when
// this Go's WaitGroup is not laid out as expected (see wgStateOffset).
func wgRealCount(wg *sync.WaitGroup) (int, bool) {
	if wgStateOffset == ^uintptr(0) {
		return 0, false
	}
	st := (*atomic.Uint64)(unsafe.Add(unsafe.Pointer(wg), wgStateOffset))
	return int(int32(st.Load() >> 32)), true
}

// wgStateOffset is the offset of sync.WaitGroup's state field (an
// atomic.Uint64 with the counter in its high 32 bits), ^uintptr(0) if a future Go
// changes it.
var wgStateOffset = func() uintptr {
	f, ok := reflect.TypeFor[sync.WaitGroup]().FieldByName("state")
	if !ok || f.Type != reflect.TypeFor[atomic.Uint64]() {
		return ^uintptr(0)
	}
	return f.Offset
}()
