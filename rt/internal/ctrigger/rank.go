package ctrigger

import (
	"sort"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Counts summarises the analysis of the profiling traces.
type Counts struct {
	Identified  int // static unserializable triples found
	PrunedOrder int // all instances infeasible, most by order synchronisation
	PrunedMutex int // all instances infeasible, most by mutual exclusion
	Feasible    int // triples with a feasible instance
	Exercised   int // feasible triples already exercised by a profiling trace
	Ranked      int // feasible triples left to force
}

// Ranked is a triple left to force, with its rank's inputs.
type Ranked struct {
	Triple
	// Gap is the summed local gap per profiling trace (smaller ranks first).
	Gap float64
	// Remote is the smallest remote distance in global steps (larger ranks
	// first among equal gaps).
	Remote int
	// Instances counts the feasible dynamic instances seen.
	Instances int
	// CLock and RLock are the sites of the outermost lock acquisitions
	// around c and r (0 if none), where forcing suspends instead.
	CLock, RLock int32
}

// total accumulates one static triple over traces.
type total struct {
	instAgg
	traces int
}

// Analysis accumulates profiling traces. The zero value is ready to use.
type Analysis struct {
	// Deadline, when set, ends the identification in a trace once passed,
	// keeping what was found so far: it is the end of the exploration's
	// time budget, after which no execution would use the result.
	Deadline time.Time
	runs     int
	triples  map[Triple]*total
	cycles   map[string]Cycle
	order    []string // cycle keys in order of discovery
	prunedC  int
}

// Add analyses one profiling trace.
func (a *Analysis) Add(steps []sched.Step) {
	if a.triples == nil {
		a.triples, a.cycles = map[Triple]*total{}, map[string]Cycle{}
	}
	a.runs++
	for k, ag := range identify(prepare(steps, a.Deadline), a.Deadline) {
		t := a.triples[k]
		if t == nil {
			t = &total{instAgg: instAgg{remote: -1}}
			a.triples[k] = t
		}
		t.merge(ag)
	}
	a.addCycles(steps)
}

func (t *total) merge(ag *instAgg) {
	t.traces++
	t.instances += ag.instances
	t.feasible += ag.feasible
	t.order += ag.order
	t.mutex += ag.mutex
	t.exercised = t.exercised || ag.exercised
	t.gap += ag.gap
	if ag.remote >= 0 && (t.remote < 0 || ag.remote < t.remote) {
		t.remote = ag.remote
	}
	if t.cLock == 0 {
		t.cLock = ag.cLock
	}
	if t.rLock == 0 {
		t.rLock = ag.rLock
	}
}

// Runs returns the number of traces added.
func (a *Analysis) Runs() int { return a.runs }

// Counts classifies every triple identified so far.
func (a *Analysis) Counts() Counts {
	var c Counts
	for _, t := range a.triples {
		c.Identified++
		switch {
		case t.feasible > 0 && t.exercised:
			c.Feasible++
			c.Exercised++
		case t.feasible > 0:
			c.Feasible++
			c.Ranked++
		case t.mutex > t.order:
			c.PrunedMutex++
		default:
			c.PrunedOrder++
		}
	}
	return c
}

// Ranked returns the feasible triples not exercised by any profiling trace,
// lowest occurrence probability first: smallest summed local gap per trace,
// then largest remote distance, then by sites for determinism.
func (a *Analysis) Ranked() []Ranked {
	var out []Ranked
	for k, t := range a.triples {
		if t.feasible == 0 || t.exercised {
			continue
		}
		out = append(out, Ranked{Triple: k, Gap: t.gap / float64(a.runs), Remote: t.remote,
			Instances: t.feasible, CLock: t.cLock, RLock: t.rLock})
	}
	sort.Slice(out, func(i, j int) bool {
		x, y := out[i], out[j]
		if x.Gap != y.Gap {
			return x.Gap < y.Gap
		}
		if x.Remote != y.Remote {
			return x.Remote > y.Remote
		}
		return less(x.Triple, y.Triple)
	})
	return out
}

// Verdict returns how the analysis classified triple k and whether it was
// identified at all.
func (a *Analysis) Verdict(k Triple) (Verdict, bool) {
	t, ok := a.triples[k]
	switch {
	case !ok:
		return Feasible, false
	case t.feasible > 0:
		return Feasible, true
	case t.mutex > t.order:
		return ByMutex, true
	}
	return ByOrder, true
}

// ExercisedByProfiling reports whether a profiling trace exercised k.
func (a *Analysis) ExercisedByProfiling(k Triple) bool {
	t, ok := a.triples[k]
	return ok && t.exercised
}

func less(x, y Triple) bool {
	ax := [6]int64{int64(x.P.Site), b2i(x.P.Write), int64(x.C.Site), b2i(x.C.Write), int64(x.R.Site), b2i(x.R.Write)}
	ay := [6]int64{int64(y.P.Site), b2i(y.P.Write), int64(y.C.Site), b2i(y.C.Write), int64(y.R.Site), b2i(y.R.Write)}
	for i := range ax {
		if ax[i] != ay[i] {
			return ax[i] < ay[i]
		}
	}
	return false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
