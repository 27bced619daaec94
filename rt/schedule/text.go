package schedule

import "fmt"

// Interleaving renders the steps as the test report does, one line per
// step ("»" marks a preemption): every step when full, otherwise the
// steps that matter with each run of elided steps counted. A file that
// records no steps that matter (version 1) renders in full.
func (s *Schedule) Interleaving(full bool) []string {
	if !s.hasEssential() {
		full = true
	}
	var out []string
	elided := 0
	flush := func() {
		if elided > 0 {
			out = append(out, fmt.Sprintf("      … %d step%s elided", elided, plural(elided)))
			elided = 0
		}
	}
	for _, st := range s.Steps {
		if !full && !st.Essential {
			elided++
			continue
		}
		flush()
		mark := " "
		if st.Preempt {
			mark = "»"
		}
		out = append(out, fmt.Sprintf("%s %4d G%d %s", mark, st.N, st.G, st.Describe()))
	}
	flush()
	return out
}

func (s *Schedule) hasEssential() bool {
	for _, st := range s.Steps {
		if st.Essential {
			return true
		}
	}
	return false
}

// GoroutineLines renders who started each goroutine and its last step:
// "G2 (started by G1): last inventory.go:35 unlock".
func (s *Schedule) GoroutineLines() []string {
	last := map[int]Step{}
	for _, st := range s.Steps {
		last[st.G] = st
	}
	var out []string
	for _, g := range s.Goroutines {
		origin := "test body"
		if g.Parent > 0 {
			origin = fmt.Sprintf("started by G%d", g.Parent)
		}
		line := fmt.Sprintf("G%d (%s)", g.ID, origin)
		if st, ok := last[g.ID]; ok {
			line += fmt.Sprintf(": last step %d, %s", st.N, st.Describe())
		}
		out = append(out, line)
	}
	return out
}
