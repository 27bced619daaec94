package rt_test

import (
	"runtime"
	"sync"
	"testing"
	_ "unsafe" // for go:linkname

	"github.com/vtbound/vtbound/rt"
)

// TestPinnedAccessesTakeNoStep: goroutines that pin themselves to their P
// (a function linked to runtime.procPin, as bytedance/gopkg's per-P pools
// do) and then write a per-P slot take no scheduling point while pinned:
// one that parked there would corrupt the runtime ("fatal error: releasep:
// invalid p state", the test binary gone). After unpinning, their
// accesses are scheduling points again.
func TestPinnedAccessesTakeNoStep(t *testing.T) {
	t.Setenv("VTBOUND_BUDGET", "50")
	t.Setenv("VTBOUND_DIR", t.TempDir())
	rt.Test(t, func(t *testing.T) {
		var slots [64]int
		var total int
		var mu sync.Mutex
		var wg sync.WaitGroup
		rt.WGAdd(pSync, &wg, 4)
		for range 4 {
			rt.Go(pGo, func() {
				defer rt.WGDone(pSync, &wg)
				for range 20 {
					pid := rt.LinkProcPin()
					write(gx, &slots[pid%len(slots)])
					slots[pid%len(slots)]++
					rt.LinkProcUnpin()
				}
				rt.Lock(pSync, &mu)
				write(gy, &total)
				total += 20
				rt.Unlock(pSync, &mu)
			})
		}
		rt.WGWait(pSync, &wg)
		if total != 80 {
			t.Errorf("total = %d, want 80", total)
		}
	})
}

// syncPoolCleanup is sync.Pool's own clean-up, which a program that
// registers its own must call (as gopkg's syncx.Pool does).
//
//go:linkname syncPoolCleanup sync.poolCleanup
func syncPoolCleanup()

// cleanups counts the runs of the clean-up TestPoolCleanupTakesNoStep
// registers.
var cleanups int

// TestPoolCleanupTakesNoStep: a pool clean-up registered with the runtime
// (a function linked to sync.runtime_registerPoolCleanup, as gopkg's
// syncx.Pool does) runs with the world stopped, on the goroutine whose
// collection it is; its instrumented accesses take no scheduling point
// there. A goroutine that parked there would leave the world stopped
// ("fatal error: releasep: invalid p state").
func TestPoolCleanupTakesNoStep(t *testing.T) {
	rt.LinkRegisterPoolCleanup(func() {
		write(gx, &cleanups)
		cleanups++
		syncPoolCleanup()
	})
	t.Setenv("VTBOUND_BUDGET", "20")
	t.Setenv("VTBOUND_DIR", t.TempDir())
	before := cleanups
	rt.Test(t, func(t *testing.T) {
		var wg sync.WaitGroup
		rt.WGAdd(pSync, &wg, 2)
		for range 2 {
			rt.Go(pGo, func() {
				defer rt.WGDone(pSync, &wg)
				runtime.GC()
			})
		}
		rt.WGWait(pSync, &wg)
	})
	if cleanups == before {
		t.Error("the registered clean-up never ran")
	}
}
