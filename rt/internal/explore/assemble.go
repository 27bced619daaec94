package explore

import (
	"fmt"
	"path"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/report"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// This file turns what an execution recorded (steps, goroutine states,
// races, with this build's numeric site and kind IDs) into the parts of a
// report.Report, which name sites by position and kinds by name, and
// chooses which steps a report shows.

// siteOf names a registered site by position, nil for none.
func siteOf(id int32) *report.Site {
	s := engine.SiteInfo(id)
	if s == nil {
		return nil
	}
	return &report.Site{Package: engine.SitePackage(id), File: s.File, Line: int(s.Line), Col: int(s.Col)}
}

// opOf names an operation: its kind, the variable an access touches and
// its site.
func opOf(op sched.Op) report.Op {
	return report.Op{Kind: op.Kind.String(), Var: varName(op), Site: siteOf(op.Site)}
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

// describeOp renders an operation as "file.go:14 write c.n".
func describeOp(op sched.Op) string { return opOf(op).String() }

// stepOf is the step at trace index i; heap names the registered heap
// objects its access may touch (nil: none worth naming).
func stepOf(i int, st sched.Step, heap []sched.HeapObject) report.Step {
	s := report.Step{N: i + 1, G: st.G, Op: opOf(st.Op), Preempt: st.Preempt}
	if st.Choice >= 0 {
		c := st.Choice
		s.Case = &c
	}
	if h := int(st.Op.Heap) - 1; h >= 0 && h < len(heap) {
		o := heap[h]
		s.Alloc = &report.Alloc{Site: siteOf(o.Site), N: o.N, Iter: o.Iter}
	}
	return s
}

// maxLines bounds the lines of an interleaving in a report; the schedule
// file keeps the whole trace.
const maxLines = 200

// foundSteps chooses the steps of a failing trace a report shows: all of
// them when short, otherwise the steps around each preemption and the
// last few. heap names the registered heap objects the accesses touch.
func foundSteps(trace []sched.Step, heap []sched.HeapObject) *report.Interleaving {
	const window, short, tail = 3, 40, 8 // tail: the steps that led to the failure
	heap = namedHeap(trace, heap)
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
	il := &report.Interleaving{Steps: []report.Step{}, Total: len(trace)}
	lines := 0
	for i, st := range trace {
		if lines >= maxLines {
			il.More = len(trace) - i
			break
		}
		if !keep[i] {
			continue
		}
		if i > 0 && !keep[i-1] {
			lines++ // the "..." line before it
		}
		il.Steps = append(il.Steps, stepOf(i, st, heap))
		lines++
	}
	return il
}

// interleaving renders the steps of a trace a report shows (see
// foundSteps). Preemptions are marked "»".
func interleaving(trace []sched.Step, heap []sched.HeapObject) []string {
	return report.FoundLines(foundSteps(trace, heap))
}

// namedHeap is heap when the trace touches two registered objects of one
// allocation site, whose steps a report then names by allocation, and nil
// otherwise (one object per site: its variable's name says enough).
func namedHeap(trace []sched.Step, heap []sched.HeapObject) []sched.HeapObject {
	if !sameSiteObjects(trace, heap) {
		return nil
	}
	return heap
}

// keptSteps lists the kept steps of a trace, cut at maxLines lines
// (counting a line for each run of steps left out), naming the heap
// objects of heap (see namedHeap).
func keptSteps(trace []sched.Step, heap []sched.HeapObject, keep []bool) *report.Interleaving {
	il := &report.Interleaving{Steps: []report.Step{}, Total: len(trace)}
	lines := 0
	for i, st := range trace {
		if !keep[i] {
			continue
		}
		if i > 0 && !keep[i-1] {
			lines++ // the "… n steps elided" line before it
		}
		if lines >= maxLines {
			il.More = len(trace) - i
			break
		}
		il.Steps = append(il.Steps, stepOf(i, st, heap))
		lines++
	}
	return il
}

// goroutinesOf tells where each goroutine ended.
func goroutinesOf(states []engine.GoroutineState) []report.Goroutine {
	var out []report.Goroutine
	for _, s := range states {
		g := report.Goroutine{ID: s.ID, Parent: s.Parent, End: report.Exited, Op: opOf(s.Last)}
		switch {
		case s.Live && s.Pending.Kind == sched.OpStart:
			g.End, g.Op = report.NeverRan, opOf(s.Pending)
		case s.Live && s.Pending.Kind != sched.OpNone:
			g.End, g.Op = report.StoppedAt, opOf(s.Pending)
		case s.Live:
			g.End = report.StoppedAfter
		}
		out = append(out, g)
	}
	return out
}

// goroutineLines renders each goroutine's last (or pending) operation.
func goroutineLines(states []engine.GoroutineState) []string {
	return report.GoroutineLines(goroutinesOf(states))
}

// racesOf names the two sides of each data race, each with the operation
// the trace recorded at its site (see raceSide).
func racesOf(races []engine.RaceReport, trace []sched.Step) []report.Race {
	var out []report.Race
	for _, r := range races {
		first, later := raceSteps(r, trace)
		out = append(out, report.Race{First: raceSide(r.First, trace, first), Later: raceSide(r.Later, trace, later)})
	}
	return out
}

// raceLines renders data races (see racesOf).
func raceLines(races []engine.RaceReport, trace []sched.Step) []string {
	return report.RaceLines(racesOf(races, trace))
}

// raceSide names one side of a race: a memory access by its kind (read
// or write) and the expression its site records ("write inv.stock[item]");
// when the step at trace index i is not a memory access, the
// synchronisation operation that raced, with the expression the site
// table records for its object ("close ch", "wg-add" of "wg"); a select
// races through one of its send cases.
func raceSide(a engine.RaceAccess, trace []sched.Step, i int) report.RaceSide {
	side := report.RaceSide{G: a.G}
	if i >= 0 {
		side.Step = i + 1
	}
	if i < 0 || trace[i].Op.Kind.IsAccess() {
		kind := sched.OpRead
		if a.Write {
			kind = sched.OpWrite
		}
		side.Op = opOf(sched.Op{Kind: kind, Site: a.Site, Group: engine.GroupOf(a.Site)})
		return side
	}
	kind := trace[i].Op.Kind
	if kind == sched.OpSelect {
		kind = sched.OpSend
	}
	side.Op = report.Op{Kind: kind.String(), Site: siteOf(a.Site)}
	if s := engine.SiteInfo(trace[i].Op.Site); s != nil {
		side.Op.Var = s.Name
	}
	return side
}

// cvtOf converts a strategy's (c,v,t).
func cvtOf(c strategy.CVT) *report.CVT {
	return &report.CVT{C: c.C, V: c.V, T: c.T}
}

// hashString renders a trace hash as reports and schedule files do.
func hashString(h uint64) string { return fmt.Sprintf("%016x", h) }

// timingOf tells res's wake-ups that beat work (engine.EarlyWake) that
// came before the failure: each with the goroutine whose next step came
// after it, and that step's site, as what the wake-up beat.
func timingOf(res *engine.Result) []report.Wake {
	var ws []report.Wake
	for _, w := range res.EarlyWakes {
		if w.Step >= len(res.Trace) || res.FailedBy > 0 && w.Step >= res.FailedBy {
			continue
		}
		wake := report.Wake{G: w.G, Waited: w.Waited.String(), What: res.Trace[w.Step].Op.Kind.String(), Step: w.Step + 1}
		for _, st := range res.Trace[w.Step+1:] {
			if st.G != w.G && st.Op.Site != 0 {
				wake.Before, wake.At = st.G, siteLine(st.Op.Site)
				break
			}
		}
		ws = append(ws, wake)
	}
	return ws
}
