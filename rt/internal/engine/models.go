package engine

import (
	"sync"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// pendingOp holds what the engine needs to decide whether a goroutine's
// pending operation is enabled.
type pendingOp struct {
	rmwAddr    unsafe.Pointer // a read-modify-write's location (rmw.go)
	rmwSize    uintptr
	cases      []Case
	hasDefault bool
	mu         *mutexState
	rw         *rwState
	wg         *wgState
	once       *onceState
	cond       *condState
	waiting    bool   // the operation has arrived and blocks (two-step ops)
	completed  bool   // a partner completed this channel operation
	chosen     int    // case index completed by the partner
	signalled  bool   // a Cond waiter has been woken
	sigClock   vclock // clock of the signaller
}

// models holds the modelled state of every synchronisation object and
// tracked location touched in one execution, keyed by address.
type models struct {
	mutexes map[*sync.Mutex]*mutexState
	rws     map[*sync.RWMutex]*rwState
	wgs     map[*sync.WaitGroup]*wgState
	onces   map[*sync.Once]*onceState
	conds   map[*sync.Cond]*condState
	chans   map[unsafe.Pointer]*chanState
	shadow  map[unsafe.Pointer]*shadowCell
	atomics map[unsafe.Pointer]*vclock
	// rooms holds the state of primitives modelled in files of their own
	// (timer.go, context.go), keyed by the object's address.
	rooms map[any]any
}

func (m *models) init() {
	m.mutexes = map[*sync.Mutex]*mutexState{}
	m.rws = map[*sync.RWMutex]*rwState{}
	m.wgs = map[*sync.WaitGroup]*wgState{}
	m.onces = map[*sync.Once]*onceState{}
	m.conds = map[*sync.Cond]*condState{}
	m.chans = map[unsafe.Pointer]*chanState{}
	m.shadow = map[unsafe.Pointer]*shadowCell{}
	m.atomics = map[unsafe.Pointer]*vclock{}
	m.rooms = map[any]any{}
}

// clear empties every model, keeping the maps' storage.
func (m *models) clear() {
	clear(m.mutexes)
	clear(m.rws)
	clear(m.wgs)
	clear(m.onces)
	clear(m.conds)
	clear(m.chans)
	clear(m.shadow)
	clear(m.atomics)
	clear(m.rooms)
}

// enabled reports whether g's pending operation can be performed now.
func (x *execution) enabled(g *G) bool {
	p := &g.pend
	if g.pollSum > x.e.lim.PollTimeout {
		return false
	}
	switch g.op.Kind {
	case sched.OpLock:
		if p.rw != nil {
			return !p.waiting || (!p.rw.writer && p.rw.readers == 0)
		}
		return !p.mu.locked
	case sched.OpRLock:
		return !p.waiting || (!p.rw.writer && p.rw.waitingWriters == 0)
	case sched.OpWGWait:
		return p.wg.count == 0
	case sched.OpOnce:
		return p.once.running == nil
	case sched.OpCondWake:
		return p.signalled && p.cond.lockFree()
	case sched.OpSend, sched.OpRecv, sched.OpSelect:
		return x.chanEnabled(g)
	case sched.OpSleep, sched.OpTimer:
		return g.wakeAt <= x.now
	}
	return true
}
