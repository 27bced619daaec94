package rt_test

import (
	"sync"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
)

// lostUpdate is a body whose two goroutines increment a counter in two
// locked steps; it returns false when an increment was lost, which some
// schedules (and only some) produce.
func lostUpdate() bool {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for range 2 {
		rt.WGGo(0, &wg, func() {
			rt.Lock(0, &mu)
			v := n
			rt.Unlock(0, &mu)
			rt.Lock(0, &mu)
			n = v + 1
			rt.Unlock(0, &mu)
		})
	}
	rt.WGWait(0, &wg)
	return n == 2
}

// TestSearchFindsFalse: Search finds the schedule on which the body
// returns false, and reports nothing through t.
func TestSearchFindsFalse(t *testing.T) {
	t.Setenv("VTBOUND_STRATEGY", "dpor")
	if !rt.Search(t, lostUpdate, 1000, 10*time.Second) {
		t.Fatal("Search did not find the lost update")
	}
}

// TestSearchQuietOnPass: a body that returns true on every schedule makes
// Search report false, after exploring it to completion well within the
// budget, and stops counting executions at execs.
func TestSearchQuietOnPass(t *testing.T) {
	t.Setenv("VTBOUND_STRATEGY", "random")
	runs := 0
	failed := rt.Search(t, func() bool {
		runs++
		var wg sync.WaitGroup
		var mu sync.Mutex
		n := 0
		for range 2 {
			rt.WGGo(0, &wg, func() { rt.Lock(0, &mu); n++; rt.Unlock(0, &mu) })
		}
		rt.WGWait(0, &wg)
		return n == 2
	}, 30, 10*time.Second)
	if failed || runs != 30 {
		t.Fatalf("Search = %v after %d executions, want false after 30", failed, runs)
	}
}

// TestSearchInsideTest: called inside an execution, Search explores
// nothing; called from a subtest of an explored test, after the subtest's
// own exploration, it searches while the parent waits.
func TestSearchInsideTest(t *testing.T) {
	t.Setenv("VTBOUND_DIR", t.TempDir())
	t.Setenv("VTBOUND_STRATEGY", "dpor")
	inside, child := true, false
	rt.Test(t, func(t *testing.T) {
		done := rt.MakeChan[bool](0, 0)
		rt.Go(0, func() { rt.Send(0, done, true) })
		rt.Recv(0, done)
		if rt.Search(t, func() bool { return false }, 10, time.Second) {
			inside = false
		}
		t.Run("child", func(t *testing.T) {
			child = rt.Search(t, lostUpdate, 1000, 10*time.Second)
		})
	})
	if !inside || !child {
		t.Fatalf("inside an execution Search explored (%v); in the subtest it found the lost update: %v", !inside, child)
	}
}

// TestInstrumented: a package that registers, even with no sites, makes
// the binary instrumented (lincheck's tests check the other side: a
// binary that registers nothing is not).
func TestInstrumented(t *testing.T) {
	rt.Register("github.com/vtbound/vtbound/rt_test/nosites", nil, nil)
	if !rt.Instrumented() {
		t.Fatal("Instrumented() = false after a package registered")
	}
}
