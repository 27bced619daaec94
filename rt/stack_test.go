package rt_test

import (
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
)

// rtFrame is the start of a frame line of package rt or a package under
// it; rt.Stack must show none in a controlled goroutine.
var rtFrames = []string{"github.com/vtbound/vtbound/rt.", "github.com/vtbound/vtbound/rt/"}

// recvOn blocks in a receive on ch: the top frame rt.Stack must show for
// the goroutine running it.
func recvOn(ch chan int) { rt.Recv(0, ch) }

// stackAll returns rt.Stack's whole listing of every goroutine.
func stackAll() string {
	for size := 1 << 12; ; size *= 2 {
		buf := make([]byte, size)
		if n := rt.Stack(0, buf, true); n < size {
			return string(buf[:n])
		}
	}
}

// TestStackNative: in an exploration, rt.Stack(all) lists what the native
// program would see: not the test's goroutine waiting for the
// exploration (only one block runs the test function), no frame of
// vtbound, a goroutine blocked in a receive in state "chan receive" with
// its own function on top and created by the body, the body ending as
// the test's goroutine does; rt.NumGoroutine counts the same blocks.
func TestStackNative(t *testing.T) {
	t.Setenv("VTBOUND_TIME", "blocked") // the sleep ends once the receiver is blocked
	rt.Test(t, func(t *testing.T) {
		ch := rt.MakeChan[int](0, 0)
		rt.Go(0, func() { recvOn(ch) })
		rt.Sleep(0, time.Millisecond) // lets the goroutine block
		dump := stackAll()
		checkListing(t, dump, rt.NumGoroutine(0))
		rt.Send(0, ch, 1)
	})
}

// checkListing checks a listing of TestStackNative (see there).
func checkListing(t *testing.T, dump string, num int) {
	t.Helper()
	blocks := strings.Split(strings.TrimSuffix(dump, "\n"), "\n\n")
	if len(blocks) != num {
		t.Errorf("rt.NumGoroutine() = %d, rt.Stack lists %d goroutines:\n%s", num, len(blocks), dump)
	}
	body, _ := strconv.Atoi(strings.Fields(blocks[0])[1])
	var tests, receivers int
	for _, b := range blocks {
		for _, line := range strings.Split(b, "\n") {
			for _, f := range rtFrames {
				if strings.HasPrefix(line, f) || strings.HasPrefix(line, "created by "+f) {
					t.Errorf("a frame of vtbound is listed: %q in\n%s", line, b)
				}
			}
		}
		if strings.Contains(b, "\ngithub.com/vtbound/vtbound/rt_test.TestStackNative(") {
			tests++
		}
		if strings.Contains(b, " [chan receive]:\ngithub.com/vtbound/vtbound/rt_test.recvOn(") &&
			strings.Contains(b, "\ncreated by github.com/vtbound/vtbound/rt_test.TestStackNative.func1 in goroutine "+strconv.Itoa(body)+"\n") {
			receivers++
		}
	}
	if tests != 1 || receivers != 1 {
		t.Errorf("%d goroutines run the test function (want 1: the body), %d receivers as native (want 1):\n%s", tests, receivers, dump)
	}
	if !strings.Contains(blocks[0], " [running]:\ngithub.com/vtbound/vtbound/rt_test.stackAll()\n") ||
		!strings.Contains(blocks[0], "\ncreated by testing.(*T).Run in goroutine ") {
		t.Errorf("the body's block does not look like the test's goroutine:\n%s", blocks[0])
	}
}

// TestStackOwn: rt.Stack(all=false) in a controlled goroutine shows the
// caller's own stack with the caller on top, and keeps runtime.Stack's
// buffer contract: a short buffer gets the first len(buf) bytes.
func TestStackOwn(t *testing.T) {
	rt.Test(t, func(t *testing.T) {
		buf := make([]byte, 1<<16)
		own := string(buf[:rt.Stack(0, buf, false)])
		if !strings.Contains(own, " [running]:\ngithub.com/vtbound/vtbound/rt_test.TestStackOwn.func1(") {
			t.Errorf("own stack does not start with the caller:\n%s", own)
		}
		short := make([]byte, 40)
		if n := rt.Stack(0, short, false); n != len(short) || string(short) != own[:n] {
			t.Errorf("rt.Stack into %d bytes: %d, %q; want %q", len(short), n, short[:n], own[:len(short)])
		}
	})
}

// TestStackTimers: a pending modelled timer is no goroutine natively, and
// rt.NumGoroutine does not count its timer goroutine. (Under the race
// detector a timer goroutine that never ran is not identified; see
// docs/stacks.md.)
func TestStackTimers(t *testing.T) {
	if raceBuild() {
		t.Skip("timer goroutines that never ran are not identified under the race detector")
	}
	rt.Test(t, func(t *testing.T) {
		before := rt.NumGoroutine(0)
		c := rt.After(0, time.Hour)
		tm := rt.NewTimer(0, time.Hour)
		if after := rt.NumGoroutine(0); after != before {
			t.Errorf("rt.NumGoroutine() = %d with two pending timers, %d before:\n%s", after, before, stackAll())
		}
		_ = c
		tm.Stop()
	})
}

// raceBuild reports whether the test binary was built with -race.
func raceBuild() bool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range info.Settings {
		if s.Key == "-race" && s.Value == "true" {
			return true
		}
	}
	return false
}

// TestDebugStack: rt.DebugStack in a controlled goroutine has the frame of
// runtime/debug.Stack on top, then the caller, as natively, and no frame
// of vtbound.
func TestDebugStack(t *testing.T) {
	rt.Test(t, func(t *testing.T) {
		own := string(rt.DebugStack(0))
		lines := strings.Split(own, "\n")
		if len(lines) < 5 || !strings.HasPrefix(lines[1], "runtime/debug.Stack(") ||
			!strings.HasPrefix(lines[3], "github.com/vtbound/vtbound/rt_test.TestDebugStack.func1(") {
			t.Errorf("stack does not start with debug.Stack's frame and the caller:\n%s", own)
		}
		for _, line := range lines {
			for _, f := range rtFrames {
				if strings.HasPrefix(line, f) || strings.HasPrefix(line, "created by "+f) {
					t.Errorf("a frame of vtbound is listed: %q in\n%s", line, own)
				}
			}
		}
	})
}

// lockOn blocks in mu.Lock as rewritten code does.
func lockOn(mu *sync.Mutex) { rt.Lock(0, mu) }

// TestStackShowsSyncFrame: a goroutine blocked in a mutex's Lock shows
// sync.(*Mutex).Lock above its caller, as natively, not rt.Lock:
// maypok86/otter's tests poll runtime.Stack for that frame.
func TestStackShowsSyncFrame(t *testing.T) {
	t.Setenv("VTBOUND_TIME", "blocked")
	rt.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		rt.Lock(0, &mu)
		rt.Go(0, func() { lockOn(&mu) })
		rt.Sleep(0, time.Millisecond) // lets the goroutine block
		dump := stackAll()
		if !regexp.MustCompile(`\[sync\.Mutex\.Lock\]:\nsync\.\(\*Mutex\)\.Lock\(\.\.\.\)\n\t\S+/sync/mutex\.go:\d+\ngithub\.com/vtbound/vtbound/rt_test\.lockOn\(`).MatchString(dump) {
			t.Errorf("no goroutine blocked in sync.(*Mutex).Lock called by lockOn:\n%s", dump)
		}
		rt.Unlock(0, &mu)
	})
}
