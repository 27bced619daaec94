package sweepreport

import (
	"time"

	"github.com/vtbound/vtbound/internal/show"
)

// Input is everything a sweep report shows. The sweep fills it from its
// database; WriteHTML and WriteSARIF render it. Zero values are fine:
// sections without data say so instead of drawing an empty plot.
//
// The type only grows: fields are added, never renamed or removed.
type Input struct {
	Title   string  // the report's heading; "" gives "vtbound sweep report"
	Module  string  // the module swept, e.g. "example.com/inventory"
	SrcRoot string  // the module's directory; SARIF locations are relative to it
	Summary Summary // the latest sweep
	Tests   []Test  // every test of the latest sweep
	Bugs    []Bug   // the bugs known after the latest sweep (new, known, fixed)
	Trends  []Trend // the last N sweeps, oldest first
}

// Summary describes the latest sweep as a whole.
type Summary struct {
	Run        string        // the sweep's identifier in the database
	Started    time.Time     // wall-clock start
	Elapsed    time.Duration // wall-clock duration
	Budget     time.Duration // the total budget asked for (-budget)
	Strategies []string      // the strategies run
	Packages   int           // packages swept
	Tests      int           // tests explored
	Executions int64         // executions over all tests and strategies
	BugsNew    int           // bugs first seen in this sweep
	BugsKnown  int           // bugs seen before and again
	BugsFixed  int           // bugs seen before and not reproduced any more
	Failures   []Failure     // packages or tests that could not be explored
}

// Failure is a package that did not build, or a test binary that crashed
// or hung outside vtbound's control.
type Failure struct {
	Package string
	Test    string // "" for a build failure
	Kind    string // "build", "crash", "timeout", ...
	Message string // the first lines of the error
}

// Test is one test's share of the sweep.
type Test struct {
	Package    string
	Name       string        // as t.Name(), subtests included
	Verdict    string        // "ok", "bug", "complete", "saturated", "failed", ...
	Allocated  time.Duration // the budget the allocator gave it
	Spent      time.Duration // the time it actually ran
	Executions int64
	// Allocation says why the allocator gave this share, e.g. "coverage
	// still growing", "saturated", "DPOR complete", "bug found".
	Allocation string
	// Coverage holds one growth series per strategy (executions on x).
	Coverage []Series
}

// Series is one strategy's coverage growth on one test.
type Series struct {
	Strategy string  // e.g. "pct", "random", "dpor"
	Metric   string  // what is counted, e.g. "distinct traces", "HaPSet pairs"
	Points   []Point // in increasing Executions order
}

// Point is the coverage reached after a number of executions.
type Point struct {
	Executions int64
	Coverage   float64
}

// Bug is one deduplicated bug.
type Bug struct {
	Signature    string // stable: oracle + the minimised interleaving's sites
	Package      string
	Test         string
	Oracle       string // "data race", "deadlock", "assertion failed", ...
	Status       string // "new", "known" or "fixed"
	FirstSeen    time.Time
	LastSeen     time.Time
	CVT          CVT    // after minimisation
	Strategy     string // the strategy that found it
	SchedulePath string // the saved schedule file
	// Interleaving is the minimised failing interleaving, drawn as lanes.
	// show.FromFile builds it from SchedulePath; its Replay field is the
	// command that replays the bug.
	Interleaving show.Interleaving
}

// CVT is a bug's depth: preemptions, variables and goroutines ordered.
type CVT struct{ C, V, T int }

// Trend is one past sweep, for the trends table and plot.
type Trend struct {
	Run        string
	Started    time.Time
	Tests      int
	Executions int64
	BugsNew    int
	BugsKnown  int
	BugsFixed  int
}
