package rt_test

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/internal/explore"
)

// The long stress test: stressWorkers goroutines each add stressRounds
// times to a counter, every lock and unlock at a site of its own, as a
// library's code has them. Under a step bound of longBound its first
// execution is cut, and the executions after it explore it as a long test
// (explore/long.go).
var (
	lg [1]rt.Guard
	ls = rt.Register("github.com/vtbound/vtbound/rt_test/longstress", []rt.Site{
		0: {File: "longstress_test.go", Line: 1, Kind: rt.KRead, Group: "longstress.n"},
		1: {File: "longstress_test.go", Line: 2, Kind: rt.KWrite, Group: "longstress.n"},
		2: {File: "longstress_test.go", Line: 3, Kind: rt.KSync}, // the check's Lock
		3: {File: "longstress_test.go", Line: 4, Kind: rt.KSync}, // its Unlock
		4: {File: "longstress_test.go", Line: 5, Kind: rt.KSync}, // the act's Lock
		5: {File: "longstress_test.go", Line: 6, Kind: rt.KSync}, // its Unlock
		6: {File: "longstress_test.go", Line: 7, Kind: rt.KSync}, // the WaitGroup's
	}, lg[:])
)

// longBound is the step bound the long stress test runs under: one
// execution of it takes about 100,000 steps when every operation is one.
const longBound = "5000"

// longCounter runs the long stress test with two critical sections per
// round (split) or one, and fails t unless every update counted.
func longCounter(t *testing.T, o *outcomes, split bool) {
	var mu sync.Mutex
	n := 0
	var wg sync.WaitGroup
	for range stressWorkers {
		rt.WGGo(ls+6, &wg, func() {
			for range stressRounds {
				rt.Lock(ls+2, &mu)
				longAccess(ls, &n)
				v := n
				if split {
					rt.Unlock(ls+3, &mu)
					rt.Lock(ls+4, &mu)
				}
				longAccess(ls+1, &n)
				n = v + 1
				rt.Unlock(ls+5, &mu)
			}
		})
	}
	rt.WGWait(ls+6, &wg)
	o.add("count %d", n)
	if n != stressWorkers*stressRounds {
		t.Errorf("count %d, want %d", n, stressWorkers*stressRounds)
	}
}

// longAccess is the guarded hook before an access to the counter.
func longAccess(site int32, n *int) {
	if lg[0].On() {
		if site == ls {
			rt.Read(site, unsafe.Pointer(n))
		} else {
			rt.Write(site, unsafe.Pointer(n))
		}
	}
}

// savedPath finds the paths of saved schedules in a report.
var savedPath = regexp.MustCompile(`schedule saved: (\S+)`)

// longChild selects the long stress test's child mode: "split" or "one".
const longChild = "VTBOUND_TEST_LONGSTRESS"

// TestLongStressExplored: a stress test whose executions are twenty times
// the step bound is explored as a long test. Its lost update (a
// preemption between the two critical sections of a round) is found,
// minimised to at most two preemptions, saved with the quiet plan, and
// replays from the file; the fixed twin completes at least ten executions,
// and its record says how it was explored and that it was not cut.
func TestLongStressExplored(t *testing.T) {
	if mode := os.Getenv(longChild); mode != "" {
		var o outcomes
		rt.Test(t, func(t *testing.T) {
			o.begin()
			longCounter(t, &o, mode == "split")
		})
		return
	}
	dir := t.TempDir()
	out, failed := runLongChild(t, "split", dir, "")
	m := minimisedC.FindStringSubmatch(out)
	if !failed || m == nil || !strings.Contains(out, "count ") || !strings.Contains(out, "note: a long test") {
		t.Fatalf("want the lost update found and minimised (child failed: %v):\n%s", failed, tail(out, 40))
	}
	if c, _ := strconv.Atoi(m[1]); c > 2 {
		t.Errorf("minimised to %s preemptions, want at most 2:\n%s", m[1], tail(out, 40))
	}
	checkLongGolden(t, out)
	all := savedPath.FindAllStringSubmatch(out, -1)
	if all == nil {
		t.Fatalf("no schedule saved:\n%s", tail(out, 40))
	}
	saved := all[len(all)-1] // the minimised one, when minimisation found a smaller one
	data, err := os.ReadFile(saved[1])
	if err != nil || !strings.Contains(string(data), "\nquiet: on\n") {
		t.Errorf("the saved schedule does not say quiet: on (%v):\n%s", err, data)
	}
	if out, failed := runLongChild(t, "split", dir, saved[1]); !failed || !strings.Contains(out, "count ") {
		t.Errorf("the saved schedule did not fail again when replayed:\n%s", tail(out, 40))
	}
	file := filepath.Join(dir, "results.jsonl")
	if out, failed := runLongChild(t, "one", dir, "", "VTBOUND_JSON="+file); failed {
		t.Fatalf("the fixed twin failed:\n%s", tail(out, 40))
	}
	r := readLongRecord(t, file)
	if r.Long == nil || r.Long.Completed < 10 || r.Cut != "" || r.NativeVerdict || r.Exhausted {
		t.Errorf("the fixed twin's record: long %+v, cut %q, native verdict %v, exhausted %v; want at least 10 completed long executions, not cut",
			r.Long, r.Cut, r.NativeVerdict, r.Exhausted)
	}
}

// updateLong rewrites testdata/longstress.txt.
var updateLong = flag.Bool("update-long", false, "rewrite testdata/longstress.txt")

// checkLongGolden compares the minimised part of the long stress test's
// report (the note that says it is a long test, the steps that matter
// and the (c,v,t) after minimisation, without paths) with
// testdata/longstress.txt; -update-long rewrites it. Another seed
// (VTBOUND_TEST_SEED) finds another schedule: no comparison then.
func checkLongGolden(t *testing.T, out string) {
	t.Helper()
	if os.Getenv("VTBOUND_TEST_SEED") != "" {
		return
	}
	var got []string
	in := false
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "note: a long test"):
			got = append(got, line)
		case strings.HasPrefix(line, "minimised interleaving"):
			in = true
		}
		if in {
			line, _, _ = strings.Cut(line, "; minimised schedule saved")
			got = append(got, line)
			in = !strings.Contains(line, "after minimisation")
		}
	}
	golden := filepath.Join("testdata", "longstress.txt")
	text := strings.Join(got, "\n") + "\n"
	if *updateLong {
		if err := os.WriteFile(golden, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if text != string(want) {
		t.Errorf("the minimised report differs from %s (-update-long rewrites it):\n got:\n%s\nwant:\n%s", golden, text, want)
	}
}

// runLongChild explores the long stress test in mode in a child process,
// replaying the schedule file replay when it is not empty.
func runLongChild(t *testing.T, mode, dir, replay string, env ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLongStressExplored$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), longChild+"="+mode, "VTBOUND_SEED="+primitiveSeed(), "VTBOUND_BUDGET=300",
		"VTBOUND_MAXSTEPS="+longBound, "VTBOUND_STRATEGY=", "VTBOUND_REPLAY="+replay,
		"VTBOUND_DIR="+filepath.Join(dir, "schedules"))
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("running child: %v", err)
	}
	return string(out), err != nil
}

// readLongRecord reads the one record of a results file.
func readLongRecord(t *testing.T, file string) explore.Result {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var recs []explore.Result
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r explore.Result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		recs = append(recs, r)
	}
	if len(recs) != 1 {
		t.Fatalf("want 1 record, got %+v", recs)
	}
	return recs[0]
}
