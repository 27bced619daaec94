package engine

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

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

// condWaitOther is Cond.Wait by g for a Cond whose L is neither a Mutex, an
// RWMutex nor an RLocker: a Locker whose methods are rewritten code with
// scheduling points of their own. As natively, g joins the waiters before
// it releases L (a Signal while it releases wakes it), then waits for a
// signal, then takes L again through L.Lock.
func (g *G) condWaitOther(site int32, s *condState) {
	if s.sig == nil {
		s.sig = map[*G]vclock{}
	}
	s.waiters = append(s.waiters, g)
	s.c.L.Unlock()
	if g.abort {
		return
	}
	g.announce(sched.OpCondWake, site, unsafe.Pointer(s.c))
	g.pend.cond = s
	if clk, ok := s.sig[g]; ok {
		g.pend.signalled, g.pend.sigClock = true, clk
		delete(s.sig, g)
	}
	g.schedule()
	g.learn(g.pend.sigClock)
	s.c.L.Lock()
}
