package rt

import (
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The methods of sync.Map: each is a scheduling point on the key it names
// (Range and Clear: on the whole map) with the happens-before the Go
// memory model gives sync.Map per key; see the engine's sync.Map room.
// Outside a controlled goroutine they are the real methods.

// syncMap is the method set of *sync.Map, which rewritten calls pass rt
// their map as. rt never names sync.Map: a package that mentions the type
// (a call of its methods, a type assertion) instantiates sync's generic
// hash-trie map, whose bodies then enter that package's export data; in
// rt's, which every instrumented package's compile reads, they made it
// 60 % larger and builds under vtbound about a tenth slower.
type syncMap interface {
	Load(key any) (any, bool)
	Store(key, value any)
	Delete(key any)
	LoadOrStore(key, value any) (any, bool)
	LoadAndDelete(key any) (any, bool)
	Swap(key, value any) (any, bool)
	CompareAndSwap(key, old, new any) bool
	CompareAndDelete(key, old any) bool
	Range(f func(key, value any) bool)
	Clear()
}

// mapID returns the identity of m, the *sync.Map an interface value holds
// (its data word), without naming the type.
func mapID(m syncMap) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&m))[1]
}

// mapKey announces a method of kind on key of m.
func mapKey(site int32, kind sched.OpKind, m syncMap, key any) {
	if g := ctl(); g != nil {
		g.MapKey(site, kind, mapID(m), key)
	}
}

// MapLoad replaces m.Load(key).
func MapLoad(site int32, m syncMap, key any) (any, bool) {
	mapKey(site, sched.OpMapLoad, m, key)
	return m.Load(key)
}

// MapStore replaces m.Store(key, value).
func MapStore(site int32, m syncMap, key, value any) {
	mapKey(site, sched.OpMapStore, m, key)
	m.Store(key, value)
}

// MapDelete replaces m.Delete(key).
func MapDelete(site int32, m syncMap, key any) {
	mapKey(site, sched.OpMapStore, m, key)
	m.Delete(key)
}

// MapLoadOrStore replaces m.LoadOrStore(key, value).
func MapLoadOrStore(site int32, m syncMap, key, value any) (any, bool) {
	mapKey(site, sched.OpMapRMW, m, key)
	return m.LoadOrStore(key, value)
}

// MapLoadAndDelete replaces m.LoadAndDelete(key).
func MapLoadAndDelete(site int32, m syncMap, key any) (any, bool) {
	mapKey(site, sched.OpMapRMW, m, key)
	return m.LoadAndDelete(key)
}

// MapSwap replaces m.Swap(key, value).
func MapSwap(site int32, m syncMap, key, value any) (any, bool) {
	mapKey(site, sched.OpMapRMW, m, key)
	return m.Swap(key, value)
}

// MapCompareAndSwap replaces m.CompareAndSwap(key, old, new).
func MapCompareAndSwap(site int32, m syncMap, key, old, new any) bool {
	mapKey(site, sched.OpMapRMW, m, key)
	return m.CompareAndSwap(key, old, new)
}

// MapCompareAndDelete replaces m.CompareAndDelete(key, old).
func MapCompareAndDelete(site int32, m syncMap, key, old any) bool {
	mapKey(site, sched.OpMapRMW, m, key)
	return m.CompareAndDelete(key, old)
}

// MapRange replaces m.Range(f): one scheduling point, a read of every
// key, then the real Range (f's own operations are scheduling points of
// their own).
func MapRange(site int32, m syncMap, f func(key, value any) bool) {
	if g := ctl(); g != nil {
		g.MapAll(site, sched.OpMapRange, mapID(m))
	}
	m.Range(f)
}

// MapClear replaces m.Clear(): one scheduling point, a write of every key.
func MapClear(site int32, m syncMap) {
	if g := ctl(); g != nil {
		g.MapAll(site, sched.OpMapClear, mapID(m))
	}
	m.Clear()
}
