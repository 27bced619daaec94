package engine

import (
	"runtime/debug"
	"sync"
	"testing"
	"unsafe"
)

// stackAddr returns the address of a variable on the caller's stack, as
// otter's StackHash does.
//
//go:noinline
func stackAddr() uintptr {
	var x byte
	return uintptr(unsafe.Pointer(&x))
}

// TestLiveGoroutinesKeepTheirStacks: goroutines alive at the same time
// have stacks of their own, so a variable on each one's stack has its own
// address, as natively, although the hooks they call next (a WaitGroup's
// Done, a Wait) run the engine on their stacks. The collector is off
// meanwhile: it shrinks a stack that uses less than a quarter of its size
// by moving it, natively too, and the freed stack may then go to a
// goroutine started later, which this test would take for the hooks'
// doing.
func TestLiveGoroutinesKeepTheirStacks(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	const n = 8
	e := New(newRandom(1, 5), Limits{}, nil)
	for {
		var addrs [n]uintptr
		res, ok := e.Run(func() {
			g := cur()
			var started, release sync.WaitGroup
			g.WGAdd(0, &started, n)
			g.WGAdd(0, &release, 1)
			for i := range n {
				g.Go(0, func() {
					addrs[i] = stackAddr()
					cur().WGAdd(0, &started, -1)
					cur().WGWait(0, &release)
				})
			}
			g.WGWait(0, &started)
			g.WGAdd(0, &release, -1)
		})
		if !ok {
			break
		}
		if res.Failure != nil {
			t.Fatalf("%v: %s", res.Outcome, res.Failure.Message)
		}
		seen := map[uintptr]int{}
		for i, a := range addrs {
			if j, dup := seen[a]; dup {
				t.Fatalf("goroutines %d and %d, alive together, had a stack variable at one address %#x", j, i, a)
			}
			seen[a] = i
		}
	}
}
