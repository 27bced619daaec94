package engine

import (
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// A program may damage a modelled lock: overwrite it (`mu = sync.Mutex{}`),
// copy another value over it, or reuse its memory while the model says it
// is held. The real lock then disagrees with the model, and releasing it
// as the model says would end the test binary with a fatal error
// ("sync: unlock of unlocked mutex"), which no recover can stop. So the
// engine looks at the real lock (with TryLock, which never blocks) before
// it releases one: a lock found free is reported, never unlocked.

// mutexFree reports whether m is really unlocked, leaving it so.
func mutexFree(m *sync.Mutex) bool {
	if m.TryLock() {
		m.Unlock()
		return true
	}
	return false
}

// rwFree reports whether rw is really held by nobody, leaving it so.
func rwFree(rw *sync.RWMutex) bool {
	if rw.TryLock() {
		rw.Unlock()
		return true
	}
	return false
}

// misuse ends g's execution as the Go runtime ends the program: the real
// lock g releases was not held, because the program overwrote or copied
// it while it was locked. g then ends at once, its deferred calls running
// without touching the model.
func (g *G) misuse(fatal, kind string) {
	msg := fmt.Sprintf("fatal error: %s: the %s was overwritten or copied while locked (a race with its Lock; natively this ends the test binary)", fatal, kind)
	g.x.fail(sched.Panicked, g, msg, string(debug.Stack()))
	g.abort = true
	runtimeGoexit()
}

// checkDamage reports locks the model holds at the end of an execution
// that are not held for real: overwritten or copied while locked.
func (x *execution) checkDamage() {
	for mu, s := range x.model.mutexes {
		if s.locked && mutexFree(mu) {
			s.locked = false
			x.damaged("sync.Mutex")
		}
	}
	for rw, s := range x.model.rws {
		if (s.writer || s.readers > 0) && rwFree(rw) {
			s.writer, s.readers = false, 0
			x.damaged("sync.RWMutex")
		}
	}
}

// damaged records a lock found free although the model holds it.
func (x *execution) damaged(kind string) {
	if x.failure == nil {
		x.failure = &Failure{Outcome: sched.Race, Message: fmt.Sprintf("a %s held at the end of the execution was overwritten or copied while locked (a race with its Lock)", kind)}
	}
}

// restore releases real locks still held through the model, so that
// package-level locks are usable by the next execution. A lock that is
// not held for real (damaged after checkDamage ran) is left alone.
func (m *models) restore() {
	for mu, s := range m.mutexes {
		if s.locked && !mutexFree(mu) {
			mu.Unlock()
		}
	}
	for rw, s := range m.rws {
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
}
