// Package config reads vtbound's runtime settings from VTBOUND_*
// environment variables. Every error names the variable, the bad value and
// the accepted values.
//
// Every variable Parse reads has a row in package
// github.com/vtbound/vtbound/rt/settings, the table `vtbound help` prints
// and error messages take their accepted values from; TestTableMatchesParse
// fails for a variable without one.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/vtbound/vtbound/rt/settings"
)

// Settings are the runtime settings of one test binary.
type Settings struct {
	Strategy string        // VTBOUND_STRATEGY
	Execs    int           // VTBOUND_BUDGET as a count (0: no count limit)
	Time     time.Duration // VTBOUND_BUDGET as a duration (0: no time limit)
	Seed     int64         // VTBOUND_SEED
	SeedSet  bool          // whether VTBOUND_SEED was given
	Depth    int           // VTBOUND_DEPTH (PCT d)
	V, C     int           // VTBOUND_V, VTBOUND_C; -1 when not set
	T        int           // VTBOUND_T
	L        int           // VTBOUND_L
	Verbose  int           // VTBOUND_VERBOSE
	Dir      string        // VTBOUND_DIR
	Replay   string        // VTBOUND_REPLAY
	JSON     string        // VTBOUND_JSON: file the per-test result records are appended to
	MaxSteps int           // VTBOUND_MAXSTEPS
	// BreakStep is the trace step at which the goroutine taking it calls
	// engine.BreakAtStep, for a debugger (VTBOUND_BREAK_STEP, 0: never).
	BreakStep int
	Races     bool // VTBOUND_RACES (on by default)
	// Track overrides the strategy's choice of tracked variable groups
	// (VTBOUND_TRACK): nil leaves it to the strategy; TrackAll tracks every
	// group; otherwise exactly the named groups (none when empty).
	Track    []string
	TrackAll bool
	// IgnoreLeaks are the top functions of leaked goroutines that are
	// accepted rather than reported (VTBOUND_IGNORE_LEAKS).
	IgnoreLeaks []string
	// Shard and Shards select one part of a split dpor search
	// (VTBOUND_SHARD=i/n); Shards is 0 when the search is not split.
	Shard, Shards int
	// Coverage prints each test's coverage (VTBOUND_COVERAGE, 0 = off);
	// Saturate stops a test whose coverage did not grow for that many
	// executions (VTBOUND_SATURATE, 0 = never). See docs/coverage.md.
	Coverage, Saturate int
	// CoverageFrom is the coverage learned by earlier runs, a coverage
	// file or a directory of them (VTBOUND_COVERAGE_FROM); DPORState the
	// directory where dpor's frontier is resumed from and saved
	// (VTBOUND_DPOR_STATE). "" when not set.
	CoverageFrom, DPORState string
	// Context is the calling-context depth k of HaPSet statements
	// (VTBOUND_CONTEXT, default 5; 0: none).
	Context int
	// WakeWindow and EarlyWakes are VTBOUND_TIME: how far ahead of the
	// virtual clock a wake-up may happen while goroutines still have work,
	// and how many such wake-ups an execution may have. WakeWindow < 0 is
	// blocked; 0 (both) leaves the engine's defaults.
	WakeWindow time.Duration
	EarlyWakes int
	// FuzzExecs and FuzzTime are the budget of each input of a fuzz
	// target (VTBOUND_FUZZ_BUDGET); 0 means no limit of that kind.
	FuzzExecs int
	FuzzTime  time.Duration
}

// ForInput returns the settings for one input of a fuzz target when fuzz
// is true: the fuzz budget replaces VTBOUND_BUDGET.
func (s Settings) ForInput(fuzz bool) Settings {
	if fuzz {
		s.Execs, s.Time = s.FuzzExecs, s.FuzzTime
	}
	return s
}

// Default budget: a plain go test run stays quick.
const (
	DefaultExecs = 10000
	DefaultTime  = 2 * time.Second
	DefaultDir   = "testdata/vtbound"
	// The default budget of each input of a fuzz target: go test -fuzz
	// runs many inputs, and gives each call at most 10 s.
	DefaultFuzzExecs = 100
	DefaultFuzzTime  = time.Second
)

// FromEnv reads the settings from the environment.
func FromEnv() (Settings, error) { return Parse(os.Getenv) }

// Parse reads the settings through getenv.
func Parse(getenv func(string) string) (Settings, error) {
	s := Settings{Strategy: "portfolio", Execs: DefaultExecs, Time: DefaultTime, Dir: DefaultDir, Races: true, Depth: 3, V: -1, C: -1,
		FuzzExecs: DefaultFuzzExecs, FuzzTime: DefaultFuzzTime}
	p := parser{getenv: getenv}
	if v := getenv("VTBOUND_STRATEGY"); v != "" {
		s.Strategy = v
	}
	p.budget("VTBOUND_BUDGET", &s.Execs, &s.Time)
	p.budget("VTBOUND_FUZZ_BUDGET", &s.FuzzExecs, &s.FuzzTime)
	s.Seed, s.SeedSet = p.int64("VTBOUND_SEED")
	p.intMin("VTBOUND_DEPTH", 1, &s.Depth)
	p.intMin("VTBOUND_V", 0, &s.V)
	p.intMin("VTBOUND_C", 0, &s.C)
	p.intMin("VTBOUND_T", 2, &s.T)
	p.intMin("VTBOUND_L", 1, &s.L)
	p.intMin("VTBOUND_VERBOSE", 0, &s.Verbose)
	p.intMin("VTBOUND_MAXSTEPS", 1, &s.MaxSteps)
	p.intMin("VTBOUND_BREAK_STEP", 0, &s.BreakStep)
	p.intMin("VTBOUND_COVERAGE", 0, &s.Coverage)
	p.intMin("VTBOUND_SATURATE", 0, &s.Saturate)
	s.Context = 5
	p.intMin("VTBOUND_CONTEXT", 0, &s.Context)
	p.onOff("VTBOUND_RACES", &s.Races)
	p.time(&s)
	if v := getenv("VTBOUND_DIR"); v != "" {
		s.Dir = v
	}
	s.Replay = getenv("VTBOUND_REPLAY")
	s.JSON = getenv("VTBOUND_JSON")
	s.CoverageFrom = getenv("VTBOUND_COVERAGE_FROM")
	s.DPORState = getenv("VTBOUND_DPOR_STATE")
	p.track(&s)
	p.list("VTBOUND_IGNORE_LEAKS", &s.IgnoreLeaks)
	p.shard(&s)
	if !s.SeedSet {
		s.Seed = time.Now().UnixNano()
	}
	return s, p.err
}

// parser collects the first error while reading variables.
type parser struct {
	getenv func(string) string
	err    error
}

// fail records that name has the invalid value val. The accepted values
// are the settings table's; accepts is used for a variable without a row.
func (p *parser) fail(name, val, accepts string) {
	if p.err == nil {
		accepts = settings.Accepts(name, settings.Run, accepts)
		p.err = fmt.Errorf("vtbound: %s=%q is not valid: want %s", name, val, accepts)
	}
}

func (p *parser) intMin(name string, lo int, dst *int) {
	v := p.getenv(name)
	if v == "" {
		return
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo {
		p.fail(name, v, fmt.Sprintf("an integer >= %d", lo))
		return
	}
	*dst = n
}

func (p *parser) int64(name string) (int64, bool) {
	v := p.getenv(name)
	if v == "" {
		return 0, false
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		p.fail(name, v, "an integer")
		return 0, false
	}
	return n, true
}

func (p *parser) onOff(name string, dst *bool) {
	switch v := p.getenv(name); v {
	case "":
	case "on", "1", "true":
		*dst = true
	case "off", "0", "false":
		*dst = false
	default:
		p.fail(name, v, "on or off")
	}
}

// time reads VTBOUND_TIME: race, race:WINDOW, race:WINDOW:N or blocked.
func (p *parser) time(s *Settings) {
	v := strings.TrimSpace(p.getenv("VTBOUND_TIME"))
	switch v {
	case "", "race":
		return
	case "blocked":
		s.WakeWindow = -1
		return
	}
	mode, rest, _ := strings.Cut(v, ":")
	win, n, hasN := strings.Cut(rest, ":")
	d, err := time.ParseDuration(win)
	if mode != "race" || err != nil || d <= 0 {
		p.fail("VTBOUND_TIME", v, "race, race:WINDOW, race:WINDOW:N or blocked")
		return
	}
	s.WakeWindow = d
	if hasN {
		k, err := strconv.Atoi(n)
		if err != nil || k < 1 {
			p.fail("VTBOUND_TIME", v, "race, race:WINDOW, race:WINDOW:N or blocked")
			return
		}
		s.EarlyWakes = k
	}
}

// shard reads VTBOUND_SHARD=i/n.
func (p *parser) shard(s *Settings) {
	v := p.getenv("VTBOUND_SHARD")
	if v == "" {
		return
	}
	is, ns, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		p.fail("VTBOUND_SHARD", v, "i/n with 0 <= i < n")
		return
	}
	s.Shard, s.Shards = i, n
}

// track reads VTBOUND_TRACK.
func (p *parser) track(s *Settings) {
	v := strings.TrimSpace(p.getenv("VTBOUND_TRACK"))
	switch v {
	case "":
		return
	case "all":
		s.TrackAll = true
		return
	case "none":
		s.Track = []string{}
		return
	}
	for _, name := range strings.Split(v, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			p.fail("VTBOUND_TRACK", v, "all, none, or comma-separated variable-group names")
			return
		}
		s.Track = append(s.Track, name)
	}
}

// list reads a comma-separated list of non-empty names.
func (p *parser) list(name string, dst *[]string) {
	v := strings.TrimSpace(p.getenv(name))
	if v == "" {
		return
	}
	for _, item := range strings.Split(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			p.fail(name, v, "comma-separated function names")
			return
		}
		*dst = append(*dst, item)
	}
}

// budget reads a budget variable (VTBOUND_BUDGET, VTBOUND_FUZZ_BUDGET): a
// count, a duration, or "count,duration".
// Giving only one kind removes the default limit of the other kind.
func (p *parser) budget(name string, execs *int, dur *time.Duration) {
	v := p.getenv(name)
	if v == "" {
		return
	}
	const accepts = "a count of executions (10000), a duration (30s), or both (10000,30s)"
	*execs, *dur = 0, 0
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if n, err := strconv.Atoi(part); err == nil && n > 0 && *execs == 0 {
			*execs = n
			continue
		}
		if d, err := time.ParseDuration(part); err == nil && d > 0 && *dur == 0 {
			*dur = d
			continue
		}
		p.fail(name, v, accepts)
		return
	}
}
