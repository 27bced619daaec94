package lincheck

import (
	"math/bits"
	"math/rand"
	"slices"
	"testing"
)

// small returns a generator of arguments 0..n-1: few values, so that
// operations of a scenario meet on the same element.
func small(n int) func(r *rand.Rand) any {
	return func(r *rand.Rand) any { return r.Intn(n) }
}

// setTest is the lincheck test of splitSet; the specification's state is
// the set as a bit mask.
func setTest(fixed bool) Test[*splitSet, uint8] {
	bit := func(x any) uint8 { return 1 << x.(int) }
	return Test[*splitSet, uint8]{
		New:  func() *splitSet { return newSplitSet(fixed) },
		Init: func() uint8 { return 0 },
		Ops: []Op[*splitSet, uint8]{
			{Name: "Add", Arg: small(2),
				Call: func(s *splitSet, x any) any { return s.Add(x.(int)) },
				Spec: func(s uint8, x any) (uint8, any) { return s | bit(x), s&bit(x) == 0 }},
			{Name: "Remove", Arg: small(2),
				Call: func(s *splitSet, x any) any { return s.Remove(x.(int)) },
				Spec: func(s uint8, x any) (uint8, any) { return s &^ bit(x), s&bit(x) != 0 }},
			{Name: "Contains", Arg: small(2),
				Call: func(s *splitSet, x any) any { return s.Contains(x.(int)) },
				Spec: func(s uint8, x any) (uint8, any) { return s, s&bit(x) != 0 }},
		},
	}
}

// deq is Dequeue's result.
type deq struct {
	X  int
	OK bool
}

// queueTest is the lincheck test of lenQueue; the specification's state
// is the queue's elements (Spec copies before changing them).
func queueTest(fixed bool) Test[*lenQueue, []int] {
	return Test[*lenQueue, []int]{
		New:      func() *lenQueue { return &lenQueue{fixed: fixed} },
		Init:     func() []int { return nil },
		StateKey: func(s []int) any { return queueKey(s) },
		Ops: []Op[*lenQueue, []int]{
			{Name: "Enqueue", Arg: small(3),
				Call: func(q *lenQueue, x any) any { return q.Enqueue(x.(int)) },
				Spec: func(s []int, x any) ([]int, any) { return append(slices.Clip(s), x.(int)), true }},
			{Name: "Dequeue",
				Call: func(q *lenQueue, _ any) any { x, ok := q.Dequeue(); return deq{x, ok} },
				Spec: func(s []int, _ any) ([]int, any) {
					if len(s) == 0 {
						return s, deq{}
					}
					return s[1:], deq{s[0], true}
				}},
			{Name: "Len",
				Call: func(q *lenQueue, _ any) any { return q.Len() },
				Spec: func(s []int, _ any) ([]int, any) { return s, len(s) }},
		},
	}
}

// queueKey is a queue state's key: its elements (0..2) as bytes.
func queueKey(s []int) string {
	b := make([]byte, len(s))
	for i, x := range s {
		b[i] = byte(x)
	}
	return string(b)
}

// counterTest is the lincheck test of shardCounter.
func counterTest(fixed bool) Test[*shardCounter, int] {
	add := func(d int) func(c *shardCounter, _ any) any {
		return func(c *shardCounter, _ any) any { c.Add(d); return nil }
	}
	return Test[*shardCounter, int]{
		New:  func() *shardCounter { return &shardCounter{fixed: fixed} },
		Init: func() int { return 0 },
		Ops: []Op[*shardCounter, int]{
			{Name: "Inc", Call: add(1), Spec: func(s int, _ any) (int, any) { return s + 1, nil }},
			{Name: "Dec", Call: add(-1), Spec: func(s int, _ any) (int, any) { return s - 1, nil }},
			{Name: "Get",
				Call: func(c *shardCounter, _ any) any { return c.Get() },
				Spec: func(s int, _ any) (int, any) { return s, s }},
		},
	}
}

// cacheTest is the lincheck test of entryCache: GetOrCreate's result is
// whether the call created the entry; the specification's state is the
// set of keys as a bit mask.
func cacheTest(fixed bool) Test[*entryCache, uint8] {
	keys := []string{"a", "b"}
	bit := func(k any) uint8 { return 1 << slices.Index(keys, k.(string)) }
	return Test[*entryCache, uint8]{
		New:  func() *entryCache { return newEntryCache(fixed) },
		Init: func() uint8 { return 0 },
		Ops: []Op[*entryCache, uint8]{
			{Name: "GetOrCreate", Arg: func(r *rand.Rand) any { return keys[r.Intn(len(keys))] },
				Call: func(c *entryCache, k any) any { _, created := c.GetOrCreate(k.(string)); return created },
				Spec: func(s uint8, k any) (uint8, any) { return s | bit(k), s&bit(k) == 0 }},
			{Name: "Len",
				Call: func(c *entryCache, _ any) any { return c.Len() },
				Spec: func(s uint8, _ any) (uint8, any) { return s, bits.OnesCount8(s) }},
		},
	}
}

// catalogue maps each object's name to the lincheck check of its buggy
// (fixed false) or fixed version.
var catalogue = map[string]func(t *testing.T, fixed bool, opts ...Option){
	"set": func(t *testing.T, fixed bool, opts ...Option) {
		Check(t, setTest(fixed), opts...)
	},
	"queue": func(t *testing.T, fixed bool, opts ...Option) {
		Check(t, queueTest(fixed), opts...)
	},
	"counter": func(t *testing.T, fixed bool, opts ...Option) {
		Check(t, counterTest(fixed), opts...)
	},
	"cache": func(t *testing.T, fixed bool, opts ...Option) {
		Check(t, cacheTest(fixed), opts...)
	},
}
