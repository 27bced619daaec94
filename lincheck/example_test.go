package lincheck_test

import (
	"fmt"
	"math/rand"
	"sync"
	"testing"
	"time"

	"github.com/vtbound/vtbound/lincheck"
)

// Set is a set of integers whose Add checks under the read lock and
// inserts under the write lock: race-free, but two concurrent Add(x) can
// both report x as new.
type Set struct {
	mu sync.RWMutex
	m  map[int]bool
}

// Add inserts x and reports whether it was new.
func (s *Set) Add(x int) bool {
	if s.Contains(x) {
		return false
	}
	s.mu.Lock()
	s.m[x] = true
	s.mu.Unlock()
	return true
}

// Contains reports whether x is in the set.
func (s *Set) Contains(x int) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.m[x]
}

// setTest declares Set's operations and their sequential specification,
// whose state is a map that Spec copies before changing it.
var setTest = lincheck.Test[*Set, map[int]bool]{
	New:  func() *Set { return &Set{m: map[int]bool{}} },
	Init: func() map[int]bool { return map[int]bool{} },
	Ops: []lincheck.Op[*Set, map[int]bool]{
		{
			Name: "Add",
			Arg:  func(r *rand.Rand) any { return r.Intn(2) },
			Call: func(s *Set, x any) any { return s.Add(x.(int)) },
			Spec: func(s map[int]bool, x any) (map[int]bool, any) {
				if s[x.(int)] {
					return s, false
				}
				next := map[int]bool{x.(int): true}
				for k := range s {
					next[k] = true
				}
				return next, true
			},
		},
		{
			Name: "Contains",
			Arg:  func(r *rand.Rand) any { return r.Intn(2) },
			Call: func(s *Set, x any) any { return s.Contains(x.(int)) },
			Spec: func(s map[int]bool, x any) (map[int]bool, any) { return s, s[x.(int)] },
		},
	},
}

// The test of a package: go test stresses each scenario on real
// goroutines, go test -toolexec=vtbound explores its interleavings.
func ExampleCheck() {
	var t *testing.T // the test's T: func TestSet(t *testing.T) { ... }
	lincheck.Check(t, setTest)
}

// Checking a history recorded by hand: G2 and G3 both added 1 and were
// both told it was new; then G1 found it.
func ExampleCheckHistory() {
	h := []lincheck.Event{
		{Lane: 1, Op: 0, Arg: 1, Result: true, Call: 1, Return: 3},
		{Lane: 2, Op: 0, Arg: 1, Result: true, Call: 2, Return: 4},
		{Lane: 0, Op: 1, Arg: 1, Result: true, Call: 5, Return: 6},
	}
	r, err := lincheck.CheckHistory(setTest, h, time.Second)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Verdict)
	fmt.Print(r.Lanes)
	fmt.Print(r.Why)
	// Output:
	// not linearizable
	//   G1                   G2         G3
	//                        ┌ Add(1)
	//                        │          ┌ Add(1)
	//                        └ true     │
	//                                   └ true
	//   Contains(1) → true
	// why: the longest linearizable prefix is
	//   1. G2 Add(1) → true
	//   the specification's state is then map[1:true], and no remaining operation can come next:
	//   - G3 Add(1) → true: returned true, the specification returns false
	//   - G1 Contains(1) → true: called after G3 Add(1) → true returned
}

// The same history with G3 told that 1 was there already: Add(1) by G2,
// then Add(1) by G3, then Contains(1) by G1 is an order that fits.
func ExampleCheckHistory_linearizable() {
	h := []lincheck.Event{
		{Lane: 1, Op: 0, Arg: 1, Result: true, Call: 1, Return: 3},
		{Lane: 2, Op: 0, Arg: 1, Result: false, Call: 2, Return: 4},
		{Lane: 0, Op: 1, Arg: 1, Result: true, Call: 5, Return: 6},
	}
	r, _ := lincheck.CheckHistory(setTest, h, time.Second)
	fmt.Println(r.Verdict, r.Order)
	// Output:
	// linearizable [0 1 2]
}
