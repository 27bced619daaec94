package embedded

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line embedded.go:3:1
import "sync"

var _vtbG [1]_vtbrt.Guard

//line embedded.go:5:1
type Counter struct {
	sync.Mutex
	n int
}

//line embedded.go:10:1
type Cache struct {
	*sync.RWMutex
	wg sync.WaitGroup
	Counter
}

//line embedded.go:16:1
func (c *Counter) Inc() {
//line embedded.go:17:1
	_vtbrt.Lock(_vtbS+0, &c.Mutex)
//line embedded.go:18:1
	defer _vtbrt.Unlock(_vtbS+1, &c.Mutex)
//line embedded.go:19:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+2, _vtbunsafe.Pointer(&c.n))
	}
//line embedded.go:19:1
	c.n++
//line embedded.go:20:1
}

//line embedded.go:22:1
func Use(c *Cache) {
//line embedded.go:23:1
	_vtbrt.RLock(_vtbS+3, c.RWMutex)
//line embedded.go:24:1
	_vtbrt.RUnlock(_vtbS+4, c.RWMutex)
//line embedded.go:25:1
	_vtbrt.Lock(_vtbS+5, &c.Counter.Mutex)
//line embedded.go:26:1
	_vtbrt.Unlock(_vtbS+6, &c.Counter.Mutex)
//line embedded.go:27:1
	c.Counter.Inc()
//line embedded.go:28:1
	f := _vtbMV(_vtbS+7, c.RWMutex, _vtbrt.RWUnlock)
//line embedded.go:29:1
	_vtbrt.Lock(_vtbS+8, &c.Counter.Mutex)
//line embedded.go:30:1
	f()
//line embedded.go:31:1
	var local Counter
//line embedded.go:32:1
	_vtbrt.Lock(_vtbS+9, &local.Mutex)
//line embedded.go:33:1
	_vtbrt.Unlock(_vtbS+10, &local.Mutex)
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/embedded", ""+
		"embedded.go\t17\t2\tKSync\t\t\n"+
		"embedded.go\t18\t8\tKSync\t\t\n"+
		"embedded.go\t19\t2\tKWrite\texample.com/embedded.Counter.n\tc.n\n"+
		"embedded.go\t23\t2\tKSync\t\t\n"+
		"embedded.go\t24\t2\tKSync\t\t\n"+
		"embedded.go\t25\t2\tKSync\t\t\n"+
		"embedded.go\t26\t2\tKSync\t\t\n"+
		"embedded.go\t28\t7\tKSync\t\t\n"+
		"embedded.go\t29\t2\tKSync\t\t\n"+
		"embedded.go\t32\t2\tKSync\t\t\n"+
		"embedded.go\t33\t2\tKSync\t\t\n"+
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
