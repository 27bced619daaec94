package strategy

import (
	"fmt"

	"github.com/vtbound/vtbound/rt/internal/coverage"
)

// saturation is the portfolio's coverage-saturation switching: a phase
// whose coverage stopped growing hands the rest of its share to the next
// phase, and the search ends when the last phase saturated.
//
// Invariant: start <= state.Executions; left is empty except between the
// saturated end of a phase and the start of the next.
type saturation struct {
	state  *coverage.State
	n      int // VTBOUND_SATURATE
	window int // the per-phase stall window, PhaseWindow(n)
	logf   func(format string, args ...any)
	start  int    // state.Executions when the current phase began
	left   string // the phase just left saturated, until the next is named
	done   bool   // the search ended because its last phase saturated
}

// phaseWindowDivisor divides VTBOUND_SATURATE into the per-phase stall
// window (see PhaseWindow and docs/coverage.md).
const phaseWindowDivisor = 5

// PhaseWindow returns the per-phase stall window of the portfolio under
// VTBOUND_SATURATE=n: a phase is left once n/5 of its executions in a row
// (at least one) added no coverage.
func PhaseWindow(n int) int { return max(1, n/phaseWindowDivisor) }

// SwitchOnSaturation makes the portfolio switch phases on coverage
// saturation (VTBOUND_SATURATE=n): a phase in which PhaseWindow(n)
// executions in a row added no HaPSet entry and no SP pair is left for the
// next one, and the search ends when its last phase is left that way. A
// dpor phase predicted to finish is never left early (its completion is a
// proof), nor is ctrigger (it ends by itself). s is the test's coverage:
// the caller observes every execution into it (State.Observe) before
// passing the execution to End. logf receives one line per phase left
// early and one when the search ends so.
func (p *Portfolio) SwitchOnSaturation(s *coverage.State, n int, logf func(format string, args ...any)) {
	p.sat = &saturation{state: s, n: n, window: PhaseWindow(n), logf: logf}
}

// SaturationStopped reports whether the search ended because the
// coverage of its last phase saturated.
func (p *Portfolio) SaturationStopped() bool { return p.sat != nil && p.sat.done }

// saturated reports whether the current phase's coverage stopped growing
// for the window. A phase that has not run is never saturated, nor is one
// that is not a sampler: a dpor phase predicted to finish (its completion
// is a proof) and ctrigger (it tries each interleaving its analysis
// identified once, then ends).
func (p *Portfolio) saturated() bool {
	s := p.sat
	if s == nil || p.used == 0 {
		return false
	}
	switch ph := p.phases[p.i].s.(type) {
	case *DPOR:
		if ph == p.dpor {
			return false
		}
	case *CTrigger:
		return false
	}
	return s.state.Executions-max(s.state.Growth, s.start) >= s.window
}

// entering notes that the current phase is about to run, naming it in the
// line of the phase left saturated before it.
func (p *Portfolio) entering() {
	s := p.sat
	if s == nil {
		return
	}
	if p.used == 0 {
		s.start = s.state.Executions
	}
	if s.left != "" {
		s.logf("%s: moving to %s", s.left, nameOf(p.phases[p.i].s))
		s.left = ""
	}
}

// leaving records why the current phase ends: its coverage saturated
// (saturated), or it is done or out of its share.
func (p *Portfolio) leaving(saturated bool) {
	name := nameOf(p.phases[p.i].s)
	if !saturated {
		p.log = append(p.log, fmt.Sprintf("%s: %d executions", name, p.used))
		return
	}
	p.log = append(p.log, fmt.Sprintf("%s: %d executions (coverage saturated)", name, p.used))
	p.sat.left = fmt.Sprintf("phase %s saturated after %d executions", name, p.used)
}

// ended logs, when the last phase was left saturated, that the search
// stopped on coverage saturation.
func (p *Portfolio) ended() {
	s := p.sat
	if s == nil || s.left == "" {
		return
	}
	s.done = true
	s.logf("%s: coverage saturated in every phase; exploration stopped after %d executions (VTBOUND_SATURATE=%d: a phase ends after %d executions without new coverage)",
		s.left, s.state.Executions, s.n, s.window)
	s.left = ""
}
