package lincheck

import (
	"encoding/binary"
	"reflect"
	"sort"
	"time"
)

// Verdict is the outcome of checking one history.
type Verdict int

const (
	// Linearizable: some order of the operations fits.
	Linearizable Verdict = iota
	// NotLinearizable: no order fits.
	NotLinearizable
	// Unknown: the time bound ended the search first; the history is
	// neither known to be linearizable nor known not to be.
	Unknown
)

// String names the verdict.
func (v Verdict) String() string {
	switch v {
	case Linearizable:
		return "linearizable"
	case NotLinearizable:
		return "not linearizable"
	}
	return "unknown"
}

// model is what the checker needs of a Test: the specification and how
// to compare its states and results.
type model[S any] struct {
	init func() S
	// step applies operation op with arg to s: the next state and the
	// expected result. It must leave s unchanged.
	step func(s S, op int, arg any) (S, any)
	// same reports whether an operation's result equals the expected one.
	same func(want, got any) bool
	// key, when set, maps a state to a comparable value equal for equal
	// states; otherwise states are compared with reflect.DeepEqual.
	key func(S) any
}

// outcome is what the check found.
type outcome[S any] struct {
	verdict Verdict
	// order is a linearization (linearizable) or the longest linearizable
	// prefix the search met (otherwise), as indexes into the history.
	order []int
	// state is the specification's state after order.
	state S
	// steps counts the search's steps.
	steps int
}

// entry is a call or a return event in the search's list, which holds the
// events of the operations not linearized yet, in real-time order.
type entry struct {
	id         int // the operation's index in the history
	call       bool
	match      *entry // a call's return
	prev, next *entry
}

// checkEvery is how many search steps pass between looks at the clock,
// once the search has taken that many.
const checkEvery = 1024

// lookAtClock reports whether the search looks at the clock at step n:
// at every power of two (a search whose steps are slow, a Spec that
// sleeps, still meets a short bound), then every checkEvery steps.
func lookAtClock(n int) bool { return n&(n-1) == 0 || n%checkEvery == 0 }

// check decides whether h is linearizable with respect to m, within the
// time bound (zero: none). It is the Wing–Gong search as improved by Lowe:
// the next operation to linearize is one whose call precedes every
// pending return, tried in real-time order; after a dead end the last
// choice is undone; a (linearized set, state) pair seen before is never
// explored again, which bounds the search by the number of distinct such
// pairs rather than the number of orders.
func check[S any](m model[S], h []Event, bound time.Duration) outcome[S] {
	head := eventList(h)
	seen := newCache(m.key)
	done := newBitset(len(h))
	state := m.init()
	var stack []frame[S]
	best := outcome[S]{verdict: NotLinearizable, state: state}
	var deadline time.Time
	if bound > 0 {
		deadline = time.Now().Add(bound)
	}
	e := head.next
	for steps := 1; head.next != nil; steps++ {
		if lookAtClock(steps) && !deadline.IsZero() && time.Now().After(deadline) {
			best.verdict, best.steps = Unknown, steps
			return best
		}
		if e.call {
			next, res := m.step(state, h[e.id].Op, h[e.id].Arg)
			if m.same(res, h[e.id].Result) && seen.add(done.with(e.id), next) {
				stack = append(stack, frame[S]{e, state})
				done.set(e.id)
				state = next
				lift(e)
				if len(stack) > len(best.order) {
					best.order, best.state = frameIDs(stack), state
				}
				e = head.next
				continue
			}
			e = e.next
			continue
		}
		if len(stack) == 0 { // a return whose call could not go first
			best.steps = steps
			return best
		}
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		done.clear(top.e.id)
		state = top.state
		unlift(top.e)
		e = top.e.next
	}
	return outcome[S]{verdict: Linearizable, order: frameIDs(stack), state: state}
}

// frame is one linearized operation on the search's stack, with the state
// before it.
type frame[S any] struct {
	e     *entry
	state S
}

// frameIDs returns the operations of stack, in order.
func frameIDs[S any](stack []frame[S]) []int {
	ids := make([]int, len(stack))
	for i, f := range stack {
		ids[i] = f.e.id
	}
	return ids
}

// eventList returns the head of a list of h's calls and returns in stamp
// order.
func eventList(h []Event) *entry {
	type stamped struct {
		at int64
		e  *entry
	}
	all := make([]stamped, 0, 2*len(h))
	for i, ev := range h {
		ret := &entry{id: i}
		call := &entry{id: i, call: true, match: ret}
		all = append(all, stamped{ev.Call, call}, stamped{ev.Return, ret})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].at < all[j].at })
	head := &entry{id: -1}
	prev := head
	for _, s := range all {
		prev.next, s.e.prev = s.e, prev
		prev = s.e
	}
	return head
}

// lift takes a call and its return out of the list.
func lift(call *entry) {
	for _, e := range []*entry{call, call.match} {
		e.prev.next = e.next
		if e.next != nil {
			e.next.prev = e.prev
		}
	}
}

// unlift puts back what lift took out, in reverse.
func unlift(call *entry) {
	for _, e := range []*entry{call.match, call} {
		e.prev.next = e
		if e.next != nil {
			e.next.prev = e
		}
	}
}

// bitset is a set of operations of a history.
type bitset []uint64

func newBitset(n int) bitset       { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)         { b[i/64] |= 1 << (i % 64) }
func (b bitset) clear(i int)       { b[i/64] &^= 1 << (i % 64) }
func (b bitset) has(i int) bool    { return b[i/64]&(1<<(i%64)) != 0 }
func (b bitset) with(i int) string { b.set(i); defer b.clear(i); return b.String() }

// String encodes b as a map key.
func (b bitset) String() string {
	buf := make([]byte, 8*len(b))
	for i, w := range b {
		binary.LittleEndian.PutUint64(buf[8*i:], w)
	}
	return string(buf)
}

// cache remembers the (linearized set, state) pairs the search has met.
type cache[S any] struct {
	key   func(S) any
	keyed map[[2]any]bool
	plain map[string][]S
}

func newCache[S any](key func(S) any) *cache[S] {
	return &cache[S]{key: key, keyed: map[[2]any]bool{}, plain: map[string][]S{}}
}

// add records (set, s) and reports whether it is new.
func (c *cache[S]) add(set string, s S) bool {
	if c.key != nil {
		k := [2]any{set, c.key(s)}
		if c.keyed[k] {
			return false
		}
		c.keyed[k] = true
		return true
	}
	for _, old := range c.plain[set] {
		if reflect.DeepEqual(old, s) {
			return false
		}
	}
	c.plain[set] = append(c.plain[set], s)
	return true
}
