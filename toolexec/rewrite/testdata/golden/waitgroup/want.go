package waitgroup

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line waitgroup.go:3:1
import "sync"

var _vtbG [6]_vtbrt.Guard

//line waitgroup.go:5:1
type Lazy struct {
	once sync.Once
	cond *sync.Cond
	val  int
}

//line waitgroup.go:11:1
func (l *Lazy) Get() int {
//line waitgroup.go:12:1
	_vtbrt.OnceDo(_vtbS+1, &l.once, func() {
//line waitgroup.go:12:19
		if _vtbG[0].On() {
			_vtbrt.Write(_vtbS+0, _vtbunsafe.Pointer(&l.val))
		}
//line waitgroup.go:12:19
		l.val = 42
	})
//line waitgroup.go:13:1
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+2, _vtbunsafe.Pointer(&l.val))
	}
//line waitgroup.go:13:1
	return l.val
}

//line waitgroup.go:16:1
func (l *Lazy) Wait(ready *bool) {
//line waitgroup.go:17:1
	_vtbrt.LockerLock(_vtbS+5, *_vtbR(2, _vtbS+4, &(*_vtbR(1, _vtbS+3, &l.cond)).L))
//line waitgroup.go:18:1
	for !*_vtbR(3, _vtbS+6, &*ready) {
//line waitgroup.go:19:1
		_vtbrt.CondWait(_vtbS+8, *_vtbR(1, _vtbS+7, &l.cond))
	}
//line waitgroup.go:21:1
	_vtbrt.LockerUnlock(_vtbS+11, *_vtbR(2, _vtbS+10, &(*_vtbR(1, _vtbS+9, &l.cond)).L))
//line waitgroup.go:22:1
	_vtbrt.CondSignal(_vtbS+13, *_vtbR(1, _vtbS+12, &l.cond))
//line waitgroup.go:23:1
	_vtbrt.CondBroadcast(_vtbS+15, *_vtbR(1, _vtbS+14, &l.cond))
}

//line waitgroup.go:26:1
func Fan(n int) int {
//line waitgroup.go:27:1
	var wg sync.WaitGroup
//line waitgroup.go:28:1
	var mu sync.Mutex
//line waitgroup.go:29:1
	total := 0
//line waitgroup.go:30:1
	for i := 0; *_vtbR(4, _vtbS+16, &i) < n; *_vtbW(4, _vtbS+17, &i)++ {
//line waitgroup.go:31:1
		_vtbrt.WGAdd(_vtbS+18, &wg, 1)
//line waitgroup.go:32:1
		_vtbrt.Go(_vtbS+24, func() {
//line waitgroup.go:33:1
			defer _vtbrt.WGDone(_vtbS+19, &wg)
//line waitgroup.go:34:1
			_vtbrt.Lock(_vtbS+20, &mu)
//line waitgroup.go:35:1
			*_vtbW(5, _vtbS+21, &total) += *_vtbR(4, _vtbS+22, &i)
//line waitgroup.go:36:1
			_vtbrt.Unlock(_vtbS+23, &mu)
//line waitgroup.go:37:1
		})
	}
//line waitgroup.go:39:1
	_vtbrt.WGGo(_vtbS+28, &wg, func() {
//line waitgroup.go:39:15
		_vtbrt.Lock(_vtbS+25, &mu)
//line waitgroup.go:39:26
		if _vtbG[5].On() {
			_vtbrt.Write(_vtbS+26, _vtbunsafe.Pointer(&total))
		}
//line waitgroup.go:39:26
		total++
//line waitgroup.go:39:35
		_vtbrt.Unlock(_vtbS+27, &mu)
	})
//line waitgroup.go:40:1
	_vtbrt.WGWait(_vtbS+29, &wg)
//line waitgroup.go:41:1
	done := _vtbMV(_vtbS+30, &wg, _vtbrt.WGDone)
//line waitgroup.go:42:1
	_ = done
//line waitgroup.go:43:1
	if _vtbG[5].On() {
		_vtbrt.Read(_vtbS+31, _vtbunsafe.Pointer(&total))
	}
//line waitgroup.go:43:1
	return total
}

//line waitgroup.go:46:1
func Values(l *Lazy, wg *sync.WaitGroup, mu *sync.RWMutex) {
//line waitgroup.go:47:1
	try := _vtbMVBool(_vtbS+32, mu, _vtbrt.TryRLock)
//line waitgroup.go:48:1
	_ = try()
//line waitgroup.go:49:1
	add := _vtbMVInt(_vtbS+33, wg, _vtbrt.WGAdd)
//line waitgroup.go:50:1
	add(1)
//line waitgroup.go:51:1
	spawn := _vtbMVFunc(_vtbS+34, wg, _vtbrt.WGGo)
//line waitgroup.go:52:1
	spawn(func() {})
//line waitgroup.go:53:1
	do := _vtbMVFunc(_vtbS+35, &l.once, _vtbrt.OnceDo)
//line waitgroup.go:54:1
	do(func() {})
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/waitgroup", ""+
		"waitgroup.go\t12\t21\tKWrite\texample.com/waitgroup.Lazy.val\tl.val\n"+
		"waitgroup.go\t12\t2\tKSync\t\t\n"+
		"waitgroup.go\t13\t9\tKRead\texample.com/waitgroup.Lazy.val\tl.val\n"+
		"waitgroup.go\t17\t2\tKRead\texample.com/waitgroup.Lazy.cond\tl.cond\n"+
		"waitgroup.go\t17\t2\tKRead\tsync.Cond.L\tl.cond.L\n"+
		"waitgroup.go\t17\t2\tKSync\t\t\n"+
		"waitgroup.go\t18\t7\tKRead\ttype:bool\t*ready\n"+
		"waitgroup.go\t19\t3\tKRead\texample.com/waitgroup.Lazy.cond\tl.cond\n"+
		"waitgroup.go\t19\t3\tKSync\t\t\n"+
		"waitgroup.go\t21\t2\tKRead\texample.com/waitgroup.Lazy.cond\tl.cond\n"+
		"waitgroup.go\t21\t2\tKRead\tsync.Cond.L\tl.cond.L\n"+
		"waitgroup.go\t21\t2\tKSync\t\t\n"+
		"waitgroup.go\t22\t2\tKRead\texample.com/waitgroup.Lazy.cond\tl.cond\n"+
		"waitgroup.go\t22\t2\tKSync\t\t\n"+
		"waitgroup.go\t23\t2\tKRead\texample.com/waitgroup.Lazy.cond\tl.cond\n"+
		"waitgroup.go\t23\t2\tKSync\t\t\n"+
		"waitgroup.go\t30\t14\tKRead\texample.com/waitgroup/waitgroup.go:30:6\ti\n"+
		"waitgroup.go\t30\t21\tKWrite\texample.com/waitgroup/waitgroup.go:30:6\ti\n"+
		"waitgroup.go\t31\t3\tKSync\t\t\n"+
		"waitgroup.go\t33\t10\tKSync\t\t\n"+
		"waitgroup.go\t34\t4\tKSync\t\t\n"+
		"waitgroup.go\t35\t4\tKWrite\texample.com/waitgroup/waitgroup.go:29:2\ttotal\n"+
		"waitgroup.go\t35\t13\tKRead\texample.com/waitgroup/waitgroup.go:30:6\ti\n"+
		"waitgroup.go\t36\t4\tKSync\t\t\n"+
		"waitgroup.go\t32\t3\tKGo\t\t\n"+
		"waitgroup.go\t39\t17\tKSync\t\t\n"+
		"waitgroup.go\t39\t28\tKWrite\texample.com/waitgroup/waitgroup.go:29:2\ttotal\n"+
		"waitgroup.go\t39\t37\tKSync\t\t\n"+
		"waitgroup.go\t39\t2\tKSync\t\t\n"+
		"waitgroup.go\t40\t2\tKSync\t\t\n"+
		"waitgroup.go\t41\t10\tKSync\t\t\n"+
		"waitgroup.go\t43\t9\tKRead\texample.com/waitgroup/waitgroup.go:29:2\ttotal\n"+
		"waitgroup.go\t47\t9\tKSync\t\t\n"+
		"waitgroup.go\t49\t9\tKSync\t\t\n"+
		"waitgroup.go\t51\t11\tKSync\t\t\n"+
		"waitgroup.go\t53\t8\tKSync\t\t\n"+
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

func _vtbMV[P any](site int32, r *P, rtf func(int32, *P)) func() {
	return func() { rtf(site, r) }
}

func _vtbMVBool[P any](site int32, r *P, rtf func(int32, *P) bool) func() bool {
	return func() bool { return rtf(site, r) }
}

func _vtbMVInt[P any](site int32, r *P, rtf func(int32, *P, int)) func(x int) {
	return func(x int) { rtf(site, r, x) }
}

func _vtbMVFunc[P any](site int32, r *P, rtf func(int32, *P, func())) func(x func()) {
	return func(x func()) { rtf(site, r, x) }
}
