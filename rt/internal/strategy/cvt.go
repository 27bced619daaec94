package strategy

import (
	"fmt"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// CVT characterises a schedule (paper Sec. 2.1, 2.2, 4): C preemptions, V
// distinct variables (objects) at the preemption points, T goroutines whose
// relative order the schedule constrains.
type CVT struct {
	C, V, T int
}

// String formats the triple as "(c,v,t)".
func (x CVT) String() string { return fmt.Sprintf("(%d,%d,%d)", x.C, x.V, x.T) }

// Less orders triples lexicographically by c, then v, then t.
func (x CVT) Less(y CVT) bool {
	if x.C != y.C {
		return x.C < y.C
	}
	if x.V != y.V {
		return x.V < y.V
	}
	return x.T < y.T
}

// Characterize computes a trace's (c, v, t).
//
// c counts steps marked Preempt, except a switch right after the preempted
// goroutine's go statement (the paper does not count the priority switch to a
// new thread). v counts the distinct objects of the preempted goroutines'
// last operations (the paper's "last accessed variable"); goroutine starts
// name none. t counts the goroutines that take part in an ordering between
// conflicting steps (accesses to one object with a write, or operations on
// one mutex) that the program's own causality (sched.HB: program order, go,
// WaitGroup, channels, Once) does not already imply; t is at least 2 for a failing
// schedule, as every concurrency bug orders two goroutines.
func Characterize(trace []sched.Step) CVT {
	var x CVT
	objs := map[int32]bool{}
	for i, s := range trace {
		if !s.Preempt || i == 0 || trace[i-1].Op.Kind == sched.OpGo {
			continue
		}
		x.C++
		if o := trace[i-1].Op.Obj; o != 0 && !objs[o] {
			objs[o] = true
			x.V++
		}
	}
	x.T = orderedGoroutines(trace)
	return x
}

// orderedGoroutines implements t: the causal order of the trace
// (sched.HB), then every conflicting pair not ordered by it.
func orderedGoroutines(trace []sched.Step) int {
	var c sched.HB
	hist := map[int32]*objHist{}
	stamp := map[evRef]sched.VClock{}
	idx := map[int]int32{}
	inv := map[int]bool{}
	ran, started := map[int]bool{}, 0
	for _, s := range trace {
		ran[s.G] = true
		if s.Op.Kind == sched.OpGo {
			started++ // whether or not it ran
		}
		vc := c.Step(s)
		me := evRef{s.G, idx[s.G]}
		idx[s.G]++
		info := s.Op.Kind.Info()
		if !conflicting(info) || s.Op.Obj == 0 {
			continue
		}
		stamp[me] = vc.Clone()
		for _, p := range conflictPreds(hist, me, s.Op.Obj, !info.Write) {
			if !stamp[p].Leq(vc) {
				inv[p.g], inv[me.g] = true, true
			}
		}
	}
	goroutines := max(len(ran), 1+started)
	return min(max(len(inv), 2), goroutines) // a test that never starts a goroutine: t = 1
}

// conflicting reports whether operations of kind info can order
// goroutines by conflict, the schedule choosing the order: memory
// accesses and mutex operations.
func conflicting(info sched.KindInfo) bool { return info.Access || info.Mutex }

// conflictPreds returns the earlier steps on object obj that conflict with
// step me, which reads (a read, an atomic load, RLock, RUnlock: a
// conflicting kind that does not Write) or not, updating the history.
func conflictPreds(hist map[int32]*objHist, me evRef, obj int32, read bool) []evRef {
	o := hist[obj]
	if o == nil {
		o = &objHist{}
		hist[obj] = o
	}
	var ps []evRef
	if o.hasW && o.lastW.g != me.g {
		ps = append(ps, o.lastW)
	}
	if read {
		o.reads = addRead(o.reads, me)
		return ps
	}
	for _, r := range o.reads {
		if r.g != me.g {
			ps = append(ps, r)
		}
	}
	o.lastW, o.hasW, o.reads = me, true, nil
	return ps
}
