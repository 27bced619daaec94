package lincheck

import (
	"fmt"
	"hash/fnv"
	"os"
	"strconv"
	"time"

	"github.com/vtbound/vtbound/rt"
)

// Mode selects how Check runs scenarios.
type Mode int

const (
	// Auto explores with vtbound's engine in a test binary built with
	// go test -toolexec=vtbound (rt.Instrumented) and stresses otherwise.
	Auto Mode = iota
	// Stress runs each scenario many times on real goroutines.
	Stress
	// Explore explores each scenario's interleavings with vtbound's
	// engine (rt.Test), even in a binary that was not rewritten: only
	// the operations that call rt's hooks are then scheduling points
	// (objects written with rt's hooks by hand, as vtbound's own tests
	// do).
	Explore
)

// String names the mode.
func (m Mode) String() string {
	switch m {
	case Stress:
		return "stress"
	case Explore:
		return "explore"
	}
	return "auto"
}

// Environment variables read by Check; they override the options.
const (
	// seedEnv sets the seed of scenario generation: a number, or
	// "random" for one taken from the clock (printed; the child
	// processes vtbound's engine starts would draw another).
	seedEnv = "VTBOUND_LINCHECK_SEED"
	// scenariosEnv sets the number of scenarios.
	scenariosEnv = "VTBOUND_LINCHECK_SCENARIOS"
)

// Option changes a setting of Check.
type Option func(*config)

// config is Check's settings.
type config struct {
	mode                               Mode
	seed                               int64
	scenarios                          int
	threads, perThread, prefix, suffix int
	repeat                             int
	stressTime, checkTime              time.Duration
	minimizeExecs                      int
	minimizeTime, minimizeTotal        time.Duration
}

// WithMode sets the mode (default Auto).
func WithMode(m Mode) Option { return func(c *config) { c.mode = m } }

// Seed sets the seed of scenario generation (default: a hash of the
// test's name, so that every run meets the same scenarios and a saved
// schedule the same scenario; VTBOUND_LINCHECK_SEED overrides it).
func Seed(seed int64) Option { return func(c *config) { c.seed = seed } }

// Scenarios sets how many scenarios are generated (default 10;
// VTBOUND_LINCHECK_SCENARIOS overrides it).
func Scenarios(n int) Option { return func(c *config) { c.scenarios = n } }

// Shape sets the shape of scenarios: goroutines running in parallel
// (default 2), operations per goroutine (default 3), operations of the
// sequential prefix run before them (default 1) and of the suffix run
// after them (default 1).
func Shape(threads, perThread, prefix, suffix int) Option {
	return func(c *config) { c.threads, c.perThread, c.prefix, c.suffix = threads, perThread, prefix, suffix }
}

// StressRuns sets how many times the Stress mode runs each scenario
// (default 2000) and for how long at most (default 1 s).
func StressRuns(n int, d time.Duration) Option {
	return func(c *config) { c.repeat, c.stressTime = n, d }
}

// CheckTime bounds the check of one history (default 5 s, and at most
// 5 s in the Explore mode, where the engine ends an execution stuck for
// 10 s): a history whose check takes longer is unknown, neither a pass
// nor a failure, and a scenario that left unknown histories and did not
// fail ends skipped with their count.
func CheckTime(d time.Duration) Option { return func(c *config) { c.checkTime = d } }

// MinimizeBudget sets what minimising a failing scenario may spend: each
// smaller candidate is explored for at most execs executions (Explore
// mode) and d (both modes; Stress runs it as for a scenario, within d),
// and the whole minimisation at most total (defaults 2000, 2 s, 60 s).
func MinimizeBudget(execs int, d, total time.Duration) Option {
	return func(c *config) { c.minimizeExecs, c.minimizeTime, c.minimizeTotal = execs, d, total }
}

// newConfig returns the settings of the test named test: defaults, then
// opts, then the environment.
func newConfig(test string, opts []Option) (config, error) {
	c := config{
		seed: nameSeed(test), scenarios: 10, threads: 2, perThread: 3, prefix: 1, suffix: 1,
		repeat: 2000, stressTime: time.Second, checkTime: 5 * time.Second,
		minimizeExecs: 2000, minimizeTime: 2 * time.Second, minimizeTotal: time.Minute,
	}
	for _, o := range opts {
		o(&c)
	}
	if err := c.fromEnv(); err != nil {
		return c, err
	}
	if c.mode == Auto {
		c.mode = Stress
		if rt.Instrumented() {
			c.mode = Explore
		}
	}
	if c.threads < 1 || c.perThread < 1 || c.prefix < 0 || c.suffix < 0 || c.scenarios < 1 || c.repeat < 1 {
		return c, fmt.Errorf("lincheck: scenario shape %s, %d scenarios, %d stress runs: need at least one goroutine, one operation per goroutine, one scenario and one run", c.shape(), c.scenarios, c.repeat)
	}
	return c, nil
}

// fromEnv applies the environment variables.
func (c *config) fromEnv() error {
	if v := os.Getenv(seedEnv); v == "random" {
		c.seed = time.Now().UnixNano()
	} else if v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("lincheck: %s=%q is not valid: want an integer, or \"random\" for one taken from the clock", seedEnv, v)
		}
		c.seed = n
	}
	if v := os.Getenv(scenariosEnv); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("lincheck: %s=%q is not valid: want an integer >= 1", scenariosEnv, v)
		}
		c.scenarios = n
	}
	return nil
}

// shape describes the scenario shape.
func (c config) shape() string {
	return fmt.Sprintf("%d scenarios of %d goroutines × %d operations, prefix %d, suffix %d", c.scenarios, c.threads, c.perThread, c.prefix, c.suffix)
}

// nameSeed is the default seed of the test named name.
func nameSeed(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return int64(h.Sum64() >> 1)
}
