package selects

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [0]_vtbrt.Guard

//line selects.go:3:1
func Loop(in <-chan int, out chan<- int, quit chan struct{}) int {
//line selects.go:4:1
	total := 0
//line selects.go:5:1
	var ok bool
//line selects.go:6:1
	var last int
//line selects.go:7:1
Outer:
	for {
//line selects.go:9:1
		{
//line selects.go:10:5
			_vtbcase1 := _vtbrt.RecvCase(in)
//line selects.go:15:5
			_vtbcase2 := _vtbrt.SendCase(out, total)
//line selects.go:16:5
			_vtbcase3 := _vtbrt.RecvCase(in)
//line selects.go:18:5
			_vtbcase4 := _vtbrt.RecvCase(quit)
//line selects.go:9:1
			switch _vtbrt.Select(_vtbS+0, true, _vtbcase1, _vtbcase2, _vtbcase3, _vtbcase4) {
//line selects.go:10:1
			case 0:
//line selects.go:10:1
				v, more := _vtbcase1.V, _vtbcase1.OK
//line selects.go:11:1
				if !more {
//line selects.go:12:1
					break Outer
				}
//line selects.go:14:1
				total += v
//line selects.go:15:1
			case 1:
//line selects.go:16:1
			case 2:
//line selects.go:16:1
				last, ok = _vtbcase3.V, _vtbcase3.OK
//line selects.go:17:1
				_ = ok
//line selects.go:18:1
			case 3:
//line selects.go:19:1
				return total
//line selects.go:20:1
			default:
//line selects.go:21:1
				continue Outer
			}
		}
	}
//line selects.go:24:1
	return total + last
}

//line selects.go:27:1
func First(a, b <-chan int) int {
//line selects.go:28:1
	{
//line selects.go:29:5
		_vtbcase5 := _vtbrt.RecvCase(a)
//line selects.go:31:5
		_vtbcase6 := _vtbrt.RecvCase(b)
//line selects.go:28:1
		switch _vtbrt.Select(_vtbS+1, false, _vtbcase5, _vtbcase6) {
//line selects.go:29:1
		case 0:
//line selects.go:29:1
			v := _vtbcase5.V
//line selects.go:30:1
			return v
//line selects.go:31:1
		default:
//line selects.go:31:1
			v := _vtbcase6.V
//line selects.go:32:1
			return v
		}
	}
}

//line selects.go:36:1
func Labeled(a <-chan int) {
//line selects.go:37:1
	{
//line selects.go:39:5
		_vtbcase7 := _vtbrt.RecvCase(a)
	L:
//line selects.go:38:1
		switch _vtbrt.Select(_vtbS+2, false, _vtbcase7) {
//line selects.go:39:1
		default:
//line selects.go:40:1
			break L
		}
	}
}

//line selects.go:44:1
func Forever() {
//line selects.go:45:1
	_vtbrt.Select(_vtbS+3, false)
//line selects.go:45:1
	select {}
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/selects", ""+
		"selects.go\t9\t3\tKChan\t\t\n"+
		"selects.go\t28\t2\tKChan\t\t\n"+
		"selects.go\t38\t2\tKChan\t\t\n"+
		"selects.go\t45\t2\tKChan\t\t\n"+
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
