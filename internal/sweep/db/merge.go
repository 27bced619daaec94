package db

import (
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Merge adds the records of src to d: runs with the same ID become one
// run (the shards of one sweep), test runs are copied, tests keep the
// most recently learned state (with the dpor parts and frontiers of
// both), packages the most recent build, and bugs
// with the same key keep the earliest first sighting, the latest last
// sighting, and stay open unless every copy is fixed.
func (d *DB) Merge(src *DB) error {
	return src.bolt.View(func(stx *bolt.Tx) error {
		return d.bolt.Update(func(tx *bolt.Tx) error {
			if err := mergeRuns(stx, tx); err != nil {
				return err
			}
			for _, b := range []string{bucketTestRuns, bucketPackages} {
				if err := copyBucket(stx, tx, b); err != nil {
					return err
				}
			}
			if err := mergeTests(stx, tx); err != nil {
				return err
			}
			return mergeBugs(stx, tx)
		})
	})
}

// copyBucket copies every record; a key in both keeps src's.
func copyBucket(stx, tx *bolt.Tx, bucket string) error {
	dst := tx.Bucket([]byte(bucket))
	return stx.Bucket([]byte(bucket)).ForEach(func(k, v []byte) error {
		return dst.Put(slices.Clone(k), slices.Clone(v))
	})
}

// mergeRuns joins runs with the same ID.
func mergeRuns(stx, tx *bolt.Tx) error {
	runs, err := list[Run](stx, bucketRuns, "")
	if err != nil {
		return err
	}
	for _, r := range runs {
		var old Run
		ok, err := get(tx, bucketRuns, r.ID, &old)
		if err != nil {
			return err
		}
		if ok {
			r = joinRuns(old, r)
		}
		if err := put(tx, bucketRuns, r.ID, &r); err != nil {
			return err
		}
	}
	return nil
}

// joinRuns is one run made of two shards' records of it.
func joinRuns(a, b Run) Run {
	if b.Started.Before(a.Started) {
		a.Started = b.Started
	}
	if b.Ended.After(a.Ended) {
		a.Ended = b.Ended
	}
	a.Finished = a.Finished && b.Finished
	for _, s := range b.Shards {
		if !slices.Contains(a.Shards, s) {
			a.Shards = append(a.Shards, s)
		}
	}
	slices.Sort(a.Shards)
	for _, x := range b.Allocation {
		if !slices.Contains(a.Allocation, x) {
			a.Allocation = append(a.Allocation, x)
		}
	}
	return a
}

// mergeTests joins the learned state of tests with the same key
// (joinTests).
func mergeTests(stx, tx *bolt.Tx) error {
	return mergeBucket(stx, tx, bucketTests, func(t Test) string { return testKey(t.Package, t.Name) }, joinTests)
}

// mergeBugs joins bugs with the same key.
func mergeBugs(stx, tx *bolt.Tx) error {
	return mergeBucket(stx, tx, bucketBugs, func(b Bug) string { return bugKey(b.Package, b.Signature) }, joinBugs)
}

// mergeBucket copies the records of bucket from stx into tx, joining a
// record with the one tx already has under the same key.
func mergeBucket[T any](stx, tx *bolt.Tx, bucket string, key func(T) string, join func(old, new T) T) error {
	recs, err := list[T](stx, bucket, "")
	if err != nil {
		return err
	}
	for _, r := range recs {
		var old T
		k := key(r)
		ok, err := get(tx, bucket, k, &old)
		if err != nil {
			return err
		}
		if ok {
			r = join(old, r)
		}
		if err := put(tx, bucket, k, &r); err != nil {
			return err
		}
	}
	return nil
}

// joinBugs is one bug made of two databases' records of it.
func joinBugs(a, b Bug) Bug {
	if earlier(b.FirstSeen, a.FirstSeen) {
		a.FirstRun, a.FirstSeen, a.Report, a.Schedule, a.SchedulePath, a.CVT = b.FirstRun, b.FirstSeen, b.Report, b.Schedule, b.SchedulePath, b.CVT
	}
	if b.LastSeen.After(a.LastSeen) {
		a.LastRun, a.LastSeen = b.LastRun, b.LastSeen
	}
	switch {
	case !a.Open() && !b.Open():
		if b.FixedAt.After(a.FixedAt) {
			a.FixedRun, a.FixedAt = b.FixedRun, b.FixedAt
		}
	case !b.Open() && b.FixedAt.After(a.LastSeen):
		a.FixedRun, a.FixedAt = b.FixedRun, b.FixedAt // fixed after a's last sighting
	case !a.Open() && !a.FixedAt.After(b.LastSeen):
		a.FixedRun, a.FixedAt = "", time.Time{} // seen again after a fixed it
	}
	if b.Reopened != "" {
		a.Reopened = b.Reopened
	}
	return a
}

func earlier(a, b time.Time) bool { return a.Before(b) }
