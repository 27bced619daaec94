package engine

import (
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The room of sync.Map, modelled per key.
//
// The Go memory model orders a sync.Map write before a read that observes
// it, where reads and writes are of one key. So each (map, key) pair is a
// location of its own, with a clock as an atomic variable has: a Load
// acquires it, a Store or Delete releases into it, and the other methods
// (LoadOrStore, LoadAndDelete, Swap, CompareAndSwap, CompareAndDelete) do
// both, whether or not they end up writing (an over-approximation that
// can hide a race, never report a false one). A Store of key "a" is thus
// not ordered before a Load of key "b", and DPOR commutes operations on
// different keys (sched.ClassMap). Range reads every key: it acquires the
// join of every write to the map; Clear writes every key: it releases into
// every key's clock, and into the clock new keys' entries start from.
// Range and Clear are dependent with every operation on any sync.Map.
// Keys are compared with ==, as sync.Map compares them; a key that is not
// comparable is not modelled, and the real method panics as natively.

// mapKey names one key of one map.
type mapKey struct {
	m   unsafe.Pointer
	key any
}

// mapEntry models one key of one map.
type mapEntry struct {
	clock vclock // join of the clocks of the writes of the key so far
}

// mapState models one map as a whole.
type mapState struct {
	clock   vclock      // join of the clocks of every write of every key (Range)
	cleared vclock      // join of the clocks of the Clears (new entries start from it)
	entries []*mapEntry // the entries of the map's keys, for Clear
}

// The room's object tables: the entry of each (map, key) pair, and each
// map's state.
var (
	mapEntries = newRoom(roomHooks[mapKey, mapEntry]{})
	syncMaps   = newRoom(roomHooks[unsafe.Pointer, mapState]{})
)

// MapKey models the sync.Map method of kind (sched.OpMapLoad, OpMapStore
// or OpMapRMW) by g on key of the map at m (a *sync.Map, which the engine
// never names: see rt's syncMap): a scheduling point on the (m, key)
// location and the method's happens-before. The caller performs the real
// method after it returns. A key that is not comparable takes no step: the
// real method panics.
func (g *G) MapKey(site int32, kind sched.OpKind, m unsafe.Pointer, key any) {
	if !comparableKey(key) || !g.enter(kind, site, nil) {
		return
	}
	ms := syncMaps.of(g.x).get(m)
	e := g.x.mapEntry(ms, m, key)
	g.op.Obj = g.x.objID(unsafe.Pointer(e))
	g.schedule()
	if kind != sched.OpMapStore {
		g.learn(e.clock)
	}
	if kind != sched.OpMapLoad {
		ms.clock.Join(g.clock)
		g.releaseInto(&e.clock)
	}
}

// MapAll models sync.Map's Range (kind sched.OpMapRange) or Clear
// (sched.OpMapClear) by g on m: a scheduling point on the whole map, and a
// read or a write of every key. The caller performs the real method after
// it returns.
func (g *G) MapAll(site int32, kind sched.OpKind, m unsafe.Pointer) {
	if !g.enter(kind, site, m) {
		return
	}
	ms := syncMaps.of(g.x).get(m)
	g.schedule()
	if kind == sched.OpMapRange {
		g.learn(ms.clock)
		return
	}
	ms.clock.Join(g.clock)
	ms.cleared.Join(g.clock)
	for _, e := range ms.entries {
		e.clock.Join(g.clock)
	}
	g.clock.Tick(g.id)
}

// mapEntry returns the entry of key of m (whose state is ms), made on
// first use with the clock of the map's Clears so far.
func (x *execution) mapEntry(ms *mapState, m unsafe.Pointer, key any) *mapEntry {
	t := mapEntries.of(x)
	k := mapKey{m, key}
	if e := t.lookup(k); e != nil {
		return e
	}
	e := &mapEntry{}
	e.clock.Set(ms.cleared)
	t.put(k, e)
	ms.entries = append(ms.entries, e)
	return e
}

// comparableKey reports whether key can be compared with == (and so be a
// sync.Map key) without a panic.
func comparableKey(key any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return key == key || true // a NaN is not equal to itself, but comparable
}
