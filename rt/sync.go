package rt

import (
	"sync"

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// Lock replaces m.Lock().
func Lock(site int32, m *sync.Mutex) {
	if g := ctl(); g != nil {
		g.Lock(site, m)
		return
	}
	m.Lock()
}

// Unlock replaces m.Unlock().
func Unlock(site int32, m *sync.Mutex) {
	if g := ctl(); g != nil {
		g.Unlock(site, m)
		return
	}
	m.Unlock()
}

// TryLock replaces m.TryLock().
func TryLock(site int32, m *sync.Mutex) bool {
	if g := ctl(); g != nil {
		return g.TryLock(site, m)
	}
	return m.TryLock()
}

// RWLock replaces rw.Lock().
func RWLock(site int32, rw *sync.RWMutex) {
	if g := ctl(); g != nil {
		g.RWLock(site, rw)
		return
	}
	rw.Lock()
}

// RWUnlock replaces rw.Unlock().
func RWUnlock(site int32, rw *sync.RWMutex) {
	if g := ctl(); g != nil {
		g.RWUnlock(site, rw)
		return
	}
	rw.Unlock()
}

// RWTryLock replaces rw.TryLock().
func RWTryLock(site int32, rw *sync.RWMutex) bool {
	if g := ctl(); g != nil {
		return g.RWTryLock(site, rw)
	}
	return rw.TryLock()
}

// RLock replaces rw.RLock().
func RLock(site int32, rw *sync.RWMutex) {
	if g := ctl(); g != nil {
		g.RLock(site, rw)
		return
	}
	rw.RLock()
}

// RUnlock replaces rw.RUnlock().
func RUnlock(site int32, rw *sync.RWMutex) {
	if g := ctl(); g != nil {
		g.RUnlock(site, rw)
		return
	}
	rw.RUnlock()
}

// TryRLock replaces rw.TryRLock().
func TryRLock(site int32, rw *sync.RWMutex) bool {
	if g := ctl(); g != nil {
		return g.TryRLock(site, rw)
	}
	return rw.TryRLock()
}

// WGAdd replaces wg.Add(delta).
func WGAdd(site int32, wg *sync.WaitGroup, delta int) {
	if g := ctl(); g != nil {
		g.WGAdd(site, wg, delta)
		return
	}
	wg.Add(delta)
	engine.NoteForeignWG(wg) // a modelled counter follows
}

// WGDone replaces wg.Done().
func WGDone(site int32, wg *sync.WaitGroup) { WGAdd(site, wg, -1) }

// WGWait replaces wg.Wait().
func WGWait(site int32, wg *sync.WaitGroup) {
	if g := ctl(); g != nil {
		g.WGWait(site, wg)
		return
	}
	wg.Wait()
}

// WGGo replaces wg.Go(f): Add(1), then f in a new goroutine that calls
// Done when f returns.
func WGGo(site int32, wg *sync.WaitGroup, f func()) {
	if ctl() == nil {
		wgGoUncontrolled(wg, f)
		return
	}
	WGAdd(site, wg, 1)
	Go(site, func() {
		defer func() {
			if x := recover(); x != nil {
				panic(x) // as wg.Go: no Done when f panics (Wait must not return)
			}
			WGDone(site, wg)
		}()
		f()
	})
}

// wgGoUncontrolled is wg.Go(f) for a goroutine vtbound does not control,
// telling the engine of the counter's changes (engine.NoteForeignWG): as
// wg.Go, it does not call Done when f panics.
func wgGoUncontrolled(wg *sync.WaitGroup, f func()) {
	wg.Add(1)
	engine.NoteForeignWG(wg)
	go func() {
		defer func() {
			if x := recover(); x != nil {
				panic(x)
			}
			wg.Done()
			engine.NoteForeignWG(wg)
		}()
		f()
	}()
}

// OnceDo replaces o.Do(f).
func OnceDo(site int32, o *sync.Once, f func()) {
	if g := ctl(); g != nil {
		g.OnceDo(site, o, f)
		return
	}
	o.Do(f)
}

// CondWait replaces c.Wait().
func CondWait(site int32, c *sync.Cond) {
	if g := ctl(); g != nil {
		g.CondWait(site, c)
		return
	}
	c.Wait()
}

// CondSignal replaces c.Signal().
func CondSignal(site int32, c *sync.Cond) {
	if g := ctl(); g != nil {
		g.CondSignal(site, c)
		return
	}
	c.Signal()
	engine.NoteForeignSignal(c, false) // wakes a modelled waiter
}

// CondBroadcast replaces c.Broadcast().
func CondBroadcast(site int32, c *sync.Cond) {
	if g := ctl(); g != nil {
		g.CondBroadcast(site, c)
		return
	}
	c.Broadcast()
	engine.NoteForeignSignal(c, true) // wakes the modelled waiters
}

// PoolGet replaces p.Get(). It is not a scheduling point; in a controlled
// goroutine it is ordered after every earlier Put on p (the race detector
// has the same edge), so objects recycled through a pool do not race.
func PoolGet(site int32, p *sync.Pool) any {
	x := p.Get()
	if g := ctl(); g != nil {
		g.PoolGet(p)
	}
	return x
}

// PoolPut replaces p.Put(x); see PoolGet.
func PoolPut(site int32, p *sync.Pool, x any) {
	if g := ctl(); g != nil {
		g.PoolPut(p)
	}
	p.Put(x)
}
