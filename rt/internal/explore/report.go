package explore

import (
	"fmt"
	"path"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// describeOp renders an operation as "file.go:14 write c.n".
func describeOp(op sched.Op) string {
	where := siteLine(op.Site)
	what := op.Kind.String()
	if name := varName(op); name != "" {
		what += " " + name
	}
	if where == "" || op.Kind == sched.OpStart || op.Kind == sched.OpExit {
		return what
	}
	return where + " " + what
}

// siteLine renders a registered site as "file.go:14", or "" for none.
func siteLine(site int32) string {
	if s := engine.SiteInfo(site); s != nil {
		return fmt.Sprintf("%s:%d", path.Base(s.File), s.Line)
	}
	return ""
}

// varName is the short name of an access's variable group: the part after
// the package path ("a", "T.f"), or the whole group for captured
// variables and allocation sites.
func varName(op sched.Op) string {
	if !op.Kind.IsAccess() {
		return ""
	}
	if s := engine.SiteInfo(op.Site); s != nil && s.Name != "" {
		return s.Name
	}
	g := engine.GroupName(op.Group)
	if g == "" {
		if s := engine.SiteInfo(op.Site); s != nil {
			g = s.Group
		}
	}
	if strings.Contains(g, ":") {
		return g
	}
	if i := strings.LastIndex(g, "/"); i >= 0 {
		g = g[i+1:]
	}
	if i := strings.Index(g, "."); i >= 0 {
		g = g[i+1:]
	}
	return g
}

// heapNote describes the registered heap object an access touches, as
// " [list.go:14 allocation #2, loop iteration 1]", or "".
func heapNote(op sched.Op, heap []sched.HeapObject) string {
	i := int(op.Heap) - 1
	if i < 0 || i >= len(heap) {
		return ""
	}
	o := heap[i]
	where := siteLine(o.Site)
	if where == "" {
		where = "?"
	}
	return fmt.Sprintf(" [%s allocation #%d, loop iteration %d]", where, o.N, o.Iter)
}

// interleaving renders the steps of a trace: all of them when short,
// otherwise the steps around each preemption and the last few. Preemptions
// are marked "»".
// heap names the registered heap objects the accesses touch.
func interleaving(trace []sched.Step, heap []sched.HeapObject) []string {
	const window, short = 3, 40
	if !sameSiteObjects(trace, heap) {
		heap = nil // one object per allocation site: its name says enough
	}
	const tail = 8 // the steps that led to the failure
	keep := make([]bool, len(trace))
	for i, st := range trace {
		if len(trace) <= short || i >= len(trace)-tail {
			keep[i] = true
		}
		if st.Preempt {
			for j := max(0, i-window); j <= min(len(trace)-1, i+window); j++ {
				keep[j] = true
			}
		}
	}
	const maxLines = 200
	var out []string
	gap := false
	for i, st := range trace {
		if len(out) >= maxLines {
			out = append(out, fmt.Sprintf("      ... (%d more steps; the schedule file has the whole trace)", len(trace)-i))
			return out
		}
		if !keep[i] {
			gap = true
			continue
		}
		if gap {
			out = append(out, "      ...")
			gap = false
		}
		mark := " "
		if st.Preempt {
			mark = "»"
		}
		line := fmt.Sprintf("%s %4d G%d %s%s", mark, i+1, st.G, describeOp(st.Op), heapNote(st.Op, heap))
		if st.Choice >= 0 {
			line += fmt.Sprintf(" (case %d)", st.Choice)
		}
		out = append(out, line)
	}
	if gap {
		out = append(out, "      ...")
	}
	return out
}

// goroutineLines renders each goroutine's last (or pending) operation.
func goroutineLines(states []engine.GoroutineState) []string {
	var out []string
	for _, s := range states {
		origin := "test body"
		if s.Parent > 0 {
			origin = fmt.Sprintf("started by G%d", s.Parent)
		}
		status := "exited after " + describeOp(s.Last)
		if s.Live {
			status = "stopped at " + describeOp(s.Pending)
		}
		out = append(out, fmt.Sprintf("G%d (%s): %s", s.ID, origin, status))
	}
	return out
}

// raceLines renders data races.
func raceLines(races []engine.RaceReport) []string {
	var out []string
	for _, r := range races {
		out = append(out, fmt.Sprintf("G%d %s and G%d %s are not ordered by synchronisation",
			r.First.G, accessString(r.First), r.Later.G, accessString(r.Later)))
	}
	return out
}

func accessString(a engine.RaceAccess) string {
	kind := sched.OpRead
	if a.Write {
		kind = sched.OpWrite
	}
	return describeOp(sched.Op{Kind: kind, Site: a.Site, Group: engine.GroupOf(a.Site)})
}

// fileInterleaving renders a trace read from a schedule file like
// interleaving does.
func fileInterleaving(trace []schedfile.Step) []string {
	return interleaving(fileSteps(trace), nil)
}

// fileSteps turns a trace read from a schedule file into steps, resolving
// the site and kind names of a version-2 file in this build.
func fileSteps(trace []schedfile.Step) []sched.Step {
	resolveTrace(trace)
	steps := make([]sched.Step, len(trace))
	for i, st := range trace {
		steps[i] = sched.Step{G: st.G, Op: sched.Op{Kind: sched.OpKind(st.Kind), Site: st.Site, Group: engine.GroupOf(st.Site)}, Choice: -1, Preempt: st.Preempt}
	}
	return steps
}

// whatHappened is the report's first sentence: the unserializable
// interleaving behind an assertion failure or panic, or the goroutines a
// deadlock or leak left blocked; "" when no simple account fits (a data
// race is explained by its own section).
func whatHappened(res *engine.Result) string {
	switch res.Outcome {
	case sched.Deadlock, sched.Leak:
		return blockedSentence(res.States, res.Trace, res.Outcome)
	case sched.Failed, sched.Panicked:
		return explain(res.Trace)
	}
	return ""
}
