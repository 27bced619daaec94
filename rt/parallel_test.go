package rt_test

import (
	"sync"
	"testing"

	"github.com/vtbound/vtbound/rt"
)

// TestParallelExplorations runs several explorations at once (parallel
// tests each have their own engine) over programs that start and end many
// goroutines. Runtime g structures of ended goroutines are reused, so a
// stale token holder in one engine would capture a goroutine of another
// and stall it: every exploration must finish without a report.
func TestParallelExplorations(t *testing.T) {
	t.Setenv("VTBOUND_BUDGET", "1500")
	t.Setenv("VTBOUND_SEED", "3")
	t.Setenv("VTBOUND_DIR", t.TempDir())
	t.Run("group", func(t *testing.T) {
		for _, name := range []string{"a", "b", "c", "d"} {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				rt.Test(t, func(t *testing.T) {
					var mu sync.Mutex
					var wg sync.WaitGroup
					n := 0
					for range 6 {
						rt.WGGo(0, &wg, func() {
							rt.Lock(0, &mu)
							n++
							rt.Unlock(0, &mu)
						})
					}
					rt.WGWait(0, &wg)
					if n != 6 {
						t.Errorf("n = %d", n)
					}
				})
			})
		}
	})
}
