package db

import (
	"fmt"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Version is the schema version this vtbound writes.
const Version = 1

// The buckets. Keys join their parts with sep.
const (
	bucketMeta     = "meta"     // "schema" -> version number
	bucketRuns     = "runs"     // run ID -> Run
	bucketPackages = "packages" // import path -> Package
	bucketTests    = "tests"    // pkg sep test -> Test
	bucketTestRuns = "testruns" // run sep pkg sep test sep seed -> TestRun
	bucketBugs     = "bugs"     // pkg sep signature -> Bug
	sep            = "\x00"
)

// migrations[v] turns a version-v database into version v+1; migrations[0]
// creates the buckets of a new file.
var migrations = []func(tx *bolt.Tx) error{
	func(tx *bolt.Tx) error {
		for _, b := range []string{bucketRuns, bucketPackages, bucketTests, bucketTestRuns, bucketBugs} {
			if _, err := tx.CreateBucketIfNotExists([]byte(b)); err != nil {
				return err
			}
		}
		return nil
	},
}

// migrate brings the file to Version in one transaction; a newer or
// unreadable version is an error.
func (d *DB) migrate() error {
	return d.bolt.Update(func(tx *bolt.Tx) error {
		meta, err := tx.CreateBucketIfNotExists([]byte(bucketMeta))
		if err != nil {
			return err
		}
		v := 0
		if raw := meta.Get([]byte("schema")); raw != nil {
			if v, err = strconv.Atoi(string(raw)); err != nil {
				return fmt.Errorf("unreadable schema version %q", raw)
			}
		}
		if v > Version {
			return fmt.Errorf("schema version %d is newer than this vtbound's (%d): use a newer vtbound", v, Version)
		}
		for ; v < Version; v++ {
			if err := migrations[v](tx); err != nil {
				return fmt.Errorf("migrating schema %d to %d: %w", v, v+1, err)
			}
		}
		return meta.Put([]byte("schema"), []byte(strconv.Itoa(Version)))
	})
}

// Run is one sweep. Shards of one sweep share its ID (-id) and are one
// run after `vtbound sweep merge`.
type Run struct {
	ID       string    `json:"id"`
	Started  time.Time `json:"started"`
	Ended    time.Time `json:"ended,omitzero"`
	Args     []string  `json:"args"`
	Shards   []string  `json:"shards"` // "i/n" of each shard recorded
	Seed     int64     `json:"seed"`
	Finished bool      `json:"finished"`
	// Strategies and Budget are the sweep's -strategies and -budget.
	Strategies []string      `json:"strategies,omitempty"`
	Budget     time.Duration `json:"budget,omitempty"`
	// Allocation is the budget each test and seed was given, and why.
	Allocation []Allocation `json:"allocation,omitempty"`
}

// Allocation is the budget one test got in a run.
type Allocation struct {
	Package string `json:"package"`
	Test    string `json:"test"`
	Seed    int64  `json:"seed"`
	Budget  string `json:"budget"` // as VTBOUND_BUDGET; "" when skipped
	Reason  string `json:"reason"`
}

// Package is a package as last built.
type Package struct {
	Path        string `json:"path"`
	Fingerprint string `json:"fingerprint"` // build key of the test binary (see internal/sweep/fingerprint.go)
	BuildError  string `json:"build_error,omitempty"`
	LastRun     string `json:"last_run"`
	// Cached is set when the last run took the test binary from the
	// cache (its build key unchanged) instead of building it.
	Cached bool `json:"cached,omitempty"`
}

// Test is what the sweeps learned about one test.
type Test struct {
	Package     string `json:"package"`
	Name        string `json:"name"`
	Fingerprint string `json:"fingerprint"` // of the code the test runs (see internal/sweep/fingerprint.go)
	Executions  int    `json:"executions"`  // total, with this fingerprint
	Traces      int    `json:"distinct_traces"`
	Saturated   bool   `json:"saturated"` // its last run passed and ran out of schedules, or found no new trace in its second half
	Complete    bool   `json:"complete"`  // dpor explored every trace
	LastRun     string `json:"last_run"`
	LastVerdict string `json:"last_verdict"`
	// Coverage is the test's learned coverage with this fingerprint: the
	// union of the HaPSet and SP coverage its runs measured (-coverage),
	// in the coverage file format (docs/coverage.md); nil when none was
	// measured. Covered counts its entries (HaPSet records and SP
	// requirements covered).
	Coverage []byte `json:"coverage,omitempty"`
	Covered  int    `json:"covered,omitempty"`
	// Frontiers are dpor's saved searches cut by the budget, to resume
	// on the next night (VTBOUND_DPOR_STATE), by dpor shard ("" unsharded,
	// else "i/n"); PartsDone the dpor shards "i/n" that completed. With
	// every shard of n done, Complete is set.
	Frontiers map[string][]byte `json:"dpor_frontiers,omitempty"`
	PartsDone []string          `json:"dpor_parts_done,omitempty"`
}

// TestRun is one test explored with one seed in one run.
type TestRun struct {
	Run        string        `json:"run"`
	Package    string        `json:"package"`
	Test       string        `json:"test"`
	Seed       int64         `json:"seed"`
	Budget     string        `json:"budget"`
	Status     string        `json:"status"`  // ok, crash, timeout, build-failed
	Verdict    string        `json:"verdict"` // pass, bug, fail (from the test binary)
	Executions int           `json:"executions"`
	Traces     int           `json:"distinct_traces"`
	LastNew    int           `json:"last_new_trace"`
	Complete   bool          `json:"complete,omitempty"`
	Exhausted  bool          `json:"exhausted,omitempty"` // the strategy ran out of schedules before the budget
	Strategies []StrategyRun `json:"strategy_runs,omitempty"`
	WallNS     int64         `json:"wall_ns"`
	Bug        string        `json:"bug,omitempty"` // signature
	// Part is the dpor shard "i/n" this run explored of the test's dpor
	// search (sweep -shard with dpor), "" for a whole test.
	Part string `json:"part,omitempty"`
	// SearchTraces is dpor's count of the traces it explored, with those
	// of the earlier nights it resumed (see VTBOUND_DPOR_STATE).
	SearchTraces int    `json:"search_traces,omitempty"`
	Output       string `json:"output,omitempty"`
}

// StrategyRun is what one strategy did in a test run.
type StrategyRun struct {
	Strategy   string `json:"strategy"`
	Executions int    `json:"executions"`
	Traces     int    `json:"distinct_traces"`
}

// Bug is one bug, deduplicated by package and signature.
type Bug struct {
	Package   string    `json:"package"`
	Test      string    `json:"test"`
	Signature string    `json:"signature"`
	Oracle    string    `json:"oracle"`
	CVT       string    `json:"cvt"`
	FirstRun  string    `json:"first_run"`
	FirstSeen time.Time `json:"first_seen"`
	LastRun   string    `json:"last_run"`
	LastSeen  time.Time `json:"last_seen"`
	FixedRun  string    `json:"fixed_run,omitempty"` // run that no longer reproduced it
	FixedAt   time.Time `json:"fixed_at,omitzero"`
	Reopened  string    `json:"reopened_run,omitempty"` // run that saw it again after it was fixed
	Report    string    `json:"report"`
	Sites     []string  `json:"sites"`
	// Schedule is the saved schedule file's content; SchedulePath where
	// the test binary saved it.
	Schedule     string `json:"schedule"`
	SchedulePath string `json:"schedule_path"`
}

// Open reports whether the bug is not known fixed.
func (b *Bug) Open() bool { return b.FixedRun == "" }

func testKey(pkg, test string) string { return pkg + sep + test }

func testRunKey(run, pkg, test string, seed int64, part string) string {
	k := run + sep + pkg + sep + test + sep + strconv.FormatInt(seed, 10)
	if part != "" {
		k += sep + "dpor " + part
	}
	return k
}

func bugKey(pkg, sig string) string { return pkg + sep + sig }
