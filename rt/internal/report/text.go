package report

import (
	"fmt"
	"strings"
)

// This file renders a Report as the text printed through testing.T.
// docs/reports.md shows it section by section.

// Text renders r as the test report.
func (r *Report) Text() string {
	var b strings.Builder
	switch r.Kind {
	case EverySchedule, NotRepeatable, FailsNatively, PassesNatively:
		r.writeVerdict(&b)
	case ReplayDiverged:
		fmt.Fprintf(&b, "vtbound: %s: %s: %s (oracle %q no longer reproduced)", r.Test, r.Oracle, r.Message, r.Expected)
	default:
		r.writeStory(&b)
		r.writeSchedules(&b)
	}
	return b.String()
}

// header writes the first line's start: "vtbound: TestX: deadlock: all
// goroutines are blocked (G2)".
func (r *Report) header(b *strings.Builder) {
	fmt.Fprintf(b, "vtbound: %s: %s", r.Test, r.Oracle)
	if r.Message != "" {
		fmt.Fprintf(b, ": %s", r.Message)
		if r.G > 0 {
			fmt.Fprintf(b, " (G%d)", r.G)
		}
	}
}

// verdictTitles end the first line of a report that is not about an
// interleaving.
var verdictTitles = map[Kind]string{
	EverySchedule:  "fails on every schedule: not an interleaving bug",
	NotRepeatable:  "not repeatable in one process",
	FailsNatively:  "fails when run natively; no execution completed under vtbound",
	PassesNatively: "passes when run natively: vtbound's model of this test differs from Go's, so this says nothing about the program (please report it); the failure mark of a parallel test cannot be taken back",
}

// writeVerdict writes a failure that is not an interleaving bug: the
// verdict and how it was reached, without schedule or replay command.
func (r *Report) writeVerdict(b *strings.Builder) {
	r.header(b)
	fmt.Fprintf(b, "; %s\n  %s\n", verdictTitles[r.Kind], r.Why)
	if r.Kind == NotRepeatable {
		b.WriteString("  the test depends on state an earlier execution (or an earlier test) left in the process\n")
		if len(r.LeftBehind) > 0 {
			section(b, "left behind", r.LeftBehind)
		}
	}
	if len(r.Goroutines) > 0 {
		section(b, "goroutines", GoroutineLines(r.Goroutines))
	}
	if len(r.Stack) > 0 {
		section(b, "panic stack", r.Stack)
	}
	if len(r.Native) > 0 {
		section(b, "native run", r.Native)
	}
	b.WriteString("  no schedule is saved (replaying one would not show an interleaving)\n")
}

// writeStory writes the failure: the header, the story's sentence, who
// found it, the story's goroutines, the failing interleaving as found
// (unless its steps that matter follow: vtbound show prints every step),
// the story's races and the panic stack.
func (r *Report) writeStory(b *strings.Builder) {
	r.header(b)
	b.WriteString("\n")
	if s := r.WhatHappened(); s != "" {
		fmt.Fprintf(b, "  what happened: %s\n", s)
	}
	if r.WallPhase != "" {
		fmt.Fprintf(b, "  wall clock: started %s (the schedule replays it)\n", r.WallPhase)
	}
	if f := r.Found; f != nil {
		fmt.Fprintf(b, "  found by %s, seed %d, execution %d; trace hash %s\n", f.Strategy, f.Seed, f.Execution, f.TraceHash)
	}
	if r.Uncontrolled {
		b.WriteString("  note: uncontrolled code was involved (a goroutine polled an object vtbound does not model)\n")
	}
	if r.Long {
		b.WriteString("  note: a long test (docs/model.md#long-tests): the steps shown are its scheduling points; most synchronisation, and the accesses of variables not tracked, took none\n")
	}
	if r.Nondeterminism != "" {
		fmt.Fprintf(b, "  NONDETERMINISM: %s\n", r.Nondeterminism)
	}
	section(b, "goroutines", GoroutineLines(r.Goroutines))
	if r.Steps == nil {
		section(b, "interleaving (» marks a preemption)", FoundLines(r.Interleaving))
	}
	if len(r.Races) > 0 {
		section(b, "data races", RaceLines(r.Races))
	}
	if len(r.Stack) > 0 {
		section(b, "panic stack", r.Stack)
	}
}

// writeSchedules writes what was saved and how to replay it: the saved
// schedule and (c,v,t) as found, minimisation, the steps that matter and
// the replay command.
func (r *Report) writeSchedules(b *strings.Builder) {
	if r.ScheduleError != "" {
		fmt.Fprintf(b, "  schedule NOT saved: %s\n", r.ScheduleError)
	}
	if r.Kind == ReplayFails {
		fmt.Fprintf(b, "  saved schedule still fails: %s\n", r.Replayed)
	}
	if r.CVT != nil && r.Schedule != "" {
		fmt.Fprintf(b, "  (c,v,t) = (%s) as found (%s); schedule saved: %s\n", r.CVT, r.CVT.Words(), r.Schedule)
	}
	if m := r.Minimisation; m != nil {
		r.writeMinimisation(b, m)
	}
	if !r.Minimisation.Saved() && r.Steps != nil {
		section(b, "interleaving, the steps that matter (» marks a preemption)", SteppedLines(r.Steps))
	}
	if s := r.ReplaySchedule(); r.Steps != nil && s != "" {
		fmt.Fprintf(b, "  every step: vtbound show -full %s\n", s)
	}
	if r.Replay != "" {
		fmt.Fprintf(b, "  replay: %s\n", r.Replay)
	}
}

// writeMinimisation writes what minimisation found: the minimised
// story's steps that matter and its (c,v,t), or why there is none.
func (r *Report) writeMinimisation(b *strings.Builder, m *Minimisation) {
	switch {
	case m.Error != "":
		fmt.Fprintf(b, "  minimisation failed: %s\n", m.Error)
	case !m.Smaller:
		fmt.Fprintf(b, "  (c,v,t) = (%s) after minimisation: no smaller schedule found\n", m.CVT)
	case m.SaveError != "":
		fmt.Fprintf(b, "  minimised schedule NOT saved: %s\n", m.SaveError)
	default:
		section(b, "minimised interleaving, the steps that matter (» marks a preemption)", SteppedLines(r.Steps))
		fmt.Fprintf(b, "  (c,v,t) = (%s) after minimisation (%s); minimised schedule saved: %s\n", m.CVT, m.CVT.Words(), m.Schedule)
	}
}

// section writes a titled, indented list.
func section(b *strings.Builder, title string, lines []string) {
	fmt.Fprintf(b, "  %s:\n", title)
	for _, l := range lines {
		fmt.Fprintf(b, "    %s\n", l)
	}
}

// String renders op as the report does: "file.go:14 write c.n"; without
// its site for a goroutine's start and exit and for an operation without
// one.
func (op Op) String() string {
	what := op.Kind
	if op.Var != "" {
		what += " " + op.Var
	}
	if op.Site == nil || op.Kind == "start" || op.Kind == "exit" {
		return what
	}
	return op.Site.Where() + " " + what
}

// GoroutineLines renders where each goroutine ended: "G2 (started by
// G1): stopped at f.go:9 lock".
func GoroutineLines(gs []Goroutine) []string {
	var out []string
	for _, g := range gs {
		origin := "test body"
		if g.Parent > 0 {
			origin = fmt.Sprintf("started by G%d", g.Parent)
		}
		out = append(out, fmt.Sprintf("G%d (%s): %s", g.ID, origin, g.status()))
	}
	return out
}

// status is where g ended, in words.
func (g Goroutine) status() string {
	switch g.End {
	case NeverRan:
		return "never ran"
	case StoppedAt:
		return "stopped at " + g.Op.String()
	case StoppedAfter:
		return "stopped after " + g.Op.String()
	}
	return "exited after " + g.Op.String()
}

// RaceLines renders each race: "G2 f.go:9 write c.n and G3 f.go:12 read
// c.n are not ordered by synchronisation".
func RaceLines(races []Race) []string {
	var out []string
	for _, r := range races {
		out = append(out, fmt.Sprintf("G%d %s and G%d %s are not ordered by synchronisation",
			r.First.G, r.First.words(), r.Later.G, r.Later.words()))
	}
	return out
}

// wgMethods name the WaitGroup method of a WaitGroup operation.
var wgMethods = map[string]string{"wg-add": "Add", "wg-done": "Done", "wg-wait": "Wait"}

// words renders a race side: its site and the operation, a WaitGroup's
// as its method ("wg.Add", "WaitGroup.Wait" when the expression is not
// recorded).
func (s RaceSide) words() string {
	method, ok := wgMethods[s.Op.Kind]
	if !ok {
		return s.Op.String()
	}
	what := s.Op.Var
	if what == "" {
		what = "WaitGroup"
	}
	what += "." + method
	if s.Op.Site == nil {
		return what
	}
	return s.Op.Site.Where() + " " + what
}

// line renders a step: "»   12 G2 f.go:9 write c.n".
func (st Step) line() string {
	mark := " "
	if st.Preempt {
		mark = "»"
	}
	return fmt.Sprintf("%s %4d G%d %s", mark, st.N, st.G, st.Op)
}

// FoundLines renders a failing interleaving as found: each step shown,
// with its heap object and select case, and "..." where steps are left
// out.
func FoundLines(il *Interleaving) []string {
	if il == nil {
		return nil
	}
	var out []string
	last := 0
	for _, st := range il.Steps {
		if st.N > last+1 {
			out = append(out, "      ...")
		}
		out = append(out, st.detailed())
		last = st.N
	}
	switch {
	case il.More > 0:
		out = append(out, fmt.Sprintf("      ... (%d more steps; the schedule file has the whole trace)", il.More))
	case last < il.Total:
		out = append(out, "      ...")
	}
	return out
}

// detailed renders a step with its heap object and select case.
func (st Step) detailed() string {
	line := st.line() + st.Alloc.note()
	if st.Case != nil {
		line += fmt.Sprintf(" (case %d)", *st.Case)
	}
	return line
}

// note renders a heap object: " [list.go:14 allocation #2, loop
// iteration 1]", "" for none.
func (a *Alloc) note() string {
	if a == nil {
		return ""
	}
	where := "?"
	if a.Site != nil {
		where = a.Site.Where()
	}
	return fmt.Sprintf(" [%s allocation #%d, loop iteration %d]", where, a.N, a.Iter)
}

// SteppedLines renders the steps that matter, with their heap objects and
// select cases, counting each run of steps left out: "… 6 steps elided".
func SteppedLines(il *Interleaving) []string {
	if il == nil {
		return nil
	}
	var out []string
	last := 0
	elided := func(n int) {
		if n > 0 {
			out = append(out, fmt.Sprintf("      … %d step%s elided", n, plural(n)))
		}
	}
	for _, st := range il.Steps {
		elided(st.N - last - 1)
		out = append(out, st.detailed())
		last = st.N
	}
	if il.More > 0 {
		elided(il.Total - il.More - last)
		return append(out, fmt.Sprintf("      … %d more steps (the schedule file has the whole trace)", il.More))
	}
	elided(il.Total - last)
	return out
}

// TimingLine tells the wake-ups that beat work: "G1's 5ms sleep ended
// before G2 reached collector.go:14 (step 7)", joined by "; then ".
func TimingLine(ws []Wake) string {
	if len(ws) == 0 {
		return ""
	}
	parts := make([]string, 0, len(ws))
	for _, w := range ws {
		s := fmt.Sprintf("G%d's %s %s ended", w.G, w.Waited, w.What)
		if w.Before > 0 {
			s += fmt.Sprintf(" before G%d reached %s", w.Before, w.At)
		} else {
			s += " while other goroutines could run"
		}
		parts = append(parts, s+fmt.Sprintf(" (step %d)", w.Step))
	}
	return strings.Join(parts, "; then ")
}

// WhatHappened is the story's account in the text report: the sentence,
// led by the wake-ups that beat work when the failure is timing-dependent
// ("timing-dependent: G1's 5ms sleep ended before G2 reached a.go:9 (step
// 4); then G2 wrote ..."): natively the failure needs work delayed that
// long, which is what the reader must know first.
func (r *Report) WhatHappened() string {
	t := TimingLine(r.Timing)
	switch {
	case t == "":
		return r.Sentence
	case r.Sentence == "":
		return "timing-dependent: " + t + "."
	}
	return "timing-dependent: " + t + "; then " + lowerFirst(r.Sentence)
}

// lowerFirst lowers s's first letter unless it starts a goroutine's name
// ("G1 wrote ...").
func lowerFirst(s string) string {
	if s == "" || s[0] == 'G' && len(s) > 1 && s[1] >= '0' && s[1] <= '9' {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
