package captured

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [3]_vtbrt.Guard

//line captured.go:3:1
func Sum(xs []int) int {
//line captured.go:4:1
	total := 0
//line captured.go:5:1
	done := _vtbrt.MakeChan[bool](_vtbS+0, 0)
//line captured.go:6:1
	_vtbrt.Go(_vtbS+4, func() {
//line captured.go:7:1
		{
			_vtbr2 := xs
//line captured.go:7:1
			for _vtbk1 := range _vtbr2 {
//line captured.go:7:1
				_, x := _vtbk1, *_vtbR(0, _vtbS+1, &_vtbr2[_vtbk1])
				{
//line captured.go:8:1
					if _vtbG[1].On() {
						_vtbrt.Write(_vtbS+2, _vtbunsafe.Pointer(&total))
					}
//line captured.go:8:1
					total += x
				}
			}
		}
//line captured.go:10:1
		_vtbrt.Send(_vtbS+3, done, true)
	})
//line captured.go:12:1
	_vtbrt.Recv(_vtbS+5, done)
//line captured.go:13:1
	if _vtbG[1].On() {
		_vtbrt.Read(_vtbS+6, _vtbunsafe.Pointer(&total))
	}
//line captured.go:13:1
	return total
}

//line captured.go:16:1
func Counter() func() int {
//line captured.go:17:1
	n := 0
//line captured.go:18:1
	return func() int {
//line captured.go:19:1
		if _vtbG[2].On() {
			_vtbrt.Write(_vtbS+7, _vtbunsafe.Pointer(&n))
		}
//line captured.go:19:1
		n++
//line captured.go:20:1
		if _vtbG[2].On() {
			_vtbrt.Read(_vtbS+8, _vtbunsafe.Pointer(&n))
		}
//line captured.go:20:1
		return n
	}
}

//line captured.go:24:1
func NotCaptured() int {
//line captured.go:25:1
	local := 1
//line captured.go:26:1
	local++
//line captured.go:27:1
	return local
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/captured", ""+
		"captured.go\t5\t10\tKChan\t\t\n"+
		"captured.go\t7\t21\tKRead\telem:type:[]int\txs[i]\n"+
		"captured.go\t8\t4\tKWrite\texample.com/captured/captured.go:4:2\ttotal\n"+
		"captured.go\t10\t3\tKChan\t\t\n"+
		"captured.go\t6\t2\tKGo\t\t\n"+
		"captured.go\t12\t2\tKChan\t\t\n"+
		"captured.go\t13\t9\tKRead\texample.com/captured/captured.go:4:2\ttotal\n"+
		"captured.go\t19\t3\tKWrite\texample.com/captured/captured.go:17:2\tn\n"+
		"captured.go\t20\t10\tKRead\texample.com/captured/captured.go:17:2\tn\n"+
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
