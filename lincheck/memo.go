package lincheck

import (
	"hash/fnv"
	"reflect"
)

// historyMemo remembers the verdicts of the histories one scenario
// produced: exploring a scenario meets the same history (the same calls
// and returns in the same order, with the same results) in many
// executions that differ only inside the operations, and each is then
// checked once. Only decided verdicts are kept, and only when results are
// compared with reflect.DeepEqual (no Test.SameResult), so that two
// histories the memo finds equal get the same verdict from the checker.
// Comparing histories runs no code of the user's package (reflect alone),
// so it takes no scheduling point under the engine.
type historyMemo[S any] struct {
	on   bool
	seen map[uint64][]memoEntry[S]
	size int
}

// memoEntry is a checked history and its outcome.
type memoEntry[S any] struct {
	h   []Event
	out outcome[S]
}

// memoLimit bounds the number of histories a memo keeps.
const memoLimit = 4096

// newHistoryMemo returns a memo, which remembers nothing when on is false.
func newHistoryMemo[S any](on bool) *historyMemo[S] {
	return &historyMemo[S]{on: on, seen: map[uint64][]memoEntry[S]{}}
}

// lookup returns the outcome of a history equal to h, if one was stored.
func (m *historyMemo[S]) lookup(h []Event) (outcome[S], bool) {
	if m.on {
		for _, e := range m.seen[shapeHash(h)] {
			if sameHistory(e.h, h) {
				return e.out, true
			}
		}
	}
	return outcome[S]{}, false
}

// store remembers the outcome of h, when decided.
func (m *historyMemo[S]) store(h []Event, out outcome[S]) {
	if !m.on || out.verdict == Unknown || m.size >= memoLimit {
		return
	}
	k := shapeHash(h)
	m.seen[k] = append(m.seen[k], memoEntry[S]{h, out})
	m.size++
}

// shapeHash hashes what the clock and the scenario decide of h: each
// event's lane, operation and stamps.
func shapeHash(h []Event) uint64 {
	f := fnv.New64a()
	var buf [32]byte
	for _, e := range h {
		for i, v := range []int64{int64(e.Lane), int64(e.Op), e.Call, e.Return} {
			for j := range 8 {
				buf[8*i+j] = byte(v >> (8 * j))
			}
		}
		f.Write(buf[:])
	}
	return f.Sum64()
}

// sameHistory reports whether a and b are equal event by event.
func sameHistory(a, b []Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Lane != y.Lane || x.Op != y.Op || x.Call != y.Call || x.Return != y.Return ||
			!reflect.DeepEqual(x.Arg, y.Arg) || !reflect.DeepEqual(x.Result, y.Result) {
			return false
		}
	}
	return true
}
