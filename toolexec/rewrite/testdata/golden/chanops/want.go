package chanops

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line chanops.go:3:1
import "errors"

var _vtbG [1]_vtbrt.Guard

//line chanops.go:5:1
type myErr struct{}

//line chanops.go:7:1
func (*myErr) Error() string {
//line chanops.go:7:31
	return "e"
}

//line chanops.go:9:1
type Pipe chan int

//line chanops.go:11:1
var results chan int

//line chanops.go:13:1
func Run() (int, bool) {
//line chanops.go:14:1
	c := _vtbrt.MakeChan[int](_vtbS+0, 0)
//line chanops.go:15:1
	b := _vtbrt.MakeChan[string](_vtbS+1, 3)
//line chanops.go:16:1
	n := 2
//line chanops.go:17:1
	d := _vtbrt.MakeChan[float64](_vtbS+2, n)
//line chanops.go:18:1
	p := Pipe(_vtbrt.MakeChan[int](_vtbS+3, 0))
//line chanops.go:19:1
	errs := _vtbrt.MakeChan[error](_vtbS+4, 1)
//line chanops.go:20:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+5, _vtbunsafe.Pointer(&results))
	}
//line chanops.go:20:1
	results = _vtbrt.MakeChan[int](_vtbS+6, 1)
//line chanops.go:21:1
	_vtbrt.Go(_vtbS+8, func() {
//line chanops.go:21:12
		_vtbrt.Send(_vtbS+7, c, 1)
	})
//line chanops.go:22:1
	_vtbrt.Send(_vtbS+9, b, "x")
//line chanops.go:23:1
	_vtbrt.Send(_vtbS+10, d, 1)
//line chanops.go:24:1
	_vtbrt.Send[error](_vtbS+12, errs, _vtbrt.Alloc(_vtbS+11, &myErr{}))
//line chanops.go:25:1
	_vtbrt.Send(_vtbS+13, errs, errors.New("x"))
//line chanops.go:26:1
	v := _vtbrt.Recv(_vtbS+14, c)
//line chanops.go:27:1
	s, ok := _vtbrt.Recv2(_vtbS+15, b)
//line chanops.go:28:1
	var f, ok2 = _vtbrt.Recv2(_vtbS+16, d)
//line chanops.go:29:1
	_, _ = f, ok2
//line chanops.go:30:1
	_vtbrt.Send(_vtbS+18, *_vtbR(0, _vtbS+17, &results), v+len(s))
//line chanops.go:31:1
	_vtbrt.Close(_vtbS+19, p)
//line chanops.go:32:1
	_vtbrt.Recv(_vtbS+20, p)
//line chanops.go:33:1
	x := _vtbrt.Recv(_vtbS+22, *_vtbR(0, _vtbS+21, &results)) + 1
//line chanops.go:34:1
	_vtbrt.Close(_vtbS+23, b)
//line chanops.go:35:1
	var n64 int64 = 2
//line chanops.go:36:1
	e := _vtbrt.MakeChan[int](_vtbS+24, int(n64))
//line chanops.go:37:1
	_vtbrt.Close(_vtbS+25, e)
//line chanops.go:38:1
	return x, ok
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/chanops", ""+
		"chanops.go\t14\t7\tKChan\t\t\n"+
		"chanops.go\t15\t7\tKChan\t\t\n"+
		"chanops.go\t17\t7\tKChan\t\t\n"+
		"chanops.go\t18\t7\tKChan\t\t\n"+
		"chanops.go\t19\t10\tKChan\t\t\n"+
		"chanops.go\t20\t2\tKWrite\texample.com/chanops.results\tresults\n"+
		"chanops.go\t20\t12\tKChan\t\t\n"+
		"chanops.go\t21\t14\tKChan\t\t\n"+
		"chanops.go\t21\t2\tKGo\t\t\n"+
		"chanops.go\t22\t2\tKChan\t\t\n"+
		"chanops.go\t23\t2\tKChan\t\t\n"+
		"chanops.go\t24\t10\tKAlloc\t\t\n"+
		"chanops.go\t24\t2\tKChan\t\t\n"+
		"chanops.go\t25\t2\tKChan\t\t\n"+
		"chanops.go\t26\t7\tKChan\t\t\n"+
		"chanops.go\t27\t11\tKChan\t\t\n"+
		"chanops.go\t28\t15\tKChan\t\t\n"+
		"chanops.go\t30\t2\tKRead\texample.com/chanops.results\tresults\n"+
		"chanops.go\t30\t2\tKChan\t\t\n"+
		"chanops.go\t31\t2\tKChan\t\t\n"+
		"chanops.go\t32\t2\tKChan\t\t\n"+
		"chanops.go\t33\t9\tKRead\texample.com/chanops.results\tresults\n"+
		"chanops.go\t33\t7\tKChan\t\t\n"+
		"chanops.go\t34\t2\tKChan\t\t\n"+
		"chanops.go\t36\t7\tKChan\t\t\n"+
		"chanops.go\t37\t2\tKChan\t\t\n"+
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
