package lincheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// catalogueEnv selects child mode: the test binary re-executes itself to
// run one catalogue check, "<object>:<buggy|fixed>:<stress|explore>", so
// that a failing check is observed from outside instead of failing the
// test that expects it.
const catalogueEnv = "LINCHECK_TEST_CATALOGUE"

// stressShows says which buggy objects fail under stress on a 2-core
// machine within the default stress budget (docs/lincheck.md): the
// windows of the others are a few instructions wide.
var stressShows = map[string]bool{"set": true, "queue": false, "counter": false, "cache": true}

// TestCatalogue checks every catalogue object in both modes, each in a
// child process: a buggy version fails with a history that is not
// linearizable, its lanes, why no order fits and a minimised scenario
// (under the engine, with the engine's report and a saved schedule); a
// fixed version passes. Buggy versions whose bug does not show under
// stress are not run under stress (stressShows).
func TestCatalogue(t *testing.T) {
	if spec := os.Getenv(catalogueEnv); spec != "" {
		runCatalogueChild(t, spec)
		return
	}
	for _, name := range []string{"set", "queue", "counter", "cache"} {
		for _, mode := range []string{"explore", "stress"} {
			for _, version := range []string{"buggy", "fixed"} {
				if version == "buggy" && mode == "stress" && !stressShows[name] {
					continue
				}
				t.Run(name+"/"+mode+"/"+version, func(t *testing.T) {
					var env []string
					if version == "fixed" {
						env = append(env, "VTBOUND_STRATEGY=dpor") // a proof, and faster than the portfolio
					}
					out, failed := runCatalogue(t, name+":"+version+":"+mode, env...)
					if version == "fixed" {
						checkFixed(t, out, failed, mode)
						return
					}
					checkCatalogueReport(t, out, failed, mode)
				})
			}
		}
	}
}

// checkFixed requires the output of a fixed object: it passed, in mode,
// and under the engine every scenario was explored to completion.
func checkFixed(t *testing.T, out string, failed bool, mode string) {
	t.Helper()
	if failed || !strings.Contains(out, "lincheck: "+mode+" mode") {
		t.Fatalf("the fixed version failed, or not in %s mode:\n%s", mode, out)
	}
	if n := strings.Count(out, "explored (complete)"); mode == "explore" && n != 10 {
		t.Fatalf("%d of 10 scenarios explored to completion:\n%s", n, out)
	}
}

// minimisedRE matches the minimised report's sizes.
var minimisedRE = regexp.MustCompile(`minimised scenario \((\d+) of (\d+) operations`)

// checkCatalogueReport requires the report of a buggy object.
func checkCatalogueReport(t *testing.T, out string, failed bool, mode string) {
	t.Helper()
	wants := []string{"the history is not linearizable", "history (time flows down", "why: ", "G1", "G2", "scenario "}
	if mode == "explore" {
		wants = append(wants, "schedule saved: ", "replay: ")
	}
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("the report lacks %q", w)
		}
	}
	m := minimisedRE.FindStringSubmatch(out)
	if m == nil {
		t.Errorf("no minimised scenario")
	} else if small, _ := strconv.Atoi(m[1]); small > 4 && mode == "explore" {
		t.Errorf("minimised to %s of %s operations, want at most 4", m[1], m[2])
	} else if big, _ := strconv.Atoi(m[2]); small >= big {
		t.Errorf("minimised to %s of %s operations, want fewer", m[1], m[2]) // under stress a smaller candidate may not show the bug in its runs
	}
	if !failed || t.Failed() {
		t.Fatalf("failed=%v; output:\n%s", failed, out)
	}
}

// TestCatalogueReplay: the schedule saved for the buggy set's failing
// scenario is replayed first by the next run, which fails again with one
// execution of budget.
func TestCatalogueReplay(t *testing.T) {
	dir := "VTBOUND_DIR=" + t.TempDir()
	if out, failed := runCatalogue(t, "set:buggy:explore", dir); !failed || !strings.Contains(out, "schedule saved: ") {
		t.Fatalf("the first run saved no schedule:\n%s", out)
	}
	out, failed := runCatalogue(t, "set:buggy:explore", dir, "VTBOUND_BUDGET=1")
	if !failed || !strings.Contains(out, "found by replay of ") || !strings.Contains(out, "the history is not linearizable") {
		t.Fatalf("the second run did not replay the saved schedule:\n%s", out)
	}
}

// runCatalogue runs one catalogue check in a child process and returns
// its output and whether it failed.
func runCatalogue(t *testing.T, spec string, env ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCatalogue$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), catalogueEnv+"="+spec, "VTBOUND_DIR="+filepath.Join(t.TempDir(), "schedules"))
	cmd.Env = append(cmd.Env, env...) // a VTBOUND_DIR here wins
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("running the child: %v", err)
	}
	return string(out), err != nil
}

// TestUnknownSkipsScenario: with a time bound no check can meet, every
// history is unknown and every scenario's subtest is skipped with the
// count, in both modes: neither a pass nor a failure.
func TestUnknownSkipsScenario(t *testing.T) {
	for _, mode := range []string{"stress", "explore"} {
		out, failed := runCatalogue(t, "unknown:fixed:"+mode)
		if failed || strings.Count(out, "--- SKIP: TestCatalogue/") != 2 || !strings.Contains(out, "histories could not be checked within 1ns (CheckTime): the scenario neither passed nor failed") {
			t.Errorf("%s: failed=%v, want two skipped scenarios:\n%s", mode, failed, out)
		}
	}
}

// runCatalogueChild is the child side: spec names the check ("unknown":
// the fixed set with a time bound of 1 ns on two scenarios).
func runCatalogueChild(t *testing.T, spec string) {
	parts := strings.Split(spec, ":")
	if len(parts) == 3 && parts[0] == "unknown" {
		mode := map[string]Mode{"stress": Stress, "explore": Explore}[parts[2]]
		Check(t, setTest(true), WithMode(mode), CheckTime(time.Nanosecond), Scenarios(2), StressRuns(50, time.Second))
		return
	}
	check, ok := catalogue[parts[0]]
	if !ok || len(parts) != 3 {
		t.Fatalf("%s=%q: want <object>:<buggy|fixed>:<stress|explore>", catalogueEnv, spec)
	}
	opts := []Option{WithMode(Stress)}
	if parts[2] == "explore" {
		opts = []Option{WithMode(Explore)}
	} else if parts[1] == "buggy" {
		opts = append(opts, StressRuns(20000, 3*time.Second)) // a loaded machine (CI) shows the bug less often
	}
	check(t, parts[1] == "fixed", opts...)
}
