package experiments

import (
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy/internal/testsim"
)

// Backend runs the experiments' programs on one execution engine: the
// testsim simulator (Sim) or vtbound's real scheduling engine (Real).
type Backend struct {
	// Name labels the backend's tables: "sim" or "real".
	Name string
	// fig6 and montecarlo return the search over the backend's form of
	// Fig6Program and Montecarlo.
	fig6       func(noise int) search
	montecarlo func(bug [3]int) search
}

// search explores one program under st until st stops or an execution
// fails, and returns the number of the first failing execution that is
// not preparatory (0 when there was none). Failures of preparatory
// executions (plan label ending in "prep") are not credited, so a search
// counts only what its own schedules find.
type search func(st sched.Strategy) int

// Sim returns the backend that runs the testsim programs.
func Sim() Backend {
	return Backend{
		Name:       "sim",
		fig6:       func(noise int) search { return simSearch(Fig6Program(noise)) },
		montecarlo: func(bug [3]int) search { return simSearch(Montecarlo(bug)) },
	}
}

// Real returns the backend that runs the rt programs (Fig6Body,
// MontecarloBody) on the real engine.
func Real() Backend {
	return Backend{
		Name:       "real",
		fig6:       func(noise int) search { return engineSearch(Fig6Body(noise)) },
		montecarlo: func(bug [3]int) search { return engineSearch(MontecarloBody(bug)) },
	}
}

func simSearch(p *testsim.Program) search {
	return func(st sched.Strategy) int {
		return testsim.Explore(p, st, testsim.Search{Stop: true, SkipPrep: true}).FoundAt
	}
}

// engineSearch runs body on a fresh engine as package explore's driver
// does, without its reporting.
func engineSearch(body func()) search {
	return func(st sched.Strategy) int { return FirstFailure(st, body) }
}

// FirstFailure explores body on the real engine under st until st stops
// and returns the number of the first failing execution that is not
// preparatory, or 0 when none failed.
func FirstFailure(st sched.Strategy, body func()) int {
	e := engine.New(st, engine.Limits{}, nil)
	for {
		res, ok := e.Run(body)
		if !ok {
			return 0
		}
		if failed(res) && !strings.HasSuffix(res.Plan.Label, "prep") {
			return res.N
		}
	}
}

// failed reports whether an oracle other than the race detector failed the
// execution (an assertion's panic, a deadlock, a leak, a timeout). Data
// races are not failures here: the programs race by design (b's noise
// increments, the injected bugs), and the simulator has no race oracle.
func failed(res *engine.Result) bool {
	return res.Failure != nil
}
