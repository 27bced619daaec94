package engine

import (
	"strings"
	"sync"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestOverwrittenMutexIsReported: `mu = sync.Mutex{}` while another
// goroutine holds mu makes its Unlock a fatal error natively; the engine
// reports it and the test binary survives.
func TestOverwrittenMutexIsReported(t *testing.T) {
	var mu sync.Mutex
	e := New(newRandom(1, 500), Limits{}, nil)
	outcomes := map[sched.Outcome]int{}
	for {
		res, ok := e.Run(func() {
			g := cur()
			g.Go(0, func() {
				g := cur()
				g.Lock(0, &mu)
				g.Yield(0)
				g.Unlock(0, &mu)
			})
			g.Yield(0)
			mu = sync.Mutex{} // the program's race with Lock
		})
		if !ok {
			break
		}
		outcomes[res.Outcome]++
		if res.Outcome == sched.Panicked && !strings.Contains(res.Failure.Message, "unlock of unlocked mutex") {
			t.Fatalf("message %q", res.Failure.Message)
		}
		if !mu.TryLock() {
			t.Fatal("mutex left locked after the execution")
		}
		mu.Unlock()
	}
	if outcomes[sched.Panicked] == 0 || outcomes[sched.OK] == 0 {
		t.Fatalf("outcomes %v, want both the fatal unlock and clean executions", outcomes)
	}
}

// TestMutexZeroedWhileHeldAtEnd: a lock held at the end of an execution
// but overwritten is reported, and not unlocked again.
func TestMutexZeroedWhileHeldAtEnd(t *testing.T) {
	var mu sync.Mutex
	var rw sync.RWMutex
	for _, body := range []func(){
		func() { cur().Lock(0, &mu); mu = sync.Mutex{} },
		func() { cur().RWLock(0, &rw); rw = sync.RWMutex{} },
		func() { cur().RLock(0, &rw); rw = sync.RWMutex{} },
	} {
		e := New(newRandom(1, 1), Limits{}, nil)
		res, _ := e.Run(body)
		wantOutcome(t, res, sched.Race)
		if !strings.Contains(res.Failure.Message, "overwritten or copied while locked") {
			t.Fatalf("message %q", res.Failure.Message)
		}
	}
	if !mu.TryLock() || !rw.TryLock() {
		t.Fatal("locks left held")
	}
}

// TestRWMutexOverwrittenIsReported: the same for RWMutex.Unlock and
// RUnlock.
func TestRWMutexOverwrittenIsReported(t *testing.T) {
	var rw sync.RWMutex
	for _, body := range []func(){
		func() { g := cur(); g.RWLock(0, &rw); rw = sync.RWMutex{}; g.RWUnlock(0, &rw) },
		func() { g := cur(); g.RLock(0, &rw); rw = sync.RWMutex{}; g.RUnlock(0, &rw) },
	} {
		e := New(newRandom(1, 1), Limits{}, nil)
		res, _ := e.Run(body)
		wantOutcome(t, res, sched.Panicked)
		if !strings.Contains(res.Failure.Message, "of unlocked RWMutex") {
			t.Fatalf("message %q", res.Failure.Message)
		}
	}
}
