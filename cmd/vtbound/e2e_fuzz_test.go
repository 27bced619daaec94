//go:build e2e

package main

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"
)

// corpusName is the name go test -fuzz gives the corpus file of an input
// in Go's corpus format: the first 16 hex digits of its SHA-256.
func corpusName(lines ...string) string {
	data := "go test fuzz v1\n" + strings.Join(lines, "\n") + "\n"
	return fmt.Sprintf("%x", sha256.Sum256([]byte(data)))[:16]
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
