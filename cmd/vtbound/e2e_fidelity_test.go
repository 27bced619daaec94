//go:build e2e

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fidelityRaces names, for each TestRace* test of testdata/e2e/fidelity,
// the source text of the two operations its data race report must name by
// file:line: a send and a close of one channel, an Add from zero and a
// blocking Wait of one WaitGroup.
var fidelityRaces = map[string][2]string{
	"TestRaceSendClose":               {"n.ch <- v", "close(n.ch)"},
	"TestRaceWaitGroupAddInGoroutine": {"p.wg.Add(1)", "p.wg.Wait()"},
	"TestRaceWaitGroupReuse":          {"wg.Add(1)", "wg.Wait() // helper"},
}

// TestFidelityRaces runs testdata/e2e/fidelity natively with -race and
// under vtbound. Both report the race detector's races of channels and
// WaitGroups (TestRace*) and none in their race-free variants and in a
// value published through a file (TestNoRace*); under vtbound time
// measured across sleeps is exact on every schedule (TestWallClock, which
// natively depends on the machine's load and is not checked there).
func TestFidelityRaces(t *testing.T) {
	dir := module(t, "fidelity")
	native, _ := testResults(t, dir, "-race", ".")
	checkRaceVerdicts(t, "go test -race", fidelityRaces, native)
	actions, outputs := testResults(t, dir, toolexecFlag(t), ".")
	checkRaceVerdicts(t, "vtbound", fidelityRaces, actions)
	if actions["TestWallClock"] != "pass" {
		t.Errorf("TestWallClock under vtbound: %s:\n%s", actions["TestWallClock"], outputs["TestWallClock"])
	}
	for name, ops := range fidelityRaces {
		out := outputs[name]
		if !strings.Contains(out, "vtbound: "+name+": data race") {
			t.Errorf("%s: no data race reported:\n%s", name, out)
			continue
		}
		line := raceLine(out)
		for _, op := range ops {
			if at := sourceLine(t, dir, op); !strings.Contains(line, at+" ") {
				t.Errorf("%s: race %q does not name %s (%s)", name, line, at, op)
			}
		}
	}
}

// sourceLine returns "file:N" for the first line of the module's
// fidelity_test.go, else fidelity.go, that contains text.
func sourceLine(t *testing.T, dir, text string) string {
	t.Helper()
	for _, file := range []string{"fidelity_test.go", "fidelity.go"} {
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, text) {
				return fmt.Sprintf("%s:%d", file, i+1)
			}
		}
	}
	t.Fatalf("no line contains %q", text)
	return ""
}
