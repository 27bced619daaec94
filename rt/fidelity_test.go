package rt_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
)

// The sites of the fidelity programs: a race report names the two
// operations by these lines.
var fs = rt.Register("github.com/vtbound/vtbound/rt_test/fidelity", []rt.Site{
	0: {File: "fidelity_test.go", Line: 1, Kind: rt.KChan},  // send
	1: {File: "fidelity_test.go", Line: 2, Kind: rt.KChan},  // close
	2: {File: "fidelity_test.go", Line: 3, Kind: rt.KSync},  // WaitGroup.Add
	3: {File: "fidelity_test.go", Line: 4, Kind: rt.KSync},  // WaitGroup.Wait
	4: {File: "fidelity_test.go", Line: 5, Kind: rt.KOther}, // file I/O
}, nil)

var fSend, fClose, fAdd, fWait, fFile = fs, fs + 1, fs + 2, fs + 3, fs + 4

// fidelityEnv selects child mode for TestFidelity (see primitiveEnv).
const fidelityEnv = "VTBOUND_TEST_FIDELITY"

// TestFidelity explores the programs of fidelityTable as TestPrimitives
// does (failing ones in a child process, passing ones in-process): the
// race detector's send-vs-close and WaitGroup races are found with both
// sites named, their race-free variants pass, file I/O orders a write
// before a later read, and time measured across sleeps is exact on every
// schedule.
func TestFidelity(t *testing.T) {
	if name := os.Getenv(fidelityEnv); name != "" {
		for _, p := range fidelityTable() {
			if p.name == name {
				var o outcomes
				rt.Test(t, func(t *testing.T) { o.begin(); p.body(t, &o) })
				return
			}
		}
		t.Fatalf("unknown fidelity program %q", name)
	}
	for _, p := range fidelityTable() {
		t.Run(p.name, func(t *testing.T) {
			if p.oracle == "" {
				checkPassing(t, p)
				return
			}
			checkFidelityFailing(t, p)
		})
	}
}

// checkFidelityFailing explores p in a child process and requires its
// oracle and report lines.
func checkFidelityFailing(t *testing.T, p primitive) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestFidelity$", "-test.count=1")
	cmd.Env = append(os.Environ(), fidelityEnv+"="+p.name,
		"VTBOUND_SEED="+primitiveSeed(), "VTBOUND_BUDGET=500", "VTBOUND_RACES=on",
		"VTBOUND_STRATEGY=", "VTBOUND_REPLAY=", "VTBOUND_MAXSTEPS=",
		"VTBOUND_DIR="+filepath.Join(t.TempDir(), "schedules"))
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("running child: %v", err)
	}
	want := "vtbound: TestFidelity: " + p.oracle
	if err == nil || !strings.Contains(string(out), want) {
		t.Fatalf("want a report %q; output:\n%s", want, tail(string(out), 40))
	}
	for _, r := range p.report {
		if !strings.Contains(string(out), r) {
			t.Errorf("report lacks %q:\n%s", r, tail(string(out), 40))
		}
	}
}

// fidelityTable lists the programs: the race detector's own tests
// (runtime/race/testdata: chan_test.go, waitgroup_test.go) in rt's terms.
func fidelityTable() []primitive {
	sendClose := []string{"are not ordered by synchronisation", "fidelity_test.go:1 ", "fidelity_test.go:2 "}
	addWait := []string{"are not ordered by synchronisation", "fidelity_test.go:3 ", "fidelity_test.go:4 "}
	return []primitive{
		{name: "race-send-close", oracle: "data race", report: sendClose, body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 1)
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				defer func() { _ = recover() }() // send on closed channel
				rt.Send(fSend, ch, 1)
			})
			rt.Close(fClose, ch)
			rt.WGWait(pSync, &wg)
		}},
		{name: "race-select-send-close", oracle: "data race", report: sendClose, body: func(t *testing.T, o *outcomes) {
			ch, other := rt.MakeChan[int](pChan, 0), rt.MakeChan[int](pChan, 1)
			var wg sync.WaitGroup
			rt.WGGo(pSync, &wg, func() {
				defer func() { _ = recover() }()
				rt.Select(fSend, true, rt.SendCase(ch, 1), rt.SendCase(other, 1))
			})
			rt.Close(fClose, ch)
			rt.WGWait(pSync, &wg)
		}},
		{name: "norace-close-after-recv", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 1)
			rt.Go(pGo, func() { rt.Send(fSend, ch, 1) })
			o.add("got %d", rt.Recv(pChan, ch))
			rt.Close(fClose, ch)
		}, only: []string{"got 1"}},
		{name: "norace-sender-closes", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() { rt.Send(fSend, ch, 1); rt.Close(fClose, ch) })
			for v, ok := rt.Recv2(pChan, ch); ok; v, ok = rt.Recv2(pChan, ch) {
				o.add("got %d", v)
			}
		}, only: []string{"got 1"}},
		{name: "race-wg-add-in-goroutine", oracle: "data race", report: addWait, body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			done := rt.MakeChan[bool](pChan, 2)
			for range 2 {
				rt.Go(pGo, func() {
					rt.WGAdd(fAdd, &wg, 1)
					rt.Gosched(pSched)
					rt.WGDone(pSync, &wg)
					rt.Send(pChan, done, true)
				})
			}
			rt.WGWait(fWait, &wg)
			rt.Recv(pChan, done)
			rt.Recv(pChan, done)
		}},
		{name: "race-wg-reuse", oracle: "data race", report: addWait, body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			done := rt.MakeChan[bool](pChan, 2)
			for range 2 {
				rt.WGAdd(fAdd, &wg, 1)
				rt.Go(pGo, func() { rt.WGDone(pSync, &wg) })
				rt.Go(pGo, func() { rt.WGWait(fWait, &wg); rt.Send(pChan, done, true) })
				rt.WGWait(fWait, &wg)
			}
			rt.Recv(pChan, done)
			rt.Recv(pChan, done)
		}},
		{name: "norace-wg-reuse", body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			for range 2 {
				rt.WGAdd(fAdd, &wg, 2)
				for range 2 {
					rt.Go(pGo, func() { rt.WGDone(pSync, &wg) })
				}
				done := rt.MakeChan[bool](pChan, 0)
				rt.Go(pGo, func() { rt.WGWait(fWait, &wg); rt.Send(pChan, done, true) })
				rt.WGWait(fWait, &wg)
				rt.Recv(pChan, done)
			}
		}},
		{name: "norace-wg-concurrent-add", body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			waiting := rt.MakeChan[bool](pChan, 3)
			for range 3 {
				rt.Go(pGo, func() {
					rt.WGAdd(fAdd, &wg, 1)
					rt.Send(pChan, waiting, true)
					rt.WGDone(pSync, &wg)
				})
			}
			for range 3 {
				rt.Recv(pChan, waiting)
			}
			rt.WGWait(fWait, &wg)
		}},
		{name: "norace-wg-multiple-wait", body: func(t *testing.T, o *outcomes) {
			var wg sync.WaitGroup
			rt.WGAdd(fAdd, &wg, 2)
			done := rt.MakeChan[bool](pChan, 2)
			for range 2 {
				rt.Go(pGo, func() { rt.WGDone(pSync, &wg); rt.WGWait(fWait, &wg); rt.Send(pChan, done, true) })
			}
			rt.WGWait(fWait, &wg)
			rt.Recv(pChan, done)
			rt.Recv(pChan, done)
		}},
		{name: "norace-file-write-then-read", body: fileOrdered},
		// Exact elapsed times need time as a barrier: with wake-ups racing
		// with work, the body may read the clock after G2's sleep ended.
		{name: "wallclock-across-sleeps", body: wallClock, only: []string{"elapsed ok"}, env: []string{"VTBOUND_TIME=blocked"}},
	}
}

// fileOrdered: a goroutine stores a value and then writes a file; the
// body polls the file and, once it has the content, reads the value. Only
// file I/O orders them (as in the race detector): no race.
func fileOrdered(t *testing.T, o *outcomes) {
	path := filepath.Join(os.TempDir(), "vtbound-fidelity-"+strconv.Itoa(os.Getpid()))
	defer os.Remove(path)
	os.Remove(path)
	x := 0
	rt.Go(pGo, func() {
		write(gx, &x)
		x = 42
		if err := rt.WriteFile(fFile, path, []byte("ready"), 0o600); err != nil {
			t.Error(err)
		}
	})
	for {
		if b, _ := rt.ReadFile(fFile, path); string(b) == "ready" {
			break
		}
		rt.Sleep(pSched, time.Millisecond)
	}
	read(gx, &x)
	if x != 42 {
		t.Errorf("x = %d after the file was read", x)
	}
}

// wallClock: time measured across sleeps and a timer, with goroutines
// interleaving, is exactly the virtual time slept plus 25 ns per
// clock reading between, on every schedule when time is a barrier.
func wallClock(t *testing.T, o *outcomes) {
	start := rt.Now(pSched)
	done := rt.MakeChan[time.Duration](pChan, 1)
	rt.Go(pGo, func() {
		rt.Sleep(pSched, 30*time.Millisecond)
		rt.Send(pChan, done, rt.Since(pSched, start))
	})
	rt.Sleep(pSched, 10*time.Millisecond)
	rt.Recv(pChan, rt.After(pSched, 10*time.Millisecond))
	mid := rt.Since(pSched, start)
	other := rt.Recv(pChan, done)
	end := rt.Since(pSched, start)
	ok := mid >= 20*time.Millisecond && mid < 20*time.Millisecond+time.Millisecond &&
		other >= 30*time.Millisecond && other < 31*time.Millisecond &&
		end >= 30*time.Millisecond && end < 31*time.Millisecond && end > other
	if !ok {
		t.Errorf("elapsed: mid %v (want 20ms), other %v (want 30ms), end %v (want 30ms, after other)", mid, other, end)
	}
	o.add("elapsed ok")
}
