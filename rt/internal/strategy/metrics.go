package strategy

import (
	"fmt"
	"slices"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Metrics counts what a strategy ran.
type Metrics struct {
	// Executions counts finished executions.
	Executions int
	// Steps counts their steps, exits included.
	Steps int
	// Preemptions counts their preemptions as Characterize does.
	Preemptions int
	// Failures counts executions whose outcome was not OK.
	Failures int
	// FirstFailure is the number of the first failing execution, or 0.
	FirstFailure int
	// Outcomes counts executions by outcome.
	Outcomes map[sched.Outcome]int
}

// Metered wraps a strategy and counts its executions, steps, preemptions and
// outcomes.
type Metered struct {
	sched.Strategy
	// M holds the counts so far.
	M Metrics
}

// WithMetrics wraps s.
func WithMetrics(s sched.Strategy) *Metered {
	return &Metered{Strategy: s, M: Metrics{Outcomes: map[sched.Outcome]int{}}}
}

// Name returns the wrapped strategy's name.
func (m *Metered) Name() string { return nameOf(m.Strategy) }

// SparseView forwards the wrapped strategy's (sched.Sparse).
func (m *Metered) SparseView() bool { return sched.IsSparse(m.Strategy) }

// End counts x and passes it on.
func (m *Metered) End(x *sched.Execution) {
	m.M.Executions++
	m.M.Steps += len(x.Trace)
	m.M.Preemptions += Characterize(x.Trace).C
	m.M.Outcomes[x.Outcome]++
	if x.Outcome != sched.OK {
		m.M.Failures++
		if m.M.FirstFailure == 0 {
			m.M.FirstFailure = m.M.Executions
		}
	}
	m.Strategy.End(x)
}

// String summarises the counts.
func (m *Metered) String() string {
	return fmt.Sprintf("%s: %d executions, %d steps, %d preemptions, %d failures (first at %d)",
		m.Name(), m.M.Executions, m.M.Steps, m.M.Preemptions, m.M.Failures, m.M.FirstFailure)
}

// Replay forces one recorded execution: its plan and decisions.
type Replay struct {
	plan sched.Plan
	dec  []int
	i    int
	done bool
	// Diverged reports that a recorded decision was impossible.
	Diverged bool
}

// NewReplay returns a strategy that runs decisions once under plan.
func NewReplay(plan sched.Plan, decisions []int) *Replay {
	return &Replay{plan: plan, dec: slices.Clone(decisions)}
}

// Name returns "replay".
func (r *Replay) Name() string { return "replay" }

// Begin runs the single execution.
func (r *Replay) Begin(p *sched.Plan) bool {
	if r.done {
		return false
	}
	r.done, r.i = true, 0
	*p = r.plan
	p.Track = slices.Clone(r.plan.Track)
	return true
}

func (r *Replay) nextDecision(ok func(int) bool, fallback int) int {
	if r.i < len(r.dec) && ok(r.dec[r.i]) {
		r.i++
		return r.dec[r.i-1]
	}
	r.Diverged = true
	r.i++
	return fallback
}

// Exact reports whether the execution used exactly the recorded
// decisions: none was impossible and none was left over.
func (r *Replay) Exact() bool { return !r.Diverged && r.i == len(r.dec) }

// Pick returns the next recorded decision.
func (r *Replay) Pick(v *sched.View) int {
	return r.nextDecision(v.IsEnabled, v.EnabledAt(0))
}

// SparseView reports that Replay reads Views through their methods only.
func (r *Replay) SparseView() bool { return true }

// Choose returns the next recorded decision.
func (r *Replay) Choose(v *sched.View, n int) int {
	return r.nextDecision(func(d int) bool { return d >= 0 && d < n }, 0)
}

// End does nothing.
func (r *Replay) End(x *sched.Execution) {}

// Checked wraps a strategy and replays every Every-th execution once more,
// comparing trace hashes: a difference means nondeterminism outside the
// scheduler.
type Checked struct {
	sched.Strategy
	every   int
	n       int
	replay  *Replay
	want    uint64
	wantN   int
	pending bool
	// Divergences lists the executions whose replay hashed differently.
	Divergences []int
}

// WithDeterminismCheck wraps s, re-running every every-th execution.
func WithDeterminismCheck(s sched.Strategy, every int) *Checked {
	return &Checked{Strategy: s, every: max(every, 1)}
}

// Name returns the wrapped strategy's name.
func (c *Checked) Name() string { return nameOf(c.Strategy) }

// Begin runs a pending replay, else the wrapped strategy's next execution.
func (c *Checked) Begin(p *sched.Plan) bool {
	if c.pending {
		c.replay.Begin(p)
		return true
	}
	c.replay = nil
	if !c.Strategy.Begin(p) {
		return false
	}
	c.replay = &Replay{plan: *p}
	c.replay.plan.Track = slices.Clone(p.Track)
	return true
}

// SparseView reports whether the wrapped strategy reads Views through
// their methods only (the replay does).
func (c *Checked) SparseView() bool { return sched.IsSparse(c.Strategy) }

// Pick delegates (or replays).
func (c *Checked) Pick(v *sched.View) int {
	if c.pending {
		return c.replay.Pick(v)
	}
	return c.Strategy.Pick(v)
}

// Choose delegates (or replays).
func (c *Checked) Choose(v *sched.View, n int) int {
	if c.pending {
		return c.replay.Choose(v, n)
	}
	return c.Strategy.Choose(v, n)
}

// End records a divergence after a replay, or passes x on and schedules
// its replay.
func (c *Checked) End(x *sched.Execution) {
	if c.pending {
		c.pending = false
		if x.Hash != c.want || c.replay.Diverged {
			c.Divergences = append(c.Divergences, c.wantN)
		}
		return
	}
	c.n++
	if c.n%c.every == 0 {
		c.pending, c.want, c.wantN = true, x.Hash, x.N
		c.replay.dec = slices.Clone(x.Decisions)
		c.replay.done = false
	}
	c.Strategy.End(x)
}
