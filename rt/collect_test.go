package rt_test

import (
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/vtbound/vtbound/rt"
)

// finalized is an object whose collection a test waits for.
type finalized struct {
	parent *atomic.Int32
	pad    [48]byte
}

// TestCollectedDuringExecution: an object recorded by rt.Alloc can be
// collected while the execution runs, as it is natively. A test that
// forces collections until a finalizer ran (bytedance/gopkg's gctuner
// does) otherwise spins to the time bound and its finalizer fires after
// the test ended.
func TestCollectedDuringExecution(t *testing.T) {
	t.Setenv("VTBOUND_BUDGET", "5")
	t.Setenv("VTBOUND_DIR", t.TempDir())
	executions, uncollected := 0, 0
	rt.Test(t, func(t *testing.T) {
		executions++
		var runs atomic.Int32
		p := rt.Alloc(0, &finalized{parent: &runs})
		runtime.SetFinalizer(p, func(f *finalized) { f.parent.Add(1) })
		p = nil
		done := rt.MakeChan[bool](0, 0)
		rt.Go(0, func() { rt.Send(0, done, true) })
		rt.Recv(0, done)
		for i := 0; runs.Load() == 0; i++ {
			if i == 100 {
				uncollected++
				return
			}
			runtime.GC()
			rt.Gosched(0)
		}
	})
	if executions == 0 || uncollected > 0 {
		t.Fatalf("%d executions, the object not collected in %d", executions, uncollected)
	}
}
