package rt_test

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/vtbound/vtbound/rt"
)

// Uncontrolled goroutines using objects an execution made (see
// engine/foreign.go and docs/model.md): the pattern of a pool whose
// dispatcher a package-level initialiser starts at init (alitto/pond's
// default pool), which then closes, sends on, receives from or signals
// objects a test body made during an execution.

// foreignRequests is served by foreignWorker, a goroutine started by a
// package-level initialiser, outside every exploration: its rewritten
// hooks find no controlled goroutine and perform the real operations.
var foreignRequests = startForeignWorker()

// startForeignWorker starts the worker and returns its request channel.
func startForeignWorker() chan func() {
	ch := rt.MakeChan[func()](pChan, 16)
	rt.Go(pGo, func() {
		for f := range ch {
			f()
		}
	})
	return ch
}

// inForeign asks the uncontrolled worker to run f.
func inForeign(f func()) { rt.Send(pChan, foreignRequests, f) }

// TestNoDeadlockForeignClose: the uncontrolled worker closes a channel the
// body made and waits on: the body is woken on every schedule.
func TestNoDeadlockForeignClose(t *testing.T) {
	checkPassing(t, foreignPrimitive(t, "foreign-close"))
}

// TestNoDeadlockForeignSendRecv: the uncontrolled worker sends on an
// unbuffered channel the body receives from, then receives what the body
// sends.
func TestNoDeadlockForeignSendRecv(t *testing.T) {
	checkPassing(t, foreignPrimitive(t, "foreign-send-recv"))
}

// TestNoDeadlockForeignBufferedReflectCancel: the uncontrolled worker
// sends on a buffered channel the body made (through reflect), and cancels
// a context the body made and waits on.
func TestNoDeadlockForeignBufferedReflectCancel(t *testing.T) {
	checkPassing(t, foreignPrimitive(t, "foreign-buffered-reflect"))
	checkPassing(t, foreignPrimitive(t, "foreign-cancel"))
}

// TestNoDeadlockForeignCloseWakesSelect is pond's Stop: the uncontrolled
// worker closes the channel a controlled dispatcher selects on, waits for
// it on a WaitGroup (for real), then resolves the body's future.
func TestNoDeadlockForeignCloseWakesSelect(t *testing.T) {
	checkPassing(t, foreignPrimitive(t, "foreign-close-wakes-select"))
}

// TestNoDeadlockForeignWGDoneCondSignal: the uncontrolled worker calls
// Done on a modelled WaitGroup and signals a modelled Cond.
func TestNoDeadlockForeignWGDoneCondSignal(t *testing.T) {
	checkPassing(t, foreignPrimitive(t, "foreign-wg-done"))
	checkPassing(t, foreignPrimitive(t, "foreign-cond-signal"))
}

// TestDeadlockWithForeignCode: uncontrolled code took part, but nothing
// wakes the body: still a deadlock, and the report says uncontrolled code
// took part.
func TestDeadlockWithForeignCode(t *testing.T) {
	t.Parallel()
	checkFailing(t, foreignPrimitive(t, "foreign-present-deadlock"))
}

// foreignPrimitive returns the program of foreignPrimitives called name.
func foreignPrimitive(t *testing.T, name string) primitive {
	t.Helper()
	for _, p := range foreignPrimitives() {
		if p.name == name {
			return p
		}
	}
	t.Fatalf("no program %q", name)
	return primitive{}
}

// foreignPrimitives are the programs of the tests above, in the format of
// the primitive table (the child process of checkFailing finds them
// through lookupPrimitive).
func foreignPrimitives() []primitive {
	return []primitive{
		{name: "foreign-close", body: func(t *testing.T, o *outcomes) {
			done := rt.MakeChan[struct{}](pChan, 0)
			inForeign(func() { rt.Close(pChan, done) })
			_, ok := rt.Recv2(pChan, done)
			o.add("closed %v", !ok)
		}, only: []string{"closed true"}},
		{name: "foreign-send-recv", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 0)
			inForeign(func() {
				rt.Send(pChan, ch, 7)
				rt.Send(pChan, ch, rt.Recv(pChan, ch)+1)
			})
			v := rt.Recv(pChan, ch)
			rt.Send(pChan, ch, v)
			o.add("got %d %d", v, rt.Recv(pChan, ch))
		}, only: []string{"got 7 8"}},
		{name: "foreign-buffered-reflect", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 1)
			rt.Go(pGo, func() { rt.Send(pChan, ch, 1) })
			inForeign(func() { rt.ReflectSend(pChan, reflect.ValueOf(ch), reflect.ValueOf(2)) })
			a, b := rt.Recv(pChan, ch), rt.Recv(pChan, ch)
			o.add("sum %d", a+b)
		}, seen: []string{"sum 3"}, only: []string{"sum 3"}},
		{name: "foreign-cancel", body: func(t *testing.T, o *outcomes) {
			ctx, cancel := rt.WithCancel(pSync, context.Background())
			inForeign(cancel)
			rt.Recv(pChan, ctx.Done())
			o.add("%v", ctx.Err())
		}, only: []string{"context canceled"}},
		{name: "foreign-close-wakes-select", body: foreignStop, only: []string{"stopped"}},
		{name: "foreign-wg-done", body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			rt.WGAdd(pSync, &wg, 1)
			inForeign(func() { rt.WGDone(pSync, &wg) })
			rt.WGWait(pSync, &wg)
			o.add("waited")
		}, only: []string{"waited"}},
		{name: "foreign-cond-signal", body: func(t *testing.T, o *outcomes) {
			var mu sync.Mutex
			c := sync.NewCond(&mu)
			var ready bool // written under mu by uncontrolled code
			rt.Lock(pSync, &mu)
			inForeign(func() {
				rt.Lock(pSync, &mu)
				ready = true
				rt.CondSignal(pSync, c)
				rt.Unlock(pSync, &mu)
			})
			for !ready {
				rt.CondWait(pSync, c)
			}
			rt.Unlock(pSync, &mu)
			o.add("signalled")
		}, only: []string{"signalled"}},
		{name: "foreign-present-deadlock", oracle: "deadlock",
			report: []string{"all goroutines are blocked", "uncontrolled code took part"},
			body: func(t *testing.T, o *outcomes) {
				other := rt.MakeChan[struct{}](pChan, 0)
				never := rt.MakeChan[struct{}](pChan, 0)
				inForeign(func() { rt.Close(pChan, other) })
				rt.Recv(pChan, other)
				rt.Recv(pChan, never) // nobody, controlled or not, sends
			}},
	}
}

// foreignStop is pond's pool.Stop as the body sees it: a controlled
// dispatcher waits in a select for work or for its closed channel; Stop
// asks the uncontrolled worker to close it, wait for the dispatcher to
// return, and resolve the future the body waits on.
func foreignStop(t *testing.T, o *outcomes) {
	closed := rt.MakeChan[struct{}](pChan, 0)
	work := rt.MakeChan[struct{}](pChan, 1)
	future := rt.MakeChan[struct{}](pChan, 0)
	var running sync.WaitGroup
	rt.WGAdd(pSync, &running, 1)
	rt.Go(pGo, func() {
		defer rt.WGDone(pSync, &running)
		for {
			switch rt.Select(pChan, false, rt.RecvCase(closed), rt.RecvCase(work)) {
			case 0:
				return
			}
		}
	})
	rt.Send(pChan, work, struct{}{})
	inForeign(func() {
		rt.Close(pChan, closed)
		rt.WGWait(pSync, &running)
		rt.Close(pChan, future)
	})
	rt.Recv(pChan, future)
	o.add("stopped")
}
