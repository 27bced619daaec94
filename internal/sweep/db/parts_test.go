package db

import (
	"path/filepath"
	"testing"
	"time"
)

// TestNotePart: a whole search completes the test; a split one only once
// every part of its n has; a frontier is kept per part until the part
// completes.
func TestNotePart(t *testing.T) {
	var whole Test
	whole.NotePart("", false, []byte("f1"))
	if whole.Complete || string(whole.Frontiers[""]) != "f1" {
		t.Fatalf("cut search: %+v", whole)
	}
	whole.NotePart("", true, nil)
	if !whole.Complete || whole.Frontiers[""] != nil {
		t.Fatalf("completed search: %+v", whole)
	}
	var split Test
	split.NotePart("0/3", true, nil)
	split.NotePart("2/3", false, []byte("f2"))
	split.NotePart("1/3", true, nil)
	if split.Complete || !split.PartDone("1/3") || split.PartDone("2/3") {
		t.Fatalf("two of three parts: %+v", split)
	}
	split.NotePart("2/3", true, nil)
	if !split.Complete || len(split.Frontiers) != 0 {
		t.Fatalf("three of three parts: %+v", split)
	}
}

// TestMergeJoinsParts: merging the databases of two shards of a split
// dpor search joins their parts: the merged test is complete, and a
// frontier of a part still open is kept.
func TestMergeJoinsParts(t *testing.T) {
	dir := t.TempDir()
	open := func(name string, part string, done bool) *DB {
		d, err := Open(filepath.Join(dir, name), true)
		if err != nil {
			t.Fatal(err)
		}
		test := &Test{Package: "p", Name: "TestX", Fingerprint: "fp"}
		test.NotePart(part, done, []byte("frontier "+part))
		if _, err := d.Record(&TestRun{Run: "r", Package: "p", Test: "TestX", Part: part}, test, nil, time.Now()); err != nil {
			t.Fatal(err)
		}
		return d
	}
	a, b, c := open("a.db", "0/2", true), open("b.db", "1/2", false), open("c.db", "1/2", true)
	defer a.Close()
	defer b.Close()
	defer c.Close()
	if err := a.Merge(b); err != nil {
		t.Fatal(err)
	}
	got, _ := a.Test("p", "TestX")
	if got.Complete || string(got.Frontiers["1/2"]) != "frontier 1/2" {
		t.Fatalf("0/2 done, 1/2 open: %+v", got)
	}
	if err := a.Merge(c); err != nil {
		t.Fatal(err)
	}
	got, _ = a.Test("p", "TestX")
	runs, _ := a.TestRuns("r")
	if !got.Complete || len(got.Frontiers) != 0 || len(runs) != 2 {
		t.Errorf("both parts done: %+v, %d test runs; want complete, one run per part", got, len(runs))
	}
}
