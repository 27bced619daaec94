package strategy

import "github.com/vtbound/vtbound/rt/internal/sched"

// Incremental race analysis. An execution replays the decisions of the
// previous one up to its backtrack point, so its trace starts with the
// previous trace's steps. The analysis keeps the happens-before state of
// the previous trace (event clocks, per-goroutine and per-object clocks)
// and, for the next one, undoes what the events after the common prefix
// added (rewind) and computes only the rest (extend). The prefix is found
// by comparing the traces step by step, not taken from the tree, so a
// replay that diverged is handled too. The races are all found again:
// in optimal mode a race of the prefix reverses a sequence that includes
// the new events.
//
// What rewind restores equals what a full recomputation of the prefix
// gives, with two representation differences that no answer depends on:
// the clocks may be wider (the width only grows while the state is kept;
// missing entries read as 0), and the states every and all may be kept
// although the new trace has no event that reads them (kinds only grows
// while the state is kept). TestDPORIncrementalAnalysis checks it.

// arenaMark is a position in a clockArena.
type arenaMark struct{ chunk, off int32 }

// clockArena hands out the event clocks from chunks kept across traces,
// so that the clocks of a kept prefix stay valid while the space after
// them is reused (release).
//
// Invariant: chunk <= len(chunks); the free space starts at off in
// chunks[chunk] when chunk < len(chunks).
type clockArena struct {
	chunks [][]uint32
	chunk  int
	off    int
}

// arenaChunk is the number of clocks of a chunk.
const arenaChunk = 256

// reset frees every clock, for clocks of width entries.
func (r *clockArena) reset(width int) {
	if len(r.chunks) > 0 && len(r.chunks[0]) < width {
		r.chunks = nil
	}
	r.chunk, r.off = 0, 0
}

// mark returns the position of the next clock.
func (r *clockArena) mark() arenaMark { return arenaMark{int32(r.chunk), int32(r.off)} }

// release frees the clocks handed out since m.
func (r *clockArena) release(m arenaMark) { r.chunk, r.off = int(m.chunk), int(m.off) }

// alloc returns a zeroed clock of width entries.
func (r *clockArena) alloc(width int) sched.VClock {
	if r.chunk == len(r.chunks) || r.off+width > len(r.chunks[r.chunk]) {
		r.next(width)
	}
	c := r.chunks[r.chunk][r.off : r.off+width : r.off+width]
	r.off += width
	clear(c)
	return c
}

// next moves to the next chunk, made (or remade, if too small for width)
// when needed: the chunks after the current one hold no live clock.
func (r *clockArena) next(width int) {
	if r.chunk < len(r.chunks) {
		r.chunk++
	}
	r.off = 0
	size := arenaChunk * max(width, 1)
	switch {
	case r.chunk == len(r.chunks):
		r.chunks = append(r.chunks, make([]uint32, size))
	case len(r.chunks[r.chunk]) < width:
		r.chunks[r.chunk] = make([]uint32, size)
	}
}

// undo reverts one addition of event ev to object state s: the tag it
// appended (tag < 0) or the clock of tag index tag it joined into, whose
// previous n entries are saved at at.
type undo struct {
	s     *objState
	ev    int
	tag   int
	at, n int
}

// kinds notes which kinds of events a trace has: one of ClassAll, and a
// wide one of each class.
type kinds struct {
	all  bool
	wide [sched.ClassAll + 1]bool
}

func (k *kinds) note(op *sched.Op) {
	switch info := op.Kind.Info(); {
	case info.Class == sched.ClassAll:
		k.all = true
	case info.Wide:
		k.wide[info.Class] = true
	}
}

// covers reports whether every kind noted in o is noted in k.
func (k kinds) covers(o kinds) bool {
	if o.all && !k.all {
		return false
	}
	for i, w := range o.wide {
		if w && !k.wide[i] {
			return false
		}
	}
	return true
}

// build computes the happens-before of trace's events: from the first
// step that differs from the previous trace analysed, when its state can
// be kept, else from scratch.
func (a *analysis) build(trace []sched.Step, pending []seenOp) {
	m, from := a.common(trace)
	if a.dbg != nil && a.dbg.full {
		m, from = 0, 0
	}
	width, fl := scan(trace[from:], pending)
	if m > 0 && width <= a.width && a.kinds.covers(fl) {
		a.rewind(m)
		if a.dbg != nil {
			a.dbg.kept += m
		}
	} else {
		if from > 0 {
			width, fl = scan(trace, pending)
		}
		a.width, a.kinds = width, fl
		a.reset()
		from = 0
	}
	a.extend(trace, from)
	if a.dbg != nil {
		a.dbg.events += a.real
	}
}

// common returns the number of analysed events that trace starts with
// (the same goroutine, operation and channel partner at the same step)
// and the step of the first one that differs.
func (a *analysis) common(trace []sched.Step) (events, step int) {
	k := 0
	for i := range trace {
		st := &trace[i]
		if st.Op.Kind == sched.OpExit {
			continue
		}
		if k == a.real || a.ev[k].step != i || a.ev[k].g != st.G || a.ev[k].op != st.Op || a.ev[k].link != st.Partner || a.ev[k].mutex != st.Mutex {
			return k, i
		}
		k++
	}
	return k, len(trace)
}

// rewind removes the events from m on (those of the trace after the
// common prefix, and the pending operations pendingRaces added) and
// everything they added to the state.
func (a *analysis) rewind(m int) {
	n := len(a.log)
	for ; n > 0 && a.log[n-1].ev >= m; n-- {
		u := &a.log[n-1]
		s := u.s
		s.events = s.events[:len(s.events)-1]
		if u.tag < 0 {
			s.tags, s.clocks = s.tags[:len(s.tags)-1], s.clocks[:len(s.clocks)-1]
			continue
		}
		s.clocks[u.tag] = append(s.clocks[u.tag][:0], a.saved[u.at:u.at+u.n]...)
		a.saved = a.saved[:u.at]
	}
	a.log = a.log[:n]
	for k := len(a.ev) - 1; k >= m; k-- {
		e := &a.ev[k]
		p := e.prev
		a.lastEv[e.g], a.nlocal[e.g], a.gclk[e.g] = p, 0, nil
		if p >= 0 {
			a.nlocal[e.g], a.gclk[e.g] = a.ev[p].local, a.clk[p]
		}
		if e.op.Kind == sched.OpGo && k < a.real {
			a.spawn[a.gos] = nil
			a.gos--
		}
	}
	if m < len(a.ev) {
		a.arena.release(a.ev[m].mark)
	}
	a.ev, a.clk = a.ev[:m], a.clk[:m]
	a.real = m
}
