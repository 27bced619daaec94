package engine

import "unsafe"

// Rooms: one primitive, one file.
//
// A primitive (sync.Mutex, a channel, sync.Map, ...) is modelled in one
// file of this package, its room, which holds its state type, its wait
// (when its operations may block), its happens-before effect and what an
// execution's start and end do to it. The engine knows no list of
// primitives: a room uses this narrow API.
//
//   - State per object: a room registers an object table once, at package
//     initialisation (newRoom). Every execution has its own table, emptied
//     when the execution starts; a room whose objects hold real resources
//     (a real lock the model holds) gives hooks that check them when the
//     execution ends and give them back after its goroutines are released.
//   - An operation begins with g.enter(kind, site, obj): false means g is
//     a released goroutine (released.go), which does what the room says a
//     released goroutine does (mostly nothing); true means the pending
//     operation is published. An operation that may block then sets
//     g.pend.wait (see wait); g.schedule() returns when g is picked to
//     perform it. Step is enter and schedule for rt's own primitives.
//   - Happens-before: g.learn(c) orders what c saw before g's future (an
//     acquire); g.releaseInto(&c) orders g's past before whoever later
//     learns c (a release).
//   - What an operation means for scheduling (its object class, whether
//     it writes, blocks, commutes, how its step counts for the busy-wait
//     detector) is its kind's row in sched's operation table.
//
// Adding a primitive: a row per new kind in sched (sched.go, deps.go and
// its dependence test), a room file here, the rt function rewritten code
// calls, and the rewriter's rows (toolexec/rewrite/apis.go).

// table is one room's object table in one execution (objTable).
type table interface {
	// clear empties the table, keeping its storage.
	clear()
	// end checks the objects at the end of an execution, before its
	// result is assembled.
	end(x *execution)
	// restore gives real resources back after the execution's goroutines
	// were released.
	restore()
}

// roomHooks are what a room does with its objects when an execution ends;
// either may be nil.
type roomHooks[K comparable, V any] struct {
	// end checks one object at the end of an execution (damage.go).
	end func(x *execution, k K, v *V)
	// restore gives back the real resources one object holds.
	restore func(k K, v *V)
	// noted returns the address by which uncontrolled code's hooks name
	// the object in their notes (foreign.go), for rooms whose objects
	// such notes concern; nil for the others.
	noted func(k K) unsafe.Pointer
	// reuse, when set, makes the table keep its states in chunks that
	// later executions reuse, each state passed to reuse before it serves
	// a new object (to empty it, keeping its slices' storage). Only for
	// rooms whose states nothing refers to but the table: a room with
	// millions of objects per execution (the race oracle's locations)
	// then allocates nothing in steady state.
	reuse func(v *V)
}

// room names one primitive's object table in every execution.
type room[K comparable, V any] struct{ id int }

// roomTables makes each registered room's table for a new execution, by
// room id.
//
// Invariant: written only during package initialisation (newRoom).
var roomTables []func(seen *keyFilter) table

// newRoom registers an object table of states V keyed by K, with hooks,
// and returns its name. It is called once per primitive, from a package
// variable's initialiser.
func newRoom[K comparable, V any](hooks roomHooks[K, V]) room[K, V] {
	id := len(roomTables)
	roomTables = append(roomTables, func(seen *keyFilter) table {
		return &objTable[K, V]{m: map[K]*V{}, hooks: hooks, seen: seen}
	})
	return room[K, V]{id: id}
}

// of returns r's table in x.
func (r room[K, V]) of(x *execution) *objTable[K, V] {
	return x.model.tables[r.id].(*objTable[K, V])
}

// objTable maps the objects of one primitive to their modelled state in
// one execution.
type objTable[K comparable, V any] struct {
	m     map[K]*V
	hooks roomHooks[K, V]
	seen  *keyFilter // the engine's filter of noted objects (foreign.go)
	// chunks hold the states of a table with hooks.reuse; the first used
	// of them serve the current execution.
	chunks [][]V
	used   int
}

// reuseChunk is the number of states in one chunk of a reusing table.
const reuseChunk = 1024

// get returns k's state, made (zero) on first use.
func (t *objTable[K, V]) get(k K) *V {
	if v := t.m[k]; v != nil {
		return v
	}
	v := t.fresh()
	t.put(k, v)
	return v
}

// fresh returns an empty state: a new one, or for a reusing table the
// next one of its chunks.
func (t *objTable[K, V]) fresh() *V {
	if t.hooks.reuse == nil {
		return new(V)
	}
	c, i := t.used/reuseChunk, t.used%reuseChunk
	if c == len(t.chunks) {
		t.chunks = append(t.chunks, make([]V, reuseChunk))
	}
	t.used++
	v := &t.chunks[c][i]
	t.hooks.reuse(v)
	return v
}

// lookup returns k's state, or nil.
func (t *objTable[K, V]) lookup(k K) *V { return t.m[k] }

// put sets k's state. An object uncontrolled code may leave notes on
// enters the engine's filter, so that its notes reach the token holder.
func (t *objTable[K, V]) put(k K, v *V) {
	t.m[k] = v
	if t.hooks.noted != nil {
		t.seen.add(t.hooks.noted(k))
	}
}

func (t *objTable[K, V]) clear() {
	clear(t.m)
	t.used = 0
}

func (t *objTable[K, V]) end(x *execution) {
	if t.hooks.end == nil {
		return
	}
	for k, v := range t.m {
		t.hooks.end(x, k, v)
	}
}

func (t *objTable[K, V]) restore() {
	if t.hooks.restore == nil {
		return
	}
	for k, v := range t.m {
		t.hooks.restore(k, v)
	}
}

// models holds the modelled state of every object one execution touched:
// a table per room, by room id, and the state rt's own rooms keep.
type models struct {
	tables []table
	// rt holds state kept per execution by rt's rooms (the handles of
	// modelled timers and contexts) and the engine's (Cleanup functions,
	// body-exit functions), keyed by their owners (G.Rooms).
	rt map[any]any
}

// init makes the tables; seen is the engine's filter of objects
// uncontrolled code's notes concern (foreign.go).
func (m *models) init(seen *keyFilter) {
	for _, mk := range roomTables {
		m.tables = append(m.tables, mk(seen))
	}
	m.rt = map[any]any{}
}

// clear empties every table, keeping the storage.
func (m *models) clear() {
	for _, t := range m.tables {
		t.clear()
	}
	clear(m.rt)
}

// end runs every room's end-of-execution check.
func (m *models) end(x *execution) {
	for _, t := range m.tables {
		t.end(x)
	}
}

// restore gives back the real resources the model still holds.
func (m *models) restore() {
	for _, t := range m.tables {
		t.restore()
	}
}

// Rooms returns the execution's table of state kept by rt's own rooms
// (models.rt): rt keeps the handle of each modelled *time.Timer,
// *time.Ticker and context there, so that they are forgotten with the
// execution.
//
// A released goroutine gets an empty table of its own: what it stores
// there is forgotten (released.go).
func (g *G) Rooms() map[any]any {
	if g.abort {
		return map[any]any{}
	}
	return g.x.model.rt
}
