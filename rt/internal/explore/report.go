package explore

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
	"github.com/vtbound/vtbound/rt/internal/strategy"
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
		switch {
		case s.Live && s.Pending.Kind == sched.OpStart:
			status = "never ran"
		case s.Live && s.Pending.Kind != sched.OpNone:
			status = "stopped at " + describeOp(s.Pending)
		case s.Live:
			status = "stopped after " + describeOp(s.Last)
		}
		out = append(out, fmt.Sprintf("G%d (%s): %s", s.ID, origin, status))
	}
	return out
}

// raceLines renders data races, each side with the operation the trace
// recorded at its site and the expression the site table records
// ("write inv.stock[item]"; "close", "WaitGroup.Add" for channel and
// WaitGroup sites, whose expressions the rewriter does not record).
func raceLines(races []engine.RaceReport, trace []sched.Step) []string {
	var out []string
	for _, r := range races {
		first, later := raceSteps(r, trace)
		out = append(out, fmt.Sprintf("G%d %s and G%d %s are not ordered by synchronisation",
			r.First.G, raceSide(r.First, trace, first), r.Later.G, raceSide(r.Later, trace, later)))
	}
	return out
}

// raceSteps returns the trace indices of a race's two sides, or -1: the
// later side's last step at its site, and the first side's last step at
// its site before that.
func raceSteps(r engine.RaceReport, trace []sched.Step) (first, later int) {
	later = lastStepAt(trace, len(trace), r.Later)
	end := later
	if end < 0 {
		end = len(trace)
	}
	return lastStepAt(trace, end, r.First), later
}

// lastStepAt returns the index of a's goroutine's last step at a's site
// before end, or -1.
func lastStepAt(trace []sched.Step, end int, a engine.RaceAccess) int {
	for i := end - 1; i >= 0; i-- {
		if trace[i].G == a.G && trace[i].Op.Site == a.Site {
			return i
		}
	}
	return -1
}

// raceSide renders one side of a race as "file.go:14 write c.n", or with
// the synchronisation operation that raced ("close ch", "wg.Add") when the
// step at i is not a memory access.
func raceSide(a engine.RaceAccess, trace []sched.Step, i int) string {
	if i >= 0 && !trace[i].Op.Kind.IsAccess() {
		what := syncWords(trace[i].Op)
		if where := siteLine(a.Site); where != "" {
			return where + " " + what
		}
		return what
	}
	return accessString(a)
}

// syncWords names a synchronisation operation that takes part in a race
// with the expression it operates on when the site table records one:
// "send ch", "close ch", "wg.Add", "wg.Wait" (or "WaitGroup.Add" unnamed).
func syncWords(op sched.Op) string {
	name := ""
	if s := engine.SiteInfo(op.Site); s != nil {
		name = s.Name
	}
	switch op.Kind {
	case sched.OpWGAdd, sched.OpWGDone, sched.OpWGWait:
		if name == "" {
			name = "WaitGroup"
		}
		method := map[sched.OpKind]string{sched.OpWGAdd: "Add", sched.OpWGDone: "Done", sched.OpWGWait: "Wait"}[op.Kind]
		return name + "." + method
	case sched.OpSelect:
		op.Kind = sched.OpSend // a select races through one of its send cases
	}
	if name == "" {
		return op.Kind.String()
	}
	return op.Kind.String() + " " + name
}

// syncDeed is a synchronisation operation of a race in a sentence:
// "closed ch", "sent on a channel", "called wg.Add"; a channel named
// before (again) is "it".
func syncDeed(op sched.Op, again bool) string {
	name := ""
	if s := engine.SiteInfo(op.Site); s != nil {
		name = s.Name
	}
	channel := name
	switch {
	case again:
		channel = "it"
	case channel == "":
		channel = "a channel"
	}
	switch op.Kind {
	case sched.OpClose:
		return "closed " + channel
	case sched.OpSend, sched.OpSelect:
		return "sent on " + channel
	case sched.OpWGAdd, sched.OpWGDone, sched.OpWGWait:
		return "called " + syncWords(op)
	}
	return "did " + syncWords(op)
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

// whatHappened is the report's first sentence (see whatHappenedSteps).
func whatHappened(res *engine.Result) string {
	s, _ := whatHappenedSteps(res)
	return s
}

// whatHappenedSteps is the report's first sentence and the trace indices
// of the steps it names: the unserializable interleaving behind an
// assertion failure or panic (else the order of the conflicting accesses
// before it), the goroutines a deadlock or leak left blocked, or the two
// sides of a data race; "" when no simple account fits.
func whatHappenedSteps(res *engine.Result) (string, []int) {
	switch res.Outcome {
	case sched.Deadlock, sched.Leak:
		if res.Failure != nil && res.Failure.Bound {
			return spinSentence(res.States), nil
		}
		return blockedSentence(res.States, res.Trace, res.Outcome), nil
	case sched.Failed, sched.Panicked:
		if s, named := explainSteps(res.Trace); s != "" {
			return s, named
		}
		if s, named := earlyWait(res.Trace, res.States); s != "" {
			return s, named
		}
		return orderSentence(res.Trace, res.States)
	case sched.Race:
		return raceSentence(res.RaceReports, res.Trace)
	}
	return "", nil
}

// earlyWait accounts for a failure after a WaitGroup's Wait returned
// before a goroutine its caller had started ran at all: "G1 returned from
// wg-wait at f.go:9 before G3, which it had started, ran: Wait did not
// wait for G3". It returns the sentence and the trace indices it names
// (the wait, and the goroutine's first step if it ran later), or "".
func earlyWait(trace []sched.Step, states []engine.GoroutineState) (string, []int) {
	first := map[int]int{} // goroutine -> index of its first step
	for i, st := range trace {
		if _, ok := first[st.G]; !ok {
			first[st.G] = i
		}
	}
	for i, st := range trace {
		if st.Op.Kind != sched.OpWGWait {
			continue
		}
		for _, c := range childrenOf(states, st.G, trace[:i]) {
			if f, ran := first[c]; ran && f < i {
				continue
			}
			named := []int{i}
			if f, ran := first[c]; ran {
				named = append(named, f)
			}
			return fmt.Sprintf("G%d returned from wg-wait at %s before G%d, which it had started, ran: Wait did not wait for G%d (an order violation).",
				st.G, siteLine(st.Op.Site), c, c), named
		}
	}
	return "", nil
}

// childrenOf returns the goroutines g had started by the end of prefix:
// as many of its children, in the order they were made, as go statements
// g ran in prefix.
func childrenOf(states []engine.GoroutineState, g int, prefix []sched.Step) []int {
	n := 0
	for _, st := range prefix {
		if st.G == g && st.Op.Kind == sched.OpGo {
			n++
		}
	}
	var out []int
	for _, s := range states {
		if s.Parent == g {
			out = append(out, s.ID)
		}
	}
	slices.Sort(out)
	return out[:min(n, len(out))]
}

// raceSentence tells the first data race: "G2 wrote x at f.go:3 and G3
// read it at f.go:5, and no synchronisation orders the two: a data race."
func raceSentence(races []engine.RaceReport, trace []sched.Step) (string, []int) {
	if len(races) == 0 {
		return "", nil
	}
	r := races[0]
	first, later := raceSteps(r, trace)
	same := first >= 0 && later >= 0 && trace[first].Op.Obj == trace[later].Op.Obj
	s := fmt.Sprintf("G%d %s and G%d %s, and no synchronisation orders the two: a data race.",
		r.First.G, raceDeed(r.First, trace, first, false), r.Later.G, raceDeed(r.Later, trace, later, same))
	var named []int
	for _, i := range []int{first, later} {
		if i >= 0 {
			named = append(named, i)
		}
	}
	return s, named
}

// raceDeed is one side of a race in a sentence: "wrote c.n at f.go:3",
// "closed ch at f.go:7" ("closed it" when again names the channel of the
// other side).
func raceDeed(a engine.RaceAccess, trace []sched.Step, i int, again bool) string {
	where := siteLine(a.Site)
	if i >= 0 && !trace[i].Op.Kind.IsAccess() {
		return syncDeed(trace[i].Op, again) + " at " + where
	}
	kind := sched.OpRead
	if a.Write {
		kind = sched.OpWrite
	}
	return fmt.Sprintf("%s %s at %s", pastTense(a.Write), varName(sched.Op{Kind: kind, Site: a.Site, Group: engine.GroupOf(a.Site)}), where)
}

// story is what a report tells: the execution it describes (the minimised
// one when minimisation found a smaller schedule, otherwise the one that
// failed), its first sentence and the trace indices the sentence names,
// so that the sentence, the goroutines and the steps shown agree.
type story struct {
	res      *engine.Result
	sentence string
	named    []int
}

// newStory tells res.
func newStory(res *engine.Result) story {
	s, named := whatHappenedSteps(res)
	return story{res: res, sentence: s, named: named}
}

// blamed returns the goroutine the story's failure names, 0 if it names
// none or the story does not know it. A minimised execution numbers its
// goroutines as it started them, so the failing execution's number may
// be another goroutine there (a timer instead of the leaked goroutine).
func (s story) blamed() int {
	if f := s.res.Failure; f != nil {
		return f.G
	}
	return 0
}

// goroutines renders where each goroutine of the story ended.
func (s story) goroutines() []string { return goroutineLines(s.res.States) }

// steps renders the steps that matter, keeping those the sentence names.
func (s story) steps() []string { return essential(s.res.Trace, s.named...) }

// annotateStory fills the schedule file's readable parts (sentence,
// conflicting and essential steps) from the story it records, so that
// vtbound show prints what the report says.
func (d *driver) annotateStory(sf *schedfile.Schedule, st story) {
	d.annotate(sf, st.res)
	if len(st.res.Trace) != len(sf.Trace) {
		return
	}
	sf.Sentence = st.sentence
	sf.Conflicts = positions(conflicting(st.res.Trace), nil)
	sf.Essential = positions(nil, essentialMask(st.res.Trace, st.named...))
}

// tell minimises the failure when it can, and writes the report of the
// story: the minimised execution when minimisation found a smaller
// schedule, otherwise the failing one. path is the saved schedule of the
// failing execution; tell returns the path of the schedule to replay.
func (d *driver) tell(b *strings.Builder, res *engine.Result, sf *schedfile.Schedule, path string, found strategy.CVT, divergence string) string {
	st, replay := newStory(res), path
	var after strings.Builder
	minimised := false
	if divergence == "" && minimizable(res) && d.childrenAllowed() {
		if m, mpath := d.reportMinimized(&after, res, path, found); m != nil {
			st, replay, minimised = *m, mpath, true
		}
	}
	d.writeStory(b, res, st, sf, divergence)
	fmt.Fprintf(b, "  (c,v,t) = (%s) as found (%s); schedule saved: %s\n", sf.CVT, cvtWords(found), path)
	b.WriteString(after.String())
	if !minimised && minimizable(res) {
		section(b, "interleaving, the steps that matter (» marks a preemption)", st.steps())
	}
	fmt.Fprintf(b, "  replay: %s\n", d.replayCommand(replay))
	return replay
}

// reportMinimized minimises the failure, saves the minimised schedule
// next to the original and writes its steps that matter to b. It returns
// the story of the minimised execution and the path of its schedule, or
// nil when no smaller schedule was found or saved.
func (d *driver) reportMinimized(b *strings.Builder, res *engine.Result, original string, found strategy.CVT) (*story, string) {
	m, err := d.minimize(res, original)
	if err != nil {
		fmt.Fprintf(b, "  minimisation failed: %v\n", err)
		return nil, ""
	}
	if !m.cvt.Less(found) {
		fmt.Fprintf(b, "  (c,v,t) = (%s) after minimisation: no smaller schedule found\n", m.sf.CVT)
		return nil, ""
	}
	view := m.view
	if view == nil || len(view.Trace) != len(m.sf.Trace) {
		view = fileView(m.sf, res)
	}
	st := newStory(view)
	m.sf.Seed, m.sf.Execution = d.s.Seed, res.N
	d.annotateStory(m.sf, st)
	path, err := d.writeSchedule(m.sf)
	if err != nil {
		fmt.Fprintf(b, "  minimised schedule NOT saved: %v\n", err)
		return nil, ""
	}
	section(b, "minimised interleaving, the steps that matter (» marks a preemption)", st.steps())
	fmt.Fprintf(b, "  (c,v,t) = (%s) after minimisation (%s); minimised schedule saved: %s\n", m.sf.CVT, cvtWords(m.cvt), path)
	return &st, path
}

// fileView is the minimised execution as its schedule file records it,
// for when the execution itself was not recorded: the trace, and each
// goroutine's last step in it (the file keeps no pending operations).
func fileView(sf *schedfile.Schedule, res *engine.Result) *engine.Result {
	steps := fileSteps(sf.Trace)
	parent := map[int]int{}
	for _, s := range res.States {
		parent[s.ID] = s.Parent
	}
	var states []engine.GoroutineState
	index := map[int]int{}
	for _, st := range steps {
		i, ok := index[st.G]
		if !ok {
			i = len(states)
			index[st.G] = i
			states = append(states, engine.GoroutineState{ID: st.G, Parent: parent[st.G], Live: true})
		}
		if st.Op.Kind == sched.OpExit {
			states[i].Live = false
		} else {
			states[i].Last = st.Op
		}
	}
	slices.SortFunc(states, func(a, b engine.GoroutineState) int { return a.ID - b.ID })
	v := &engine.Result{States: states}
	v.Trace, v.Outcome = steps, res.Outcome
	return v
}

// writeReport renders the report of a failure that is its own story (a
// replayed schedule).
func (d *driver) writeReport(b *strings.Builder, res *engine.Result, sf *schedfile.Schedule, divergence string) {
	d.writeStory(b, res, newStory(res), sf, divergence)
}

// writeStory renders the failure report: the verdict, the story's
// sentence and goroutines, the failing execution's interleaving, and the
// story's races.
func (d *driver) writeStory(b *strings.Builder, res *engine.Result, st story, sf *schedfile.Schedule, divergence string) {
	fmt.Fprintf(b, "vtbound: %s: %s", d.t.Name(), sf.Oracle)
	if f := res.Failure; f != nil && f.Message != "" {
		fmt.Fprintf(b, ": %s", f.Message)
		if g := st.blamed(); g > 0 {
			fmt.Fprintf(b, " (G%d)", g)
		}
	}
	b.WriteString("\n")
	if st.sentence != "" {
		fmt.Fprintf(b, "  what happened: %s\n", st.sentence)
	}
	fmt.Fprintf(b, "  found by %s, seed %d, execution %d; trace hash %016x\n", sf.Strategy, sf.Seed, sf.Execution, res.Hash)
	if res.Uncontrolled {
		b.WriteString("  note: uncontrolled code was involved (a goroutine polled an object vtbound does not model)\n")
	}
	if divergence != "" {
		fmt.Fprintf(b, "  NONDETERMINISM: %s\n", divergence)
	}
	section(b, "goroutines", st.goroutines())
	section(b, "interleaving (» marks a preemption)", interleaving(res.Trace, res.Heap))
	if races := st.res.RaceReports; len(races) > 0 {
		section(b, "data races", raceLines(races, st.res.Trace))
	}
	if f := res.Failure; f != nil && f.Stack != "" {
		section(b, "panic stack", strings.Split(strings.TrimSpace(f.Stack), "\n"))
	}
}
