package reflectchan

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line reflectchan.go:3:1
import "reflect"

var _vtbG [2]_vtbrt.Guard

// Merge forwards what arrives on any input to out, as a reflect.Select
// multiplexer does, until every input is closed.
//line reflectchan.go:7:1
func Merge(out chan<- int, ins ...<-chan int) {
//line reflectchan.go:8:1
	cases := make([]reflect.SelectCase, len(ins))
//line reflectchan.go:9:1
	{
		_vtbr2 := ins
//line reflectchan.go:9:1
		for _vtbk1 := range _vtbr2 {
//line reflectchan.go:9:1
			i, in := _vtbk1, *_vtbR(0, _vtbS+0, &_vtbr2[_vtbk1])
			{
//line reflectchan.go:10:1
				{
//line reflectchan.go:10:1
					_vtbv3 := reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(in)}
//line reflectchan.go:10:1
					*_vtbWR(1, _vtbS+1, &cases[i]) = _vtbv3
				}
			}
		}
	}
//line reflectchan.go:12:1
	for open := len(ins); open > 0; {
//line reflectchan.go:13:1
		i, v, ok := _vtbrt.ReflectSelect(_vtbS+2, cases)
//line reflectchan.go:14:1
		if !ok {
//line reflectchan.go:15:1
			*_vtbWR(1, _vtbS+3, &cases[i].Chan) = reflect.Value{}
//line reflectchan.go:16:1
			open--
//line reflectchan.go:17:1
			continue
		}
//line reflectchan.go:19:1
		_vtbrt.ReflectSend(_vtbS+4, reflect.ValueOf(out), v)
	}
//line reflectchan.go:21:1
	_vtbrt.ReflectClose(_vtbS+5, reflect.ValueOf(out))
}

// Poll receives from ch if it can.
//line reflectchan.go:25:1
func Poll(ch chan int) (int, bool) {
//line reflectchan.go:26:1
	v, ok := _vtbrt.ReflectTryRecv(_vtbS+6, reflect.ValueOf(ch))
//line reflectchan.go:27:1
	if !v.IsValid() {
//line reflectchan.go:28:1
		return 0, false
	}
//line reflectchan.go:30:1
	return int(_vtbrt.ReflectInt(_vtbS+7, v)), ok
}

var _vtbS = _vtbRegister()

var _ = reflect.Select

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/reflectchan", ""+
		"reflectchan.go\t9\t21\tKRead\telem:type:[]<-chan int\tins[i]\n"+
		"reflectchan.go\t10\t3\tKWrite\telem:type:[]reflect.SelectCase\tcases[i]\n"+
		"reflectchan.go\t13\t15\tKOther\t\t\n"+
		"reflectchan.go\t15\t4\tKWrite\telem:type:[]reflect.SelectCase\tcases[i].Chan\n"+
		"reflectchan.go\t19\t3\tKSync\t\t\n"+
		"reflectchan.go\t21\t2\tKSync\t\t\n"+
		"reflectchan.go\t26\t11\tKSync\t\t\n"+
		"reflectchan.go\t30\t13\tKSync\t\t\n"+
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

func _vtbWR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.WriteRange(site, _vtbunsafe.Pointer(p), _vtbunsafe.Sizeof(*p))
	}
	return p
}
