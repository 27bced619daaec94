package sched

import (
	"fmt"
	"testing"
)

// roles states, independently of kindTable, the kinds that take part in
// the causal order, the mutex kinds and the synchronisation kinds.
var (
	releases = []OpKind{OpGo, OpSend, OpClose, OpWGAdd, OpWGDone, OpOnce}
	acquires = []OpKind{OpStart, OpRecv, OpSelect, OpWGWait, OpOnce}
	mutexes  = []OpKind{OpLock, OpUnlock, OpRLock, OpRUnlock, OpTryLock}
	notSync  = []OpKind{OpNone, OpStart, OpExit, OpGo} // with the accesses
)

// TestHBRolesAgreeWithTable checks the table's Release, Acquire, Mutex
// and Sync columns against the lists above, and that they agree with its
// other columns: a release modifies its object (Write) and an acquire may
// wait for one (Blocking), except for the go statement and the start of
// a goroutine, which touch no object; a mutex operation is a lock
// operation on the one mutex its Op names and takes no part in the
// causal order; accesses take no part in it either.
func TestHBRolesAgreeWithTable(t *testing.T) {
	for k := OpKind(0); k < numOpKinds; k++ {
		i := k.Info()
		if i.Release != in(releases, k) || i.Acquire != in(acquires, k) || i.Mutex != in(mutexes, k) {
			t.Errorf("%v: Release=%v Acquire=%v Mutex=%v, want %v %v %v", k, i.Release, i.Acquire, i.Mutex,
				in(releases, k), in(acquires, k), in(mutexes, k))
		}
		if want := !i.Access && !in(notSync, k); i.Sync != want || k.IsSync() != want {
			t.Errorf("%v: Sync=%v, want %v", k, i.Sync, want)
		}
		object := i.Class != ClassNone
		if i.Release && object && !i.Write {
			t.Errorf("%v releases into its object without modifying it", k)
		}
		if i.Acquire && object && !i.Blocking {
			t.Errorf("%v acquires from its object but never waits", k)
		}
		if (i.Release || i.Acquire) && !object && k != OpGo && k != OpStart {
			t.Errorf("%v: a causal role without an object", k)
		}
		if i.Mutex && (i.Class != ClassLock || i.Wide || i.Release || i.Acquire) {
			t.Errorf("%v: a mutex operation must name its lock and order nothing causally", k)
		}
		if i.Access && (i.Release || i.Acquire || i.Sync || i.Mutex) {
			t.Errorf("%v: an access with a synchronisation role", k)
		}
		if i.IsRead() != (k == OpRead || k == OpAtomicLoad || k == OpMapLoad || k == OpMapRange) {
			t.Errorf("%v: IsRead=%v", k, i.IsRead())
		}
		orders := !i.Access && k != OpNone && k != OpStart && k != OpExit && k != OpYield
		if i.Orders() != orders {
			t.Errorf("%v: Orders=%v, want %v", k, i.Orders(), orders)
		}
	}
}

// tr builds a trace from (goroutine, kind, object) triples.
func tr(steps ...any) []Step {
	var out []Step
	for i := 0; i < len(steps); i += 3 {
		out = append(out, Step{G: steps[i].(int), Op: Op{Kind: steps[i+1].(OpKind), Obj: int32(steps[i+2].(int)), Group: -1}, Choice: -1})
	}
	return out
}

// orders returns the pairs i < j of steps of different goroutines with
// step i before step j under Clocks, as "i<j".
func orders(trace []Step) []string {
	cs := Clocks(trace)
	var out []string
	for j := range trace {
		for i := range j {
			gi := trace[i].G
			if gi != trace[j].G && cs[i].Get(gi) <= cs[j].Get(gi) {
				out = append(out, fmt.Sprintf("%d<%d", i, j))
			}
		}
	}
	return out
}

// TestHBOrders states the causal order of small traces: every ordered
// pair of steps of different goroutines (program order aside).
func TestHBOrders(t *testing.T) {
	cases := []struct {
		name  string
		trace []Step
		want  []string
	}{
		{"go before the child, not the parent's later steps",
			tr(1, OpGo, 0, 1, OpWrite, 1, 2, OpStart, 0, 2, OpRead, 1),
			[]string{"0<2", "0<3"}},
		{"the j-th go statement starts goroutine j+1",
			tr(1, OpGo, 0, 1, OpWrite, 1, 1, OpGo, 0, 3, OpStart, 0, 2, OpStart, 0),
			[]string{"0<3", "1<3", "2<3", "0<4"}},
		{"send before a later receive of the channel",
			tr(2, OpSend, 1, 3, OpRecv, 1, 3, OpRead, 5),
			[]string{"0<1", "0<2"}},
		{"a receive orders nothing before a later send",
			tr(3, OpRecv, 1, 2, OpSend, 1),
			nil},
		{"channels apart",
			tr(2, OpSend, 1, 3, OpRecv, 2),
			nil},
		{"close before receive, select on the channel it names",
			tr(2, OpClose, 1, 3, OpRecv, 1, 4, OpSelect, 1),
			[]string{"0<1", "0<2"}},
		{"Add and Done before Wait, not a Done after it",
			tr(2, OpWGAdd, 1, 3, OpWGDone, 1, 1, OpWGWait, 1, 4, OpWGDone, 1),
			[]string{"0<2", "1<2"}},
		{"Once before the later Once, transitively",
			tr(2, OpWrite, 7, 2, OpOnce, 1, 3, OpOnce, 1, 4, OpOnce, 1),
			[]string{"0<2", "1<2", "0<3", "1<3", "2<3"}},
		{"mutual exclusion orders nothing",
			tr(2, OpLock, 1, 2, OpUnlock, 1, 3, OpLock, 1, 3, OpRUnlock, 1),
			nil},
		{"atomics order nothing",
			tr(2, OpAtomicStore, 1, 3, OpAtomicLoad, 1),
			nil},
		{"objects of two classes with one number",
			tr(2, OpSend, 1, 3, OpWGWait, 1),
			nil},
		{"Cond signal and wake order nothing",
			tr(2, OpCondSignal, 1, 3, OpCondWake, 1),
			nil},
	}
	for _, c := range cases {
		got := orders(c.trace)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: orders %v, want %v", c.name, got, c.want)
		}
	}
}

// TestHBProgramOrder: a goroutine's clock counts its own steps, and a
// reused HB (Reset) computes what a fresh one does.
func TestHBProgramOrder(t *testing.T) {
	trace := tr(1, OpStart, 0, 1, OpGo, 0, 2, OpStart, 0, 1, OpSend, 3, 2, OpRecv, 3, 2, OpExit, 0)
	var h HB
	for round := range 2 {
		h.Reset()
		var got []string
		for _, s := range trace {
			got = append(got, fmt.Sprint(h.Step(s)))
		}
		want := "[[1] [2] [2 1] [3] [3 2] [3 3]]"
		if fmt.Sprint(got) != want {
			t.Errorf("round %d: clocks %v, want %v", round, got, want)
		}
	}
}
