package db

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

func open(t *testing.T, path string) *DB {
	t.Helper()
	d, err := Open(path, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// TestOpenErrorsNameTheFile: a corrupt file, a newer schema and a missing
// file are errors naming the file, and leave it unchanged.
func TestOpenErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.db")
	garbage := []byte(strings.Repeat("garbage ", 1000))
	os.WriteFile(corrupt, garbage, 0o644)
	newer := filepath.Join(dir, "newer.db")
	d := open(t, newer)
	d.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte(bucketMeta)).Put([]byte("schema"), []byte("99")) })
	d.Close()
	for path, want := range map[string]string{
		corrupt:                       "corrupt",
		newer:                         "newer than this vtbound",
		filepath.Join(dir, "none.db"): "no such file",
	} {
		_, err := Open(path, false)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), want) {
			t.Errorf("Open(%s): %v, want an error naming it and saying %q", path, err, want)
		}
	}
	if data, _ := os.ReadFile(corrupt); string(data) != string(garbage) {
		t.Error("Open changed the corrupt file")
	}
}

// TestMigrateFromZero: a file without a schema version gets the buckets
// and the current version.
func TestMigrateFromZero(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	b, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
	d := open(t, path)
	if err := d.PutRun(&Run{ID: "r1"}); err != nil {
		t.Fatalf("after migration: %v", err)
	}
	d.bolt.View(func(tx *bolt.Tx) error {
		if v := string(tx.Bucket([]byte(bucketMeta)).Get([]byte("schema"))); v != "1" {
			t.Errorf("schema version %q, want 1", v)
		}
		return nil
	})
}

// TestBugLifecycle: a bug is new in the run that first records it, known
// in a later one, fixed when marked so, and new again when it reappears.
func TestBugLifecycle(t *testing.T) {
	d := open(t, filepath.Join(t.TempDir(), "s.db"))
	now := time.Now()
	see := func(run string) bool {
		t.Helper()
		isNew, err := d.Record(&TestRun{Run: run, Package: "p", Test: "T", Seed: 1}, nil, &Bug{Package: "p", Test: "T", Signature: "sig"}, now)
		if err != nil {
			t.Fatal(err)
		}
		return isNew
	}
	if !see("r1") || see("r2") {
		t.Fatal("want new in r1, known in r2")
	}
	if s, _ := d.Summarize("r2"); len(s.Known) != 1 || len(s.New) != 0 {
		t.Errorf("r2 summary %+v", s)
	}
	d.MarkFixed("p", "sig", "r3", now)
	if s, _ := d.Summarize("r3"); len(s.Fixed) != 1 {
		t.Errorf("r3 summary %+v", s)
	}
	if !see("r4") {
		t.Error("a fixed bug seen again is new (reopened)")
	}
	if s, _ := d.Summarize("r4"); len(s.New) != 1 {
		t.Errorf("r4 summary %+v", s)
	}
	if done, _ := d.Done("r1"); !done[WorkKey("p", "T", 1)] {
		t.Errorf("Done(r1) = %v", done)
	}
}

// TestMergeShards: runs with one ID join, bugs dedupe by key, a bug stays
// open when a shard saw it after another fixed it.
func TestMergeShards(t *testing.T) {
	dir := t.TempDir()
	t0 := time.Now()
	a, b := open(t, filepath.Join(dir, "a.db")), open(t, filepath.Join(dir, "b.db"))
	a.PutRun(&Run{ID: "n", Shards: []string{"0/2"}, Finished: true, Started: t0})
	b.PutRun(&Run{ID: "n", Shards: []string{"1/2"}, Finished: true, Started: t0.Add(time.Second)})
	a.Record(&TestRun{Run: "n", Package: "p", Test: "T1", Seed: 1, Executions: 3}, nil, &Bug{Package: "p", Signature: "s"}, t0)
	b.Record(&TestRun{Run: "n", Package: "p", Test: "T2", Seed: 1, Executions: 4}, nil, &Bug{Package: "p", Signature: "s"}, t0.Add(time.Minute))
	a.MarkFixed("p", "s", "n", t0.Add(time.Second))
	all := open(t, filepath.Join(dir, "all.db"))
	for _, src := range []*DB{a, b} {
		if err := all.Merge(src); err != nil {
			t.Fatal(err)
		}
	}
	runs, _ := all.Runs()
	if len(runs) != 1 || strings.Join(runs[0].Shards, ",") != "0/2,1/2" || !runs[0].Started.Equal(t0) {
		t.Errorf("merged runs %+v", runs)
	}
	trs, _ := all.TestRuns("n")
	bugs, _ := all.Bugs()
	if len(trs) != 2 || len(bugs) != 1 || !bugs[0].Open() || !bugs[0].LastSeen.Equal(t0.Add(time.Minute)) {
		t.Errorf("merged test runs %+v, bugs %+v", trs, bugs)
	}
	if errs := all.Check(); len(errs) > 0 {
		t.Error(errs)
	}
}
