// Package sweep implements `vtbound sweep`: it fingerprints each test
// (fingerprint.go: the sources its binary links and the declarations of
// the test files it reaches), builds each package's instrumented test
// binary once or reuses the cached one with the same build key, lists
// its tests, explores each test (with each seed) in worker processes,
// several tests of a package per process (batch.go), under a budget
// split by package budget (learned from earlier sweeps for the same
// fingerprint, coverage.go), carries each test's learned coverage and
// dpor's saved frontier into the next night's processes (carry.go, which
// also splits dpor searches across shards with -split-dpor), records
// every result in the results
// database (package db) as it finishes, replays the known bugs'
// schedules to tell which are fixed, and reports progress (package
// progress).
//
// Results reach the sweep through VTBOUND_JSON: each test binary appends
// one record per explored test (schema vtbound-result/2, written by
// rt/internal/explore; the sweep still reads vtbound-result/1, written by
// test binaries built against an older rt). A test binary that crashes or outlives -timeout
// is recorded with that status, and a package that fails to build with
// its compiler output; the sweep goes on.
package sweep

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/vtbound/vtbound/internal/sweep/budget"
)

// Config is one sweep's settings (the flags of `vtbound sweep`).
type Config struct {
	Packages   []string // package patterns (default ./...)
	BuildFlags []string // passed to go test -c
	Dir        string   // working directory (the module)
	Tool       string   // the vtbound executable, for -toolexec
	DB         string   // results database path
	ID         string   // run ID ("" chooses one; shards of one sweep share it)
	Resume     bool     // continue the last unfinished run
	Workers    int      // -p
	Budget     time.Duration
	PerTest    budget.Limit
	Alloc      budget.Mode
	Strategies []string // VTBOUND_STRATEGY values, each run in turn
	Seed       int64
	SeedSet    bool // -seed given; otherwise the seed derives from the run ID
	Seeds      int  // seeds per test: Seed, Seed+1, ...
	Run        *regexp.Regexp
	Shard      Shard
	Timeout    time.Duration // per test process
	Rebuild    bool          // build every test binary, even when the cache has it
	Coverage   bool          // measure coverage (VTBOUND_COVERAGE) and keep it per test
	SplitDPOR  bool          // with a shard, split each test's dpor search across the shards (carry.go)
	JSON       bool
	Interval   time.Duration // plain progress line period
	Args       []string      // the command line, for the run record
	Out, Err   io.Writer
}

// Shard is one part of a sweep split across machines: of the work items
// (package, test, seed), those whose hash is Index modulo Count.
type Shard struct {
	Index, Count int
}

// ParseShard reads "i/n" with 0 <= i < n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, errors.New("want i/n with 0 <= i < n (0/4)")
	}
	return Shard{Index: i, Count: n}, nil
}

// String renders the shard as "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Holds reports whether the shard holds the work item key.
func (s Shard) Holds(key string) bool {
	if s.Count <= 1 {
		return true
	}
	return int(fnv32(key)%uint32(s.Count)) == s.Index
}

// fnv32 is the FNV-1a hash: deterministic across machines and versions.
func fnv32(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// Exit statuses of a sweep.
const (
	ExitOK     = 0 // no new bug
	ExitNewBug = 1 // new bugs
	ExitError  = 2 // the sweep could not run
)
