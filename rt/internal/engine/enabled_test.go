package engine

import (
	"flag"
	"math/bits"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestMain turns on, for every engine test, the check of the incremental
// enabled set against one computed from scratch at every scheduling point
// (see checkEnabledSet); benchmarks run without it.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		checkEnabled = true
	}
	os.Exit(m.Run())
}

func TestIDSet(t *testing.T) {
	var s idSet
	ids := []int{1, 2, 63, 64, 65, 128, 129, 300}
	for _, id := range ids {
		s.add(id)
	}
	if got := s.count(); got != len(ids) {
		t.Fatalf("count = %d, want %d", got, len(ids))
	}
	for i, id := range ids {
		if got := s.nth(i); got != id {
			t.Errorf("nth(%d) = %d, want %d", i, got, id)
		}
	}
	var walked []int
	for id := s.next(0); id != 0; id = s.next(id) {
		walked = append(walked, id)
	}
	if !slices.Equal(walked, ids) {
		t.Errorf("next walks %v, want %v", walked, ids)
	}
	s.remove(64)
	if s.has(64) || !s.has(63) || !s.has(65) || s.has(0) || s.has(1000) {
		t.Errorf("has after remove(64) wrong: %b", s)
	}
	var o idSet
	o.add(2)
	o.add(129)
	s.andNot(o)
	if s.has(2) || s.has(129) || s.count() != len(ids)-3 {
		t.Errorf("andNot left %v", s)
	}
	s.or(o)
	if !s.has(2) || !s.has(129) {
		t.Errorf("or lost an ID: %v", s)
	}
}

// TestNthBit compares nthBit with clearing the lowest set bit i times,
// on words with bits in every half, quarter and eighth.
func TestNthBit(t *testing.T) {
	words := []uint64{1, 1 << 63, 0xffffffffffffffff, 0x8000000100000001, 0x0123456789abcdef, 0xf0f0f0f00f0f0f0f}
	for _, w := range words {
		for i := range bits.OnesCount64(w) {
			v := w
			for range i {
				v &= v - 1
			}
			if got, want := nthBit(w, i), bits.TrailingZeros64(v); got != want {
				t.Errorf("nthBit(%#x, %d) = %d, want %d", w, i, got, want)
			}
		}
	}
}

// TestCountedSet checks that countedSet's size follows adds and removes
// of IDs already in or out, and bulk or/andNot that overlap it.
func TestCountedSet(t *testing.T) {
	var s countedSet
	for _, id := range []int{3, 3, 70, 200, 200} {
		s.add(id)
	}
	s.remove(5)
	s.remove(70)
	s.remove(70)
	var o idSet
	for _, id := range []int{1, 3, 64, 130} {
		o.add(id)
	}
	s.grow(200)
	s.or(o)
	if s.count() != s.idSet.count() || s.count() != 5 {
		t.Fatalf("count = %d, set holds %d, want 5", s.count(), s.idSet.count())
	}
	s.andNot(o)
	if s.count() != s.idSet.count() || s.count() != 1 {
		t.Fatalf("after andNot count = %d, set holds %d, want 1", s.count(), s.idSet.count())
	}
}

// TestEnabledSetFollowsMutexWaiters runs many goroutines contending for
// one mutex (waiters leave and join the enabled set on every Unlock and
// Lock) beside a Cond and a channel (dynamic waiters), with the sanity
// check on: a stale enabled set panics in checkEnabledSet.
func TestEnabledSetFollowsMutexWaiters(t *testing.T) {
	e := New(newRandom(3, 20), Limits{MaxSteps: 100000}, nil)
	for {
		res, ok := e.Run(func() {
			g := cur()
			var mu sync.Mutex
			cond := sync.NewCond(&mu)
			ch := make(chan int)
			g.MakeChan(chanKey(ch), 0)
			ready := 0
			for i := range 12 {
				g.Go(0, func() {
					h := cur()
					h.Lock(0, &mu)
					if i == 0 {
						for ready < 11 {
							h.CondWait(0, cond)
						}
					} else {
						ready++
						h.CondSignal(0, cond)
					}
					h.Unlock(0, &mu)
					send(ch, i)
				})
			}
			for range 12 {
				recv(ch)
			}
		})
		if !ok {
			return
		}
		if res.Failure != nil {
			t.Fatalf("execution %d: %v: %s", res.N, res.Outcome, res.Failure.Message)
		}
	}
}

// TestNonBlockingKindsAlwaysEnabled checks the assumption behind the
// static class (see classify): a pending operation whose kind the
// operation table marks non-blocking is enabled whatever the state, so
// it stays enabled until its own step.
func TestNonBlockingKindsAlwaysEnabled(t *testing.T) {
	x := newExecution(New(newRandom(1, 1), Limits{}, nil), sched.Plan{})
	for k := sched.OpKind(0); k.String() != "op?"; k++ {
		if k.Info().Blocking {
			continue
		}
		g := &G{x: x, id: 1, live: true, op: sched.Op{Kind: k, Group: -1}}
		if !x.enabled(g) {
			t.Errorf("%v is non-blocking in the operation table but not always enabled", k)
		}
	}
}

// TestEnabledSetFollowsWaitGroupWaiters has goroutines wait on a
// WaitGroup gate that opens, closes again (a second round) and opens, with
// the sanity check on.
func TestEnabledSetFollowsWaitGroupWaiters(t *testing.T) {
	e := New(newRandom(4, 20), Limits{MaxSteps: 100000}, nil)
	for {
		res, ok := e.Run(func() {
			g := cur()
			var gate, done sync.WaitGroup
			g.WGAdd(0, &gate, 1)
			g.WGAdd(0, &done, 8)
			for range 8 {
				g.Go(0, func() {
					h := cur()
					h.WGWait(0, &gate)
					h.WGWait(0, &gate)
					h.WGAdd(0, &done, -1)
				})
			}
			g.Yield(0)
			g.WGAdd(0, &gate, -1)
			g.WGAdd(0, &gate, 1)
			g.Yield(0)
			g.WGAdd(0, &gate, -1)
			g.WGWait(0, &done)
		})
		if !ok {
			return
		}
		if res.Failure != nil {
			t.Fatalf("execution %d: %v: %s", res.N, res.Outcome, res.Failure.Message)
		}
	}
}
