package sched

// HB computes the causal order of a trace, step by step: the order the
// program's own synchronisation imposes, whatever the schedule chose where
// it had a choice. A step happens before another when a chain of these
// edges leads from it to the other:
//
//   - program order: a goroutine's steps in turn;
//   - a go statement before the first step of the goroutine it starts
//     (goroutine IDs follow creation order, so the j-th go statement of a
//     trace starts goroutine j+1);
//   - a step of a kind that Releases (KindInfo.Release) before every later
//     step of a kind that Acquires from the same object (the same Class
//     and Op.Obj): a send or close before the later receives and selects
//     of the channel, a WaitGroup Add or Done before the later Waits, a
//     Once.Do before the later ones.
//
// The table decides which kinds release and acquire; HB has no rule of
// its own. Where a trace cannot say what Go's memory model would order,
// the table takes the side of the schedule's choice:
//
//   - Mutual exclusion (Lock after Unlock) orders nothing here, although
//     the memory model orders an Unlock before the next Lock: which
//     goroutine takes a mutex first is what a schedule chooses, and the
//     (c,v,t) of a schedule counts exactly those choices. Cond operations
//     are left out for the same reason.
//   - A receive acquires from every earlier send and close of its channel:
//     HB does not read the pairing the engine records for dpor
//     (Step.Partner), so the memory model's edge from the matched send is
//     widened to all earlier ones, and its edges from a receive to a later
//     send (unbuffered, or a full buffer) are not used.
//     A select acquires from the channel its Op names (its first case).
//   - A WaitGroup Add releases as a Done does (an Add of a negative delta is
//     a Done); atomic operations order nothing here (they are memory
//     accesses, ordered by dependence).
//
// Steps of the dependence relation (Dependent) that the causal order does
// not imply are the ones a schedule orders: they make (c,v,t)'s t, and
// DPOR reverses them.
//
// An HB is reusable: Reset empties it, keeping its storage.
type HB struct {
	g     []VClock // by goroutine ID: the clock of its latest step
	n     []uint32 // by goroutine ID: its steps so far
	spawn []VClock // by goroutine ID: the clock of the go statement that started it
	objs  [ClassAll + 1][]VClock
	gos   int // go statements so far
}

// Reset empties h for a new trace.
func (h *HB) Reset() {
	for i := range h.g {
		h.g[i] = h.g[i][:0]
		h.n[i] = 0
		h.spawn[i] = h.spawn[i][:0]
	}
	for c := range h.objs {
		for i := range h.objs[c] {
			h.objs[c][i] = h.objs[c][i][:0]
		}
	}
	h.gos = 0
}

// Step advances h over s, the next step of the trace, and returns the
// clock of s: component id-1 counts the steps of goroutine id that happen
// before s, or are s. The clock is h's own: it is valid until the next
// step of s's goroutine (Clone keeps it).
func (h *HB) Step(s Step) VClock {
	if s.G < 1 {
		return nil // no goroutine: no clock
	}
	h.grow(s.G)
	info := s.Op.Kind.Info()
	vc := &h.g[s.G]
	if info.Acquire {
		if from := h.source(s.G, info.Class, s.Op); from != nil {
			vc.Join(*from)
		}
	}
	h.n[s.G]++
	vc.Put(s.G, h.n[s.G])
	if info.Release {
		if info.Class == ClassNone { // a go statement
			h.gos++
			child := h.gos + 1
			h.grow(child)
			h.spawn[child].Set(h.g[s.G])
		} else if to := h.source(s.G, info.Class, s.Op); to != nil {
			to.Join(*vc)
		}
	}
	return h.g[s.G] // not *vc: a go statement may have grown h.g
}

// source returns the clock that an operation op of goroutine g and class
// releases into and acquires from: its object's, or for a goroutine's
// start (ClassNone) its go statement's; nil when op names no object.
func (h *HB) source(g int, class Class, op Op) *VClock {
	if class == ClassNone {
		return &h.spawn[g]
	}
	if op.Obj < 0 {
		return nil
	}
	objs := &h.objs[class]
	for int(op.Obj) >= len(*objs) {
		*objs = append(*objs, nil)
	}
	return &(*objs)[op.Obj]
}

// grow makes the per-goroutine slices hold goroutine g.
func (h *HB) grow(g int) {
	for len(h.g) <= g {
		h.g = append(h.g, nil)
		h.n = append(h.n, 0)
		h.spawn = append(h.spawn, nil)
	}
}

// Clocks returns the clock of every step of trace under the causal order
// (HB): clocks[i] is step i's. Each clock has storage of its own, so the
// result takes memory in the steps times the goroutines; HB computes the
// clocks one step at a time.
func Clocks(trace []Step) []VClock {
	var h HB
	out := make([]VClock, len(trace))
	for i, s := range trace {
		out[i] = h.Step(s).Clone()
	}
	return out
}

// Clocks returns the clock of every step of x.Trace under the causal
// order (see the function Clocks and HB).
func (x *Execution) Clocks() []VClock { return Clocks(x.Trace) }
