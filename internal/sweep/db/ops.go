package db

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// PutRun stores (creates or updates) a run.
func (d *DB) PutRun(r *Run) error {
	return d.bolt.Update(func(tx *bolt.Tx) error { return put(tx, bucketRuns, r.ID, r) })
}

// Run returns the run called id, or nil.
func (d *DB) Run(id string) (*Run, error) {
	var r Run
	var ok bool
	err := d.bolt.View(func(tx *bolt.Tx) (err error) {
		ok, err = get(tx, bucketRuns, id, &r)
		return err
	})
	if !ok {
		return nil, err
	}
	return &r, err
}

// Runs returns every run, oldest first.
func (d *DB) Runs() ([]Run, error) {
	var runs []Run
	err := d.bolt.View(func(tx *bolt.Tx) (err error) {
		runs, err = list[Run](tx, bucketRuns, "")
		return err
	})
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].Started.Before(runs[j].Started) })
	return runs, err
}

// PutPackage stores a package's build.
func (d *DB) PutPackage(p *Package) error {
	return d.bolt.Update(func(tx *bolt.Tx) error { return put(tx, bucketPackages, p.Path, p) })
}

// Package returns what the last sweep recorded of the package at path.
func (d *DB) Package(path string) (*Package, error) {
	var p Package
	var ok bool
	err := d.bolt.View(func(tx *bolt.Tx) (err error) {
		ok, err = get(tx, bucketPackages, path, &p)
		return err
	})
	if !ok {
		return nil, err
	}
	return &p, err
}

// Test returns what the sweeps learned about a test, or nil.
func (d *DB) Test(pkg, name string) (*Test, error) {
	var t Test
	var ok bool
	err := d.bolt.View(func(tx *bolt.Tx) (err error) {
		ok, err = get(tx, bucketTests, testKey(pkg, name), &t)
		return err
	})
	if !ok {
		return nil, err
	}
	return &t, err
}

// Tests returns every test, by package and name.
func (d *DB) Tests() ([]Test, error) {
	var out []Test
	err := d.bolt.View(func(tx *bolt.Tx) (err error) {
		out, err = list[Test](tx, bucketTests, "")
		return err
	})
	return out, err
}

// Record commits one finished test run in one transaction: the test run,
// what was learned about the test, and the bug it found (nil for none),
// which is added or, when known, seen again (and reopened when it had
// been fixed). It reports whether the bug is new.
func (d *DB) Record(tr *TestRun, learned *Test, bug *Bug, now time.Time) (isNew bool, err error) {
	err = d.bolt.Update(func(tx *bolt.Tx) error {
		if err := put(tx, bucketTestRuns, testRunKey(tr.Run, tr.Package, tr.Test, tr.Seed, tr.Part), tr); err != nil {
			return err
		}
		if learned != nil {
			if err := put(tx, bucketTests, testKey(learned.Package, learned.Name), learned); err != nil {
				return err
			}
		}
		if bug == nil {
			return nil
		}
		isNew, err = seeBug(tx, bug, tr.Run, now)
		return err
	})
	return isNew, err
}

// seeBug adds bug or updates the known one with the same key.
func seeBug(tx *bolt.Tx, bug *Bug, run string, now time.Time) (bool, error) {
	key := bugKey(bug.Package, bug.Signature)
	var old Bug
	ok, err := get(tx, bucketBugs, key, &old)
	if err != nil {
		return false, err
	}
	if !ok {
		bug.FirstRun, bug.FirstSeen = run, now
		bug.LastRun, bug.LastSeen = run, now
		return true, put(tx, bucketBugs, key, bug)
	}
	reopened := !old.Open()
	old.LastRun, old.LastSeen, old.FixedRun, old.FixedAt = run, now, "", time.Time{}
	if reopened {
		old.Reopened = run
	}
	return old.FirstRun == run || reopened, put(tx, bucketBugs, key, &old)
}

// MarkFixed records that run no longer reproduced the open bug.
func (d *DB) MarkFixed(pkg, sig, run string, now time.Time) error {
	return d.bolt.Update(func(tx *bolt.Tx) error {
		var b Bug
		ok, err := get(tx, bucketBugs, bugKey(pkg, sig), &b)
		if err != nil || !ok || !b.Open() {
			return err
		}
		b.FixedRun, b.FixedAt = run, now
		return put(tx, bucketBugs, bugKey(pkg, sig), &b)
	})
}

// Bugs returns every bug, by package and signature.
func (d *DB) Bugs() ([]Bug, error) {
	var out []Bug
	err := d.bolt.View(func(tx *bolt.Tx) (err error) {
		out, err = list[Bug](tx, bucketBugs, "")
		return err
	})
	return out, err
}

// TestRuns returns the test runs of run ("" for every run).
func (d *DB) TestRuns(run string) ([]TestRun, error) {
	prefix := ""
	if run != "" {
		prefix = run + sep
	}
	var out []TestRun
	err := d.bolt.View(func(tx *bolt.Tx) (err error) {
		out, err = list[TestRun](tx, bucketTestRuns, prefix)
		return err
	})
	return out, err
}

// Done returns the keys (pkg, test, seed) of the test runs run recorded,
// for -resume to skip.
func (d *DB) Done(run string) (map[string]bool, error) {
	trs, err := d.TestRuns(run)
	done := map[string]bool{}
	for _, tr := range trs {
		done[WorkKey(tr.Package, tr.Test, tr.Seed)+PartKey(tr.Part)] = true
	}
	return done, err
}

// WorkKey names one unit of work: a test of a package with a seed.
func WorkKey(pkg, test string, seed int64) string {
	return fmt.Sprintf("%s %s %d", pkg, test, seed)
}

// PartKey is the suffix of a WorkKey for the dpor shard part ("i/n"),
// "" for a whole test.
func PartKey(part string) string {
	if part == "" {
		return ""
	}
	return " dpor " + part
}

// Summary counts a run's bugs.
type Summary struct {
	New, Known, Fixed []Bug
}

// Summarize sorts the bugs by what run did to them.
func (d *DB) Summarize(run string) (Summary, error) {
	bugs, err := d.Bugs()
	var s Summary
	for _, b := range bugs {
		switch {
		case b.FixedRun == run:
			s.Fixed = append(s.Fixed, b)
		case b.LastRun == run && (b.FirstRun == run || b.Reopened == run):
			s.New = append(s.New, b)
		case b.LastRun == run:
			s.Known = append(s.Known, b)
		}
	}
	return s, err
}

// Dump writes every bucket as JSON lines (for debugging and tests).
func (d *DB) Dump() (string, error) {
	var b strings.Builder
	err := d.bolt.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, bk *bolt.Bucket) error {
			return bk.ForEach(func(k, v []byte) error {
				line, _ := json.Marshal(map[string]string{"bucket": string(name), "key": string(k)})
				fmt.Fprintf(&b, "%s %s\n", line, v)
				return nil
			})
		})
	})
	return b.String(), err
}
