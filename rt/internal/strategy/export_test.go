package strategy

// NewClassicPortfolio is the portfolio without dpor, for the measurements
// that compare it with NewPortfolio.
func NewClassicPortfolio(c Config) *Portfolio { return newClassicPortfolio(c) }

// TraceEstimate exports traceEstimate to the tests.
var TraceEstimate = traceEstimate
