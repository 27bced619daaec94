package rt

import (
	"sync"

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// OnceFunc replaces sync.OnceFunc: the returned function calls f through
// a modelled Once (see OnceDo), so that concurrent first calls are
// explored and wait for each other as natively. If f panics, every call
// panics with the same value, as with sync.OnceFunc.
func OnceFunc(site int32, f func()) func() {
	var (
		once  sync.Once
		valid bool
		p     any
	)
	call := func() {
		defer func() {
			p = recover()
			if !valid {
				panic(p)
			}
		}()
		f()
		f = nil
		valid = true
	}
	return func() {
		OnceDo(site, &once, call)
		if !valid {
			panic(p)
		}
	}
}

// OnceValue replaces sync.OnceValue; see OnceFunc.
func OnceValue[T any](site int32, f func() T) func() T {
	var result T
	g := OnceFunc(site, func() { result = f() })
	return func() T {
		g()
		return result
	}
}

// OnceValues replaces sync.OnceValues; see OnceFunc.
func OnceValues[T1, T2 any](site int32, f func() (T1, T2)) func() (T1, T2) {
	var (
		r1 T1
		r2 T2
	)
	g := OnceFunc(site, func() { r1, r2 = f() })
	return func() (T1, T2) {
		g()
		return r1, r2
	}
}

// LockerLock replaces l.Lock() on a sync.Locker interface value: a
// *sync.Mutex, *sync.RWMutex or RWMutex.RLocker() is locked through the
// model; another Locker's own (rewritten) Lock method is called.
func LockerLock(site int32, l sync.Locker) {
	switch m := l.(type) {
	case *sync.Mutex:
		Lock(site, m)
	case *sync.RWMutex:
		RWLock(site, m)
	default:
		if rw := engine.RLockerOf(l); rw != nil {
			RLock(site, rw)
			return
		}
		l.Lock()
	}
}

// LockerUnlock replaces l.Unlock() on a sync.Locker; see LockerLock.
func LockerUnlock(site int32, l sync.Locker) {
	switch m := l.(type) {
	case *sync.Mutex:
		Unlock(site, m)
	case *sync.RWMutex:
		RWUnlock(site, m)
	default:
		if rw := engine.RLockerOf(l); rw != nil {
			RUnlock(site, rw)
			return
		}
		l.Unlock()
	}
}
