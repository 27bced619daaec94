package engine

import (
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// foreignWorker is a goroutine outside every execution that runs the
// functions it is sent, as a pool's worker started at init does.
func foreignWorker(t *testing.T) chan func() {
	reqs := make(chan func())
	go func() {
		for f := range reqs {
			f()
		}
	}()
	t.Cleanup(func() { close(reqs) })
	return reqs
}

// TestNoDeadlockForeignCloseLater: an uncontrolled goroutine closes, some
// time after the body asked it to, a channel made in the execution, and
// tells the engine as rt's hooks do: the body waiting on it is woken on
// every schedule, and the execution is marked uncontrolled.
func TestNoDeadlockForeignCloseLater(t *testing.T) {
	worker := foreignWorker(t)
	e := New(newRandom(11, 20), Limits{PollTimeout: 5 * time.Second}, nil)
	for {
		res, ok := e.Run(func() {
			done := make(chan struct{})
			cur().MakeChan(ChanKey(done), 0)
			send(worker, func() { // through the engine, as rewritten code does
				time.Sleep(2 * time.Millisecond)
				close(done)
				NoteForeign(ChanKey(done))
			})
			if _, ok := recv(done); ok {
				panic("received a value from a closed channel")
			}
		})
		if !ok {
			return
		}
		if res.Failure != nil || !res.Uncontrolled {
			t.Fatalf("execution %d: failure %+v, uncontrolled %v", res.N, res.Failure, res.Uncontrolled)
		}
	}
}

// TestDeadlockForeignPresent: uncontrolled code took part, but nothing
// wakes the body: a deadlock after the poll budget, saying so.
func TestDeadlockForeignPresent(t *testing.T) {
	worker := foreignWorker(t)
	e := New(newRandom(12, 1), Limits{PollTimeout: 50 * time.Millisecond}, nil)
	res, _ := e.Run(func() {
		other := make(chan struct{})
		never := make(chan struct{})
		cur().MakeChan(ChanKey(other), 0)
		cur().MakeChan(ChanKey(never), 0)
		send(worker, func() {
			close(other)
			NoteForeign(ChanKey(other))
		})
		recv(other)
		recv(never)
	})
	wantOutcome(t, res, sched.Deadlock)
	if !strings.Contains(res.Failure.Message, "uncontrolled code took part") {
		t.Errorf("deadlock message %q does not say uncontrolled code took part", res.Failure.Message)
	}
}

// TestDeadlockWithoutForeignNoWait: an execution in which no uncontrolled
// code took part reports its deadlock at once, without the poll budget.
func TestDeadlockWithoutForeignNoWait(t *testing.T) {
	e := New(newRandom(13, 1), Limits{PollTimeout: 10 * time.Second}, nil)
	res, _ := e.Run(func() {
		never := make(chan struct{})
		cur().MakeChan(ChanKey(never), 0)
		recv(never)
	})
	wantOutcome(t, res, sched.Deadlock)
	// foreignNoted names uncontrolled code exactly when the engine waited
	// for it (awaitForeign), so the message tells whether it waited.
	if strings.Contains(res.Failure.Message, "uncontrolled") || res.Uncontrolled {
		t.Errorf("deadlock message %q mentions uncontrolled code (uncontrolled %v): it waited for code that never took part", res.Failure.Message, res.Uncontrolled)
	}
}

// TestWGRealCount: the real counter of a sync.WaitGroup is read where this
// Go keeps it (if a Go release moves it, this fails rather than the model
// silently ignoring uncontrolled Adds).
func TestWGRealCount(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(3)
	wg.Done()
	if n, ok := wgRealCount(&wg); !ok || n != 2 {
		t.Fatalf("wgRealCount = %d, %v; want 2, true", n, ok)
	}
	wg.Add(-2)
}

// TestForeignInboxDedupes: a note already pending is not added twice, and
// notes are left only while an execution runs.
func TestForeignInboxDedupes(t *testing.T) {
	var in foreignInbox
	in.notify = make(chan struct{}, 1)
	n := foreignNote{key: ChanKey(make(chan int)), kind: foreignChan}
	in.put(n)
	in.put(n)
	if got := in.pending.Load(); got != 1 {
		t.Fatalf("pending = %d after the same note twice, want 1", got)
	}
	if notes := in.take(); len(notes) != 1 || in.pending.Load() != 0 {
		t.Fatalf("take = %v, pending %d", notes, in.pending.Load())
	}
	NoteForeign(ChanKey(make(chan int))) // no execution runs: nothing to tell, no panic
}

// TestForeignNotesOnlyModelledObjects: a hook's note on an object the
// running execution does not model is not left (uncontrolled code using
// its own objects takes no lock), one on a modelled channel is.
func TestForeignNotesOnlyModelledObjects(t *testing.T) {
	e := New(newRandom(14, 1), Limits{}, nil)
	var unmodelled, modelled int32
	e.Run(func() {
		mine := make(chan int)
		cur().MakeChan(ChanKey(mine), 0)
		other := make(chan int)
		for i := 0; i < 10 && e.fo.seen.has(ChanKey(other)); i++ {
			other = make(chan int) // a false positive of the filter: try another
		}
		NoteForeign(ChanKey(other))
		unmodelled = e.fo.pending.Load()
		NoteForeign(ChanKey(mine))
		modelled = e.fo.pending.Load()
	})
	if unmodelled != 0 || modelled != 1 {
		t.Fatalf("notes pending after a note on an unmodelled channel: %d, after one on a modelled channel: %d; want 0 and 1", unmodelled, modelled)
	}
}

// TestKeyFilter: what is added is there until cleared.
func TestKeyFilter(t *testing.T) {
	var f keyFilter
	objs := make([]*int, 100)
	for i := range objs {
		objs[i] = new(int)
		f.add(unsafe.Pointer(objs[i]))
	}
	for i, p := range objs {
		if !f.has(unsafe.Pointer(p)) {
			t.Fatalf("object %d added but not in the filter", i)
		}
	}
	f.clear()
	for i := range f {
		if f[i].Load() != 0 {
			t.Fatalf("word %d not cleared", i)
		}
	}
}
