package rt_test

import (
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
)

// TestNowFollowsVirtualSleep: in an explored body, time.Now/Since (as
// rewritten to rt.Now/Since) measure at least the virtual time slept,
// while no real time passes; outside an exploration they are real time.
func TestNowFollowsVirtualSleep(t *testing.T) {
	t.Setenv("VTBOUND_BUDGET", "50")
	t.Setenv("VTBOUND_DIR", t.TempDir())
	realStart := time.Now()
	rt.Test(t, func(t *testing.T) {
		start := rt.Now(0)
		done := rt.MakeChan[bool](0, 0)
		rt.Go(0, func() { rt.Sleep(0, time.Hour); rt.Send(0, done, true) })
		rt.Recv(0, done)
		if d := rt.Since(0, start); d < time.Hour {
			t.Errorf("Since across a 1h sleep = %v", d)
		}
		if u := rt.Until(0, start.Add(2*time.Hour)); u > time.Hour {
			t.Errorf("Until = %v, want at most 1h", u)
		}
	})
	if real := time.Since(realStart); real > time.Minute {
		t.Fatalf("virtual sleeps took %v of real time", real)
	}
	if d := rt.Since(0, realStart); d > time.Minute {
		t.Fatalf("rt.Since outside an exploration = %v, want real time", d)
	}
}

// TestSubtestClockNotBehindParent: a subtest explored on its own while the
// parent's execution waits in t.Run starts its wall clock no earlier than
// the parent's, which slept an hour of virtual time first: the state the
// parent built never sees time go back.
func TestSubtestClockNotBehindParent(t *testing.T) {
	t.Setenv("VTBOUND_BUDGET", "20")
	t.Setenv("VTBOUND_DIR", t.TempDir())
	rt.Test(t, func(t *testing.T) {
		rt.Sleep(0, time.Hour)
		before := rt.Now(0)
		t.Run("sub", func(t *testing.T) {
			rt.Test(t, func(t *testing.T) {
				if now := rt.Now(0); now.Before(before) {
					t.Errorf("the subtest's clock %v is %v behind its parent's", now, before.Sub(now))
				}
			})
		})
	})
}

// TestLinkedClocksAreVirtual: the replacements of clocks reached by
// //go:linkname (time.now, runtime.nanotime) read the execution's clock,
// so a 1 h virtual sleep measures 1 h on them as on time.Since.
func TestLinkedClocksAreVirtual(t *testing.T) {
	t.Setenv("VTBOUND_BUDGET", "5")
	t.Setenv("VTBOUND_DIR", t.TempDir())
	rt.Test(t, func(t *testing.T) {
		mono := rt.LinkNanotime()
		sec, _, mono2 := rt.LinkTimeNow()
		rt.Sleep(0, time.Hour)
		if d := time.Duration(rt.LinkNanotime() - mono); d < time.Hour || d > time.Hour+time.Millisecond {
			t.Errorf("LinkNanotime measured %v across a 1h sleep", d)
		}
		sec2, _, mono3 := rt.LinkTimeNow()
		if sec2-sec < 3600 || time.Duration(mono3-mono2) < time.Hour {
			t.Errorf("LinkTimeNow moved %ds (monotonic %v) across a 1h sleep", sec2-sec, time.Duration(mono3-mono2))
		}
	})
}
