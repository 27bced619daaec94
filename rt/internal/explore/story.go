package explore

import (
	"slices"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/report"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// This file chooses what a report tells: the execution (the story), its
// first sentence and the steps that sentence names.

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

// shown lists the steps that matter, keeping those the sentence names.
func (s story) shown() *report.Interleaving {
	return keptSteps(s.res.Trace, namedHeap(s.res.Trace, s.res.Heap), essentialMask(s.res.Trace, s.named...))
}

// steps renders the steps that matter (see shown).
func (s story) steps() []string { return report.SteppedLines(s.shown()) }

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
