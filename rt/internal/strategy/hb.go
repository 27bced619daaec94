package strategy

import (
	"sort"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// evRef names an event by goroutine and per-goroutine index.
type evRef struct {
	g int
	i int32
}

// objHist is the conflict history of one object: its last write and the
// reads since (at most one per goroutine, the latest).
type objHist struct {
	lastW evRef
	hasW  bool
	reads []evRef
}

// hbHasher hashes the happens-before graph of a trace prefix incrementally:
// nodes are steps, edges are program order and the order of conflicting
// steps on the same object: every pair but two reads (KindInfo.IsRead), a
// coarsening of sched.Dependent (which also lets RLocks, WaitGroup Adds
// and Waits commute) that merges fewer prefixes, never wrongly. Two prefixes with the
// same graph reach the same state; equal hashes stand for equal graphs.
// The hash is independent of the interleaving of independent steps.
type hbHasher struct {
	idx  map[int]int32
	gh   map[int]uint64
	objs map[int32]*objHist
	sum  uint64
}

func (h *hbHasher) reset() {
	if h.idx == nil {
		h.idx, h.gh, h.objs = map[int]int32{}, map[int]uint64{}, map[int32]*objHist{}
	}
	clear(h.idx)
	clear(h.gh)
	clear(h.objs)
	h.sum = 0
}

// add appends step (g, op) to the graph.
func (h *hbHasher) add(g int, op sched.Op) {
	if op.Kind == sched.OpExit {
		return
	}
	if h.idx == nil {
		h.reset()
	}
	me := evRef{g, h.idx[g]}
	ev := mix(mix(uint64(op.Kind), uint64(uint32(op.Obj))), uint64(uint32(op.Site)))
	for _, p := range h.preds(me, op) {
		ev = mix(ev, mix(uint64(p.g), uint64(p.i)))
	}
	old := h.gh[g]
	nw := mix(old, ev)
	h.gh[g] = nw
	h.sum += mix(uint64(g), nw) - mix(uint64(g), old)
	h.idx[g]++
}

// preds returns the immediate conflicting predecessors of me in other
// goroutines, in canonical order, and records me in the object's history.
func (h *hbHasher) preds(me evRef, op sched.Op) []evRef {
	if op.Obj == 0 {
		return nil
	}
	o := h.objs[op.Obj]
	if o == nil {
		o = &objHist{}
		h.objs[op.Obj] = o
	}
	var ps []evRef
	if o.hasW && o.lastW.g != me.g {
		ps = append(ps, o.lastW)
	}
	if !op.Kind.Info().IsRead() {
		for _, r := range o.reads {
			if r.g != me.g {
				ps = append(ps, r)
			}
		}
		o.lastW, o.hasW, o.reads = me, true, o.reads[:0]
	} else {
		o.reads = addRead(o.reads, me)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].g < ps[j].g || ps[i].g == ps[j].g && ps[i].i < ps[j].i })
	return ps
}

func addRead(rs []evRef, me evRef) []evRef {
	for i := range rs {
		if rs[i].g == me.g {
			rs[i] = me
			return rs
		}
	}
	return append(rs, me)
}

// hash returns the hash of the graph so far.
func (h *hbHasher) hash() uint64 { return h.sum }

// HBHash returns the happens-before hash of a whole trace: traces that differ
// only in the order of independent steps hash equally.
func HBHash(trace []sched.Step) uint64 {
	var h hbHasher
	for _, s := range trace {
		h.add(s.G, s.Op)
	}
	return h.hash()
}

// mix combines two words (splitmix64 finaliser over a xor-rotate).
func mix(a, b uint64) uint64 {
	x := a ^ (b + 0x9e3779b97f4a7c15 + a<<6 + a>>2)
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
