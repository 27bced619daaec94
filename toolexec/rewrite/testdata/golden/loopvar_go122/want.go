package loopvar122

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [1]_vtbrt.Guard

//line loopvar_go122.go:3:1
func Spawn(n int, out chan int) {
//line loopvar_go122.go:4:1
	for i := 0; *_vtbR(0, _vtbS+0, &i) < n; *_vtbW(0, _vtbS+1, &i)++ {
//line loopvar_go122.go:5:1
		_vtbrt.Go(_vtbS+4, func() {
//line loopvar_go122.go:5:12
			_vtbrt.Send(_vtbS+3, out, *_vtbR(0, _vtbS+2, &i))
		})
	}
//line loopvar_go122.go:7:1
	{
		_vtbc1 := out
//line loopvar_go122.go:7:1
		for {
//line loopvar_go122.go:7:1
			v, _vtbok2 := _vtbrt.Recv2(_vtbS+5, _vtbc1)
//line loopvar_go122.go:7:1
			if !_vtbok2 {
				break
			}
			{
//line loopvar_go122.go:8:1
				_vtbrt.Go(_vtbS+7, func() {
//line loopvar_go122.go:8:10
					_vtbrt.Send(_vtbS+6, out, v)
				})
			}
		}
	}
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/loopvar122", ""+
		"loopvar_go122.go\t4\t14\tKRead\texample.com/loopvar122/loopvar_go122.go:4:6\ti\n"+
		"loopvar_go122.go\t4\t21\tKWrite\texample.com/loopvar122/loopvar_go122.go:4:6\ti\n"+
		"loopvar_go122.go\t5\t22\tKRead\texample.com/loopvar122/loopvar_go122.go:4:6\ti\n"+
		"loopvar_go122.go\t5\t15\tKChan\t\t\n"+
		"loopvar_go122.go\t5\t3\tKGo\t\t\n"+
		"loopvar_go122.go\t7\t2\tKChanLoop\t\t\n"+
		"loopvar_go122.go\t8\t15\tKChan\t\t\n"+
		"loopvar_go122.go\t8\t3\tKGo\t\t\n"+
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
