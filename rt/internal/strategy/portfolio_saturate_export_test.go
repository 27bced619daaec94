package strategy

import "github.com/vtbound/vtbound/rt/internal/coverage"

// SwitchOnSaturationWindow is SwitchOnSaturation with the per-phase stall
// window given directly, for the measurements of BenchmarkPortfolioSaturation.
func SwitchOnSaturationWindow(p *Portfolio, s *coverage.State, window int, logf func(string, ...any)) {
	p.SwitchOnSaturation(s, window*phaseWindowDivisor, logf)
	p.sat.window = window
}
