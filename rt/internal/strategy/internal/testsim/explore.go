package testsim

import (
	"strings"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Summary is the outcome of exploring a program with a strategy.
type Summary struct {
	// Executions counts the executions run.
	Executions int
	// First is the first failing execution that counts (see Search), or nil.
	First *Result
	// FoundAt is First's execution number (0 when nothing counted).
	FoundAt int
	// Failures counts failing executions.
	Failures int
}

// Search bounds an exploration.
type Search struct {
	// Max caps the executions (0: until the strategy stops).
	Max int
	// Stop ends the exploration at the first failure that counts.
	Stop bool
	// SkipPrep does not count failures of preparatory executions (whose
	// plan label ends in "prep"), so a search is credited only with what
	// its own schedules find.
	SkipPrep bool
	Options
}

// Explore runs p under st as s says.
func Explore(p *Program, st sched.Strategy, s Search) Summary {
	var sum Summary
	for s.Max <= 0 || sum.Executions < s.Max {
		r, ok := Execute(p, st, sum.Executions+1, s.Options)
		if !ok {
			break
		}
		sum.Executions++
		if r.Exec.Outcome == sched.OK {
			continue
		}
		sum.Failures++
		if sum.First != nil || s.SkipPrep && strings.HasSuffix(r.Plan.Label, "prep") {
			continue
		}
		sum.First, sum.FoundAt = r, sum.Executions
		if s.Stop {
			break
		}
	}
	return sum
}
