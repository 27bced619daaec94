//go:build e2e

package main

import (
	"strings"
	"testing"
)

// langRaces names, for each module of an old language version, its tests
// and whether each is a data race (TestRace*) or passes (TestNoRace*).
var langRaces = map[string]map[string]bool{
	"lang118": {"TestRaceCopyString": true, "TestNoRaceCopyString": false},
	"lang120": {"TestRaceCopyString": true, "TestRaceLoopVarAddr": true, "TestRaceLoopVarPair": true, "TestNoRaceLoopVarParam": false},
	"lang122": {"TestNoRaceLoopVarAddr": false, "TestNoRaceLoopVarPair": false},
}

// TestLanguageVersions runs modules whose go.mod says go 1.18, 1.20 and
// 1.22 natively with -race (the race detector must agree on every test)
// and under vtbound: each package is instrumented at its own language
// version (no warning that it was compiled unchanged), each TestRace* test
// fails with a data race and each TestNoRace* test passes. Before go1.22 a
// range's := variable is written by every iteration, which races with the
// goroutines of earlier iterations (lang120); at go1.22 the same loops have
// a variable per iteration (lang122).
func TestLanguageVersions(t *testing.T) {
	for name, races := range langRaces {
		t.Run(name, func(t *testing.T) {
			dir := module(t, name)
			native, _ := testResults(t, dir, "-race", ".")
			checkRaceVerdicts(t, "go test -race", races, native)
			r := goCmd(t, dir, kernelEnv, "test", "-json", "-count=1", "-timeout=10m", toolexecFlag(t), ".")
			actions, outputs, all := testEvents(t, r)
			if strings.Contains(r.output(), "compiled unchanged") {
				t.Errorf("a package was compiled unchanged:\n%s", r.output())
			}
			checkRaceVerdicts(t, "vtbound", races, actions)
			for test, race := range races {
				reported := strings.Contains(outputs[test], "vtbound: "+test+": data race")
				if reported != race {
					t.Errorf("%s: data race reported %v, want %v:\n%s", test, reported, race, outputs[test])
				}
				if race && strings.Contains(outputs[test], "(complete)") {
					t.Errorf("%s: a search that misses its race was called complete:\n%s", test, outputs[test])
				}
			}
			if !strings.Contains(all, "vtbound:") {
				t.Errorf("no test was explored:\n%s", all)
			}
		})
	}
}
