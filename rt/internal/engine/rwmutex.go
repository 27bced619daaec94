package engine

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The room of sync.RWMutex.
//
// Lock takes two steps: it arrives (always possible) and, if the lock is
// held, waits as a writer, which makes new readers wait too (writer
// preference, as natively). An Unlock releases into the write clock, each
// RUnlock into the read clock; a Lock acquires both, an RLock the write
// clock. The real RWMutex is taken with TryLock and TryRLock after the
// model grants it. At the end of an execution, as for sync.Mutex, a lock
// the model holds but that is free for real was damaged (damage.go), and
// one still held is released for the next execution.

// rwState models a sync.RWMutex.
type rwState struct {
	writer         bool
	readers        int
	waitingWriters int    // writers blocked in Lock: new readers wait too
	wclock         vclock // clock of the last Unlock
	rclock         vclock // join of the clocks of RUnlocks since the last Lock
}

// rwMutexes is the room's object table.
var rwMutexes = newRoom(roomHooks[*sync.RWMutex, rwState]{end: checkRW, restore: restoreRW})

// rwWriter is the wait of a pending Lock: arriving is always possible;
// once it waits, it needs the lock free of the writer and of readers.
type rwWriter rwState

func (s *rwWriter) enabled(_ *execution, g *G) bool {
	return !g.pend.waiting || (!s.writer && s.readers == 0)
}
func (s *rwWriter) group() (*waitSet, bool) { return nil, false }
func (s *rwWriter) state(*G) string         { return "sync.RWMutex.Lock" }

// rwReader is the wait of a pending RLock: it needs no writer holding
// the lock or waiting for it.
type rwReader rwState

func (s *rwReader) enabled(_ *execution, g *G) bool {
	return !g.pend.waiting || (!s.writer && s.waitingWriters == 0)
}
func (s *rwReader) group() (*waitSet, bool) { return nil, false }
func (s *rwReader) state(*G) string         { return "sync.RWMutex.RLock" }

// RWLock models rw.Lock by g.
func (g *G) RWLock(site int32, rw *sync.RWMutex) {
	if !g.enter(sched.OpLock, site, unsafe.Pointer(rw)) {
		return
	}
	s := rwMutexes.of(g.x).get(rw)
	g.pend.wait = (*rwWriter)(s)
	for {
		g.schedule()
		if s.writer || s.readers > 0 {
			if !g.pend.waiting {
				g.pend.waiting = true
				s.waitingWriters++
			}
			continue
		}
		if rw.TryLock() {
			break
		}
		g.pollFailed()
	}
	if g.pend.waiting {
		s.waitingWriters--
	}
	g.pollDone()
	s.lock(g)
}

// lock records a write lock taken by g.
func (s *rwState) lock(g *G) {
	s.writer = true
	g.learn(s.wclock)
	g.learn(s.rclock)
	s.rclock = s.rclock[:0]
}

// RWTryLock models rw.TryLock by g.
func (g *G) RWTryLock(site int32, rw *sync.RWMutex) bool {
	if !g.enter(sched.OpTryLock, site, unsafe.Pointer(rw)) {
		return false
	}
	s := rwMutexes.of(g.x).get(rw)
	g.schedule()
	if s.writer || s.readers > 0 || !rw.TryLock() {
		return false
	}
	s.lock(g)
	return true
}

// RWUnlock models rw.Unlock by g.
func (g *G) RWUnlock(site int32, rw *sync.RWMutex) {
	if !g.enter(sched.OpUnlock, site, unsafe.Pointer(rw)) {
		return
	}
	s := rwMutexes.of(g.x).get(rw)
	g.schedule()
	if !s.writer {
		if rw.TryLock() {
			rw.Unlock()
			panic("sync: Unlock of unlocked RWMutex")
		}
		rw.Unlock()
		return
	}
	s.writer = false
	if rwFree(rw) {
		g.misuse("sync: Unlock of unlocked RWMutex", "RWMutex")
	}
	s.wclock.Set(g.clock)
	g.clock.Tick(g.id)
	rw.Unlock()
}

// RLock models rw.RLock by g: it waits while a writer holds the lock or
// waits for it.
func (g *G) RLock(site int32, rw *sync.RWMutex) {
	if !g.enter(sched.OpRLock, site, unsafe.Pointer(rw)) {
		return
	}
	s := rwMutexes.of(g.x).get(rw)
	g.pend.wait = (*rwReader)(s)
	for {
		g.schedule()
		if s.writer || s.waitingWriters > 0 {
			g.pend.waiting = true
			continue
		}
		if rw.TryRLock() {
			break
		}
		g.pollFailed()
	}
	g.pollDone()
	s.readers++
	g.learn(s.wclock)
}

// TryRLock models rw.TryRLock by g.
func (g *G) TryRLock(site int32, rw *sync.RWMutex) bool {
	if !g.enter(sched.OpTryLock, site, unsafe.Pointer(rw)) {
		return false
	}
	s := rwMutexes.of(g.x).get(rw)
	g.schedule()
	if s.writer || s.waitingWriters > 0 || !rw.TryRLock() {
		return false
	}
	s.readers++
	g.learn(s.wclock)
	return true
}

// RUnlock models rw.RUnlock by g.
func (g *G) RUnlock(site int32, rw *sync.RWMutex) {
	if !g.enter(sched.OpRUnlock, site, unsafe.Pointer(rw)) {
		return
	}
	s := rwMutexes.of(g.x).get(rw)
	g.schedule()
	if s.readers == 0 {
		if rw.TryLock() {
			rw.Unlock()
			panic("sync: RUnlock of unlocked RWMutex")
		}
		rw.RUnlock()
		return
	}
	s.readers--
	if rwFree(rw) {
		g.misuse("sync: RUnlock of unlocked RWMutex", "RWMutex")
	}
	s.rclock.Join(g.clock)
	g.clock.Tick(g.id)
	rw.RUnlock()
}

// rwFree reports whether rw is really held by nobody, leaving it so.
func rwFree(rw *sync.RWMutex) bool {
	if rw.TryLock() {
		rw.Unlock()
		return true
	}
	return false
}

// checkRW reports an RWMutex the model holds at the end of an execution
// that is not held for real: overwritten or copied while locked.
func checkRW(x *execution, rw *sync.RWMutex, s *rwState) {
	if (s.writer || s.readers > 0) && rwFree(rw) {
		s.writer, s.readers = false, 0
		x.damaged("sync.RWMutex")
	}
}

// restoreRW releases a real RWMutex still held through the model; one
// not held for real is left alone.
func restoreRW(rw *sync.RWMutex, s *rwState) {
	switch {
	case s.writer:
		if rwFree(rw) {
			break
		}
		if rw.TryRLock() { // readers hold it, not our writer
			rw.RUnlock()
			break
		}
		rw.Unlock()
	case s.readers > 0:
		for ; s.readers > 0 && !rwFree(rw); s.readers-- {
			rw.RUnlock()
		}
	}
}

// rlockerType is the dynamic type of RWMutex.RLocker's result.
var rlockerType = reflect.TypeOf(new(sync.RWMutex).RLocker())

// RLockerOf returns the RWMutex behind l when l is the result of its
// RLocker method (whose Lock and Unlock are RLock and RUnlock), else nil.
func RLockerOf(l sync.Locker) *sync.RWMutex {
	if l == nil || reflect.TypeOf(l) != rlockerType {
		return nil
	}
	return (*sync.RWMutex)(reflect.ValueOf(l).UnsafePointer())
}
