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

// CheckAnalysis makes d record the races and backtrack points of each
// execution's analysis, and either compare its incremental state with a
// full recomputation after every execution (check) or never keep a
// prefix (full).
func CheckAnalysis(d *DPOR, full, check bool) {
	d.an.dbg = &analysisDebug{full: full, check: check}
}

// AnalysisTrail returns what CheckAnalysis recorded: each execution's
// races and backtrack points, the events kept from the previous trace
// and analysed over all executions, and the mismatches with the full recomputation
// (with the first one's description).
func AnalysisTrail(d *DPOR) (trail [][2]int, kept, events, mismatches int, first string) {
	g := d.an.dbg
	return g.trail, g.kept, g.events, g.mismatches, g.first
}
