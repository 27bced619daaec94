//go:build e2e

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	replayPath = regexp.MustCompile(`VTBOUND_REPLAY=(\S+) go test`)
	fileHash   = regexp.MustCompile(`(?m)^hash: ([0-9a-f]{16})$`)
)

// TestStableSchedule saves a schedule of testdata/e2e/stable's data race,
// adds a file with new shared variables and goroutines to the package
// (its sites register first, so every numeric site ID moves), and
// replays the schedule: version-2 files name sites by file:line:col, so
// the replay is still exact (same trace hash) and still fails. Then
// `vtbound show` prints the saved interleaving without running anything.
func TestStableSchedule(t *testing.T) {
	dir := module(t, "stable")
	env := []string{"VTBOUND_SEED=1"}
	r := goCmd(t, dir, env, "test", toolexecFlag(t), "-count=1", "-run=^TestCounter$", ".")
	m := replayPath.FindStringSubmatch(r.output())
	if r.code == 0 || m == nil || !strings.Contains(r.output(), "data race") {
		t.Fatalf("no data race with a replay command (exit %d):\n%s", r.code, r.output())
	}
	saved := filepath.Join(dir, m[1])
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("vtbound schedule v2\n")) || !bytes.Contains(data, []byte("package: example.com/stable\n")) {
		t.Fatalf("saved schedule is not a version-2 file of example.com/stable:\n%s", data)
	}
	added, err := os.ReadFile(filepath.Join(dir, "extra", "aaa_added.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "aaa_added.go"), added, 0o644); err != nil {
		t.Fatal(err)
	}
	r = goCmd(t, dir, append(env, "VTBOUND_REPLAY="+m[1]), "test", toolexecFlag(t), "-count=1", "-run=^TestCounter$", ".")
	out := r.output()
	if strings.Contains(out, "no longer replays") || !strings.Contains(out, "saved schedule still fails: "+m[1]) {
		t.Fatalf("after adding a file, the saved schedule did not replay exactly:\n%s", out)
	}
	if h := fileHash.FindSubmatch(data); h == nil || !strings.Contains(out, "trace hash "+string(h[1])) {
		t.Errorf("replayed trace hash differs from the saved one (%s):\n%s", h, out)
	}
	checkShowStable(t, dir, m[1])
}

// checkShowStable runs `vtbound show` on the saved schedule.
func checkShowStable(t *testing.T, dir, path string) {
	t.Helper()
	r := command(t, dir, nil, "", vtbin(t), "show", path)
	out := r.output()
	for _, want := range []string{"vtbound: TestCounter: data race", "package example.com/stable",
		"counter.go:9 write c.n", "interleaving, the steps that matter", "replay: cd " + dir} {
		if !strings.Contains(out, want) {
			t.Errorf("vtbound show does not print %q (exit %d):\n%s", want, r.code, out)
		}
	}
	if r.code != 0 {
		t.Errorf("vtbound show exit %d", r.code)
	}
}
