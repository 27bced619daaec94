package unmodelled

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line unmodelled.go:3:1
import (
	"sync"
	"sync/atomic"
	"time"
)

var _vtbG [0]_vtbrt.Guard

//line unmodelled.go:9:1
type Pipe chan int

//line unmodelled.go:11:1
type Flag bool

//line unmodelled.go:13:1
func Run(l sync.Locker, mu *sync.Mutex, n *atomic.Int64, f func(Flag), a, b int) {
//line unmodelled.go:14:1
	_vtbrt.LockerLock(_vtbS+0, l)
//line unmodelled.go:15:1
	_vtbrt.LockerUnlock(_vtbS+1, l)
//line unmodelled.go:16:1
	(*sync.Mutex).Lock(mu)
//line unmodelled.go:17:1
	_vtbrt.Unlock(_vtbS+2, mu)
//line unmodelled.go:18:1
	p := Pipe(_vtbrt.MakeChan[int](_vtbS+3, 1))
//line unmodelled.go:19:1
	_vtbrt.Send(_vtbS+4, p, 1)
//line unmodelled.go:20:1
	load := n.Load
//line unmodelled.go:21:1
	_ = load()
//line unmodelled.go:22:1
	sleep := func(_vtbp0 time.Duration) { _vtbrt.Sleep(_vtbS+5, _vtbp0) }
//line unmodelled.go:23:1
	sleep(1)
//line unmodelled.go:24:1
	now := func() time.Time { return _vtbrt.Now(_vtbS + 6) } // a function value: modelled (funcvalue.go)
//line unmodelled.go:25:1
	_ = now()
//line unmodelled.go:26:1
	go f(a == b)
//line unmodelled.go:27:1
	once := _vtbrt.OnceFunc(_vtbS+7, func() {})
//line unmodelled.go:28:1
	once()
//line unmodelled.go:29:1
	var ok Flag
//line unmodelled.go:30:1
	var v int
//line unmodelled.go:31:1
	v, ok2 := _vtbrt.Recv2(_vtbS+8, p)
//line unmodelled.go:32:1
	_, _ = v, ok2
//line unmodelled.go:33:1
	_ = ok
}

var _vtbS = _vtbRegister()

var _ = time.Sleep

var _ = time.Now

var _ = sync.OnceFunc

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/unmodelled", ""+
		"unmodelled.go\t14\t2\tKSync\t\t\n"+
		"unmodelled.go\t15\t2\tKSync\t\t\n"+
		"unmodelled.go\t17\t2\tKSync\t\t\n"+
		"unmodelled.go\t18\t7\tKChan\t\t\n"+
		"unmodelled.go\t19\t2\tKChan\t\t\n"+
		"unmodelled.go\t22\t11\tKOther\t\t\n"+
		"unmodelled.go\t24\t9\tKOther\t\t\n"+
		"unmodelled.go\t27\t10\tKOther\t\t\n"+
		"unmodelled.go\t31\t12\tKChan\t\t\n"+
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
