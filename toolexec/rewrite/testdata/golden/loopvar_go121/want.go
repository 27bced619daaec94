//go:build go1.21

package loopvar121

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [2]_vtbrt.Guard

//line loopvar_go121.go:5:1
func Spawn(n int, out chan int) {
//line loopvar_go121.go:6:1
	for i := 0; *_vtbR(0, _vtbS+0, &i) < n; *_vtbW(0, _vtbS+1, &i)++ {
//line loopvar_go121.go:7:1
		_vtbrt.Go(_vtbS+4, func() {
//line loopvar_go121.go:7:12
			_vtbrt.Send(_vtbS+3, out, *_vtbR(0, _vtbS+2, &i))
		})
	}
//line loopvar_go121.go:9:1
	for _, s := range []int{1, 2} {
//line loopvar_go121.go:9:7
		_vtbW(1, _vtbS+5, &s)
//line loopvar_go121.go:10:1
		_vtbrt.Go(_vtbS+8, func() {
//line loopvar_go121.go:10:12
			_vtbrt.Send(_vtbS+7, out, *_vtbR(1, _vtbS+6, &s))
		})
	}
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/loopvar121", ""+
		"loopvar_go121.go\t6\t14\tKRead\texample.com/loopvar121/loopvar_go121.go:6:6\ti\n"+
		"loopvar_go121.go\t6\t21\tKWrite\texample.com/loopvar121/loopvar_go121.go:6:6\ti\n"+
		"loopvar_go121.go\t7\t22\tKRead\texample.com/loopvar121/loopvar_go121.go:6:6\ti\n"+
		"loopvar_go121.go\t7\t15\tKChan\t\t\n"+
		"loopvar_go121.go\t7\t3\tKGo\t\t\n"+
		"loopvar_go121.go\t9\t9\tKWrite\texample.com/loopvar121/loopvar_go121.go:9:9\ts\n"+
		"loopvar_go121.go\t10\t22\tKRead\texample.com/loopvar121/loopvar_go121.go:9:9\ts\n"+
		"loopvar_go121.go\t10\t15\tKChan\t\t\n"+
		"loopvar_go121.go\t10\t3\tKGo\t\t\n"+
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
