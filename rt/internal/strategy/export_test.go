package strategy

// NewClassicPortfolio is the portfolio without dpor, for the measurements
// that compare it with NewPortfolio.
func NewClassicPortfolio(c Config) *Portfolio { return newClassicPortfolio(c) }

// TraceEstimate exports traceEstimate to the tests.
var TraceEstimate = traceEstimate

// CTriggerPhase returns the portfolio's ctrigger phase, or nil.
func CTriggerPhase(p *Portfolio) *CTrigger {
	for _, ph := range p.phases {
		if c, ok := ph.s.(*CTrigger); ok {
			return c
		}
	}
	return nil
}

// NewCTriggerPortfolio is the portfolio with ctrigger first, measured by
// BenchmarkPortfolioCTriggerShare.
func NewCTriggerPortfolio(c Config) *Portfolio { return newCTriggerPortfolio(c) }

// NewDPORPortfolio is the default portfolio before ctrigger joined it,
// measured by BenchmarkCTriggerExpose.
func NewDPORPortfolio(c Config) *Portfolio { return newDPORPortfolio(c) }
