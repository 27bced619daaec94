package rangechan

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [0]_vtbrt.Guard

//line rangechan.go:3:1
func source() chan int {
//line rangechan.go:3:25
	return _vtbrt.MakeChan[int](_vtbS+0, 0)
}

//line rangechan.go:5:1
func Drain(ch chan int) (sum int) {
//line rangechan.go:6:1
	{
		_vtbc1 := ch
	Loop:
//line rangechan.go:7:1
		for {
//line rangechan.go:7:1
			v, _vtbok2 := _vtbrt.Recv2(_vtbS+1, _vtbc1)
//line rangechan.go:7:1
			if !_vtbok2 {
				break
			}
			{
//line rangechan.go:8:1
				if v < 0 {
//line rangechan.go:9:1
					continue Loop
				}
//line rangechan.go:11:1
				if v > 100 {
//line rangechan.go:12:1
					break Loop
				}
//line rangechan.go:14:1
				sum += v
			}
		}
	}
//line rangechan.go:16:1
	{
		_vtbc3 := source()
//line rangechan.go:16:1
		for {
//line rangechan.go:16:1
			_, _vtbok4 := _vtbrt.Recv2(_vtbS+2, _vtbc3)
//line rangechan.go:16:1
			if !_vtbok4 {
				break
			}
			{
			}
		}
	}
//line rangechan.go:18:1
	var last int
//line rangechan.go:19:1
	{
		_vtbc5 := ch
		_, _vtbok6 := _vtbZ(_vtbc5)
//line rangechan.go:19:1
		for {
//line rangechan.go:19:1
			last, _vtbok6 = _vtbrt.Recv2(_vtbS+3, _vtbc5)
//line rangechan.go:19:1
			if !_vtbok6 {
				break
			}
			{
			}
		}
	}
//line rangechan.go:21:1
	return sum + last
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/rangechan", ""+
		"rangechan.go\t3\t33\tKChan\t\t\n"+
		"rangechan.go\t7\t2\tKChanLoop\t\t\n"+
		"rangechan.go\t16\t2\tKChanLoop\t\t\n"+
		"rangechan.go\t19\t2\tKChanLoop\t\t\n"+
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
