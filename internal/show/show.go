package show

import (
	"fmt"
	"io"
	"strings"

	"github.com/vtbound/vtbound/rt/schedule"
)

// FromFile reads a schedule file and returns its interleaving (the steps
// that matter, or every step when full).
func FromFile(path string, full bool) (Interleaving, error) {
	s, err := schedule.ReadFile(path)
	if err != nil {
		return Interleaving{}, err
	}
	return FromSchedule(s, full), nil
}

// FromSchedule returns s's interleaving: every step when full (or when
// the file records no steps that matter), otherwise the steps that
// matter.
func FromSchedule(s *schedule.Schedule, full bool) Interleaving {
	in := Interleaving{Test: s.Test, Package: s.Package, Oracle: s.Oracle, Sentence: s.Sentence,
		CVT: s.CVTWords(), Replay: s.ReplayCommand(), Total: len(s.Steps)}
	for _, g := range s.Goroutines {
		in.Goroutines = append(in.Goroutines, Goroutine{ID: g.ID, Parent: g.Parent})
	}
	essential := 0
	for _, st := range s.Steps {
		if st.Essential {
			essential++
		}
	}
	for _, st := range s.Steps {
		if full || essential == 0 || st.Essential {
			in.Steps = append(in.Steps, Step{N: st.N, G: st.G, Kind: st.Kind, Var: st.Var, Package: st.Package, File: st.File,
				Line: st.Line, Col: st.Col, Preempt: st.Preempt, Conflict: st.Conflict})
		}
	}
	return in
}

// Text writes s as `vtbound show` prints it: the failure, the sentence,
// the goroutines, the interleaving (the steps that matter, or every step
// when full), (c,v,t) in words and the replay command.
func Text(w io.Writer, s *schedule.Schedule, full bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "vtbound: %s: %s\n", s.Test, s.Oracle)
	if s.Package != "" {
		fmt.Fprintf(&b, "  package %s\n", s.Package)
	}
	if s.Sentence != "" {
		fmt.Fprintf(&b, "  what happened: %s\n", s.Sentence)
	}
	if s.Strategy != "" {
		fmt.Fprintf(&b, "  found by %s, seed %d, execution %d\n", s.Strategy, s.Seed, s.Execution)
	}
	if s.Version == 1 {
		b.WriteString("  note: a version-1 file: its sites are numeric IDs of the build that wrote it\n")
	}
	section(&b, "goroutines", s.GoroutineLines())
	title := "interleaving, the steps that matter (» marks a preemption)"
	if full {
		title = fmt.Sprintf("interleaving, all %d steps (» marks a preemption)", len(s.Steps))
	}
	section(&b, title, s.Interleaving(full))
	if words := s.CVTWords(); words != "" {
		fmt.Fprintf(&b, "  (c,v,t) = (%s): %s\n", s.CVT, words)
	}
	if cmd := s.ReplayCommand(); cmd != "" {
		fmt.Fprintf(&b, "  replay: %s\n", cmd)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func section(b *strings.Builder, title string, lines []string) {
	fmt.Fprintf(b, "  %s:\n", title)
	for _, l := range lines {
		fmt.Fprintf(b, "    %s\n", l)
	}
}
