package rt_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
)

// The sites of the primitive tests, registered once as a rewritten package
// would, so that reports name primitives.go (the program's code) or, for
// pTestSync, primitives_test.go (the test's own code). Groups x and y are the
// tracked shared variables of the programs below.
var (
	pg [2]rt.Guard
	ps = rt.Register("github.com/vtbound/vtbound/rt_test", []rt.Site{
		0:  {File: "primitives.go", Line: 1, Kind: rt.KRead, Group: "rt_test.x"},
		1:  {File: "primitives.go", Line: 2, Kind: rt.KWrite, Group: "rt_test.x"},
		2:  {File: "primitives.go", Line: 3, Kind: rt.KRead, Group: "rt_test.y"},
		3:  {File: "primitives.go", Line: 4, Kind: rt.KWrite, Group: "rt_test.y"},
		4:  {File: "primitives.go", Line: 5, Kind: rt.KChan},
		5:  {File: "primitives.go", Line: 6, Kind: rt.KSync},
		6:  {File: "primitives.go", Line: 7, Kind: rt.KGo},
		7:  {File: "primitives.go", Line: 8, Kind: rt.KAtomic},
		8:  {File: "primitives.go", Line: 9, Kind: rt.KOther},
		9:  {File: "primitives.go", Line: 10, Kind: rt.KChanLoop},
		10: {File: "primitives_test.go", Line: 11, Kind: rt.KSync},
	}, pg[:])
)

// Guard indices and site IDs used by the programs.
const gx, gy = 0, 1

var (
	pChan   = ps + 4
	pSync   = ps + 5
	pGo     = ps + 6
	pAtomic = ps + 7
	pSched  = ps + 8
	pRange  = ps + 9 // the receive at the top of a range over a channel
	// pTestSync is a synchronisation site of the test's own code (a
	// _test.go file).
	pTestSync = ps + 10
)

// read and write are the guarded hooks the rewriter emits before an access
// to a variable of group grp.
func read[T any](grp int, p *T) {
	if pg[grp].On() {
		rt.Read(ps+int32(2*grp), unsafe.Pointer(p))
	}
}

func write[T any](grp int, p *T) {
	if pg[grp].On() {
		rt.Write(ps+int32(2*grp+1), unsafe.Pointer(p))
	}
}

// outcomes collects what each execution of a program observed: the events
// one execution adds, joined by spaces, form that execution's outcome.
type outcomes struct {
	mu      sync.Mutex
	started bool
	cur     []string
	seen    map[string]int
}

// begin ends the previous execution's outcome and starts a new one. The
// body runs once per execution, so calling begin first in it numbers them.
func (o *outcomes) begin() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.flushLocked()
	o.started = true
}

// add records an event of the current execution.
func (o *outcomes) add(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.cur = append(o.cur, fmt.Sprintf(format, args...))
}

// result ends the last execution and returns every outcome with its count.
func (o *outcomes) result() map[string]int {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.flushLocked()
	return o.seen
}

func (o *outcomes) flushLocked() {
	if o.seen == nil {
		o.seen = map[string]int{}
	}
	if o.started {
		o.seen[strings.Join(o.cur, " ")]++
	}
	o.started, o.cur = false, nil
}

// primitive is one program exercising a modelled primitive, with what
// exploring it must produce.
type primitive struct {
	name string
	body func(t *testing.T, o *outcomes)
	// oracle is the failure every exploration must report ("panic",
	// "deadlock", ...), or "" when no execution may fail.
	oracle string
	// report lists further text the failure report must contain; absent,
	// text the output must not contain.
	report, absent []string
	// env holds extra VTBOUND_* settings.
	env []string
	// seen lists outcomes that must each occur in some execution.
	seen []string
	// only, when set, lists the only outcomes allowed.
	only []string
}

// primitiveEnv selects child mode: the test binary re-executes itself to
// explore one failing program, so the failure is observed from outside.
const primitiveEnv = "VTBOUND_TEST_PRIMITIVE"

// primitiveBudget is the number of executions explored per program.
const primitiveBudget = "2000"

// primitiveSeed is the seed of every exploration: 1, or the value of
// VTBOUND_TEST_SEED to check that the assertions hold for other seeds.
func primitiveSeed() string {
	if s := os.Getenv("VTBOUND_TEST_SEED"); s != "" {
		return s
	}
	return "1"
}

// TestPrimitives explores every program of the primitive table. Programs
// that must fail run in a child process whose report is checked; programs
// that must not fail run in-process, where any report fails the test, and
// their observed outcomes are checked afterwards. In child mode it explores
// only the program named by VTBOUND_TEST_PRIMITIVE.
func TestPrimitives(t *testing.T) {
	if name := os.Getenv(primitiveEnv); name != "" {
		runPrimitiveChild(t, name)
		return
	}
	t.Run("fail", func(t *testing.T) {
		for _, p := range primitiveTable() {
			if p.oracle == "" {
				continue
			}
			t.Run(p.name, func(t *testing.T) {
				t.Parallel()
				checkFailing(t, p)
			})
		}
	})
	t.Run("pass", func(t *testing.T) {
		for _, p := range primitiveTable() {
			if p.oracle != "" {
				continue
			}
			t.Run(p.name, func(t *testing.T) { checkPassing(t, p) })
		}
	})
}

// lookupPrimitive returns the table row called name, or the program of
// foreign_test.go called name.
func lookupPrimitive(name string) (primitive, bool) {
	for _, p := range slices.Concat(primitiveTable(), foreignPrimitives(), stressPrimitives()) {
		if p.name == name {
			return p, true
		}
	}
	return primitive{}, false
}

// runPrimitiveChild explores one program under rt.Test in child mode.
func runPrimitiveChild(t *testing.T, name string) {
	p, ok := lookupPrimitive(name)
	if !ok {
		t.Fatalf("unknown primitive program %q", name)
	}
	var o outcomes
	rt.Test(t, func(t *testing.T) {
		o.begin()
		p.body(t, &o)
	})
}

// checkFailing explores p in a child process and requires its oracle.
func checkFailing(t *testing.T, p primitive) {
	out, failed := runPrimitive(t, p)
	want := "vtbound: TestPrimitives: " + p.oracle
	if !failed || !strings.Contains(out, want) {
		t.Fatalf("want a report %q (child failed: %v); output:\n%s", want, failed, tail(out, 40))
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: ") {
			t.Errorf("the test binary crashed instead of reporting: %q\n%s", line, tail(out, 40))
		}
	}
	if !strings.Contains(out, "--- FAIL: TestPrimitives") {
		t.Errorf("child did not fail TestPrimitives normally:\n%s", tail(out, 40))
	}
	for _, r := range p.report {
		if !strings.Contains(out, r) {
			t.Errorf("report lacks %q:\n%s", r, tail(out, 40))
		}
	}
}

// runPrimitive runs program p in a child process and returns its output and
// whether it failed.
func runPrimitive(t *testing.T, p primitive) (string, bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestPrimitives$", "-test.count=1")
	cmd.Env = append(os.Environ(), primitiveEnv+"="+p.name,
		"VTBOUND_SEED="+primitiveSeed(), "VTBOUND_BUDGET="+primitiveBudget, "VTBOUND_RACES=on",
		"VTBOUND_STRATEGY=", "VTBOUND_REPLAY=", "VTBOUND_MAXSTEPS=",
		"VTBOUND_DIR="+filepath.Join(t.TempDir(), "schedules"))
	cmd.Env = append(cmd.Env, p.env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("running child: %v", err)
		}
	}
	return string(out), err != nil
}

// checkPassing explores p in-process, where any report fails t, and then
// checks the outcomes observed across executions.
func checkPassing(t *testing.T, p primitive) {
	t.Setenv("VTBOUND_SEED", primitiveSeed())
	t.Setenv("VTBOUND_BUDGET", primitiveBudget)
	t.Setenv("VTBOUND_RACES", "on")
	t.Setenv("VTBOUND_DIR", filepath.Join(t.TempDir(), "schedules"))
	for _, k := range []string{"VTBOUND_STRATEGY", "VTBOUND_REPLAY", "VTBOUND_MAXSTEPS"} {
		t.Setenv(k, "") // the defaults
	}
	for _, kv := range p.env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	var o outcomes
	rt.Test(t, func(t *testing.T) {
		o.begin()
		p.body(t, &o)
	})
	got := o.result()
	t.Logf("outcomes: %s", describeOutcomes(got))
	for _, s := range p.seen {
		if got[s] == 0 {
			t.Errorf("outcome %q never observed; observed: %s", s, describeOutcomes(got))
		}
	}
	if p.only != nil {
		for s := range got {
			if !slices.Contains(p.only, s) {
				t.Errorf("outcome %q observed, want only %q; observed: %s", s, p.only, describeOutcomes(got))
			}
		}
	}
}

func describeOutcomes(m map[string]int) string {
	var parts []string
	for s, n := range m {
		parts = append(parts, fmt.Sprintf("%q×%d", s, n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// primitiveTable lists the programs, grouped by primitive.
func primitiveTable() []primitive {
	var all []primitive
	for _, part := range [][]primitive{
		channelPrimitives(), selectPrimitives(), mutexPrimitives(), rwPrimitives(),
		waitGroupPrimitives(), oncePrimitives(), condPrimitives(), atomicPrimitives(), syncMapPrimitives(),
		schedulingPrimitives(), oraclePrimitives(), racePrimitives(),
		outsidePrimitives(), reflectPrimitives(),
	} {
		all = append(all, part...)
	}
	return all
}

func channelPrimitives() []primitive {
	return []primitive{
		{name: "unbuffered-rendezvous", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() {
				rt.Send(pChan, ch, 42)
				o.add("sent")
			})
			rt.Gosched(pSched)
			o.add("receiving")
			o.add("got %d", rt.Recv(pChan, ch))
		}, seen: []string{"receiving got 42 sent", "receiving sent got 42"},
			only: []string{"receiving got 42 sent", "receiving sent got 42"}},
		{name: "buffered-send-completes-early", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 1)
			rt.Go(pGo, func() {
				rt.Send(pChan, ch, 42)
				o.add("sent")
			})
			rt.Gosched(pSched)
			o.add("receiving")
			o.add("got %d", rt.Recv(pChan, ch))
		}, seen: []string{"sent receiving got 42", "receiving sent got 42"}},
		{name: "buffered-fifo-capacity", body: bufferedFIFO,
			seen: []string{"s1 s2 r1 s3 r2 r3", "s1 s2 s3 r1 r2 r3"}},
		{name: "close-then-receive", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() { rt.Close(pChan, ch) })
			v, ok := rt.Recv2(pChan, ch)
			o.add("%d %v", v, ok)
		}, only: []string{"0 false"}},
		{name: "receive-drains-buffer-before-close", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 2)
			rt.Go(pGo, func() {
				rt.Send(pChan, ch, 1)
				rt.Send(pChan, ch, 2)
				rt.Close(pChan, ch)
			})
			for range 3 {
				v, ok := rt.Recv2(pChan, ch)
				o.add("%d,%v", v, ok)
			}
		}, only: []string{"1,true 2,true 0,false"}},
		{name: "range-unbuffered", body: rangeOver(0), only: []string{"1 2 3 4 end"}},
		{name: "range-buffered", body: rangeOver(2), only: []string{"1 2 3 4 end"}},
		{name: "close-wakes-receivers", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 0)
			res := rt.MakeChan[string](pChan, 2)
			for range 2 {
				rt.Go(pGo, func() {
					v, ok := rt.Recv2(pChan, ch)
					rt.Send(pChan, res, fmt.Sprintf("%d,%v", v, ok))
				})
			}
			rt.Gosched(pSched)
			rt.Close(pChan, ch)
			o.add("%s %s", rt.Recv(pChan, res), rt.Recv(pChan, res))
		}, only: []string{"0,false 0,false"}},
		{name: "close-with-blocked-sender", oracle: "panic", report: []string{"send on closed channel"},
			body: func(t *testing.T, o *outcomes) {
				ch := rt.MakeChan[int](pChan, 0)
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() { rt.Send(pChan, ch, 1) })
				rt.Gosched(pSched)
				rt.Close(pChan, ch)
				rt.WGWait(pSync, &wg)
			}},
		{name: "send-on-closed", oracle: "panic", report: []string{"send on closed channel"},
			body: func(t *testing.T, o *outcomes) {
				ch := rt.MakeChan[int](pChan, 1)
				rt.Close(pChan, ch)
				rt.Send(pChan, ch, 1)
			}},
		{name: "close-of-closed", oracle: "panic", report: []string{"close of closed channel"},
			body: func(t *testing.T, o *outcomes) {
				ch := rt.MakeChan[int](pChan, 0)
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() { rt.Close(pChan, ch) })
				rt.Close(pChan, ch)
				rt.WGWait(pSync, &wg)
			}},
		{name: "close-of-nil", oracle: "panic", report: []string{"close of nil channel"},
			body: func(t *testing.T, o *outcomes) {
				var ch chan int
				rt.Close(pChan, ch)
			}},
		{name: "nil-send-blocks", oracle: "deadlock", report: []string{"all goroutines are blocked"},
			body: func(t *testing.T, o *outcomes) {
				var ch chan int
				rt.Send(pChan, ch, 1)
			}},
		{name: "nil-recv-blocks", oracle: "deadlock", report: []string{"all goroutines are blocked"},
			body: func(t *testing.T, o *outcomes) {
				var ch chan int
				rt.Go(pGo, func() {})
				rt.Recv(pChan, ch)
			}},
	}
}

// bufferedFIFO sends 1, 2, 3 on a channel of capacity 2: values arrive in
// order, and the third send cannot complete before the receiver has
// started its first receive. It may complete before that receive
// returns: a receiver parked on the empty channel is handed the first
// value by the send itself, as Go's chansend does, and the next two
// sends fill the buffer while it has not yet run ("s1 s2 s3 r1 r2 r3").
func bufferedFIFO(t *testing.T, o *outcomes) {
	ch := rt.MakeChan[int](pChan, 2)
	receiving := false
	rt.Go(pGo, func() {
		for i := 1; i <= 3; i++ {
			rt.Send(pChan, ch, i)
			if i == 3 && !receiving {
				t.Errorf("third send on a channel of capacity 2 completed before any receive started")
			}
			o.add("s%d", i)
		}
	})
	for i := 1; i <= 3; i++ {
		rt.Gosched(pSched)
		receiving = true
		v := rt.Recv(pChan, ch)
		if v != i {
			t.Errorf("receive %d got %d, want FIFO order", i, v)
		}
		o.add("r%d", v)
	}
}

// rangeOver is `for v := range ch` over a channel of the given capacity
// fed by a producer that closes it.
func rangeOver(size int) func(t *testing.T, o *outcomes) {
	return func(t *testing.T, o *outcomes) {
		ch := rt.MakeChan[int](pChan, size)
		rt.Go(pGo, func() {
			for i := 1; i <= 4; i++ {
				rt.Send(pChan, ch, i)
			}
			rt.Close(pChan, ch)
		})
		for {
			v, ok := rt.Recv2(pChan, ch)
			if !ok {
				break
			}
			o.add("%d", v)
		}
		o.add("end")
	}
}

func selectPrimitives() []primitive {
	return []primitive{
		{name: "select-default-nothing-ready", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 0)
			o.add("%d", rt.Select(pChan, true, rt.RecvCase(ch), rt.SendCase(ch, 1)))
		}, only: []string{"-1"}},
		{name: "select-default-or-buffered", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 1)
			rt.Go(pGo, func() { rt.Send(pChan, ch, 7) })
			c := rt.RecvCase(ch)
			i := rt.Select(pChan, true, c)
			if i == 0 && (c.V != 7 || !c.OK) {
				t.Errorf("select received %d,%v, want 7,true", c.V, c.OK)
			}
			o.add("%d", i)
		}, seen: []string{"-1", "0"}, only: []string{"-1", "0"}},
		{name: "select-default-or-rendezvous", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() { rt.Send(pChan, ch, 7) })
			c := rt.RecvCase(ch)
			i := rt.Select(pChan, true, c)
			if i == 0 && c.V != 7 {
				t.Errorf("select received %d, want 7", c.V)
			}
			if i == -1 {
				rt.Recv(pChan, ch) // release the sender
			}
			o.add("%d", i)
		}, seen: []string{"-1", "0"}, only: []string{"-1", "0"}},
		{name: "select-default-before-sender-arrives", body: func(t *testing.T, o *outcomes) {
			// The sender stores x and then sends. A receiver that sees the
			// store may still run its select before the send starts and
			// take the default ("x=1 -1").
			var x atomic.Int32
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() {
				rt.Atomic(pAtomic, rt.AStore, &x).Store(1)
				rt.Send(pChan, ch, 1)
			})
			v := rt.Atomic(pAtomic, rt.ALoad, &x).Load()
			i := rt.Select(pChan, true, rt.RecvCase(ch))
			if i == -1 {
				rt.Recv(pChan, ch)
			}
			o.add("x=%d %d", v, i)
		}, seen: []string{"x=0 -1", "x=1 -1", "x=1 0"}, only: []string{"x=0 -1", "x=1 -1", "x=1 0", "x=0 0"}},
		{name: "select-ready-case-over-default", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 1)
			rt.Send(pChan, ch, 3)
			rt.Go(pGo, func() {})
			o.add("%d", rt.Select(pChan, true, rt.RecvCase(ch)))
		}, only: []string{"0"}},
		{name: "select-every-ready-case", body: func(t *testing.T, o *outcomes) {
			var cases []rt.Case
			for i := range 3 {
				ch := rt.MakeChan[int](pChan, 1)
				rt.Send(pChan, ch, i)
				cases = append(cases, rt.RecvCase(ch))
			}
			room := rt.MakeChan[int](pChan, 1)
			cases = append(cases, rt.SendCase(room, 9))
			o.add("%d", rt.Select(pChan, false, cases...))
		}, seen: []string{"0", "1", "2", "3"}, only: []string{"0", "1", "2", "3"}},
		{name: "select-nil-case-never", body: func(t *testing.T, o *outcomes) {
			var nilc chan int
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() { rt.Send(pChan, ch, 5) })
			o.add("%d", rt.Select(pChan, false, rt.RecvCase(nilc), rt.SendCase(nilc, 1), rt.RecvCase(ch)))
		}, only: []string{"2"}},
		{name: "select-closed-case", body: func(t *testing.T, o *outcomes) {
			closed := rt.MakeChan[int](pChan, 0)
			rt.Close(pChan, closed)
			never := rt.MakeChan[int](pChan, 0)
			c := rt.RecvCase(closed)
			i := rt.Select(pChan, false, rt.RecvCase(never), c)
			o.add("%d %d,%v", i, c.V, c.OK)
		}, only: []string{"1 0,false"}},
		{name: "select-select-rendezvous", body: func(t *testing.T, o *outcomes) {
			a, b := rt.MakeChan[int](pChan, 0), rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() {
				// Offers a send on either channel; exactly one is taken.
				i := rt.Select(pChan, false, rt.SendCase(a, 1), rt.SendCase(b, 2))
				o.add("sent%d", i)
			})
			ca, cb := rt.RecvCase(a), rt.RecvCase(b)
			switch rt.Select(pChan, false, cb, ca) {
			case 0:
				o.add("b=%d", cb.V)
			case 1:
				o.add("a=%d", ca.V)
			}
		}, seen: []string{"a=1 sent0", "b=2 sent1", "sent0 a=1", "sent1 b=2"},
			only: []string{"a=1 sent0", "b=2 sent1", "sent0 a=1", "sent1 b=2"}},
		{name: "select-default-both-sides", body: func(t *testing.T, o *outcomes) {
			// Neither select ever blocks, so neither waits for the other:
			// on an unbuffered channel both must take their default.
			ch := rt.MakeChan[int](pChan, 0)
			res := rt.MakeChan[int](pChan, 1)
			rt.Go(pGo, func() { rt.Send(pChan, res, rt.Select(pChan, true, rt.SendCase(ch, 1))) })
			recv := rt.Select(pChan, true, rt.RecvCase(ch))
			o.add("send=%d recv=%d", rt.Recv(pChan, res), recv)
		}, only: []string{"send=-1 recv=-1"}},
		{name: "select-self-blocks", oracle: "deadlock", report: []string{"all goroutines are blocked"},
			body: func(t *testing.T, o *outcomes) {
				ch := rt.MakeChan[int](pChan, 0)
				rt.Go(pGo, func() {})
				rt.Select(pChan, false, rt.SendCase(ch, 1), rt.RecvCase(ch))
			}},
		{name: "select-send-on-closed", oracle: "panic", report: []string{"send on closed channel"},
			body: func(t *testing.T, o *outcomes) {
				ch := rt.MakeChan[int](pChan, 0)
				rt.Close(pChan, ch)
				never := rt.MakeChan[int](pChan, 0)
				rt.Select(pChan, false, rt.RecvCase(never), rt.SendCase(ch, 1))
			}},
		{name: "select-empty-blocks", oracle: "deadlock", report: []string{"all goroutines are blocked"},
			body: func(t *testing.T, o *outcomes) {
				rt.Go(pGo, func() {})
				rt.Select(pChan, false)
			}},
		{name: "select-after-fires", body: func(t *testing.T, o *outcomes) {
			never := rt.MakeChan[int](pChan, 0)
			o.add("%d", rt.Select(pChan, false, rt.RecvCase(never), rt.RecvCase(rt.After(pChan, time.Hour))))
		}, only: []string{"1"}},
		// The virtual clock advances only when nothing else can run, so a
		// timeout never beats work that takes no (virtual) time...
		{name: "select-after-or-result", body: func(t *testing.T, o *outcomes) {
			res := rt.MakeChan[int](pChan, 1)
			rt.Go(pGo, func() { rt.Send(pChan, res, 1) })
			o.add("%d", rt.Select(pChan, false, rt.RecvCase(res), rt.RecvCase(rt.After(pChan, time.Hour))))
		}, seen: []string{"0"}, only: []string{"0"}},
		// ...always beats work that sleeps longer...
		{name: "select-after-beats-slow-work", body: func(t *testing.T, o *outcomes) {
			res := rt.MakeChan[int](pChan, 1)
			rt.Go(pGo, func() { rt.Sleep(pSched, 2*time.Hour); rt.Send(pChan, res, 1) })
			o.add("%d", rt.Select(pChan, false, rt.RecvCase(res), rt.RecvCase(rt.After(pChan, time.Hour))))
		}, seen: []string{"1"}, only: []string{"1"}},
		// ...and races with work that sleeps exactly as long.
		{name: "select-after-ties-with-work", body: func(t *testing.T, o *outcomes) {
			res := rt.MakeChan[int](pChan, 1)
			rt.Go(pGo, func() { rt.Sleep(pSched, time.Hour); rt.Send(pChan, res, 1) })
			o.add("%d", rt.Select(pChan, false, rt.RecvCase(res), rt.RecvCase(rt.After(pChan, time.Hour))))
		}, seen: []string{"0", "1"}},
	}
}

func mutexPrimitives() []primitive {
	return []primitive{
		{name: "mutex-exclusion", body: mutexCounter},
		{name: "mutex-trylock-held", body: func(t *testing.T, o *outcomes) {
			var mu sync.Mutex
			done := rt.MakeChan[bool](pChan, 0)
			rt.Lock(pSync, &mu)
			rt.Go(pGo, func() { rt.Send(pChan, done, rt.TryLock(pSync, &mu)) })
			o.add("%v", rt.Recv(pChan, done))
			rt.Unlock(pSync, &mu)
		}, only: []string{"false"}},
		{name: "mutex-trylock-free-or-held", body: func(t *testing.T, o *outcomes) {
			var mu sync.Mutex
			held := false
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				ok := rt.TryLock(pSync, &mu)
				if ok == held { // held is true exactly while the lock is taken
					t.Errorf("TryLock = %v while the body holds the lock = %v", ok, held)
				}
				if ok {
					rt.Unlock(pSync, &mu)
				}
				o.add("%v", ok)
			})
			rt.Lock(pSync, &mu)
			held = true
			rt.Gosched(pSched)
			rt.Unlock(pSync, &mu)
			held = false
			rt.WGWait(pSync, &wg)
		}, seen: []string{"true", "false"}},
		{name: "mutex-left-locked", body: func(t *testing.T, o *outcomes) {
			// Each execution leaves a package-level mutex locked; the next
			// one must find it unlocked again.
			rt.Go(pGo, func() {})
			if !rt.TryLock(pSync, &leftLocked) {
				t.Errorf("package-level mutex still locked from an earlier execution")
			}
		}},
		{name: "rw-left-locked", body: func(t *testing.T, o *outcomes) {
			rt.Go(pGo, func() { rt.RLock(pSync, &leftRLocked) })
			rt.RWLock(pSync, &leftWLocked)
		}},
		{name: "mutex-unlock-unlocked", oracle: "panic", report: []string{"sync: unlock of unlocked mutex"},
			body: func(t *testing.T, o *outcomes) {
				var mu sync.Mutex
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() { rt.Unlock(pSync, &mu) })
				rt.WGWait(pSync, &wg)
			}},
		{name: "mutex-double-lock", oracle: "deadlock", report: []string{"all goroutines are blocked"},
			body: func(t *testing.T, o *outcomes) {
				var mu sync.Mutex
				rt.Go(pGo, func() {})
				rt.Lock(pSync, &mu)
				rt.Lock(pSync, &mu)
			}},
	}
}

// mutexCounter increments a tracked counter from three goroutines under a
// mutex: no goroutine is ever inside with another, no race, no lost update.
func mutexCounter(t *testing.T, o *outcomes) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	x, inside := 0, 0
	for range 3 {
		rt.WGGo(pSync, &wg, func() {
			rt.Lock(pSync, &mu)
			inside++
			if inside != 1 {
				t.Errorf("%d goroutines inside the critical section", inside)
			}
			read(gx, &x)
			tmp := x
			rt.Gosched(pSched)
			write(gx, &x)
			x = tmp + 1
			inside--
			rt.Unlock(pSync, &mu)
		})
	}
	rt.WGWait(pSync, &wg)
	read(gx, &x)
	if x != 3 {
		t.Errorf("counter = %d, want 3", x)
	}
}

// Package-level locks that executions leave held.
var (
	leftLocked               sync.Mutex
	leftRLocked, leftWLocked sync.RWMutex
)

func rwPrimitives() []primitive {
	return []primitive{
		{name: "rw-readers-overlap", body: func(t *testing.T, o *outcomes) {
			var rw sync.RWMutex
			var wg sync.WaitGroup
			readers, most := 0, 0
			for range 2 {
				rt.WGGo(pSync, &wg, func() {
					rt.RLock(pSync, &rw)
					readers++
					rt.Gosched(pSched)
					most = max(most, readers)
					readers--
					rt.RUnlock(pSync, &rw)
				})
			}
			rt.WGWait(pSync, &wg)
			o.add("readers=%d", most)
		}, seen: []string{"readers=1", "readers=2"}},
		{name: "rw-writer-excludes", body: rwWriterExcludes},
		{name: "rw-writer-preference", body: rwWriterPreference,
			seen: []string{"R2 W", "W R2", "W R2-queued", "R2-queued W"},
			only: []string{"R2 W", "W R2", "W R2-queued", "R2-queued W"}},
		{name: "rw-tryrlock-before-writer", body: func(t *testing.T, o *outcomes) {
			// A writer that has not yet called Lock does not stop TryRLock
			// ("true W"); TryRLock fails only while the writer holds the
			// lock ("W false"): with no reader, a writer never waits.
			var rw sync.RWMutex
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				ok := rt.TryRLock(pSync, &rw)
				if ok {
					rt.RUnlock(pSync, &rw)
				}
				o.add("%v", ok)
			})
			rt.RWLock(pSync, &rw)
			o.add("W")
			rt.RWUnlock(pSync, &rw)
			rt.WGWait(pSync, &wg)
		}, seen: []string{"true W", "W true", "W false"}, only: []string{"true W", "W true", "W false"}},
		{name: "rw-trylocks", body: func(t *testing.T, o *outcomes) {
			var rw sync.RWMutex
			done := rt.MakeChan[string](pChan, 0)
			rt.RLock(pSync, &rw)
			rt.Go(pGo, func() {
				w := rt.RWTryLock(pSync, &rw)
				r := rt.TryRLock(pSync, &rw)
				if r {
					rt.RUnlock(pSync, &rw)
				}
				rt.Send(pChan, done, fmt.Sprintf("trylock=%v tryrlock=%v", w, r))
			})
			o.add("%s", rt.Recv(pChan, done))
			rt.RUnlock(pSync, &rw)
			rt.RWLock(pSync, &rw)
			rt.Go(pGo, func() { rt.Send(pChan, done, fmt.Sprintf("tryrlock=%v", rt.TryRLock(pSync, &rw))) })
			o.add("%s", rt.Recv(pChan, done))
			rt.RWUnlock(pSync, &rw)
		}, only: []string{"trylock=false tryrlock=true tryrlock=false"}},
		{name: "rw-runlock-unlocked", oracle: "panic", report: []string{"sync: RUnlock of unlocked RWMutex"},
			body: func(t *testing.T, o *outcomes) {
				var rw sync.RWMutex
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() { rt.RUnlock(pSync, &rw) })
				rt.WGWait(pSync, &wg)
			}},
		{name: "rw-unlock-unlocked", oracle: "panic", report: []string{"sync: Unlock of unlocked RWMutex"},
			body: func(t *testing.T, o *outcomes) {
				var rw sync.RWMutex
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() { rt.RWUnlock(pSync, &rw) })
				rt.WGWait(pSync, &wg)
			}},
	}
}

// rwWriterExcludes runs a writer against two readers: no reader is inside
// while the writer is, and tracked accesses do not race.
func rwWriterExcludes(t *testing.T, o *outcomes) {
	var rw sync.RWMutex
	var wg sync.WaitGroup
	x, readers, writing := 0, 0, false
	rt.WGGo(pSync, &wg, func() {
		rt.RWLock(pSync, &rw)
		writing = true
		if readers != 0 {
			t.Errorf("writer holds the lock with %d readers inside", readers)
		}
		write(gx, &x)
		x++
		rt.Gosched(pSched)
		writing = false
		rt.RWUnlock(pSync, &rw)
	})
	for range 2 {
		rt.WGGo(pSync, &wg, func() {
			rt.RLock(pSync, &rw)
			readers++
			if writing {
				t.Errorf("reader holds the lock while the writer is inside")
			}
			read(gx, &x)
			_ = x
			rt.Gosched(pSched)
			readers--
			rt.RUnlock(pSync, &rw)
		})
	}
	rt.WGWait(pSync, &wg)
}

// rwWriterPreference: the body holds a read lock; writer W calls Lock and
// reader R2 calls RLock. Once W waits in Lock, R2's RLock must wait for W
// ("W R2-queued"); otherwise R2 may share the lock with the body ("R2 W")
// or come after W ("W R2").
func rwWriterPreference(t *testing.T, o *outcomes) {
	var rw sync.RWMutex
	var wg sync.WaitGroup
	writerWaiting := false
	rt.RLock(pSync, &rw)
	rt.WGGo(pSync, &wg, func() {
		writerWaiting = true
		rt.RWLock(pSync, &rw)
		writerWaiting = false
		o.add("W")
		rt.RWUnlock(pSync, &rw)
	})
	rt.WGGo(pSync, &wg, func() {
		// W is about to call Lock or waits in it. A reader that comes
		// first still gets in ("R2-queued W"); once W waits, R2 waits for
		// W ("W R2-queued") although only readers hold the lock.
		queued := writerWaiting
		rt.RLock(pSync, &rw)
		if queued {
			o.add("R2-queued")
		} else {
			o.add("R2")
		}
		rt.RUnlock(pSync, &rw)
	})
	rt.Gosched(pSched)
	rt.Gosched(pSched)
	rt.RUnlock(pSync, &rw)
	rt.WGWait(pSync, &wg)
}

func waitGroupPrimitives() []primitive {
	return []primitive{
		{name: "wg-orders-work", body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			var slots [3]int
			rt.WGAdd(pSync, &wg, 3)
			for i := range slots {
				rt.Go(pGo, func() {
					defer rt.WGDone(pSync, &wg)
					write(gx, &slots[i])
					slots[i] = i + 1
				})
			}
			rt.WGWait(pSync, &wg)
			for i := range slots {
				read(gx, &slots[i])
				if slots[i] != i+1 {
					t.Errorf("Wait returned before worker %d finished", i)
				}
			}
		}},
		{name: "wg-go", body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			n := 0
			var mu sync.Mutex
			for range 3 {
				rt.WGGo(pSync, &wg, func() {
					rt.Lock(pSync, &mu)
					write(gx, &n)
					n++
					rt.Unlock(pSync, &mu)
				})
			}
			rt.WGWait(pSync, &wg)
			read(gx, &n)
			o.add("n=%d", n)
		}, only: []string{"n=3"}},
		{name: "wg-goexit", body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				runtime.Goexit()
			})
			rt.WGWait(pSync, &wg)
			o.add("done")
		}, only: []string{"done"}},
		{name: "wg-negative", oracle: "panic", report: []string{"sync: negative WaitGroup counter"},
			body: func(t *testing.T, o *outcomes) {
				var wg sync.WaitGroup
				rt.WGAdd(pSync, &wg, 1)
				rt.Go(pGo, func() { rt.WGDone(pSync, &wg) })
				rt.WGDone(pSync, &wg)
				rt.Gosched(pSched)
			}},
		{name: "wg-wait-forever", oracle: "deadlock", report: []string{"all goroutines are blocked"},
			body: func(t *testing.T, o *outcomes) {
				var wg sync.WaitGroup
				rt.WGAdd(pSync, &wg, 2)
				rt.Go(pGo, func() { rt.WGDone(pSync, &wg) })
				rt.WGWait(pSync, &wg)
			}},
	}
}

func oncePrimitives() []primitive {
	return []primitive{
		{name: "once-runs-once", body: func(t *testing.T, o *outcomes) {
			var once sync.Once
			var wg sync.WaitGroup
			calls, ready := 0, false
			for i := range 3 {
				rt.WGGo(pSync, &wg, func() {
					rt.OnceDo(pSync, &once, func() {
						write(gx, &calls)
						calls++
						rt.Gosched(pSched)
						write(gy, &ready)
						ready = true
						o.add("ran=%d", i)
					})
					read(gy, &ready)
					if !ready {
						t.Errorf("Once.Do returned in goroutine %d before f finished", i)
					}
				})
			}
			rt.WGWait(pSync, &wg)
			read(gx, &calls)
			if calls != 1 {
				t.Errorf("f ran %d times", calls)
			}
		}, seen: []string{"ran=0", "ran=1", "ran=2"}, only: []string{"ran=0", "ran=1", "ran=2"}},
		{name: "once-panics-then-done", body: func(t *testing.T, o *outcomes) {
			var once sync.Once
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				defer func() { o.add("recovered %v", recover()) }()
				rt.OnceDo(pSync, &once, func() { panic("once boom") })
			})
			rt.WGWait(pSync, &wg)
			rt.OnceDo(pSync, &once, func() { o.add("ran again") })
			rt.WGGo(pSync, &wg, func() {
				rt.OnceDo(pSync, &once, func() { o.add("ran again") })
			})
			rt.WGWait(pSync, &wg)
		}, only: []string{"recovered once boom"}},
		{name: "once-panic-reported", oracle: "panic", report: []string{"once boom"},
			body: func(t *testing.T, o *outcomes) {
				var once sync.Once
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() {
					rt.OnceDo(pSync, &once, func() { panic("once boom") })
				})
				rt.WGWait(pSync, &wg)
			}},
	}
}

func condPrimitives() []primitive {
	return []primitive{
		{name: "cond-signal-broadcast", body: condSignalBroadcast,
			only: []string{"woke=1 woke=3"}},
		{name: "cond-rwmutex", body: func(t *testing.T, o *outcomes) {
			var rw sync.RWMutex
			c := sync.NewCond(&rw)
			ready := false
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				rt.RWLock(pSync, &rw)
				for !ready {
					rt.CondWait(pSync, c)
				}
				if rt.TryRLock(pSync, &rw) {
					t.Errorf("returned from Wait without holding the write lock")
				}
				rt.RWUnlock(pSync, &rw)
			})
			rt.RWLock(pSync, &rw)
			write(gx, &ready)
			ready = true
			rt.CondSignal(pSync, c)
			rt.RWUnlock(pSync, &rw)
			rt.WGWait(pSync, &wg)
		}},
		{name: "cond-wait-forever", oracle: "deadlock", report: []string{"all goroutines are blocked"},
			body: func(t *testing.T, o *outcomes) {
				var mu sync.Mutex
				c := sync.NewCond(&mu)
				rt.Go(pGo, func() {})
				rt.Lock(pSync, &mu)
				rt.CondWait(pSync, c)
			}},
	}
}

// condSignalBroadcast parks three waiters on a Cond: Signal wakes exactly
// one, Broadcast the other two, and each returns from Wait holding the
// lock that Wait released meanwhile.
func condSignalBroadcast(t *testing.T, o *outcomes) {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	var wg sync.WaitGroup
	allIn := rt.MakeChan[struct{}](pChan, 1)
	woke := rt.MakeChan[int](pChan, 3)
	waiting, wakeups, phase := 0, 0, 0
	for i := range 3 {
		rt.WGGo(pSync, &wg, func() {
			rt.Lock(pSync, &mu)
			if waiting++; waiting == 3 {
				rt.Send(pChan, allIn, struct{}{})
			}
			rt.CondWait(pSync, c)
			if rt.TryLock(pSync, &mu) {
				t.Errorf("waiter %d returned from Wait without the lock", i)
				rt.Unlock(pSync, &mu)
			}
			write(gx, &wakeups)
			wakeups++
			p := phase
			rt.Unlock(pSync, &mu)
			rt.Send(pChan, woke, p)
		})
	}
	rt.Recv(pChan, allIn)
	rt.Lock(pSync, &mu) // only possible once every waiter released it in Wait
	phase = 1
	rt.CondSignal(pSync, c)
	rt.Unlock(pSync, &mu)
	if p := rt.Recv(pChan, woke); p != 1 {
		t.Errorf("first wake-up in phase %d, want 1", p)
	}
	rt.Lock(pSync, &mu)
	read(gx, &wakeups)
	o.add("woke=%d", wakeups)
	phase = 2
	rt.CondBroadcast(pSync, c)
	rt.Unlock(pSync, &mu)
	for range 2 {
		if p := rt.Recv(pChan, woke); p != 2 {
			t.Errorf("Signal woke more than one waiter (a wake-up in phase %d)", p)
		}
	}
	rt.WGWait(pSync, &wg)
	read(gx, &wakeups)
	o.add("woke=%d", wakeups)
}

func atomicPrimitives() []primitive {
	return []primitive{
		{name: "atomic-add-functions", body: func(t *testing.T, o *outcomes) {
			var n int64
			var wg sync.WaitGroup
			for range 3 {
				rt.WGGo(pSync, &wg, func() {
					atomic.AddInt64(rt.Atomic(pAtomic, rt.ARMW, &n), 1)
					atomic.AddInt64(rt.Atomic(pAtomic, rt.ARMW, &n), 1)
				})
			}
			rt.WGWait(pSync, &wg)
			o.add("n=%d", atomic.LoadInt64(rt.Atomic(pAtomic, rt.ALoad, &n)))
		}, only: []string{"n=6"}},
		{name: "atomic-typed", body: func(t *testing.T, o *outcomes) {
			var n atomic.Int64
			var wg sync.WaitGroup
			for range 3 {
				rt.WGGo(pSync, &wg, func() {
					rt.Atomic(pAtomic, rt.ARMW, &n).Add(2)
					for {
						old := rt.Atomic(pAtomic, rt.ALoad, &n).Load()
						if rt.Atomic(pAtomic, rt.ARMW, &n).CompareAndSwap(old, old+1) {
							break
						}
					}
				})
			}
			rt.WGWait(pSync, &wg)
			o.add("n=%d", rt.Atomic(pAtomic, rt.ALoad, &n).Load())
		}, only: []string{"n=9"}},
		{name: "atomic-interleaves", body: func(t *testing.T, o *outcomes) {
			var n atomic.Int32
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() { rt.Atomic(pAtomic, rt.AStore, &n).Store(1) })
			o.add("saw=%d", rt.Atomic(pAtomic, rt.ALoad, &n).Load())
			rt.WGWait(pSync, &wg)
		}, seen: []string{"saw=0", "saw=1"}},
	}
}

// interleave runs goroutine A (a1, pause, a2) beside goroutine B (b).
// "a1 b a2" is possible only when pause is a scheduling point.
func interleave(pause func()) func(t *testing.T, o *outcomes) {
	return func(t *testing.T, o *outcomes) {
		var wg sync.WaitGroup
		rt.WGGo(pSync, &wg, func() {
			o.add("a1")
			pause()
			o.add("a2")
		})
		rt.WGGo(pSync, &wg, func() { o.add("b") })
		rt.WGWait(pSync, &wg)
	}
}

func schedulingPrimitives() []primitive {
	return []primitive{
		{name: "gosched-is-a-point", body: interleave(func() { rt.Gosched(pSched) }),
			seen: []string{"a1 a2 b", "a1 b a2", "b a1 a2"}},
		// A sleeper resumes only when the others can no longer run.
		{name: "sleep-waits-for-the-others", body: interleave(func() { rt.Sleep(pSched, time.Hour) }),
			seen: []string{"a1 b a2", "b a1 a2"}, only: []string{"a1 b a2", "b a1 a2"}},
		{name: "no-point-no-interleaving", body: interleave(func() {}),
			seen: []string{"a1 a2 b", "b a1 a2"}, only: []string{"a1 a2 b", "b a1 a2"}},
		{name: "busy-wait-terminates", body: busyWait},
		{name: "busy-wait-select-default", body: func(t *testing.T, o *outcomes) {
			done := rt.MakeChan[struct{}](pChan, 0)
			rt.Go(pGo, func() { rt.Close(pChan, done) })
			polls := 0
			for rt.Select(pChan, true, rt.RecvCase(done)) == -1 {
				polls++
			}
			o.add("polled=%v", polls > 0)
		}, seen: []string{"polled=false", "polled=true"}},
		{name: "busy-wait-atomic", body: func(t *testing.T, o *outcomes) {
			var flag atomic.Int32
			rt.Go(pGo, func() { rt.Atomic(pAtomic, rt.AStore, &flag).Store(1) })
			for rt.Atomic(pAtomic, rt.ALoad, &flag).Load() == 0 {
			}
		}},
		// Two goroutines spin until told to stop, which happens only when
		// the body sees the flag set first: in the other schedules they
		// wait on each other for ever, and so does the body, waiting for
		// them: the test never ends.
		{name: "livelock", oracle: "livelock", env: []string{"VTBOUND_MAXSTEPS=1000"},
			report: []string{"busy-waiting or blocked when the execution reached 1000 steps"},
			body:   spinners(true)},
		// The same spinners, but the body returns without waiting for
		// them: natively the test passes then, with two goroutines still
		// running (go test does not wait for them; a leak checker would
		// see them). They are leaked, as blocked goroutines would be, not
		// a livelock: nothing waits on them.
		{name: "spinners-after-body-leak", oracle: "goroutine leak", env: []string{"VTBOUND_MAXSTEPS=1000"},
			report: []string{"test body returned while goroutines are still busy-waiting"},
			body:   spinners(false)},
		// One goroutine taking many idle steps waits for nobody: the step
		// bound stops exploration with a warning, the test passes.
		{name: "one-spinner-is-no-livelock", env: []string{"VTBOUND_MAXSTEPS=300"},
			body: func(t *testing.T, o *outcomes) {
				rt.Go(pGo, func() {
					for {
						rt.Gosched(pSched)
					}
				})
			}},
	}
}

// spinners starts two goroutines that spin until told to stop, which
// happens only when the body sees another goroutine's flag set first; the
// body waits for them when wait is set.
func spinners(wait bool) func(t *testing.T, o *outcomes) {
	return func(t *testing.T, o *outcomes) {
		var ready, stop atomic.Int32
		var wg sync.WaitGroup
		rt.Go(pGo, func() { rt.Atomic(pAtomic, rt.AStore, &ready).Store(1) })
		if rt.Atomic(pAtomic, rt.ALoad, &ready).Load() == 1 {
			rt.Atomic(pAtomic, rt.AStore, &stop).Store(1)
		}
		for range 2 {
			rt.WGGo(pSync, &wg, func() {
				for rt.Atomic(pAtomic, rt.ALoad, &stop).Load() == 0 {
					rt.Gosched(pSched)
				}
			})
		}
		if wait {
			rt.WGWait(pSync, &wg)
		}
	}
}

// busyWait: T1 polls x under a lock until T2 sets it. Fairness must let T2
// run, so that no execution is reported as a livelock.
func busyWait(t *testing.T, o *outcomes) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	x := 0
	rt.WGGo(pSync, &wg, func() {
		for {
			rt.Lock(pSync, &mu)
			read(gx, &x)
			tmp := x
			rt.Unlock(pSync, &mu)
			if tmp != 0 {
				return
			}
		}
	})
	rt.WGGo(pSync, &wg, func() {
		rt.Lock(pSync, &mu)
		write(gx, &x)
		x = 1
		rt.Unlock(pSync, &mu)
	})
	rt.WGWait(pSync, &wg)
}

func oraclePrimitives() []primitive {
	return []primitive{
		{name: "leak", oracle: "goroutine leak",
			report: []string{"test body returned while goroutines are still blocked", "stopped at primitives.go:5"},
			body: func(t *testing.T, o *outcomes) {
				ch := rt.MakeChan[int](pChan, 0)
				rt.Go(pGo, func() { rt.Send(pChan, ch, 1) })
			}},
		{name: "leak-mutex", oracle: "goroutine leak",
			report: []string{"test body returned while goroutines are still blocked"},
			body: func(t *testing.T, o *outcomes) {
				var mu sync.Mutex
				rt.Lock(pSync, &mu)
				rt.Go(pGo, func() { rt.Lock(pSync, &mu) })
			}},
		{name: "leak-cond", oracle: "goroutine leak",
			report: []string{"test body returned while goroutines are still blocked"},
			body: func(t *testing.T, o *outcomes) {
				var mu sync.Mutex
				c := sync.NewCond(&mu)
				rt.Go(pGo, func() {
					rt.Lock(pSync, &mu)
					rt.CondWait(pSync, c)
					rt.Unlock(pSync, &mu)
				})
			}},
		{name: "panic-after-body-returns", oracle: "panic", report: []string{"panic: late-boom (G2)"},
			body: func(t *testing.T, o *outcomes) {
				rt.Go(pGo, func() {
					rt.Gosched(pSched)
					panic("late-boom")
				})
			}},
		{name: "fatal-in-body", oracle: "test failure", report: []string{"fatal-from-body"},
			body: func(t *testing.T, o *outcomes) {
				rt.Go(pGo, func() {})
				t.Fatal("fatal-from-body")
			}},
		{name: "panic-in-body", oracle: "panic", report: []string{"panic: body-boom (G1)"},
			body: func(t *testing.T, o *outcomes) {
				rt.Go(pGo, func() {})
				panic("body-boom")
			}},
		{name: "deadlock-channels", oracle: "deadlock", report: []string{"all goroutines are blocked"},
			body: func(t *testing.T, o *outcomes) {
				a, b := rt.MakeChan[int](pChan, 0), rt.MakeChan[int](pChan, 0)
				rt.Go(pGo, func() {
					rt.Recv(pChan, a)
					rt.Send(pChan, b, 1)
				})
				rt.Recv(pChan, b)
				rt.Send(pChan, a, 1)
			}},
		{name: "panic-in-goroutine", oracle: "panic", report: []string{"panic: boom-42 (G2)", "panic stack"},
			body: func(t *testing.T, o *outcomes) {
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() { panic("boom-42") })
				rt.WGWait(pSync, &wg)
			}},
		{name: "fatal-in-goroutine", oracle: "test failure", report: []string{"fatal-from-goroutine"},
			body: func(t *testing.T, o *outcomes) {
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() { t.Fatal("fatal-from-goroutine") })
				rt.WGWait(pSync, &wg)
			}},
		{name: "error-in-goroutine", oracle: "test failure", report: []string{"error-from-goroutine"},
			body: func(t *testing.T, o *outcomes) {
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() { t.Error("error-from-goroutine") })
				rt.WGWait(pSync, &wg)
			}},
	}
}

// Outcomes of orderedBy programs.
var (
	saw1      = []string{"saw=1"}
	sawEither = []string{"saw=0", "saw=1"}
)

// raceReport is the text every data race report must contain.
var raceReport = []string{"are not ordered by synchronisation", "write x"}

func racePrimitives() []primitive {
	return []primitive{
		{name: "race-write-read", oracle: "data race", report: raceReport,
			body: func(t *testing.T, o *outcomes) {
				x := 0
				rt.Go(pGo, func() {
					write(gx, &x)
					x = 1
				})
				read(gx, &x)
				_ = x
			}},
		{name: "race-write-write", oracle: "data race", report: raceReport,
			body: func(t *testing.T, o *outcomes) {
				x := 0
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() {
					write(gx, &x)
					x = 1
				})
				write(gx, &x)
				x = 2
				rt.WGWait(pSync, &wg)
			}},
		{name: "race-wrong-mutex", oracle: "data race", report: raceReport,
			body: func(t *testing.T, o *outcomes) {
				x := 0
				var a, b sync.Mutex
				var wg sync.WaitGroup
				rt.WGGo(pSync, &wg, func() {
					rt.Lock(pSync, &a)
					write(gx, &x)
					x = 1
					rt.Unlock(pSync, &a)
				})
				rt.Lock(pSync, &b)
				read(gx, &x)
				_ = x
				rt.Unlock(pSync, &b)
				rt.WGWait(pSync, &wg)
			}},
		{name: "race-writers-under-rlock", oracle: "data race", report: raceReport,
			body: func(t *testing.T, o *outcomes) {
				x := 0
				var rw sync.RWMutex
				var wg sync.WaitGroup
				for range 2 {
					rt.WGGo(pSync, &wg, func() {
						rt.RLock(pSync, &rw)
						write(gx, &x)
						x++
						rt.RUnlock(pSync, &rw)
					})
				}
				rt.WGWait(pSync, &wg)
			}},
		{name: "norace-unbuffered", body: orderedBy(func(before, after func()) {
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() { before(); rt.Send(pChan, ch, 1) })
			rt.Recv(pChan, ch)
			after()
		}), only: saw1},
		{name: "norace-unbuffered-recv-before-send", body: orderedBy(func(before, after func()) {
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() { before(); rt.Recv(pChan, ch) })
			rt.Send(pChan, ch, 1)
			after()
		}), only: saw1},
		{name: "norace-buffered", body: orderedBy(func(before, after func()) {
			ch := rt.MakeChan[int](pChan, 1)
			rt.Go(pGo, func() { before(); rt.Send(pChan, ch, 1) })
			rt.Recv(pChan, ch)
			after()
		}), only: saw1},
		{name: "norace-close", body: orderedBy(func(before, after func()) {
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() { before(); rt.Close(pChan, ch) })
			rt.Recv2(pChan, ch)
			after()
		}), only: saw1},
		{name: "norace-select", body: orderedBy(func(before, after func()) {
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() { before(); rt.Select(pChan, false, rt.SendCase(ch, 1)) })
			rt.Select(pChan, false, rt.RecvCase(ch))
			after()
		}), only: saw1},
		{name: "norace-mutex", body: orderedBy(func(before, after func()) {
			var mu sync.Mutex
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() { rt.Lock(pSync, &mu); before(); rt.Unlock(pSync, &mu) })
			rt.Lock(pSync, &mu)
			after()
			rt.Unlock(pSync, &mu)
			rt.WGWait(pSync, &wg)
		}), seen: sawEither, only: sawEither},
		{name: "norace-rwmutex", body: orderedBy(func(before, after func()) {
			var rw sync.RWMutex
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() { rt.RWLock(pSync, &rw); before(); rt.RWUnlock(pSync, &rw) })
			rt.RLock(pSync, &rw)
			after()
			rt.RUnlock(pSync, &rw)
			rt.WGWait(pSync, &wg)
		}), seen: sawEither, only: sawEither},
		{name: "norace-rwmutex-reader-first", body: orderedBy(func(before, after func()) {
			var rw sync.RWMutex
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() { rt.RLock(pSync, &rw); before(); rt.RUnlock(pSync, &rw) })
			rt.RWLock(pSync, &rw)
			after()
			rt.RWUnlock(pSync, &rw)
			rt.WGWait(pSync, &wg)
		}), seen: sawEither, only: sawEither},
		{name: "norace-trylock", body: orderedBy(func(before, after func()) {
			var mu sync.Mutex
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() { rt.Lock(pSync, &mu); before(); rt.Unlock(pSync, &mu) })
			for !rt.TryLock(pSync, &mu) {
				rt.Gosched(pSched)
			}
			after()
			rt.Unlock(pSync, &mu)
			rt.WGWait(pSync, &wg)
		}), seen: sawEither, only: sawEither},
		{name: "norace-semaphore", body: orderedBy(func(before, after func()) {
			// A channel of capacity 1 used as a lock: the k-th receive
			// happens before the (k+1)-th send completes.
			sem := rt.MakeChan[struct{}](pChan, 1)
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				rt.Send(pChan, sem, struct{}{})
				before()
				rt.Recv(pChan, sem)
			})
			rt.Send(pChan, sem, struct{}{})
			after()
			rt.Recv(pChan, sem)
			rt.WGWait(pSync, &wg)
		}), seen: sawEither, only: sawEither},
		{name: "norace-cond", body: orderedBy(func(before, after func()) {
			var mu sync.Mutex
			c := sync.NewCond(&mu)
			done := false
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				before()
				rt.Lock(pSync, &mu)
				done = true
				rt.CondBroadcast(pSync, c)
				rt.Unlock(pSync, &mu)
			})
			rt.Lock(pSync, &mu)
			for !done {
				rt.CondWait(pSync, c)
			}
			rt.Unlock(pSync, &mu)
			after()
			rt.WGWait(pSync, &wg)
		}), only: saw1},
		{name: "norace-waitgroup", body: orderedBy(func(before, after func()) {
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, before)
			rt.WGWait(pSync, &wg)
			after()
		}), only: saw1},
		{name: "norace-atomic-flag", body: orderedBy(func(before, after func()) {
			var flag atomic.Bool
			rt.Go(pGo, func() { before(); rt.Atomic(pAtomic, rt.AStore, &flag).Store(true) })
			for !rt.Atomic(pAtomic, rt.ALoad, &flag).Load() {
				rt.Gosched(pSched)
			}
			after()
		}), only: saw1},
		{name: "norace-once", body: orderedBy(func(before, after func()) {
			var once sync.Once
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() { rt.OnceDo(pSync, &once, before) })
			rt.OnceDo(pSync, &once, before)
			after()
			rt.WGWait(pSync, &wg)
		}), only: saw1},
		{name: "norace-go-statement", body: orderedBy(func(before, after func()) {
			before()
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, after)
			rt.WGWait(pSync, &wg)
		}), only: saw1},
		{name: "norace-own-variables", body: func(t *testing.T, o *outcomes) {
			x, y := 0, 0
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				for range 3 {
					write(gx, &x)
					x++
					read(gx, &x)
					rt.Gosched(pSched)
				}
			})
			for range 3 {
				write(gy, &y)
				y++
				read(gy, &y)
				rt.Gosched(pSched)
			}
			rt.WGWait(pSync, &wg)
		}},
	}
}

// syncMapPrimitives are the programs of sync.Map, modelled per key: a
// write of one key is ordered before a read that observes it, and before
// nothing else.
func syncMapPrimitives() []primitive {
	return []primitive{
		// The body's Load of "b" always follows the goroutine's Store of
		// "a" (virtual time passes only when the goroutine has ended), but
		// it observes nothing the goroutine did: the read of x races with
		// its write, as the race detector reports natively. A model of the
		// whole map as one atomic variable ordered them and missed it.
		{name: "race-syncmap-other-key", oracle: "data race", report: raceReport,
			body: func(t *testing.T, o *outcomes) {
				x := 0
				var m sync.Map
				rt.Go(pGo, func() {
					write(gx, &x)
					x = 1
					rt.MapStore(pSync, &m, "a", true)
				})
				rt.Sleep(pSched, time.Millisecond)
				rt.MapLoad(pSync, &m, "b")
				read(gx, &x)
				_ = x
			}},
		{name: "norace-syncmap-same-key", body: orderedBy(func(before, after func()) {
			var m sync.Map
			rt.Go(pGo, func() { before(); rt.MapStore(pSync, &m, "a", true) })
			for {
				if _, ok := rt.MapLoad(pSync, &m, "a"); ok {
					break
				}
				rt.Gosched(pSched)
			}
			after()
		}), only: saw1},
		{name: "norace-syncmap-range", body: orderedBy(func(before, after func()) {
			var m sync.Map
			rt.Go(pGo, func() { before(); rt.MapSwap(pSync, &m, "a", true) })
			for seen := false; !seen; rt.Gosched(pSched) {
				rt.MapRange(pSync, &m, func(k, v any) bool { seen = true; return false })
			}
			after()
		}), only: saw1},
		{name: "norace-syncmap-clear", body: orderedBy(func(before, after func()) {
			var m sync.Map
			rt.MapStore(pSync, &m, "a", true)
			rt.Go(pGo, func() { before(); rt.MapClear(pSync, &m) })
			for {
				if _, ok := rt.MapLoad(pSync, &m, "a"); !ok {
					break
				}
				rt.Gosched(pSched)
			}
			after()
		}), only: saw1},
		{name: "syncmap-keys-interleave", body: func(t *testing.T, o *outcomes) {
			var m sync.Map
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() { rt.MapStore(pSync, &m, "a", 1) })
			v, loaded := rt.MapLoadOrStore(pSync, &m, "a", 2)
			rt.MapDelete(pSync, &m, "b")
			rt.WGWait(pSync, &wg)
			got, _ := rt.MapLoad(pSync, &m, "a")
			o.add("loaded=%v v=%v final=%v", loaded, v, got)
		}, seen: []string{"loaded=true v=1 final=1", "loaded=false v=2 final=1"}},
		{name: "syncmap-uncomparable-key", oracle: "panic", report: []string{"hash of unhashable type []int"},
			body: func(t *testing.T, o *outcomes) {
				var m sync.Map
				rt.MapStore(pSync, &m, []int{1}, true)
			}},
	}
}

// orderedBy builds a program in which a write of x (before) and a read and
// write of x (after) are ordered by the synchronisation that order
// performs: no execution may report a race. after records the value it
// read ("saw=1" when before came first).
func orderedBy(order func(before, after func())) func(t *testing.T, o *outcomes) {
	return func(t *testing.T, o *outcomes) {
		x := 0
		before := func() {
			write(gx, &x)
			x++
		}
		after := func() {
			read(gx, &x)
			o.add("saw=%d", x)
			write(gx, &x)
			x = 10
		}
		order(before, after)
	}
}

// Objects made outside any exploration, as package-level variables are.
var (
	pkgChan     = rt.MakeChan[string](pChan, 0)
	pkgBuffered = rt.MakeChan[int](pChan, 1)
)

func init() { pkgBuffered <- 1 } // a value left before any execution

// outsidePrimitives use objects made outside the exploration, or damage a
// modelled object.
func outsidePrimitives() []primitive {
	return []primitive{
		{name: "package-level-channel-rendezvous", body: func(t *testing.T, o *outcomes) {
			rt.Go(pGo, func() { rt.Send(pChan, pkgChan, "hello") })
			o.add("%s", rt.Recv(pChan, pkgChan))
		}, seen: []string{"hello"}, only: []string{"hello"}},
		{name: "package-level-buffered-keeps-its-value", body: func(t *testing.T, o *outcomes) {
			rt.Go(pGo, func() { rt.Send(pChan, pkgBuffered, 2) })
			a := rt.Recv(pChan, pkgBuffered)
			b := rt.Recv(pChan, pkgBuffered)
			o.add("%d %d", a, b)
			rt.Send(pChan, pkgBuffered, 1) // as it was found
		}, seen: []string{"1 2"}, only: []string{"1 2"}},
		{name: "mutex-overwritten-while-locked", oracle: "panic",
			report: []string{"fatal error: sync: unlock of unlocked mutex", "overwritten or copied while locked"},
			body: func(t *testing.T, o *outcomes) {
				var mu sync.Mutex
				rt.Go(pGo, func() {
					rt.Lock(pSync, &mu)
					rt.Gosched(pSched)
					rt.Unlock(pSync, &mu)
				})
				rt.Gosched(pSched)
				mu = sync.Mutex{}
			}},
	}
}
