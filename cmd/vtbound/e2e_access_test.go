//go:build e2e

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// accessRaces names, for each TestRace* test of testdata/e2e/access, the
// two accesses its data race report must show: the new access kinds (map
// operations, slice elements, append, copy, an atomic against a plain
// access, a whole-struct copy against a field write, string(b)), each with its
// expression and, for writes, as a write.
var accessRaces = map[string][2]string{
	"TestRaceMapOpAssign":   {"write t.m[key]", "write t.m[key]"},
	"TestRaceMapDeleteLen":  {"write delete(t.m, key)", "read len(t.m)"},
	"TestRaceSlice":         {"write s[i]", "read s[i]"},
	"TestRaceAppend":        {"write append(s, 1)", "read s[:1][0]"},
	"TestRaceCopy":          {"read copy(dst, src)", "write src[1]"},
	"TestRaceAtomicPlain":   {"write atomic.AddInt64(n, 1)", "read *n"},
	"TestRaceStructCopy":    {"write p.Y", "read *p"},
	"TestRaceBytesToString": {"write b[1]", "read string(b)"},
}

// TestAccessKinds runs testdata/e2e/access natively with -race (which
// must agree on every test: the module is a fair oracle) and under
// vtbound: every TestRace* test fails with a data race between the
// expected accesses, every TestNoRace* variant passes.
func TestAccessKinds(t *testing.T) {
	dir := module(t, "access")
	native, _ := testResults(t, dir, "-race", ".")
	checkRaceVerdicts(t, "go test -race", accessRaces, native)
	actions, outputs := testResults(t, dir, toolexecFlag(t), ".")
	checkRaceVerdicts(t, "vtbound", accessRaces, actions)
	for name, want := range accessRaces {
		out := outputs[name]
		if !strings.Contains(out, "vtbound: "+name+": data race") {
			t.Errorf("%s: no data race reported:\n%s", name, out)
			continue
		}
		line := raceLine(out)
		for _, access := range want {
			if !strings.Contains(line, access) {
				t.Errorf("%s: race %q does not show %q", name, line, access)
			}
		}
	}
}

// checkRaceVerdicts requires TestRace* tests to fail and TestNoRace* tests
// to pass, and every test named in races to have run.
func checkRaceVerdicts[V any](t *testing.T, how string, races map[string]V, actions map[string]string) {
	t.Helper()
	for name := range races {
		if _, ok := actions[name]; !ok {
			t.Errorf("%s: %s did not run", how, name)
		}
	}
	for name, action := range actions {
		switch {
		case strings.HasPrefix(name, "TestRace") && action != "fail":
			t.Errorf("%s: %s: %s; want fail", how, name, action)
		case strings.HasPrefix(name, "TestNoRace") && action != "pass":
			t.Errorf("%s: %s: %s; want pass", how, name, action)
		}
	}
}

// raceLine returns the first line of a report's data race section.
func raceLine(out string) string {
	_, after, ok := strings.Cut(out, "data races:\n")
	if !ok {
		return ""
	}
	line, _, _ := strings.Cut(after, "\n")
	return strings.TrimSpace(line)
}

// TestExampleShowsMapWrite runs the README's example under vtbound: its
// report shows the decisive map update as a write of the element
// expression, not as a read of the map field.
func TestExampleShowsMapWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "example")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "example"))); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(filepath.Join(dir, "testdata")) // no saved schedule to replay
	actions, outputs := testResults(t, dir, toolexecFlag(t), ".")
	out := outputs["TestReserveNeverOversells"]
	if actions["TestReserveNeverOversells"] != "fail" || !strings.Contains(out, "inventory.go:34 write inv.stock[item]") {
		t.Errorf("TestReserveNeverOversells: %s; want a failure whose trace shows inventory.go:34 write inv.stock[item]:\n%s",
			actions["TestReserveNeverOversells"], out)
	}
}
