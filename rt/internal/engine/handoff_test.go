package engine

import (
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/gid"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// lowestFirst always picks the enabled goroutine with the smallest ID.
type lowestFirst struct{ left int }

func (s *lowestFirst) Begin(p *sched.Plan) bool {
	if s.left == 0 {
		return false
	}
	s.left--
	p.TrackAll = true
	return true
}
func (s *lowestFirst) Pick(v *sched.View) int      { return slices.Min(v.Enabled) }
func (s *lowestFirst) Choose(*sched.View, int) int { return 0 }
func (s *lowestFirst) End(*sched.Execution)        {}

// TestBlockedOutside classifies stack blocks: a waiting goroutine whose
// only vtbound frames are at the bottom may be handed off; one running,
// or waiting inside an engine or rt function, may not.
func TestBlockedOutside(t *testing.T) {
	const user = "net.(*conn).Read(0xc0)\n\t/go/src/net/net.go:1 +0x1\nexample.com/m.TestServe.func1()\n\t/m/serve_test.go:9 +0x1\n"
	const bottom = "github.com/vtbound/vtbound/rt/internal/explore.run.func3()\n\t/v/rt/internal/explore/explore.go:80 +0x1\n" +
		"github.com/vtbound/vtbound/rt/internal/engine.(*G).run(0xc0, 0xc1)\n\t/v/rt/internal/engine/engine.go:390 +0x1\n" +
		"runtime.goexit({})\n\t/go/src/runtime/asm_amd64.s:1 +0x1\ncreated by github.com/vtbound/vtbound/rt/internal/engine.(*execution).newG in goroutine 6\n\t/v/e.go:1 +0x1"
	const engineSleep = "time.Sleep(0x3e8)\n\t/go/src/runtime/time.go:1 +0x1\ngithub.com/vtbound/vtbound/rt/internal/engine.(*execution).couple(0xc0)\n\t/v/rt/internal/engine/realtime.go:50 +0x1\n"
	const testBody = "github.com/vtbound/vtbound/rt/internal/engine.TestX.func1()\n\t/v/rt/internal/engine/handoff_test.go:10 +0x1\n"
	tests := []struct {
		state, frames string
		want          bool
	}{
		{"IO wait", user + bottom, true},
		{"IO wait, 3 minutes", user + bottom, true},
		{"chan receive", user + bottom, true},
		{"syscall", user + bottom, true},
		{"running", user + bottom, false},
		{"runnable", user + bottom, false},
		{"sleep", engineSleep + user + bottom, false},
		{"chan receive", testBody + bottom, true},
		{"select", "github.com/vtbound/vtbound/rt.Select(0x1)\n\t/v/rt/chan.go:1 +0x1\n" + user + bottom, false},
		{"chan receive", user, false}, // not a controlled goroutine
		{"chan receive", bottom, false},
		{"chan receive", user + "github.com/vtbound/vtbound/rt/internal/engine.(*Engine).Run.rejoining.func1()\n\t/v/h.go:1 +0x1\n" +
			"github.com/vtbound/vtbound/rt/internal/engine.(*Engine).Run.(*execution).withBodyExit.func2()\n\t/v/c.go:1 +0x1\n" + bottom, true},
	}
	for _, tt := range tests {
		block := "goroutine 7 [" + tt.state + "]:\n" + tt.frames
		if got := blockedOutside(block); got != tt.want {
			t.Errorf("%s:\n%s\nblockedOutside = %v, want %v", tt.state, tt.frames, got, tt.want)
		}
	}
	dump := "goroutine 1 [running]:\nmain.main()\n\t/m.go:1 +0x1\n\ngoroutine 7 [IO wait]:\n" + user + bottom + "\n\ngoroutine 71 [select]:\n" + user + bottom
	if b := goroutineBlock(dump, 7); !strings.HasPrefix(b, "goroutine 7 ") {
		t.Errorf("goroutineBlock(7): %q", b)
	}
	if b := goroutineBlock(dump, 8); b != "" {
		t.Errorf("goroutineBlock of an unknown goroutine: %q", b)
	}
}

// TestGoroutineNumber: the holder's number is read from its g structure.
func TestGoroutineNumber(t *testing.T) {
	type probe struct {
		id  uintptr
		num uint64
	}
	ch := make(chan probe)
	release := make(chan struct{})
	defer close(release)
	go func() { ch <- probe{gid.Current(), ownNumber()}; <-release }()
	p := <-ch
	if got, ok := goroutineNumber(p.id); !ok || got != p.num {
		t.Fatalf("goroutineNumber = %d, %v; want %d (runtime.Stack)", got, ok, p.num)
	}
}

// TestHandoffServer: the body connects to a server goroutine it started.
// Whichever of the two blocks in network I/O first holds the token; the
// hand-off lets the other run, and every execution passes.
func TestHandoffServer(t *testing.T) {
	if handoffOff {
		t.Skip("hand-offs are off under the race detector")
	}
	e := New(newRandom(1, 20), Limits{MaxSteps: 10000}, nil)
	handoffs := 0
	for {
		res, ok := e.Run(func() { echo(t) })
		if !ok {
			break
		}
		if res.Failure != nil {
			t.Fatalf("execution %d: %v: %s", res.N, res.Outcome, res.Failure.Message)
		}
		handoffs += res.Handoffs
	}
	if handoffs == 0 {
		t.Error("no hand-off in 20 executions")
	}
}

// echo starts a controlled echo server and talks to it.
func echo(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Error(err)
		return
	}
	defer l.Close()
	g := cur()
	g.Go(0, func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		io.CopyN(c, c, 5)
	})
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Error(err)
		return
	}
	defer c.Close()
	fmt.Fprint(c, "hello")
	buf := make([]byte, 5)
	if _, err := io.ReadFull(c, buf); err != nil || string(buf) != "hello" {
		t.Errorf("read %q, %v", buf, err)
	}
}

// TestHandoffNotALeak: a goroutine blocked in uncontrolled code when the
// body returns is neither a leak nor a deadlock (uncontrolled code may
// still wake it); it ends when it comes back.
func TestHandoffNotALeak(t *testing.T) {
	if handoffOff {
		t.Skip("hand-offs are off under the race detector")
	}
	wait := make(chan int)
	var back atomic.Bool
	e := New(&lowestFirst{left: 1}, Limits{}, nil)
	res, _ := e.Run(func() {
		cur().Go(0, func() {
			<-wait // uncontrolled
			back.Store(true)
			cur().Yield(0) // comes back, finds its execution over
		})
		cur().Yield(0) // let it block
	})
	if res.Failure != nil || res.Handoffs != 1 || !res.Uncontrolled {
		t.Fatalf("outcome %v, %d hand-offs, uncontrolled %v; want a pass after one hand-off", res.Outcome, res.Handoffs, res.Uncontrolled)
	}
	close(wait)
	for i := 0; !back.Load() && i < 1000; i++ {
		time.Sleep(time.Millisecond)
	}
	if !back.Load() {
		t.Fatal("the handed-off goroutine never came back")
	}
}

// TestEndsWithGoroutineAway: after the body returned, an execution whose
// only other goroutine stays blocked in uncontrolled code (a network peer
// that does not answer) ends without waiting for it to come back (for
// Limits.Timeout, here a minute), as natively the test is over; the
// Result says the goroutine was away, so that nothing is concluded about
// how it would have gone on.
func TestEndsWithGoroutineAway(t *testing.T) {
	if handoffOff {
		t.Skip("hand-offs are off under the race detector")
	}
	wait := make(chan int)
	defer close(wait)
	e := New(&lowestFirst{left: 1}, Limits{Timeout: time.Minute}, nil)
	start := time.Now()
	res, _ := e.Run(func() {
		cur().Go(0, func() {
			<-wait // uncontrolled, for ever
			cur().Yield(0)
		})
		cur().Yield(0) // let it block
	})
	if res.Failure != nil || !res.EndedAway || !res.BodyReturned {
		t.Fatalf("outcome %v (%v), ended away %v; want a pass that ended with the goroutine away", res.Outcome, res.Failure, res.EndedAway)
	}
	if d := time.Since(start); d > e.lim.Timeout/2 {
		t.Fatalf("the execution took %v: it waited for the goroutine away", d)
	}
}

// TestHandoffTimeout: a body blocked for ever in uncontrolled code, with
// nobody else to run, ends as a timeout that names uncontrolled code.
func TestHandoffTimeout(t *testing.T) {
	if handoffOff {
		t.Skip("hand-offs are off under the race detector")
	}
	wait := make(chan int)
	defer close(wait)
	e := New(&lowestFirst{left: 1}, Limits{Timeout: 100 * time.Millisecond}, nil)
	res, _ := e.Run(func() {
		cur().Go(0, func() { cur().Yield(0) })
		<-wait
	})
	if res.Outcome != sched.Timeout || res.Failure == nil || !strings.Contains(res.Failure.Message, "does not control") {
		t.Fatalf("outcome %v (%v), want a timeout naming uncontrolled code", res.Outcome, res.Failure)
	}
}

// BenchmarkHandoff measures the hand-off latency: from the body blocking
// in uncontrolled code to the other goroutine running (median and p99).
func BenchmarkHandoff(b *testing.B) {
	if handoffOff {
		b.Skip("hand-offs are off under the race detector")
	}
	lat := make([]time.Duration, 0, b.N)
	e := New(&lowestFirst{left: b.N}, Limits{}, nil)
	for i := 0; i < b.N; i++ {
		wait := make(chan struct{})
		var blocked time.Time
		res, _ := e.Run(func() {
			cur().Go(0, func() {
				lat = append(lat, time.Since(blocked))
				close(wait)
			})
			blocked = time.Now()
			<-wait
		})
		if res.Failure != nil || res.Handoffs != 1 {
			b.Fatalf("execution %d: %v, %d hand-offs", i, res.Failure, res.Handoffs)
		}
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "median-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

// TestNestedExplorationIsNotATimeout: a body waiting in uncontrolled code
// (t.Run) while a subtest explores on its own (BeginNested) for longer
// than Limits.Timeout is not a timeout: the execution goes on when the
// subtest ends.
func TestNestedExplorationIsNotATimeout(t *testing.T) {
	if handoffOff {
		t.Skip("hand-offs are off under the race detector")
	}
	wait := make(chan int)
	e := New(&lowestFirst{left: 1}, Limits{Timeout: 100 * time.Millisecond}, nil)
	e.BeginNested()
	go func() {
		time.Sleep(500 * time.Millisecond) // five times the timeout
		e.EndNested()
		close(wait)
	}()
	res, _ := e.Run(func() {
		cur().Go(0, func() { cur().Yield(0) })
		<-wait
	})
	if res.Outcome != sched.OK || res.Failure != nil {
		t.Fatalf("outcome %v (%v), want the execution to pass once the subtest ended", res.Outcome, res.Failure)
	}
}
