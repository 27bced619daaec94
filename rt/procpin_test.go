package rt_test

import (
	"sync"
	"testing"

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
