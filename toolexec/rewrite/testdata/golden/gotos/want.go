package gotos

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [0]_vtbrt.Guard

//line gotos.go:3:1
func Retry(ch chan int, n int) int {
//line gotos.go:4:1
	i := 0
//line gotos.go:5:1
	if n > 0 {
//line gotos.go:6:1
		goto skip
	}
//line gotos.go:8:1
	{
//line gotos.go:8:1
		_vtba1 := n
//line gotos.go:8:1
		_vtbrt.Go(_vtbS+1, func() {
//line gotos.go:8:1
			func(v int) {
//line gotos.go:8:15
				_vtbrt.Send(_vtbS+0, ch, v)
			}(_vtba1)
		})
	}
//line gotos.go:9:1
skip:
	i++
//line gotos.go:11:1
	if i < 3 {
//line gotos.go:12:1
		goto Again
	}
//line gotos.go:14:1
	return i
//line gotos.go:15:1
Again:
	for v := range ch {
//line gotos.go:17:1
		i += v
//line gotos.go:18:1
		if i > 10 {
//line gotos.go:19:1
			goto Sel
		}
	}
//line gotos.go:22:1
Sel:
	select {
	case v := <-ch:
//line gotos.go:25:1
		return v
	default:
	}
//line gotos.go:28:1
	return 0
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/gotos", ""+
		"gotos.go\t8\t19\tKChan\t\t\n"+
		"gotos.go\t8\t2\tKGo\t\t\n"+
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
