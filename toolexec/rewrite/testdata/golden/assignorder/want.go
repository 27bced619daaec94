package assignorder

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [5]_vtbrt.Guard

//line assignorder.go:3:1
var (
	result int
	err    error
	table  [4]int
)

//line assignorder.go:9:1
type T struct{ v int }

//line assignorder.go:11:1
type B bool

//line assignorder.go:13:1
func compute() int {
//line assignorder.go:13:21
	return 1
}

//line assignorder.go:15:1
func fail() (int, error) {
//line assignorder.go:15:27
	return 0, nil
}

//line assignorder.go:17:1
func Run(ch chan int, p *T, m map[string]int, n uint) {
//line assignorder.go:18:1
	{
//line assignorder.go:18:1
		_vtbv1 := compute()
//line assignorder.go:18:1
		*_vtbW(0, _vtbS+0, &result) = _vtbv1
	}
//line assignorder.go:19:1
	{
//line assignorder.go:19:1
		_vtbv2 := _vtbrt.Recv(_vtbS+1, ch)
//line assignorder.go:19:1
		*_vtbW(0, _vtbS+2, &result) += _vtbv2
	}
//line assignorder.go:20:1
	{
//line assignorder.go:20:1
		_vtbv3, _vtbv4 := fail()
//line assignorder.go:20:1
		*_vtbW(0, _vtbS+3, &result), *_vtbW(1, _vtbS+4, &err) = _vtbv3, _vtbv4
	}
//line assignorder.go:21:1
	var ok bool
//line assignorder.go:22:1
	{
//line assignorder.go:22:1
		_vtbv5, _vtbv6 := _vtbrt.Recv2(_vtbS+5, ch)
//line assignorder.go:22:1
		*_vtbW(0, _vtbS+6, &result), ok = _vtbv5, _vtbv6
	}
//line assignorder.go:23:1
	{
//line assignorder.go:23:1
		_vtbv7 := compute()
//line assignorder.go:23:1
		*_vtbW(2, _vtbS+7, &p.v) = _vtbv7
	}
//line assignorder.go:24:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+8, _vtbunsafe.Pointer(&result))
	}
//line assignorder.go:24:1
	result, ok = _vtbM(3, _vtbS+9, false, m)["k"]
//line assignorder.go:25:1
	_ = ok
//line assignorder.go:26:1
	var named B
//line assignorder.go:27:1
	*_vtbW(0, _vtbS+10, &result), named = <-ch
//line assignorder.go:28:1
	_ = named
//line assignorder.go:29:1
	{
//line assignorder.go:29:1
		_vtbv8 := compute()
//line assignorder.go:29:1
		_vtbM(3, _vtbS+11, true, m)["x"] = _vtbv8
	}
//line assignorder.go:30:1
	*_vtbW(0, _vtbS+12, &result) = *_vtbR(0, _vtbS+13, &result) + 1
//line assignorder.go:31:1
	*_vtbW(4, _vtbS+14, &table[compute()]) = 1
//line assignorder.go:32:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+15, _vtbunsafe.Pointer(&result))
	}
//line assignorder.go:32:1
	result = 1 << n
//line assignorder.go:33:1
	func() {
//line assignorder.go:34:1
		{
//line assignorder.go:34:1
			_vtbv9 := compute()
//line assignorder.go:34:1
			*_vtbW(0, _vtbS+16, &result) = _vtbv9
		}
	}()
//line assignorder.go:36:1
	for i := compute(); i < 2; i++ {
//line assignorder.go:37:1
		if _vtbG[0].On() {
			_vtbrt.Write(_vtbS+17, _vtbunsafe.Pointer(&result))
		}
//line assignorder.go:37:1
		result = i
	}
}

//line assignorder.go:41:1
func three() (int, error, bool) {
//line assignorder.go:41:34
	return 0, nil, false
}

//line assignorder.go:43:1
func Tuple() {
//line assignorder.go:44:1
	{
//line assignorder.go:44:1
		_vtbv10, _vtbv11, _vtbv12 := three()
//line assignorder.go:44:1
		_, *_vtbW(1, _vtbS+18, &err), _ = _vtbv10, _vtbv11, _vtbv12
	}
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/assignorder", ""+
		"assignorder.go\t18\t2\tKWrite\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t19\t12\tKChan\t\t\n"+
		"assignorder.go\t19\t2\tKWrite\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t20\t2\tKWrite\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t20\t10\tKWrite\texample.com/assignorder.err\terr\n"+
		"assignorder.go\t22\t15\tKChan\t\t\n"+
		"assignorder.go\t22\t2\tKWrite\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t23\t2\tKWrite\texample.com/assignorder.T.v\tp.v\n"+
		"assignorder.go\t24\t2\tKWrite\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t24\t15\tKRead\telem:type:map[string]int\tm[\"k\"]\n"+
		"assignorder.go\t27\t2\tKWrite\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t29\t2\tKWrite\telem:type:map[string]int\tm[\"x\"]\n"+
		"assignorder.go\t30\t2\tKWrite\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t30\t11\tKRead\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t31\t2\tKWrite\texample.com/assignorder.table\ttable[compute()]\n"+
		"assignorder.go\t32\t2\tKWrite\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t34\t3\tKWrite\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t37\t3\tKWrite\texample.com/assignorder.result\tresult\n"+
		"assignorder.go\t44\t5\tKWrite\texample.com/assignorder.err\terr\n"+
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

func _vtbM[M any](g int, site int32, write bool, m M) M {
	if _vtbG[g].On() {
		_vtbrt.Map(site, m, write)
	}
	return m
}
