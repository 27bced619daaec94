package strategy

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Config holds the settings shared by the strategies built by New. Zero
// fields take their defaults (see withDefaults).
type Config struct {
	// Seed seeds every random choice; the same seed gives the same schedules.
	Seed int64
	// Depth is PCT's bug depth d (default 3): d-1 priority change points.
	Depth int
	// V bounds the number of variables (default 2): pctvb and exhaustive
	// iterate v = 0..V; dynamic fixes at most V variables. Zero means the
	// default; a negative value asks for V = 0.
	V int
	// C bounds preemptions (default 2) for vt, exhaustive and dynamic. Zero
	// means the default; a negative value asks for C = 0.
	C int
	// T is the thread bound whose coverage vt reports and that sizes the
	// priority orders of exhaustive (default 2).
	T int
	// L bounds the loop-iteration index of variables (default 2).
	L int
	// Budget caps the number of executions; zero or negative means no cap
	// (randomized strategies then run until the caller stops them).
	Budget int
	// Fixed makes pctvb run only at (V, Depth) and vt only at C, instead of
	// iterating from the cheapest level.
	Fixed bool
	// Shard and Shards split dpor's search: with Shards > 0 the search
	// explores only the subtrees whose first decisions hash to Shard, in
	// [0, Shards) (VTBOUND_SHARD=i/n).
	Shard, Shards int
	// Context is the depth k of the calling context in HaPSet statements
	// (hapset; default 5 as in the paper). Zero means the default; a
	// negative value asks for no context.
	Context int
	// Deadline is when the exploration's time budget ends (zero: none).
	// The caller owns it and starts no execution after it; a strategy uses
	// it to skip work whose result no execution would use and to start no
	// phase that cannot finish before it (ctrigger: its analysis and its
	// profiling rounds).
	Deadline time.Time
}

// Defaults for Config fields left zero.
const (
	DefaultDepth = 3
	DefaultV     = 2
	DefaultC     = 2
	DefaultT     = 2
	DefaultL     = 2
	// DefaultContext is hapset's calling-context depth k.
	DefaultContext = 5
	// nominalBudget sizes the portfolio's phases when Budget is unlimited.
	nominalBudget = 10000
)

func (c Config) withDefaults() Config {
	def := func(p *int, d int) {
		if *p <= 0 {
			*p = d
		}
	}
	def(&c.Depth, DefaultDepth)
	def(&c.T, DefaultT)
	def(&c.L, DefaultL)
	if c.Context == 0 {
		c.Context = DefaultContext
	}
	if c.Budget <= 0 {
		c.Budget = math.MaxInt
	}
	if c.V < 0 {
		c.V = 0
	} else if c.V == 0 && !c.Fixed {
		c.V = DefaultV
	}
	if c.C < 0 {
		c.C = 0
	} else if c.C == 0 && !c.Fixed {
		c.C = DefaultC
	}
	return c
}

// Reporter is implemented by strategies that can summarise what they
// covered, e.g. vt's Lemma 4.1 guarantee; the engine prints it after
// exploring.
type Reporter interface {
	Report() string
}

var constructors = map[string]func(Config) sched.Strategy{
	"random":     func(c Config) sched.Strategy { return NewRandom(c) },
	"pct":        func(c Config) sched.Strategy { return NewPCT(c) },
	"pctvb":      func(c Config) sched.Strategy { return NewPCTVB(c) },
	"vt":         func(c Config) sched.Strategy { return NewVT(c) },
	"exhaustive": func(c Config) sched.Strategy { return NewExhaustive(c) },
	"dynamic":    func(c Config) sched.Strategy { return NewDynamic(c) },
	"dpor":       func(c Config) sched.Strategy { return NewDPOR(c).SetOptimal(true) },
	"dpor-v":     func(c Config) sched.Strategy { return NewBoundedDPOR(c) },
	"hapset":     func(c Config) sched.Strategy { return NewHaPSet(c) },
	"sp":         func(c Config) sched.Strategy { return NewSP(c, true) },
	"sp-h":       func(c Config) sched.Strategy { return NewSP(c, false) },
	"portfolio":  func(c Config) sched.Strategy { return NewPortfolio(c) },
	"ctrigger":   func(c Config) sched.Strategy { return NewCTrigger(c) },
}

// Names lists the strategy names New accepts, sorted.
func Names() []string {
	var names []string
	for n := range constructors {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// New returns the strategy called name configured by c. Every strategy stops
// (Begin returns false) after c.Budget executions at the latest; exhaustive
// and dynamic also stop when their bounded space is explored.
func New(name string, c Config) (sched.Strategy, error) {
	mk, ok := constructors[name]
	if !ok {
		return nil, fmt.Errorf("strategy %q: unknown (accepted: %s)", name, strings.Join(Names(), ", "))
	}
	return mk(c.withDefaults()), nil
}
