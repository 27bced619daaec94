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
// one mutex) that the program's own causality (program order, go, WaitGroup,
// channels, Once) does not already imply; t is at least 2 for a failing
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

// orderedGoroutines implements t: vector clocks over the structural
// happens-before, then every conflicting pair not ordered by it.
func orderedGoroutines(trace []sched.Step) int {
	c := newClocks()
	hist := map[int32]*objHist{}
	stamp := map[evRef]vclock{}
	idx := map[int]int32{}
	inv := map[int]bool{}
	ran, started := map[int]bool{}, 0
	for _, s := range trace {
		ran[s.G] = true
		if s.Op.Kind == sched.OpGo {
			started++ // whether or not it ran
		}
		vc := c.step(s)
		me := evRef{s.G, idx[s.G]}
		idx[s.G]++
		if !conflicting(s.Op.Kind) || s.Op.Obj == 0 {
			continue
		}
		stamp[me] = vc.copy()
		for _, p := range conflictPreds(hist, me, s.Op) {
			if !stamp[p].leq(vc) {
				inv[p.g], inv[me.g] = true, true
			}
		}
	}
	goroutines := max(len(ran), 1+started)
	return min(max(len(inv), 2), goroutines) // a test that never starts a goroutine: t = 1
}

// conflicting reports whether operations of kind k can order goroutines
// by conflict: memory accesses and mutex operations.
func conflicting(k sched.OpKind) bool {
	switch k {
	case sched.OpLock, sched.OpUnlock, sched.OpRLock, sched.OpRUnlock, sched.OpTryLock:
		return true
	}
	return k.IsAccess()
}

// conflictPreds returns the earlier steps on op's object that conflict with
// it, updating the history (read locks count as reads).
func conflictPreds(hist map[int32]*objHist, me evRef, op sched.Op) []evRef {
	o := hist[op.Obj]
	if o == nil {
		o = &objHist{}
		hist[op.Obj] = o
	}
	var ps []evRef
	if o.hasW && o.lastW.g != me.g {
		ps = append(ps, o.lastW)
	}
	read := op.Kind == sched.OpRead || op.Kind == sched.OpAtomicLoad || op.Kind == sched.OpRLock || op.Kind == sched.OpRUnlock
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
