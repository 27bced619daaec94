package rt_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/internal/testbin"
	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// execCount makes a program nondeterministic on purpose: it changes
// between executions without the scheduler's knowledge.
var execCount atomic.Int64

var (
	rg [1]rt.Guard
	rs = rt.Register("github.com/vtbound/vtbound/rt_test", []rt.Site{
		{File: "replay_test.go", Line: 1, Kind: rt.KRead, Group: "rt_test.x"},
		{File: "replay_test.go", Line: 2, Kind: rt.KWrite, Group: "rt_test.x"},
	}, rg[:])
)

// nondeterministic panics only after a race, but takes an extra step in
// every other execution, so a replay of its failing schedule diverges.
func nondeterministic(t *testing.T) {
	x := 0
	done := rt.MakeChan[bool](0, 0)
	rt.Go(0, func() {
		if rg[0].On() {
			rt.Write(rs+1, unsafe.Pointer(&x))
		}
		x = 1
		rt.Send(0, done, true)
	})
	if execCount.Add(1)%2 == 0 {
		rt.Gosched(0) // injected nondeterminism
	}
	if rg[0].On() {
		rt.Read(rs, unsafe.Pointer(&x))
	}
	if x == 1 {
		panic("saw the write")
	}
	rt.Recv(0, done)
}

// TestReplayRoundTrip finds a bug, checks the saved files (the schedule
// as found and the minimised one), replays the one the report names with
// VTBOUND_REPLAY and by the automatic replay of the next run, and requires
// the same oracle and the same trace hash each time.
func TestReplayRoundTrip(t *testing.T) {
	dir := t.TempDir()
	env := []string{"VTBOUND_DIR=" + dir}
	out, failed := runKernelIn(t, "vt-fig2", 7, env...)
	if !failed {
		t.Fatalf("vt-fig2 not found:\n%s", out)
	}
	files, err := filepath.Glob(filepath.Join(dir, "TestKernels", "*"))
	if err != nil || len(files) == 0 || len(files) > 2 {
		t.Fatalf("want the found and the minimised schedule, got %v (%v)\n%s", files, err, out)
	}
	m := replayRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("report prints no replay command:\n%s", out)
	}
	path := m[1]
	sf, err := schedfile.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if sf.Oracle != "test failure" || sf.Test != "TestKernels" || len(sf.Decisions) == 0 || sf.CVT != "1,1,2" {
		t.Fatalf("saved schedule = %+v", sf)
	}
	if reportHash(t, out) == 0 {
		t.Fatal("report has no trace hash")
	}

	// Explicit replay of exactly that file.
	out2, failed2 := runKernelIn(t, "vt-fig2", 99, append(env, "VTBOUND_REPLAY="+path)...)
	if !failed2 || !testbin.ReportsOracle(out2, "TestKernels", "test failure") || reportHash(t, out2) != sf.Hash {
		t.Fatalf("explicit replay did not reproduce the failure with hash %016x:\n%s", sf.Hash, out2)
	}
	// The next ordinary run replays a saved schedule first and reproduces
	// its trace exactly.
	out3, failed3 := runKernelIn(t, "vt-fig2", 12345, env...)
	m3 := regexp.MustCompile(`saved schedule still fails: (\S+)`).FindStringSubmatch(out3)
	if !failed3 || m3 == nil {
		t.Fatalf("next run did not replay a saved schedule first:\n%s", out3)
	}
	sf3, err := schedfile.ReadFile(m3[1])
	if err != nil {
		t.Fatal(err)
	}
	if reportHash(t, out3) != sf3.Hash {
		t.Fatalf("replayed %s with hash %016x, file says %016x", m3[1], reportHash(t, out3), sf3.Hash)
	}
}

var replayRE = regexp.MustCompile(`VTBOUND_REPLAY=(\S+) go test`)

var hashRE = regexp.MustCompile(`trace hash ([0-9a-f]{16})`)

func reportHash(t *testing.T, out string) uint64 {
	t.Helper()
	m := hashRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no trace hash in report:\n%s", out)
	}
	var h uint64
	for _, c := range m[1] {
		h = h<<4 | uint64(strings.IndexRune("0123456789abcdef", c))
	}
	return h
}

// runKernelIn runs a kernel child with extra environment.
func runKernelIn(t *testing.T, name string, seed int, env ...string) (string, bool) {
	t.Helper()
	return runKernel(t, name, seed, "", env...)
}

// TestDeterminismCheckCatchesInjectedNondeterminism requires the report
// of a failure whose replay diverges to say so, naming the step.
func TestDeterminismCheckCatchesInjectedNondeterminism(t *testing.T) {
	if os.Getenv(childEnv) == "nondeterministic" {
		rt.Test(t, nondeterministic)
		return
	}
	found := false
	for seed := 1; seed <= 10 && !found; seed++ {
		out, failed := runChildTest(t, "TestDeterminismCheckCatchesInjectedNondeterminism", "nondeterministic", seed)
		if !failed {
			continue
		}
		if !strings.Contains(out, "panic: saw the write") {
			t.Fatalf("unexpected failure:\n%s", out)
		}
		if strings.Contains(out, "NONDETERMINISM: replay diverged at step") {
			found = true
		}
	}
	if !found {
		t.Fatal("no report flagged the injected nondeterminism in 10 seeds")
	}
}

// TestMalformedScheduleIsSkipped puts a broken and an outdated schedule
// file where the test's schedules live: each gets a warning naming it and
// the exploration still runs.
func TestMalformedScheduleIsSkipped(t *testing.T) {
	dir := t.TempDir()
	tdir := filepath.Join(dir, "TestKernels")
	os.MkdirAll(tdir, 0o755)
	broken := filepath.Join(tdir, "broken")
	old := filepath.Join(tdir, "old")
	os.WriteFile(broken, []byte("vtbound schedule v1\ntest: TestKernels\ngarbage\n"), 0o644)
	os.WriteFile(old, []byte("vtbound schedule v0\n"), 0o644)
	out, failed := runKernelIn(t, "vt-fig2+fixed", 1, "VTBOUND_DIR="+dir, "VTBOUND_BUDGET=200")
	if failed {
		t.Fatalf("fixed kernel failed:\n%s", out)
	}
	for _, f := range []string{broken, old} {
		if !strings.Contains(out, "warning: skipping schedule file "+f) {
			t.Errorf("no warning naming %s:\n%s", f, out)
		}
	}
}

// runChildTest re-executes the test binary to run one test in child mode.
func runChildTest(t *testing.T, test, mode string, seed int) (string, bool) {
	t.Helper()
	cmd := childCommand(t, test, mode, seed)
	out, err := cmd.CombinedOutput()
	return string(out), err != nil
}
