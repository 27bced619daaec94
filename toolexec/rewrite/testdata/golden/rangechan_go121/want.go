//go:build go1.21

package rangechan121

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [1]_vtbrt.Guard

//line rangechan_go121.go:5:1
func Spawn(ch chan int, out chan func() int) {
//line rangechan_go121.go:6:1
	{
		_vtbc1 := ch
		v, _vtbok2 := _vtbZ(_vtbc1)
//line rangechan_go121.go:6:1
		for {
//line rangechan_go121.go:6:1
			v, _vtbok2 = _vtbrt.Recv2(_vtbS+0, _vtbc1)
//line rangechan_go121.go:6:1
			if !_vtbok2 {
				break
			}
//line rangechan_go121.go:6:3
			_vtbW(0, _vtbS+3, &v)
			{
//line rangechan_go121.go:7:1
				_vtbrt.Send(_vtbS+2, out, func() int {
//line rangechan_go121.go:7:18
					if _vtbG[0].On() {
						_vtbrt.Read(_vtbS+1, _vtbunsafe.Pointer(&v))
					}
//line rangechan_go121.go:7:18
					return v
				})
			}
		}
	}
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/rangechan121", ""+
		"rangechan_go121.go\t6\t2\tKChanLoop\t\t\n"+
		"rangechan_go121.go\t7\t30\tKRead\texample.com/rangechan121/rangechan_go121.go:6:6\tv\n"+
		"rangechan_go121.go\t7\t3\tKChan\t\t\n"+
		"rangechan_go121.go\t6\t6\tKWrite\texample.com/rangechan121/rangechan_go121.go:6:6\tv\n"+
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

func _vtbZ[T any](<-chan T) (v T, ok bool) { return }
