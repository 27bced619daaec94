package mutex

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line mutex.go:3:1
import "sync"

var _vtbG [3]_vtbrt.Guard

//line mutex.go:5:1
var mu sync.Mutex

//line mutex.go:7:1
type Store struct {
	rw   sync.RWMutex
	lock *sync.Mutex
	data map[string]int
}

//line mutex.go:13:1
func (s *Store) Get(k string) int {
//line mutex.go:14:1
	_vtbrt.RLock(_vtbS+0, &s.rw)
//line mutex.go:15:1
	defer _vtbrt.RUnlock(_vtbS+1, &s.rw)
//line mutex.go:16:1
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+2, _vtbunsafe.Pointer(&s.data))
	}
//line mutex.go:16:1
	return _vtbM(1, _vtbS+3, false, s.data)[k]
//line mutex.go:17:1
}

//line mutex.go:19:1
func (s *Store) Set(k string, v int) {
//line mutex.go:20:1
	_vtbrt.RWLock(_vtbS+4, &s.rw)
//line mutex.go:21:1
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+5, _vtbunsafe.Pointer(&s.data))
	}
//line mutex.go:21:1
	_vtbM(1, _vtbS+6, true, s.data)[k] = v
//line mutex.go:22:1
	_vtbrt.RWUnlock(_vtbS+7, &s.rw)
}

//line mutex.go:25:1
func (s *Store) Try() bool {
//line mutex.go:26:1
	if _vtbrt.RWTryLock(_vtbS+8, &s.rw) {
//line mutex.go:27:1
		_vtbrt.RWUnlock(_vtbS+9, &s.rw)
	}
//line mutex.go:29:1
	if !_vtbrt.TryRLock(_vtbS+10, &s.rw) {
//line mutex.go:30:1
		return false
	}
//line mutex.go:32:1
	_vtbrt.RUnlock(_vtbS+11, &s.rw)
//line mutex.go:33:1
	_vtbrt.Lock(_vtbS+13, *_vtbR(2, _vtbS+12, &s.lock))
//line mutex.go:34:1
	defer _vtbrt.Unlock(_vtbS+15, *_vtbR(2, _vtbS+14, &s.lock))
//line mutex.go:35:1
	return _vtbrt.TryLock(_vtbS+16, &mu)
//line mutex.go:36:1
}

//line mutex.go:38:1
func Values(s *Store) {
//line mutex.go:39:1
	lock := _vtbMV(_vtbS+17, &mu, _vtbrt.Lock)
//line mutex.go:40:1
	if _vtbG[2].On() {
		_vtbrt.Read(_vtbS+18, _vtbunsafe.Pointer(&s.lock))
	}
//line mutex.go:40:1
	unlock := _vtbMV(_vtbS+19, s.lock, _vtbrt.Unlock)
//line mutex.go:41:1
	lock()
//line mutex.go:42:1
	unlock()
//line mutex.go:43:1
	{
//line mutex.go:43:1
		_vtba1 := &mu
//line mutex.go:43:1
		_vtbrt.Go(_vtbS+21, func() {
//line mutex.go:43:1
			_vtbrt.Unlock(_vtbS+20, _vtba1)
		})
	}
//line mutex.go:44:1
	defer func() {
//line mutex.go:44:15
		_vtbrt.Unlock(_vtbS+22, &mu)
	}()
//line mutex.go:45:1
}

var _vtbS = _vtbRegister()

//line mutex.go:47:1
var bufs = sync.Pool{New: func() any {
//line mutex.go:47:39
	return new([64]byte)
}}

// Recycle gets a buffer from a pool and puts it back, as a call and as a
// method value.
//line mutex.go:51:1
func Recycle() {
//line mutex.go:52:1
	b := _vtbrt.PoolGet(_vtbS+23, &bufs).(*[64]byte)
//line mutex.go:53:1
	put := _vtbMVPut(_vtbS+24, &bufs, _vtbrt.PoolPut)
//line mutex.go:54:1
	put(b)
}

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/mutex", ""+
		"mutex.go\t14\t2\tKSync\t\t\n"+
		"mutex.go\t15\t8\tKSync\t\t\n"+
		"mutex.go\t16\t9\tKRead\texample.com/mutex.Store.data\ts.data\n"+
		"mutex.go\t16\t9\tKRead\telem:example.com/mutex.Store.data\ts.data[k]\n"+
		"mutex.go\t20\t2\tKSync\t\t\n"+
		"mutex.go\t21\t2\tKRead\texample.com/mutex.Store.data\ts.data\n"+
		"mutex.go\t21\t2\tKWrite\telem:example.com/mutex.Store.data\ts.data[k]\n"+
		"mutex.go\t22\t2\tKSync\t\t\n"+
		"mutex.go\t26\t5\tKSync\t\t\n"+
		"mutex.go\t27\t3\tKSync\t\t\n"+
		"mutex.go\t29\t6\tKSync\t\t\n"+
		"mutex.go\t32\t2\tKSync\t\t\n"+
		"mutex.go\t33\t2\tKRead\texample.com/mutex.Store.lock\ts.lock\n"+
		"mutex.go\t33\t2\tKSync\t\t\n"+
		"mutex.go\t34\t8\tKRead\texample.com/mutex.Store.lock\ts.lock\n"+
		"mutex.go\t34\t8\tKSync\t\t\n"+
		"mutex.go\t35\t9\tKSync\t\t\n"+
		"mutex.go\t39\t10\tKSync\t\t\n"+
		"mutex.go\t40\t12\tKRead\texample.com/mutex.Store.lock\ts.lock\n"+
		"mutex.go\t40\t12\tKSync\t\t\n"+
		"mutex.go\t43\t5\tKSync\t\t\n"+
		"mutex.go\t43\t2\tKGo\t\t\n"+
		"mutex.go\t44\t17\tKSync\t\t\n"+
		"mutex.go\t52\t7\tKSync\t\t\n"+
		"mutex.go\t53\t9\tKSync\t\t\n"+
		"", _vtbG[:])
}

func _vtbR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.Read(site, _vtbunsafe.Pointer(p))
	}
	return p
}

func _vtbW[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.Write(site, _vtbunsafe.Pointer(p))
	}
	return p
}

func _vtbM[M any](g int, site int32, write bool, m M) M {
	if _vtbG[g].On() {
		_vtbrt.Map(site, m, write)
	}
	return m
}

func _vtbMV[P any](site int32, r *P, rtf func(int32, *P)) func() {
	return func() { rtf(site, r) }
}

func _vtbMVPut[P any](site int32, r *P, rtf func(int32, *P, any)) func(x any) {
	return func(x any) { rtf(site, r, x) }
}
