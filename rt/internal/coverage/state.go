package coverage

import "github.com/vtbound/vtbound/rt/internal/sched"

// State is the coverage of one test so far: the HaPSets learned, the SP
// requirements estimated from the first execution and which of them, and
// which pairs not estimated, executions have covered.
//
// Invariant: every key of Covered is either in Estimated or counted in
// Unestimated, never both.
type State struct {
	// Prims selects the primitives whose actions SP coverage counts.
	Prims Prim
	// H holds the learned HaPSets.
	H HaPSets
	// Estimated lists the SP requirements of the estimation execution.
	Estimated []Req
	// Covered holds the SP pairs executions have satisfied, estimated or
	// not.
	Covered   map[Req]bool
	estimated map[Req]bool
	// lastAt is coverTrace's scratch: by object, the last action's site.
	lastAt map[objKey]int32
	prevAt []int
	// Executions counts the executions observed; Growth is the number of
	// the last one that added a HaPSet entry or covered a new SP pair.
	Executions, Growth int
}

// NewState returns an empty State counting the primitives in prims.
func NewState(prims Prim) *State {
	return &State{Prims: prims, Covered: map[Req]bool{}, estimated: map[Req]bool{}}
}

// Observe records a finished execution: the first one is the estimation
// execution; every execution covers SP pairs; executions that did not fail
// teach HaPSets. It reports whether coverage grew.
func (s *State) Observe(x *sched.Execution) bool {
	s.Executions++
	if s.Executions == 1 {
		s.AddEstimate(NewModel(x.Trace, s.Prims).Estimate()) // a union with a seeded estimate
	}
	grew := s.coverTrace(x.Trace) > 0
	if Good(x.Outcome) {
		grew = s.H.Learn(x.Trace) > 0 || grew
	}
	if grew {
		s.Growth = s.Executions
	}
	return grew
}

// SetEstimate sets the estimated SP requirements.
func (s *State) SetEstimate(reqs []Req) {
	s.Estimated = reqs
	clear(s.estimated)
	for _, r := range reqs {
		s.estimated[r] = true
	}
}

// IsEstimated reports whether r is an estimated requirement.
func (s *State) IsEstimated(r Req) bool { return s.estimated[r] }

// Cover marks reqs as covered and returns how many were new.
func (s *State) Cover(reqs []Req) int {
	n := 0
	for _, r := range reqs {
		if !s.Covered[r] {
			s.Covered[r] = true
			n++
		}
	}
	return n
}

// Uncovered returns the estimated requirements not covered yet, in order.
func (s *State) Uncovered() []Req {
	var out []Req
	for _, r := range s.Estimated {
		if !s.Covered[r] {
			out = append(out, r)
		}
	}
	return out
}

// Counts returns the number of estimated requirements, how many of them
// are covered, and how many covered pairs were not estimated.
func (s *State) Counts() (estimated, covered, unestimated int) {
	for r := range s.Covered {
		if s.estimated[r] {
			covered++
		} else {
			unestimated++
		}
	}
	return len(s.Estimated), covered, unestimated
}

// Stalled reports whether the last n executions added no coverage (and at
// least n executions ran).
func (s *State) Stalled(n int) bool {
	return n > 0 && s.Executions >= n && s.Executions-s.Growth >= n
}

// Good reports whether an execution with outcome o teaches HaPSets: it
// ended without a failure. A data race does not end an execution and is
// reported on its own, so a racy execution is still a good run here.
func Good(o sched.Outcome) bool {
	return o == sched.OK || o == sched.StepBound || o == sched.Race
}

// coverTrace covers the SP pairs trace satisfies (Model.Satisfied without
// building the model) and returns how many were new.
func (s *State) coverTrace(trace []sched.Step) int {
	if s.lastAt == nil {
		s.lastAt = map[objKey]int32{}
	}
	clear(s.lastAt)
	s.prevAt = s.prevAt[:0]
	n := 0
	for i, st := range trace {
		cont := continues(trace, i, s.prevAt)
		for len(s.prevAt) <= st.G {
			s.prevAt = append(s.prevAt, 0)
		}
		s.prevAt[st.G] = i + 1
		if cont || PrimOf(st.Op.Kind)&s.Prims == 0 {
			continue
		}
		key := objKey{st.Op.Kind.Info().Class, st.Op.Obj}
		if l, ok := s.lastAt[key]; ok {
			if r := (Req{l, st.Op.Site}); !s.Covered[r] {
				s.Covered[r] = true
				n++
			}
		}
		s.lastAt[key] = st.Op.Site
	}
	return n
}
