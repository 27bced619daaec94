package results

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line results.go:3:1
import "sync"

var _vtbG [2]_vtbrt.Guard

//line results.go:5:1
func Bare() (n int, err error) {
//line results.go:6:1
	done := _vtbrt.MakeChan[bool](_vtbS+0, 0)
//line results.go:7:1
	_vtbrt.Go(_vtbS+3, func() {
//line results.go:8:1
		if _vtbG[0].On() {
			_vtbrt.Write(_vtbS+1, _vtbunsafe.Pointer(&n))
		}
//line results.go:8:1
		n = 1
//line results.go:9:1
		_vtbrt.Send(_vtbS+2, done, true)
	})
//line results.go:11:1
	_vtbrt.Recv(_vtbS+4, done)
//line results.go:12:1
	_ = *_vtbR(0, _vtbS+5, &n)
//line results.go:12:1
	return
}

//line results.go:15:1
func Deferred() (n int) {
//line results.go:16:1
	var wg sync.WaitGroup
//line results.go:17:1
	_vtbrt.WGAdd(_vtbS+6, &wg, 1)
//line results.go:18:1
	_vtbrt.Go(_vtbS+9, func() {
//line results.go:19:1
		defer _vtbrt.WGDone(_vtbS+7, &wg)
//line results.go:20:1
		if _vtbG[1].On() {
			_vtbrt.Write(_vtbS+8, _vtbunsafe.Pointer(&n))
		}
//line results.go:20:1
		n = 2
//line results.go:21:1
	})
//line results.go:22:1
	defer _vtbrt.WGWait(_vtbS+10, &wg)
//line results.go:23:1
	return
//line results.go:24:1
}

//line results.go:26:1
func Plain() (n int) {
//line results.go:27:1
	n = 3
//line results.go:28:1
	return
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/results", ""+
		"results.go\t6\t10\tKChan\t\t\n"+
		"results.go\t8\t3\tKWrite\texample.com/results/results.go:5:14\tn\n"+
		"results.go\t9\t3\tKChan\t\t\n"+
		"results.go\t7\t2\tKGo\t\t\n"+
		"results.go\t11\t2\tKChan\t\t\n"+
		"results.go\t12\t2\tKRead\texample.com/results/results.go:5:14\tn\n"+
		"results.go\t17\t2\tKSync\t\t\n"+
		"results.go\t19\t9\tKSync\t\t\n"+
		"results.go\t20\t3\tKWrite\texample.com/results/results.go:15:18\tn\n"+
		"results.go\t18\t2\tKGo\t\t\n"+
		"results.go\t22\t8\tKSync\t\t\n"+
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
