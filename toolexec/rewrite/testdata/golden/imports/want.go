package imports

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line imports.go:3:1
import (
	s "sync"
	. "sync/atomic"
	tm "time"
)

var _vtbG [1]_vtbrt.Guard

//line imports.go:9:1
var n int64

//line imports.go:11:1
type rt struct{ unsafe int }

//line imports.go:13:1
func Use(atomic *rt) {
//line imports.go:14:1
	var mu s.Mutex
//line imports.go:15:1
	_vtbrt.Lock(_vtbS+0, &mu)
//line imports.go:16:1
	AddInt64(_vtbrt.Atomic(_vtbS+1, _vtbrt.ARMW, &n), 1)
//line imports.go:17:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+2, _vtbunsafe.Pointer(&atomic.unsafe))
	}
//line imports.go:17:1
	atomic.unsafe = 1
//line imports.go:18:1
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+3, _vtbunsafe.Pointer(&atomic.unsafe))
	}
//line imports.go:18:1
	unsafe := atomic.unsafe
//line imports.go:19:1
	_ = unsafe
//line imports.go:20:1
	_vtbrt.Sleep(_vtbS+4, 1)
//line imports.go:21:1
	_vtbrt.Unlock(_vtbS+5, &mu)
}

var _vtbS = _vtbRegister()

var _ = tm.Sleep

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/imports", ""+
		"imports.go\t15\t2\tKSync\t\t\n"+
		"imports.go\t16\t2\tKAtomic\t\tAddInt64(&n, 1)\n"+
		"imports.go\t17\t2\tKWrite\texample.com/imports.rt.unsafe\tatomic.unsafe\n"+
		"imports.go\t18\t12\tKRead\texample.com/imports.rt.unsafe\tatomic.unsafe\n"+
		"imports.go\t20\t2\tKOther\t\t\n"+
		"imports.go\t21\t2\tKSync\t\t\n"+
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
