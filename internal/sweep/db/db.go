// Package db is the results database of `vtbound sweep`: one bbolt file
// (by default .vtbound/sweep.db) holding the sweeps (runs), the packages
// and tests they explored, each test run with its executions and
// coverage, and the bugs, deduplicated by signature, with the run that
// first and last saw them and the run that found them fixed.
//
// Every record is JSON in a bucket (see schema.go). Each finished test
// run is committed in its own transaction, so a sweep killed midway loses
// nothing already recorded, and `-resume` continues its run. The schema
// is versioned: Open migrates an older file forward and refuses a newer
// or corrupt one with an error naming it.
package db

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/vtbound/vtbound/internal/statedir"
)

// DB is an open results database.
type DB struct {
	bolt *bolt.DB
	path string
}

// Open opens (create: creates) the database at path, migrating it to the
// current schema. Errors name the file.
func Open(path string, create bool) (*DB, error) {
	if !create {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("results database %s: %w", path, err)
		}
	} else if err := statedir.Create(filepath.Dir(path)); err != nil {
		return nil, fmt.Errorf("results database %s: %w", path, err)
	}
	b, err := openBolt(path)
	if err != nil {
		return nil, fmt.Errorf("results database %s: %w", path, err)
	}
	d := &DB{bolt: b, path: path}
	if err := d.migrate(); err != nil {
		b.Close()
		return nil, fmt.Errorf("results database %s: %w", path, err)
	}
	return d, nil
}

// openBolt opens a bbolt file, turning the panics bbolt raises on some
// corrupt files into errors.
func openBolt(path string) (b *bolt.DB, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("corrupt database: %v", r)
		}
	}()
	b, err = bolt.Open(path, 0o644, &bolt.Options{Timeout: 5 * time.Second})
	if errors.Is(err, bolt.ErrTimeout) {
		err = errors.New("locked by another process (is another sweep using it?)")
	} else if err != nil && !errors.Is(err, os.ErrPermission) {
		err = fmt.Errorf("not a vtbound results database, or corrupt: %w", err)
	}
	return b, err
}

// Path returns the file's path.
func (d *DB) Path() string { return d.path }

// Close closes the database.
func (d *DB) Close() error { return d.bolt.Close() }

// Check runs bbolt's consistency check and returns its errors.
func (d *DB) Check() []error {
	var errs []error
	d.bolt.View(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			errs = append(errs, err)
		}
		return nil
	})
	return errs
}

// put stores v as JSON under key in bucket.
func put(tx *bolt.Tx, bucket, key string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return tx.Bucket([]byte(bucket)).Put([]byte(key), data)
}

// get loads the JSON under key in bucket into v; it reports whether the
// key exists.
func get(tx *bolt.Tx, bucket, key string, v any) (bool, error) {
	data := tx.Bucket([]byte(bucket)).Get([]byte(key))
	if data == nil {
		return false, nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return true, fmt.Errorf("%s/%q: %w", bucket, key, err)
	}
	return true, nil
}

// each calls f with the JSON of every record of bucket whose key starts
// with prefix, in key order.
func each(tx *bolt.Tx, bucket, prefix string, f func(key string, data []byte) error) error {
	c := tx.Bucket([]byte(bucket)).Cursor()
	p := []byte(prefix)
	for k, v := c.Seek(p); k != nil && len(k) >= len(p) && string(k[:len(p)]) == prefix; k, v = c.Next() {
		if err := f(string(k), v); err != nil {
			return err
		}
	}
	return nil
}

// list loads every record of bucket under prefix into a slice of T.
func list[T any](tx *bolt.Tx, bucket, prefix string) ([]T, error) {
	var out []T
	err := each(tx, bucket, prefix, func(k string, data []byte) error {
		var v T
		if err := json.Unmarshal(data, &v); err != nil {
			return fmt.Errorf("%s/%q: %w", bucket, k, err)
		}
		out = append(out, v)
		return nil
	})
	return out, err
}
