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

// TestSubtestsExploredOnce: a test whose body also runs subtests (each
// exploring on its own) is executed once, not once per schedule, so the
// subtests' explorations are not repeated.
func TestSubtestsExploredOnce(t *testing.T) {
	t.Setenv("VTBOUND_BUDGET", "200")
	t.Setenv("VTBOUND_STRATEGY", "random") // spends the whole budget (the portfolio may prove the child complete earlier)
	t.Setenv("VTBOUND_DIR", t.TempDir())
	parentRuns, childRuns := 0, 0
	rt.Test(t, func(t *testing.T) {
		parentRuns++
		done := rt.MakeChan[bool](0, 0)
		rt.Go(0, func() { rt.Send(0, done, true) })
		rt.Recv(0, done)
		t.Run("child", func(t *testing.T) {
			rt.Test(t, func(t *testing.T) {
				childRuns++
				done := rt.MakeChan[bool](0, 0)
				rt.Go(0, func() { rt.Send(0, done, true) })
				rt.Recv(0, done)
			})
		})
	})
	if parentRuns != 1 || childRuns != 200 {
		t.Fatalf("parent ran %d times, child %d; want 1 and 200", parentRuns, childRuns)
	}
}
