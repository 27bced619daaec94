package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestSweepFlags: good flags reach the configuration; each bad value is
// an error naming its flag and value.
func TestSweepFlags(t *testing.T) {
	var out, errs bytes.Buffer
	cfg, err := sweepConfig([]string{"-p=3", "-seeds=2", "-strategies=pct,dpor", "-shard=1/4", "-run=^TestA", "./x/..."}, &out, &errs)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Workers != 3 || cfg.Seeds != 2 || len(cfg.Strategies) != 2 || cfg.Packages[0] != "./x/..." || !cfg.Run.MatchString("TestAB") {
		t.Fatalf("config = %+v", cfg)
	}
	for _, bad := range []string{"-p=0", "-seeds=0", "-per-test=lots", "-alloc=fair", "-shard=5/4", "-run=(", "-timeout=0s"} {
		_, err := sweepConfig([]string{bad}, &out, &errs)
		if err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("sweep %s: error %v, want one naming %s", bad, err, bad)
		}
	}
}

// TestMergeUsage: merge without an output or inputs is a usage error.
func TestMergeUsage(t *testing.T) {
	for _, args := range [][]string{{"a.db"}, {"-o", "all.db"}, {"-x", "a.db"}} {
		var out, errs bytes.Buffer
		if code := sweepMerge(args, &out, &errs); code == 0 || !strings.Contains(errs.String(), "vtbound sweep merge:") {
			t.Errorf("merge %q: exit %d, stderr %q", args, code, errs.String())
		}
	}
}
