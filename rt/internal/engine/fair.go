package engine

// Fairness: no goroutine starves for ever.
//
// A strategy may keep picking one goroutine while another stays enabled:
// PCT runs the goroutine of highest priority until it blocks, and the
// non-preemptive schedules never switch. Go's runtime does not: other Ps
// run the other goroutine in parallel, and one P preempts a goroutine
// after 10 ms. A test whose goroutine spins until another one acts (x/sync's
// TestWeightedAcquireCanceled retries TryAcquire until the body's Acquire
// queues a waiter) then ran to the step bound in its first execution, and
// its exploration ended there. So the enabled set is sampled every
// fairEvery steps; a goroutine found enabled at fairSamples samples
// without having run since the first of them is picked next (it need not
// be enabled in between: a goroutine waiting for a mutex that the spinner
// takes again at once is enabled only now and then), whatever
// the strategy would have chosen (the strategy is not asked: a replay
// forces the same pick at the same step). The switch is not marked as a
// preemption: it is the Go scheduler's, not the schedule's, and does not
// count towards (c,v,t) (a minimised stress test would otherwise keep
// every switch fairness forced on its long serial runs). The execution
// records it (Result.Forced): a search that explored every trace saw
// only schedules in which no goroutine starved longer than that.

const (
	fairEvery   = 4096 // steps between samples of the enabled set
	fairSamples = 8    // samples that may find a goroutine enabled and passed over
)

// fairState is an execution's sampling of starved goroutines.
type fairState struct {
	last   int // the step of the last sample
	victim *G  // the goroutine to pick next, or nil
	forced bool
}

// sampleFairness samples the enabled set when a sample is due, and
// chooses the goroutine starved longest once fairSamples samples found it
// enabled since it last ran.
func (x *execution) sampleFairness() {
	f := &x.fair
	if x.step-f.last < fairEvery {
		return
	}
	for id := x.en.next(0); id != 0; id = x.en.next(id) {
		h := x.gs[id-1]
		if h.onClock() {
			continue // enabled early by the clock (earlywake.go): it waits for time, it does not starve
		}
		if h.ran > f.last {
			h.starved = 0 // it ran since the last sample
		}
		h.starved++
		if h.starved >= fairSamples && (f.victim == nil || h.starved > f.victim.starved) {
			f.victim = h
		}
	}
	f.last = x.step
}

// fairPick returns the goroutine fairness picks next instead of the
// strategy, or nil.
func (x *execution) fairPick() *G {
	v := x.fair.victim
	if v == nil {
		return nil
	}
	x.fair.victim = nil
	if !x.en.has(v.id) {
		return nil
	}
	x.fair.forced = true
	return v
}
