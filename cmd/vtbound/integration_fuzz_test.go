//go:build integration

package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestFuzzGenerated fuzzes FuzzDeposit, whose seed passes, under
// go test -fuzz with vtbound: the fuzzer finds an input on which some
// schedule fails, records it under testdata/fuzz, vtbound saves the
// schedule under the same name, and plain go test replays both. It
// fuzzes for up to 20 s, so it is in the integration tier.
func TestFuzzGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("fuzzes for 20 s")
	}
	dir := module(t, "fuzz")
	r := goCmd(t, dir, nil, "test", toolexecFlag(t), "-run=^FuzzDeposit$", "-fuzz=^FuzzDeposit$",
		"-fuzztime=20s", "-fuzzminimizetime=5s", ".")
	m := regexp.MustCompile(`Failing input written to testdata/fuzz/FuzzDeposit/([0-9a-f]+)`).FindStringSubmatch(r.output())
	if r.code == 0 || m == nil {
		t.Fatalf("go test -fuzz found no failing input:\n%s", r.output())
	}
	input := m[1]
	saved := savedSchedules(t, dir, "FuzzDeposit", input)
	if len(saved) == 0 {
		t.Fatalf("no schedule saved for the crasher %s:\n%s", input, r.output())
	}
	r = goCmd(t, dir, nil, "test", toolexecFlag(t), "-count=1", "-v", "-run=^FuzzDeposit$", ".")
	out := r.output()
	if r.code == 0 || !strings.Contains(out, "--- FAIL: FuzzDeposit/"+input) || !strings.Contains(out, "found by replay") {
		t.Errorf("plain go test does not replay input %s with its schedule:\n%s", input, out)
	}
	if !strings.Contains(out, "--- PASS: FuzzDeposit/seed#0") {
		t.Errorf("the seed should pass:\n%s", out)
	}
}
