package engine

import (
	"sync"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// quietWalk is randomWalk with Plan.Quiet set and the sites steps keep.
type quietWalk struct {
	*randomWalk
	steps []sched.Window
}

func (q *quietWalk) Begin(p *sched.Plan) bool {
	if !q.randomWalk.Begin(p) {
		return false
	}
	p.Quiet, p.Steps = true, q.steps
	return true
}

// quietStress is a stress body: four goroutines each lock a mutex and add
// to an atomic counter n times; it returns the counter's final value.
func quietStress(n int, total *int64) func() {
	return func() {
		var mu sync.Mutex
		var wg sync.WaitGroup
		var count int64
		for range 4 {
			cur().WGAdd(0, &wg, 1)
			cur().Go(0, func() {
				for range n {
					cur().Lock(7, &mu)
					cur().AtomicRMW(8, unsafe.Pointer(&count), 8)
					count++
					cur().Unlock(0, &mu)
				}
				cur().WGAdd(0, &wg, -1)
			})
		}
		cur().WGWait(0, &wg)
		*total = count
	}
}

// TestQuietOperationsTakeNoSteps: under Plan.Quiet, locks, unlocks and
// atomic operations that can proceed take no scheduling point (one in
// quietEvery still does), so a stress body of 40,000 of them fits a bound
// of 2,000 steps and computes what it computes natively; under a full
// plan it is cut at that bound.
func TestQuietOperationsTakeNoSteps(t *testing.T) {
	var total int64
	full := New(newRandom(1, 1), Limits{MaxSteps: 2000}, nil)
	r, _ := full.Run(quietStress(3000, &total))
	if r.Outcome != sched.StepBound {
		t.Fatalf("full plan: outcome %v after %d steps, want the step bound", r.Outcome, len(r.Trace))
	}
	for seed := int64(1); seed <= 5; seed++ {
		e := New(&quietWalk{randomWalk: newRandom(seed, 1)}, Limits{MaxSteps: 2000}, nil)
		r, _ := e.Run(quietStress(3000, &total))
		if r.Failure != nil || r.Outcome == sched.StepBound {
			t.Fatalf("seed %d: quiet plan: outcome %v after %d steps", seed, r.Outcome, len(r.Trace))
		}
		if total != 4*3000 {
			t.Fatalf("seed %d: count %d, want %d", seed, total, 4*3000)
		}
		if len(r.Trace) > 3*4*3000/quietEvery+100 {
			t.Errorf("seed %d: %d steps for %d quiet operations", seed, len(r.Trace), 3*4*3000)
		}
	}
}

// TestQuietStepsKeepSites: a site in Plan.Steps stays a scheduling point,
// so a lost update between two critical sections is found there (and
// not without it),
// and the race oracle still sees the synchronisation of quiet operations:
// the counter that every goroutine updates under the lock is no race.
func TestQuietStepsKeepSites(t *testing.T) {
	body := func() {
		var mu sync.Mutex
		var wg sync.WaitGroup
		x := 0
		for range 2 {
			cur().WGAdd(0, &wg, 1)
			cur().Go(0, func() {
				cur().Lock(7, &mu)
				cur().Access(0, unsafe.Pointer(&x), false)
				v := x
				cur().Unlock(0, &mu)
				cur().Lock(9, &mu) // the preemption that matters is before this Lock
				cur().Access(0, unsafe.Pointer(&x), true)
				x = v + 1
				cur().Unlock(0, &mu)
				cur().WGAdd(0, &wg, -1)
			})
		}
		cur().WGWait(0, &wg)
		if x != 2 {
			panic("lost update")
		}
	}
	run := func(steps []sched.Window) (lost, races int) {
		e := New(&quietWalk{randomWalk: newRandom(1, 300), steps: steps}, Limits{MaxSteps: 10000}, nil)
		for {
			res, ok := e.Run(body)
			if !ok {
				return lost, races
			}
			if res.Failure != nil {
				lost++
			}
			races += len(res.RaceReports)
		}
	}
	if lost, _ := run(nil); lost != 0 {
		t.Errorf("no site kept: %d lost updates, want none (no scheduling point between the critical sections)", lost)
	}
	if lost, _ := run([]sched.Window{{ID: 9, From: 3}}); lost != 0 {
		t.Errorf("site 9 kept from its third occurrence, of two: %d lost updates, want none", lost)
	}
	if lost, races := run([]sched.Window{{ID: 9, From: 1}}); lost == 0 || races != 0 {
		t.Errorf("site 9 kept as a step: %d lost updates, %d races in 300 executions; want some, and none", lost, races)
	}
}

// TestQuietGroupWindow: under Quiet, a tracked group with a window is
// tracked only for the accesses in it: a body whose goroutines write a
// variable 1,000 times each takes about the window's steps; with a window
// from the first access on, every access is a step and the race is found.
func TestQuietGroupWindow(t *testing.T) {
	site := Register("github.com/vtbound/vtbound/rt/internal/engine_test/window",
		[]Site{{File: "quiet_test.go", Kind: KWrite, Group: "window.x"}}, make([]Guard, 1))
	group := GroupOf(site)
	body := func() {
		x := 0
		var wg sync.WaitGroup
		for range 2 {
			cur().WGAdd(0, &wg, 1)
			cur().Go(0, func() {
				for range 1000 {
					cur().Access(site, unsafe.Pointer(&x), true)
				}
				cur().WGAdd(0, &wg, -1)
			})
		}
		cur().WGWait(0, &wg)
	}
	plan := func(w sched.Window) *windowWalk {
		return &windowWalk{randomWalk: newRandom(1, 1), group: group, w: w}
	}
	e := New(plan(sched.Window{ID: group, From: 500, To: 520}), Limits{MaxSteps: 10000}, nil)
	r, _ := e.Run(body)
	if n := len(r.Trace); n > 100 {
		t.Errorf("%d steps with a window of 20 accesses", n)
	}
	e = New(plan(sched.Window{ID: group, From: 1}), Limits{MaxSteps: 10000}, nil)
	if r, _ = e.Run(body); len(r.Trace) < 2000 || len(r.RaceReports) == 0 {
		t.Errorf("the whole group tracked: %d steps, %d races; want 2,000 accesses as steps, and the race", len(r.Trace), len(r.RaceReports))
	}
}

// windowWalk tracks group only, in window w, under Quiet.
type windowWalk struct {
	*randomWalk
	group int32
	w     sched.Window
}

func (q *windowWalk) Begin(p *sched.Plan) bool {
	if !q.randomWalk.Begin(p) {
		return false
	}
	p.TrackAll, p.Track, p.Quiet, p.Windows = false, []int32{q.group}, true, []sched.Window{q.w}
	return true
}
