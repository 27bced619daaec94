package sched

import "testing"

// depGroups states the dependence relation independently of kindTable:
// each kind belongs to exactly one group; within a group, kinds on one
// object are dependent unless both are in the group's commuting set.
var depGroups = []struct {
	name    string
	kinds   []OpKind
	commute [][]OpKind  // sets of kinds that commute among themselves
	cross   [][2]OpKind // pairs of kinds that commute with each other, not with their like
	wide    []OpKind    // kinds dependent with the whole group, any object
	all     bool        // dependent with every kind outside "none"
	none    bool        // dependent with nothing
}{
	{name: "none", kinds: []OpKind{OpNone, OpStart, OpGo, OpYield, OpExit}, none: true},
	{name: "all", kinds: []OpKind{OpOnce, OpSleep, OpTimer, OpPoll, OpTimerSet, OpCancel,
		OpSynctest, OpSynctestWait, OpSynctestEnd, OpSynctestExit}, all: true},
	{name: "memory", kinds: []OpKind{OpRead, OpWrite, OpAtomicLoad, OpAtomicStore, OpAtomicRMW},
		commute: [][]OpKind{{OpRead, OpAtomicLoad}}},
	{name: "lock", kinds: []OpKind{OpLock, OpUnlock, OpRLock, OpRUnlock, OpTryLock, OpCondWait, OpCondWake, OpCondSignal, OpCondBroadcast},
		commute: [][]OpKind{{OpRLock, OpRUnlock}}, wide: []OpKind{OpCondWait, OpCondWake}},
	{name: "chan", kinds: []OpKind{OpSend, OpRecv, OpClose, OpSelect}, wide: []OpKind{OpSelect},
		cross: [][2]OpKind{{OpSend, OpRecv}}},
	{name: "waitgroup", kinds: []OpKind{OpWGAdd, OpWGDone, OpWGWait},
		commute: [][]OpKind{{OpWGAdd}, {OpWGDone}, {OpWGWait}}},
	{name: "syncmap", kinds: []OpKind{OpMapLoad, OpMapStore, OpMapRMW, OpMapRange, OpMapClear},
		commute: [][]OpKind{{OpMapLoad, OpMapRange}}, wide: []OpKind{OpMapRange, OpMapClear}},
}

func groupOf(t *testing.T, k OpKind) int {
	t.Helper()
	found := -1
	for i, g := range depGroups {
		for _, gk := range g.kinds {
			if gk == k {
				if found >= 0 {
					t.Fatalf("%v in two groups", k)
				}
				found = i
			}
		}
	}
	if found < 0 {
		t.Fatalf("%v has no dependence group: add it to kindTable and to this test", k)
	}
	return found
}

func in(ks []OpKind, k OpKind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// wantDependent is the expected relation for kinds a, b on the same object
// (same) or on different objects.
func wantDependent(t *testing.T, a, b OpKind, same bool) bool {
	ga, gb := depGroups[groupOf(t, a)], depGroups[groupOf(t, b)]
	switch {
	case ga.none || gb.none:
		return false
	case ga.all || gb.all:
		return true
	case ga.name != gb.name:
		return false
	case !same && !in(ga.wide, a) && !in(ga.wide, b):
		return false
	}
	for _, set := range ga.commute {
		if in(set, a) && in(set, b) {
			return false
		}
	}
	for _, p := range ga.cross {
		if a == p[0] && b == p[1] || a == p[1] && b == p[0] {
			return false
		}
	}
	return true
}

// TestDependentEveryPair checks Dependent for every pair of kinds, on one
// object and on two, against depGroups, and its symmetry.
func TestDependentEveryPair(t *testing.T) {
	for a := OpKind(0); a < numOpKinds; a++ {
		for b := OpKind(0); b < numOpKinds; b++ {
			for _, same := range []bool{true, false} {
				x, y := Op{Kind: a, Obj: 1}, Op{Kind: b, Obj: 1}
				if !same {
					y.Obj = 2
				}
				want := wantDependent(t, a, b, same)
				if got := Dependent(x, y); got != want {
					t.Errorf("Dependent(%v, %v, same object=%v) = %v, want %v", a, b, same, got, want)
				}
				if Dependent(x, y) != Dependent(y, x) {
					t.Errorf("Dependent(%v, %v) not symmetric", a, b)
				}
			}
		}
	}
}

// TestDependentCases names the cases DPOR's reduction rests on.
func TestDependentCases(t *testing.T) {
	x1, x2 := int32(1), int32(2)
	cases := []struct {
		name string
		a, b Op
		want bool
	}{
		{"reads of one location commute", Op{Kind: OpRead, Obj: x1}, Op{Kind: OpRead, Obj: x1}, false},
		{"atomic load and plain read commute", Op{Kind: OpAtomicLoad, Obj: x1}, Op{Kind: OpRead, Obj: x1}, false},
		{"read and write of one location", Op{Kind: OpRead, Obj: x1}, Op{Kind: OpWrite, Obj: x1}, true},
		{"atomic add and plain read", Op{Kind: OpAtomicRMW, Obj: x1}, Op{Kind: OpRead, Obj: x1}, true},
		{"writes of two locations commute", Op{Kind: OpWrite, Obj: x1}, Op{Kind: OpWrite, Obj: x2}, false},
		{"RLocks commute", Op{Kind: OpRLock, Obj: x1}, Op{Kind: OpRLock, Obj: x1}, false},
		{"RLock and Lock", Op{Kind: OpRLock, Obj: x1}, Op{Kind: OpLock, Obj: x1}, true},
		{"unlock enables lock", Op{Kind: OpUnlock, Obj: x1}, Op{Kind: OpLock, Obj: x1}, true},
		{"locks of two mutexes commute", Op{Kind: OpLock, Obj: x1}, Op{Kind: OpLock, Obj: x2}, false},
		{"cond wait retakes an unnamed lock", Op{Kind: OpCondWake, Obj: x1}, Op{Kind: OpUnlock, Obj: x2}, true},
		{"select may wait on any channel", Op{Kind: OpSelect, Obj: x1}, Op{Kind: OpSend, Obj: x2}, true},
		{"send and receive of one channel commute (either waits for the other)", Op{Kind: OpSend, Obj: x1}, Op{Kind: OpRecv, Obj: x1}, false},
		{"two sends of one channel (which is matched first)", Op{Kind: OpSend, Obj: x1}, Op{Kind: OpSend, Obj: x1}, true},
		{"two receives of one channel (which gets which value)", Op{Kind: OpRecv, Obj: x1}, Op{Kind: OpRecv, Obj: x1}, true},
		{"close and receive of one channel", Op{Kind: OpClose, Obj: x1}, Op{Kind: OpRecv, Obj: x1}, true},
		{"close and send of one channel", Op{Kind: OpClose, Obj: x1}, Op{Kind: OpSend, Obj: x1}, true},
		{"select and send of its channel", Op{Kind: OpSelect, Obj: x1}, Op{Kind: OpSend, Obj: x1}, true},
		{"receives from a closed, empty channel commute", Op{Kind: OpRecv, Obj: x1, Closed: true}, Op{Kind: OpRecv, Obj: x1, Closed: true}, false},
		{"a receive from a closed channel and one announced before the close", Op{Kind: OpRecv, Obj: x1, Closed: true}, Op{Kind: OpRecv, Obj: x1}, true},
		{"a receive from a closed channel and a send (which panics)", Op{Kind: OpRecv, Obj: x1, Closed: true}, Op{Kind: OpSend, Obj: x1}, true},
		{"a resumed receive commutes with a send", Op{Kind: OpRecv, Obj: x1, Done: true}, Op{Kind: OpSend, Obj: x1}, false},
		{"a resumed send commutes with a close", Op{Kind: OpSend, Obj: x1, Done: true}, Op{Kind: OpClose, Obj: x1}, false},
		{"a resumed select commutes with everything", Op{Kind: OpSelect, Obj: x1, Done: true}, Op{Kind: OpSleep}, false},
		{"sends on two channels commute", Op{Kind: OpSend, Obj: x1}, Op{Kind: OpSend, Obj: x2}, false},
		{"Dones commute (whichever reaches zero, a Wait depends on both)", Op{Kind: OpWGDone, Obj: x1}, Op{Kind: OpWGDone, Obj: x1}, false},
		{"Adds commute", Op{Kind: OpWGAdd, Obj: x1}, Op{Kind: OpWGAdd, Obj: x1}, false},
		{"Waits commute", Op{Kind: OpWGWait, Obj: x1}, Op{Kind: OpWGWait, Obj: x1}, false},
		{"Add and Wait (an Add from zero makes Wait block)", Op{Kind: OpWGAdd, Obj: x1}, Op{Kind: OpWGWait, Obj: x1}, true},
		{"RUnlock and Lock (the last reader lets the writer in)", Op{Kind: OpRUnlock, Obj: x1}, Op{Kind: OpLock, Obj: x1}, true},
		{"Unlock and RLock", Op{Kind: OpUnlock, Obj: x1}, Op{Kind: OpRLock, Obj: x1}, true},
		{"RUnlocks commute", Op{Kind: OpRUnlock, Obj: x1}, Op{Kind: OpRUnlock, Obj: x1}, false},
		{"Signal and a Cond's Wait (which waiter it wakes)", Op{Kind: OpCondSignal, Obj: x1}, Op{Kind: OpCondWait, Obj: x2}, true},
		{"Signal and Broadcast of one Cond", Op{Kind: OpCondSignal, Obj: x1}, Op{Kind: OpCondBroadcast, Obj: x1}, true},
		{"Signals of two Conds commute", Op{Kind: OpCondSignal, Obj: x1}, Op{Kind: OpCondSignal, Obj: x2}, false},
		{"Once.Do with anything (its function's end is no operation)", Op{Kind: OpOnce, Obj: x1}, Op{Kind: OpRead, Obj: x2}, true},
		{"Once.Do and Gosched", Op{Kind: OpOnce, Obj: x1}, Op{Kind: OpYield}, false},
		{"Done enables Wait", Op{Kind: OpWGDone, Obj: x1}, Op{Kind: OpWGWait, Obj: x1}, true},
		{"Add and Done (a negative counter panics)", Op{Kind: OpWGAdd, Obj: x1}, Op{Kind: OpWGDone, Obj: x1}, true},
		{"sleep depends on the virtual clock", Op{Kind: OpSleep}, Op{Kind: OpRead, Obj: x1}, true},
		{"Gosched commutes with everything", Op{Kind: OpYield}, Op{Kind: OpSleep}, false},
		{"a mutex and a location with one address", Op{Kind: OpLock, Obj: x1}, Op{Kind: OpWrite, Obj: x1}, false},
		{"sync.Map stores of two keys commute", Op{Kind: OpMapStore, Obj: x1}, Op{Kind: OpMapStore, Obj: x2}, false},
		{"sync.Map store and load of one key", Op{Kind: OpMapStore, Obj: x1}, Op{Kind: OpMapLoad, Obj: x1}, true},
		{"sync.Map loads of one key commute", Op{Kind: OpMapLoad, Obj: x1}, Op{Kind: OpMapLoad, Obj: x1}, false},
		{"sync.Map Range reads every key", Op{Kind: OpMapRange, Obj: x1}, Op{Kind: OpMapRMW, Obj: x2}, true},
		{"sync.Map Range and a load commute", Op{Kind: OpMapRange, Obj: x1}, Op{Kind: OpMapLoad, Obj: x2}, false},
		{"sync.Map Clear writes every key", Op{Kind: OpMapClear, Obj: x1}, Op{Kind: OpMapLoad, Obj: x2}, true},
		{"a sync.Map key and a location", Op{Kind: OpMapStore, Obj: x1}, Op{Kind: OpWrite, Obj: x1}, false},
		{"synctest.Wait waits for every goroutine of its bubble", Op{Kind: OpSynctestWait}, Op{Kind: OpRead, Obj: x1}, true},
		{"a bubble's start stops early wake-ups", Op{Kind: OpSynctest}, Op{Kind: OpSleep}, true},
		{"synctest.Test's end waits for every goroutine of its bubble", Op{Kind: OpSynctestEnd}, Op{Kind: OpSend, Obj: x1}, true},
		{"a bubble goroutine's exit may enable synctest.Wait", Op{Kind: OpSynctestExit}, Op{Kind: OpSynctestWait}, true},
	}
	for _, c := range cases {
		if got := Dependent(c.a, c.b); got != c.want {
			t.Errorf("%s: Dependent(%v, %v) = %v, want %v", c.name, c.a.Kind, c.b.Kind, got, c.want)
		}
	}
}

// TestAccessWriteFromTable keeps IsAccess and IsWrite as they were before
// they read the table; a sync.Map entry is accessed as an atomic location
// is (as sync.Map methods were, modelled as atomics on the whole map).
func TestAccessWriteFromTable(t *testing.T) {
	for k := OpKind(0); k < numOpKinds; k++ {
		access := k >= OpRead && k <= OpAtomicRMW || k >= OpMapLoad && k <= OpMapClear
		write := k == OpWrite || k == OpAtomicStore || k == OpAtomicRMW || k == OpMapStore || k == OpMapRMW || k == OpMapClear
		if k.IsAccess() != access || k.IsWrite() != write {
			t.Errorf("%v: IsAccess=%v IsWrite=%v, want %v %v", k, k.IsAccess(), k.IsWrite(), access, write)
		}
	}
}

// TestIdleFromTable keeps the busy-wait classes as they were before they
// moved into the table: reads, locks and unlocks are plain idle steps;
// atomic loads, TryLock, yields, sleeps, polls and sync.Map loads and
// ranges wait; receives, selects and read-modify-writes are classified by
// their own code; everything else is progress.
func TestIdleFromTable(t *testing.T) {
	want := map[OpKind]Idle{
		OpRead: IdlePlain, OpLock: IdlePlain, OpUnlock: IdlePlain, OpRLock: IdlePlain, OpRUnlock: IdlePlain,
		OpAtomicLoad: IdleWait, OpTryLock: IdleWait, OpYield: IdleWait, OpSleep: IdleWait, OpPoll: IdleWait,
		OpMapLoad: IdleWait, OpMapRange: IdleWait,
		OpRecv: IdleOwn, OpSelect: IdleOwn, OpAtomicRMW: IdleOwn,
	}
	for k := OpKind(0); k < numOpKinds; k++ {
		if got := k.Info().Idle; got != want[k] {
			t.Errorf("%v: Idle = %d, want %d", k, got, want[k])
		}
	}
}

// TestDurableFromTable keeps the Durable column to testing/synctest's list
// of the operations that durably block a goroutine: channel operations and
// selects, Cond.Wait (its wake-up step), WaitGroup.Wait, sleeps, timers
// that have not fired, synctest.Wait. Lock operations, Once.Do and polls
// of uncontrolled code are not durable; a kind that never blocks is not
// either.
func TestDurableFromTable(t *testing.T) {
	durable := []OpKind{OpSend, OpRecv, OpSelect, OpCondWake, OpWGWait, OpSleep, OpTimer, OpSynctestWait}
	for k := OpKind(0); k < numOpKinds; k++ {
		i := k.Info()
		if i.Durable != in(durable, k) {
			t.Errorf("%v: Durable=%v, want %v", k, i.Durable, in(durable, k))
		}
		if i.Durable && !i.Blocking {
			t.Errorf("%v: durable but never blocks", k)
		}
	}
}

// TestQuietKinds: a kind performed without a scheduling point in a long
// test's executions (KindInfo.Quiet) changes one object it names, and its
// step carries nothing a later step links to: no channel operation (a
// partner's step links to it), nothing on the clock or on every object
// (ClassAll), nothing wide, no wait that synctest counts as durable.
func TestQuietKinds(t *testing.T) {
	quiet := 0
	for k := OpKind(0); k < numOpKinds; k++ {
		info := k.Info()
		if !info.Quiet {
			continue
		}
		quiet++
		if info.Class == ClassChan || info.Class == ClassAll || info.Class == ClassNone || info.Wide || info.Durable {
			t.Errorf("%v is Quiet but %+v", k, info)
		}
	}
	if quiet == 0 {
		t.Error("no kind is Quiet")
	}
}
