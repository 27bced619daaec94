package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// This file tells what happened in a failing execution in one sentence:
// which account fits each oracle's failure, and the accounts of a Wait
// that returned early and of a data race (explain.go has the others).

// whatHappened is the report's first sentence (see whatHappenedSteps).
func whatHappened(res *engine.Result) string {
	s, _ := whatHappenedSteps(res)
	return s
}

// loopSentence accounts for a leak of goroutines left looping on the
// clock (engine/testend.go), or returns "".
func loopSentence(res *engine.Result) string {
	if res.Failure == nil || !slices.ContainsFunc(res.Loops, func(lp engine.Looper) bool { return lp.G == res.Failure.G }) {
		return "" // a blocked goroutine is blamed (blockedSentence)
	}
	var parts []string
	for _, lp := range res.Loops {
		parts = append(parts, fmt.Sprintf("G%d at %s", lp.G, describeOp(lp.Wait)))
	}
	what := "keep looping on the clock after the test returned, and nothing stops them"
	if len(parts) == 1 {
		what = "keeps looping on the clock after the test returned, and nothing stops it"
	}
	return strings.Join(parts, " and ") + " " + what + "."
}

// whatHappenedSteps is the report's first sentence and the trace indices
// of the steps it names: the unserializable interleaving behind an
// assertion failure or panic (else the order of the conflicting accesses
// before it), the goroutines a deadlock or leak left blocked, or the two
// sides of a data race; "" when no simple account fits.
func whatHappenedSteps(res *engine.Result) (string, []int) {
	s, named := failureSentence(res)
	if !failedOtherwise(res) || len(res.RaceReports) == 0 {
		return s, named
	}
	race, raced := raceSentence(res.RaceReports, res.Trace) // the race first (raceFirst)
	switch {
	case s == "":
		return race, raced
	case containsAll(named, raced):
		return s, named // the failure's account names the racing steps already
	}
	return race + " Then " + lowerFirst(s), append(raced, named...)
}

// containsAll reports whether every element of sub is in set.
func containsAll(set, sub []int) bool {
	for _, x := range sub {
		if !slices.Contains(set, x) {
			return false
		}
	}
	return true
}

// failedOtherwise reports whether res failed with an oracle other than
// the race detector's (a minimised execution read back from its child
// process has its outcome but no Failure).
func failedOtherwise(res *engine.Result) bool {
	switch res.Outcome {
	case sched.Failed, sched.Panicked, sched.Deadlock, sched.Leak, sched.Livelock:
		return true
	}
	return false
}

// lowerFirst lowers the first letter of a sentence that does not start
// with a goroutine's name ("G2 ...").
func lowerFirst(s string) string {
	if s == "" || s[0] == 'G' {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// failureSentence is whatHappenedSteps for the failure alone.
func failureSentence(res *engine.Result) (string, []int) {
	switch res.Outcome {
	case sched.Deadlock, sched.Leak:
		if res.Failure != nil && res.Failure.Bound {
			return spinSentence(res.States), nil
		}
		if s := loopSentence(res); s != "" {
			return s, nil
		}
		return blockedSentence(res.States, res.Trace, res.Outcome), nil
	case sched.Failed, sched.Panicked:
		trace := beforeFailure(res)
		if s, named := explainSteps(trace); s != "" {
			return s, named
		}
		if s, named := earlyWait(trace, res.States); s != "" {
			return s, named
		}
		return orderSentence(trace, res.States)
	case sched.Race:
		return raceSentence(res.RaceReports, res.Trace)
	}
	return "", nil
}

// beforeFailure is the part of res's trace that can explain a test marked
// failed: the steps before it was (engine/failstep.go), not the deferred
// calls and other goroutines' steps after a t.Error; the whole trace for
// a panic.
func beforeFailure(res *engine.Result) []sched.Step {
	if res.Outcome == sched.Failed && res.FailedBy > 0 && res.FailedBy < len(res.Trace) {
		return res.Trace[:res.FailedBy]
	}
	return res.Trace
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
