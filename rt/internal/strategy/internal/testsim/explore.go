package testsim

import "github.com/vtbound/vtbound/rt/internal/sched"

// Summary is the outcome of exploring a program with a strategy.
type Summary struct {
	// Executions counts the executions run.
	Executions int
	// First is the first failing execution, or nil.
	First *Result
	// FoundAt is First's execution number (0 when nothing failed).
	FoundAt int
	// Failures counts failing executions.
	Failures int
}

// Explore runs p under st until st stops, max executions ran (0: no cap),
// or, with stopOnFail, the first failure.
func Explore(p *Program, st sched.Strategy, max int, stopOnFail bool, opt Options) Summary {
	var s Summary
	for max <= 0 || s.Executions < max {
		r, ok := Execute(p, st, s.Executions+1, opt)
		if !ok {
			break
		}
		s.Executions++
		if r.Exec.Outcome == sched.OK {
			continue
		}
		s.Failures++
		if s.First == nil {
			s.First, s.FoundAt = r, s.Executions
			if stopOnFail {
				break
			}
		}
	}
	return s
}
