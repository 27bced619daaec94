package engine

import (
	"sync"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestSyncMapObjectPerKey: each (map, key) pair is an object of its own,
// the same for every operation on it, and Range and Clear name the map;
// so operations on different keys are independent for DPOR and those on
// one key are not.
func TestSyncMapObjectPerKey(t *testing.T) {
	e := New(newRandom(1, 1), Limits{MaxSteps: 1000}, nil)
	var m, n sync.Map
	res, _ := e.Run(func() {
		g := cur()
		g.MapKey(0, sched.OpMapStore, unsafe.Pointer(&m), "a")
		g.MapKey(0, sched.OpMapStore, unsafe.Pointer(&m), "b")
		g.MapKey(0, sched.OpMapLoad, unsafe.Pointer(&m), "a")
		g.MapKey(0, sched.OpMapRMW, unsafe.Pointer(&n), "a")
		g.MapAll(0, sched.OpMapRange, unsafe.Pointer(&m))
		g.MapAll(0, sched.OpMapClear, unsafe.Pointer(&m))
	})
	var ops []sched.Op
	for _, st := range res.Trace {
		if st.Op.Kind.Info().Class == sched.ClassMap {
			ops = append(ops, st.Op)
		}
	}
	if len(ops) != 6 {
		t.Fatalf("%d sync.Map steps in the trace, want 6: %v", len(ops), ops)
	}
	storeA, storeB, loadA, otherA, rng, clr := ops[0], ops[1], ops[2], ops[3], ops[4], ops[5]
	if storeA.Obj != loadA.Obj || storeA.Obj == storeB.Obj || storeA.Obj == otherA.Obj || rng.Obj != clr.Obj || rng.Obj == storeA.Obj {
		t.Errorf("objects: store a %d, store b %d, load a %d, other map's a %d, range %d, clear %d",
			storeA.Obj, storeB.Obj, loadA.Obj, otherA.Obj, rng.Obj, clr.Obj)
	}
	for _, c := range []struct {
		name string
		a, b sched.Op
		want bool
	}{
		{"stores of two keys", storeA, storeB, false},
		{"store and load of one key", storeA, loadA, true},
		{"one key of two maps", storeA, otherA, false},
		{"range and a store", rng, storeB, true},
		{"clear and a load", clr, loadA, true},
	} {
		if got := sched.Dependent(c.a, c.b); got != c.want {
			t.Errorf("%s: Dependent = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRaceSyncMapOtherKey: a Load of one key does not observe a Store of
// another, so it orders nothing: the read of x races with the write
// before the Store, although the Store always came first.
func TestRaceSyncMapOtherKey(t *testing.T) {
	res := explore(t, 50, func() {
		var m sync.Map
		x := 0
		g := writeThenStore(&m, &x)
		g.MapKey(0, sched.OpMapLoad, unsafe.Pointer(&m), "b")
		g.Access(0, unsafe.Pointer(&x), false)
	})
	wantOutcome(t, res, sched.Race)
}

// TestNoRaceSyncMapSameKey: a Load that observes a Store of its key is
// ordered after it, and so is a Range and, after a Clear, a Load of a key
// the Clear removed.
func TestNoRaceSyncMapSameKey(t *testing.T) {
	for _, observe := range []func(g *G, m *sync.Map){
		func(g *G, m *sync.Map) { g.MapKey(0, sched.OpMapLoad, unsafe.Pointer(m), "a") },
		func(g *G, m *sync.Map) { g.MapAll(0, sched.OpMapRange, unsafe.Pointer(m)) },
	} {
		res := exploreWithin(t, 200, blockedTime, func() { // the sleep orders the Store first
			var m sync.Map
			x := 0
			g := writeThenStore(&m, &x)
			observe(g, &m)
			g.Access(0, unsafe.Pointer(&x), false)
		})
		if res != nil {
			t.Fatalf("unexpected %v", res.Outcome)
		}
	}
}

// TestSyncMapUncomparableKeyNoStep: a key that cannot be compared takes no
// step (the real method panics as natively).
func TestSyncMapUncomparableKeyNoStep(t *testing.T) {
	e := New(newRandom(1, 1), Limits{MaxSteps: 1000}, nil)
	var m sync.Map
	res, _ := e.Run(func() {
		cur().MapKey(0, sched.OpMapLoad, unsafe.Pointer(&m), []int{1})
	})
	for _, st := range res.Trace {
		if st.Op.Kind == sched.OpMapLoad {
			t.Fatalf("an uncomparable key took a step: %v", res.Trace)
		}
	}
}

// writeThenStore starts a goroutine that writes *x and then stores key
// "a" in m, and sleeps long enough for it to finish: the body's next
// operations come after both in every schedule. It returns the body's G.
func writeThenStore(m *sync.Map, x *int) *G {
	g := cur()
	g.Go(0, func() {
		cur().Access(0, unsafe.Pointer(x), true)
		cur().MapKey(0, sched.OpMapStore, unsafe.Pointer(m), "a")
	})
	g.Sleep(0, 1)
	return g
}
