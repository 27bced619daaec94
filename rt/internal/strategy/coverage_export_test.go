package strategy

import (
	"slices"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// NewPortfolioWith returns the default portfolio with one more phase, s,
// capped at share percent of the nominal budget: first when first, else
// at dpor's placement point (after random and pct), before the dpor (or
// dpor-v) phase when beforeDPOR and right after it otherwise. It measures
// what adding a coverage strategy to the portfolio would change
// (BenchmarkPortfolioCoverage); portfolio.go is not changed.
func NewPortfolioWith(c Config, s sched.Strategy, share int, first, beforeDPOR bool) *Portfolio {
	p := NewPortfolio(c)
	at := p.place
	if first {
		at = 0
	}
	p.phases = slices.Insert(p.phases, at, phase{s, max(1, p.nominal/100*share)})
	if first || beforeDPOR {
		p.place++
	}
	return p
}

// PhaseNames lists the portfolio's phases, in order, with "dpor|dpor-v"
// at dpor's placement point until dpor is placed.
func PhaseNames(p *Portfolio) []string {
	var out []string
	for i, ph := range p.phases {
		if i == p.place && !p.placed {
			out = append(out, "dpor|dpor-v")
		}
		out = append(out, nameOf(ph.s))
	}
	return out
}
