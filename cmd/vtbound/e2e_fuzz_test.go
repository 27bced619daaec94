package main

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fuzzEnvVar enables TestFuzzGenerated, which fuzzes for 20 s.
const fuzzEnvVar = "VTBOUND_E2E_FUZZ"

// corpusName is the name go test -fuzz gives the corpus file of an input
// in Go's corpus format: the first 16 hex digits of its SHA-256.
func corpusName(lines ...string) string {
	data := "go test fuzz v1\n" + strings.Join(lines, "\n") + "\n"
	return fmt.Sprintf("%x", sha256.Sum256([]byte(data)))[:16]
}

// savedSchedules returns the contents of the schedule files saved for one
// input of a fuzz target.
func savedSchedules(t *testing.T, dir, target, input string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "testdata", "vtbound", target, input, "*"))
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(data))
	}
	return out
}

// TestFuzzSeedCorpus explores the seed corpus of two fuzz targets without
// -fuzz: FuzzDeposit's seed passes on every schedule; of
// FuzzDepositSeeds's two seeds, the one with a large amount fails on some
// schedule, and its schedule is saved under the input's corpus name and
// replayed by the next run.
func TestFuzzSeedCorpus(t *testing.T) {
	dir := module(t, "fuzz")
	r := goCmd(t, dir, []string{"VTBOUND_SEED=1"}, "test", toolexecFlag(t), "-count=1", "-v", ".")
	out := r.output()
	for _, want := range []string{
		"--- PASS: FuzzDeposit/seed#0", "--- PASS: FuzzDepositSeeds/seed#0", "--- FAIL: FuzzDepositSeeds/seed#1",
		"deposits of 500 and 1: balance",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("first run: no %q in\n%s", want, out)
		}
	}
	if r.code == 0 {
		t.Fatalf("first run passed:\n%s", out)
	}
	input := corpusName("int64(500)", "int64(1)")
	saved := savedSchedules(t, dir, "FuzzDepositSeeds", input)
	if len(saved) == 0 {
		t.Fatalf("no schedule saved under testdata/vtbound/FuzzDepositSeeds/%s:\n%s", input, out)
	}
	for _, s := range saved {
		if !strings.Contains(s, "\ninput: testdata/fuzz/FuzzDepositSeeds/"+input+"\n") {
			t.Errorf("saved schedule does not name the input's corpus file:\n%s", s)
		}
	}
	// The replay, not the exploration (one execution), finds it again.
	r = goCmd(t, dir, []string{"VTBOUND_SEED=1", "VTBOUND_FUZZ_BUDGET=1"}, "test", toolexecFlag(t), "-count=1", "-v", "-run=^FuzzDepositSeeds$", ".")
	if out := r.output(); r.code == 0 || !strings.Contains(out, "saved schedule still fails") || !strings.Contains(out, "--- PASS: FuzzDepositSeeds/seed#0") {
		t.Errorf("second run does not replay the saved schedule of seed#1 only:\n%s", out)
	}
}

// TestFuzzGenerated fuzzes FuzzDeposit, whose seed passes, under
// go test -fuzz with vtbound: the fuzzer finds an input on which some
// schedule fails, records it under testdata/fuzz, vtbound saves the
// schedule under the same name, and plain go test replays both. Gated:
// set VTBOUND_E2E_FUZZ=1 (it fuzzes for up to 20 s).
func TestFuzzGenerated(t *testing.T) {
	if testing.Short() || os.Getenv(fuzzEnvVar) != "1" {
		t.Skipf("fuzzes for 20 s; set %s=1 to run", fuzzEnvVar)
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
