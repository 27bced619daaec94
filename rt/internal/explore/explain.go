package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/report"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// This file turns a failing interleaving into what a newcomer reads first:
// one plain sentence, the steps that matter, and (c,v,t) in words.

// access is one memory access of a trace, as a report names it.
type access struct {
	step  int // index in the trace
	g     int
	write bool
	name  string // the variable as the report shows it
	where string // file:line
	key   string // identity of the location: group and object
}

// accesses lists the trace's memory accesses that the report can name.
func accesses(trace []sched.Step) []access {
	var out []access
	for i, st := range trace {
		if !st.Op.Kind.IsAccess() {
			continue
		}
		name, where := varName(st.Op), siteLine(st.Op.Site)
		if name == "" || where == "" {
			continue
		}
		out = append(out, access{step: i, g: st.G, write: st.Op.Kind.IsWrite(), name: name, where: where,
			key: locKey(st.Op)})
	}
	return out
}

// locKey identifies the location an access touches: the object the
// execution numbered for its address when there is one, else its variable
// group. The group and the expression are not part of it: a whole-array
// read (`range b.used`) and an element write (`b.used[i]`) of the same
// address belong to different groups but meet. Steps read back from a
// schedule file carry no object number: their key is the group.
func locKey(op sched.Op) string {
	if op.Obj != 0 {
		return fmt.Sprintf("o%d", op.Obj)
	}
	return fmt.Sprintf("g%d", op.Group)
}

// explain returns one sentence saying what went wrong in trace, or "" when
// no simple account fits (see explainSteps).
func explain(trace []sched.Step) string {
	s, _ := explainSteps(trace)
	return s
}

// explainSteps returns one sentence saying what went wrong in trace and
// the trace indices of the accesses it names, or "" when no simple account
// fits. It looks for the last unserializable interleaving
// (ctrigger-unserializable-interleavings.txt, Fig. 3): two consecutive
// accesses p, c of one goroutine to a location with a remote access r to
// it in between, such that no serial order of the two goroutines gives the
// same values. A pattern whose goroutine was preempted between p and c
// comes first: in a long trace (a stress test's thousands of rounds) a
// goroutine's accesses of consecutive rounds, with another goroutine's
// round between, make the pattern too, although nothing interrupted
// either round.
func explainSteps(trace []sched.Step) (string, []int) {
	acc := accesses(trace)
	pre := preemptedAt(trace)
	if s, steps := findPattern(acc, func(p, c access) bool { return preemptedBetween(pre[c.g], p.step, c.step) }); s != "" {
		return s, steps
	}
	return findPattern(acc, func(access, access) bool { return true })
}

// preemptedAt lists, per goroutine, the trace indices at which another
// goroutine preempted it, ascending.
func preemptedAt(trace []sched.Step) map[int][]int {
	pre := map[int][]int{}
	for i, st := range trace {
		if i > 0 && st.Preempt && trace[i-1].G != st.G {
			pre[trace[i-1].G] = append(pre[trace[i-1].G], i)
		}
	}
	return pre
}

// preemptedBetween reports whether one of the indices at (ascending) lies
// in (from, to].
func preemptedBetween(at []int, from, to int) bool {
	k, _ := slices.BinarySearch(at, from+1)
	return k < len(at) && at[k] <= to
}

// findPattern returns the last unserializable pattern (see explainSteps)
// whose accesses p and c pass ok, with its steps.
func findPattern(acc []access, ok func(p, c access) bool) (string, []int) {
	for ci := len(acc) - 1; ci > 0; ci-- {
		c := acc[ci]
		pi := ci - 1
		for pi >= 0 && (acc[pi].g != c.g || acc[pi].key != c.key) {
			pi--
		}
		if pi < 0 {
			continue
		}
		p := acc[pi]
		if !ok(p, c) {
			continue
		}
		for ri := ci - 1; ri > pi; ri-- {
			if r := acc[ri]; r.g != c.g && r.key == c.key {
				if s := uiSentence(p, r, c); s != "" {
					return s, []int{p.step, r.step, c.step}
				}
			}
		}
	}
	return "", nil
}

// it names a's variable in a sentence that already named first's: "it"
// when the expressions are the same, the expression otherwise.
func it(a, first access) string {
	if a.name == first.name {
		return "it"
	}
	return a.name
}

// uiSentence describes the unserializable pattern (p, r, c), or "" when
// the pattern is serializable.
func uiSentence(p, r, c access) string {
	gp, gr := fmt.Sprintf("G%d", p.g), fmt.Sprintf("G%d", r.g)
	ir, ic := it(r, p), it(c, p)
	switch {
	case !p.write && r.write && !c.write: // R-W-R
		return fmt.Sprintf("%s read %s at %s, %s wrote %s at %s, and %s read %s again at %s: %s saw two different values where it expected one.",
			gp, p.name, p.where, gr, ir, r.where, gp, ic, c.where, gp)
	case p.write && r.write && !c.write: // W-W-R
		return fmt.Sprintf("%s wrote %s at %s, %s overwrote %s at %s, and %s read %s back at %s: %s did not get the value it wrote.",
			gp, p.name, p.where, gr, ir, r.where, gp, ic, c.where, gp)
	case !p.write && r.write && c.write: // R-W-W
		return fmt.Sprintf("%s read %s at %s, %s wrote %s at %s, then %s wrote %s at %s from what it had read before: %s acted on a stale value.",
			gp, p.name, p.where, gr, ir, r.where, gp, ic, c.where, gp)
	case p.write && !r.write && c.write: // W-R-W
		again := "again"
		if ic != "it" {
			again = ic
		}
		return fmt.Sprintf("%s wrote %s at %s and %s at %s, and %s read %s in between at %s: %s saw an intermediate state.",
			gp, p.name, p.where, again, c.where, gr, ir, r.where, gr)
	}
	return ""
}

// orderSentence accounts for a failure no unserializable interleaving
// explains: the last access c that conflicts with earlier accesses of
// other goroutines (one of each pair a write), with the latest such access
// of each of them: "G3 wrote a at f.go:2 before G2 read it at f.go:1". A
// pair whose second goroutine waited in between (see joined) is left out:
// its order is the program's, not the schedule's; so is a pair whose
// first goroutine started the second's (or an ancestor of it) after its
// access (see startedAfter). It returns the sentence and the trace indices
// it names, or "" when no two goroutines' accesses conflict.
func orderSentence(trace []sched.Step, states []engine.GoroutineState) (string, []int) {
	acc := accesses(trace)
	for ci := len(acc) - 1; ci > 0; ci-- {
		c := acc[ci]
		seen := map[int]bool{c.g: true}
		var before []access
		for ri := ci - 1; ri >= 0; ri-- {
			r := acc[ri]
			if !seen[r.g] && r.key == c.key && (r.write || c.write) && !joined(trace, c.g, r.step, c.step) && !startedAfter(trace, states, r, c.g) {
				seen[r.g] = true
				before = append([]access{r}, before...)
			}
		}
		if len(before) > 0 {
			return orderWords(before, c)
		}
	}
	return "", nil
}

// joined reports whether goroutine g waited for another one between
// trace indices from and to: a WaitGroup wait, a receive or a select,
// which may order what came before them in other goroutines before what g
// does next (a lock does not: which goroutine locks first is the
// schedule's choice).
func joined(trace []sched.Step, g, from, to int) bool {
	for _, st := range trace[from+1 : to] {
		if st.G == g && (st.Op.Kind == sched.OpWGWait || st.Op.Kind == sched.OpRecv || st.Op.Kind == sched.OpSelect) {
			return true
		}
	}
	return false
}

// startedAfter reports whether goroutine g was started, directly or
// through its ancestors, by a go statement of r's goroutine after r: then
// r happens before everything g does. A go step of r's goroutine is
// matched with its children in creation order; when they cannot be
// matched (children started otherwise, such as timers), it reports false.
func startedAfter(trace []sched.Step, states []engine.GoroutineState, r access, g int) bool {
	parent := map[int]int{}
	var kids []int
	for _, st := range states {
		parent[st.ID] = st.Parent
		if st.Parent == r.g {
			kids = append(kids, st.ID)
		}
	}
	a := g
	for parent[a] != r.g {
		if a = parent[a]; a == 0 {
			return false
		}
	}
	var gos []int
	for i, st := range trace {
		if st.G == r.g && st.Op.Kind == sched.OpGo {
			gos = append(gos, i)
		}
	}
	slices.Sort(kids)
	k := slices.Index(kids, a)
	return len(gos) == len(kids) && gos[k] > r.step
}

// orderWords renders orderSentence's account of the accesses before c.
func orderWords(before []access, c access) (string, []int) {
	var parts []string
	var steps []int
	for i, r := range before {
		name := r.name
		if i > 0 {
			name = it(r, before[0])
		}
		parts = append(parts, fmt.Sprintf("G%d %s %s at %s", r.g, pastTense(r.write), name, r.where))
		steps = append(steps, r.step)
	}
	s := fmt.Sprintf("%s before G%d %s %s at %s: in this order the test fails (an order violation).",
		strings.Join(parts, " and "), c.g, pastTense(c.write), it(c, before[0]), c.where)
	return s, append(steps, c.step)
}

// pastTense is the verb of an access in a sentence.
func pastTense(write bool) string {
	if write {
		return "wrote"
	}
	return "read"
}

// essential renders the steps of a (minimised) trace that matter: the
// accesses to locations that two goroutines touch with at least one write,
// each preemption, synchronisation next to those, and each goroutine's last
// step, and the steps named (those the report's sentence names). The
// elided steps are counted.
func essential(trace []sched.Step, named ...int) []string {
	return renderKept(trace, essentialMask(trace, named...))
}

// essentialMask marks the steps essential renders.
func essentialMask(trace []sched.Step, named ...int) []bool {
	keep := make([]bool, len(trace))
	for _, i := range append(conflicting(trace), named...) {
		if i >= 0 && i < len(trace) {
			keep[i] = true
		}
	}
	last := map[int]int{}
	for i, st := range trace {
		last[st.G] = i
		if st.Preempt {
			keep[i] = true
		}
	}
	for _, i := range last {
		keep[i] = true
	}
	if count(keep) > maxLines {
		keep = focused(trace, keep, named)
	}
	keepSyncNeighbours(trace, keep)
	return keep
}

// focused narrows the steps a long trace keeps (a stress test's every
// access to its counter conflicts) to those around its preemptions: the
// steps the sentence names, each preemption with the preempted
// goroutine's step before it and its next step after, and each
// goroutine's last step among those keep marks.
func focused(trace []sched.Step, keep []bool, named []int) []bool {
	out := make([]bool, len(trace))
	for _, i := range named {
		if i >= 0 && i < len(trace) {
			out[i] = true
		}
	}
	last := map[int]int{}
	for i, st := range trace {
		if keep[i] {
			last[st.G] = i
		}
		if !st.Preempt || i == 0 {
			continue
		}
		out[i], out[i-1] = true, true
		if j := nextOf(trace, i, trace[i-1].G); j >= 0 {
			out[j] = true
		}
	}
	for _, i := range last {
		out[i] = true
	}
	return out
}

// nextOf returns the index of goroutine g's first step after index i, -1
// if none.
func nextOf(trace []sched.Step, i, g int) int {
	for j := i + 1; j < len(trace); j++ {
		if trace[j].G == g {
			return j
		}
	}
	return -1
}

// count returns the number of set marks.
func count(marks []bool) int {
	n := 0
	for _, m := range marks {
		if m {
			n++
		}
	}
	return n
}

// conflicting returns the trace indices of accesses to locations that at
// least two goroutines access, one of them with a write.
func conflicting(trace []sched.Step) []int {
	type use struct {
		gs    map[int]bool
		write bool
		steps []int
	}
	uses := map[string]*use{}
	for _, a := range accesses(trace) {
		u := uses[a.key]
		if u == nil {
			u = &use{gs: map[int]bool{}}
			uses[a.key] = u
		}
		u.gs[a.g], u.write, u.steps = true, u.write || a.write, append(u.steps, a.step)
	}
	var out []int
	for _, u := range uses {
		if len(u.gs) > 1 && u.write {
			out = append(out, u.steps...)
		}
	}
	return out
}

// keepSyncNeighbours keeps a synchronisation step of the same goroutine
// right before or after a kept step (the lock around an access, the
// channel operation that ordered it).
func keepSyncNeighbours(trace []sched.Step, keep []bool) {
	kept := append([]bool(nil), keep...)
	for i, k := range kept {
		if !k {
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(trace) && trace[j].G == trace[i].G && trace[j].Op.Kind.Info().Orders() {
				keep[j] = true
			}
		}
	}
}

// renderKept renders the kept steps, with a line counting each run of
// elided steps.
func renderKept(trace []sched.Step, keep []bool) []string {
	return report.SteppedLines(keptSteps(trace, nil, keep))
}

// cvtWords explains (c,v,t) on first use: "1 preemption, 1 variable,
// 2 goroutines".
func cvtWords(c strategy.CVT) string { return cvtOf(c).Words() }

// sameSiteObjects reports whether the trace touches two or more registered
// heap objects allocated at one site: only then does a report need the
// allocation identity to tell them apart.
func sameSiteObjects(trace []sched.Step, heap []sched.HeapObject) bool {
	seen := map[int32]int32{} // allocation site -> heap index + 1
	for _, st := range trace {
		i := int(st.Op.Heap) - 1
		if i < 0 || i >= len(heap) {
			continue
		}
		site := heap[i].Site
		if prev, ok := seen[site]; ok && prev != st.Op.Heap {
			return true
		}
		seen[site] = st.Op.Heap
	}
	return false
}

// blockedSentence names the goroutines a deadlock or leak left blocked.
// In a deadlock, goroutines waiting for mutexes held by each other are
// named first, as a cycle; without a cycle, a goroutine blocked elsewhere
// while holding a mutex others wait for is named first, with its waiters;
// the others wait too.
func blockedSentence(states []engine.GoroutineState, trace []sched.Step, o sched.Outcome) string {
	var ids []int
	part := map[int]string{}
	for _, s := range states {
		if s.Live {
			ids = append(ids, s.ID)
			part[s.ID] = fmt.Sprintf("G%d at %s", s.ID, describeOp(s.Pending))
		}
	}
	waitsFor := map[int]int{}
	if o == sched.Deadlock {
		waitsFor = lockWaits(states, lockHolders(trace))
	}
	for g, h := range waitsFor {
		part[g] += fmt.Sprintf(" (held by G%d)", h)
	}
	var cycle, holders, waiters, others []string
	for _, id := range ids {
		_, waits := waitsFor[id]
		switch {
		case onCycle(id, waitsFor):
			cycle = append(cycle, part[id])
		case waits:
			waiters = append(waiters, part[id])
		case heldBy(id, waitsFor):
			holders = append(holders, part[id])
		default:
			others = append(others, part[id])
		}
	}
	switch {
	case len(cycle) >= 2:
		return joinClauses(cycle, "wait for each other for ever", append(waiters, others...), "behind them")
	case len(holders) > 0:
		return holderSentence(holders, waiters, others)
	}
	return waitSentence(append(waiters, others...), o)
}

// spinSentence accounts for goroutines leaked while busy-waiting (a
// Failure.Bound leak): they outlived the test body, spinning or blocked,
// and none of them changes what the others wait for.
func spinSentence(states []engine.GoroutineState) string {
	var parts []string
	for _, s := range states {
		if s.Live {
			parts = append(parts, fmt.Sprintf("G%d at %s", s.ID, describeOp(s.Pending)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, " and ") + " still ran after the test returned, busy-waiting (or blocked) on state none of them changes."
}

// holderSentence says that holders are blocked for ever while holding
// mutexes that waiters wait for.
func holderSentence(holders, waiters, others []string) string {
	what, them := "waits for ever while holding a mutex", "it"
	if len(holders) > 1 {
		what, them = "wait for ever while holding mutexes", "them"
	}
	out := strings.Join(holders, " and ") + " " + what + "; " + strings.Join(waiters, " and ") + " " + verb(len(waiters), "wait") + " for " + them
	if len(others) > 0 {
		out += "; " + strings.Join(others, " and ") + " " + verb(len(others), "wait") + " for ever too"
	}
	return out + "."
}

// joinClauses is "A and B <what>; C and D wait <behind>."
func joinClauses(first []string, what string, rest []string, behind string) string {
	out := strings.Join(first, " and ") + " " + what
	if len(rest) > 0 {
		out += "; " + strings.Join(rest, " and ") + " " + verb(len(rest), "wait") + " " + behind
	}
	return out + "."
}

// verb is v for several subjects and v+"s" for one.
func verb(n int, v string) string {
	if n == 1 {
		return v + "s"
	}
	return v
}

// lockWaits maps each blocked goroutine waiting for a mutex that another
// blocked goroutine holds to that holder.
func lockWaits(states []engine.GoroutineState, holder map[int32]int) map[int]int {
	out := map[int]int{}
	for _, s := range states {
		if !s.Live || !isLockWait(s.Pending) {
			continue
		}
		if h, ok := holder[s.Pending.Obj]; ok && h != s.ID && liveIn(states, h) {
			out[s.ID] = h
		}
	}
	return out
}

// onCycle reports whether following waitsFor from id comes back to id.
func onCycle(id int, waitsFor map[int]int) bool {
	g, ok := waitsFor[id]
	for i := 0; ok && i <= len(waitsFor); i++ {
		if g == id {
			return true
		}
		g, ok = waitsFor[g]
	}
	return false
}

// heldBy reports whether some goroutine waits for a mutex id holds.
func heldBy(id int, waitsFor map[int]int) bool {
	for _, h := range waitsFor {
		if h == id {
			return true
		}
	}
	return false
}

// waitSentence is blockedSentence's plain form: every blocked goroutine,
// waiting for the others.
func waitSentence(parts []string, o sched.Outcome) string {
	if len(parts) == 0 {
		return ""
	}
	what := "wait for each other for ever"
	if o == sched.Leak {
		what = "are still blocked after the test returned, and nothing can wake them"
	}
	if len(parts) == 1 {
		what = strings.Replace(strings.Replace(what, "wait for each other", "waits", 1), "are still", "is still", 1)
		what = strings.Replace(what, "nothing can wake them", "nothing can wake it", 1)
	}
	return strings.Join(parts, " and ") + " " + what + "."
}

// lockHolders maps each mutex (Op.Obj) locked at the end of trace to the
// goroutine that holds it.
func lockHolders(trace []sched.Step) map[int32]int {
	held := map[int32]int{}
	for _, st := range trace {
		switch st.Op.Kind {
		case sched.OpLock, sched.OpCondWake:
			held[st.Op.Obj] = st.G
		case sched.OpUnlock, sched.OpCondWait:
			delete(held, st.Op.Obj)
		}
	}
	return held
}

// isLockWait reports whether op waits for a mutex.
func isLockWait(op sched.Op) bool {
	return op.Kind == sched.OpLock || op.Kind == sched.OpRLock
}

// liveIn reports whether goroutine id is still blocked in states.
func liveIn(states []engine.GoroutineState, id int) bool {
	for _, s := range states {
		if s.ID == id {
			return s.Live
		}
	}
	return false
}
