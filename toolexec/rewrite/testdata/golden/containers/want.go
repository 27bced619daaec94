package containers

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line containers.go:3:1
import "sync"

var _vtbG [18]_vtbrt.Guard

//line containers.go:5:1
var (
	mu    sync.Mutex
	stock = map[string]int{}
	items []int
	buf   = make([]byte, 8)
	grid  *[4]int
	last  int
	name  string
)

//line containers.go:15:1
type Store struct{ m map[string]int }

//line containers.go:17:1
func Maps(s *Store, item string, n int) (int, bool) {
//line containers.go:18:1
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+0, _vtbunsafe.Pointer(&stock))
	}
//line containers.go:18:1
	_vtbM(1, _vtbS+1, true, stock)[item] -= n
//line containers.go:19:1
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+2, _vtbunsafe.Pointer(&stock))
	}
//line containers.go:19:1
	_vtbM(1, _vtbS+3, true, stock)[item]++
//line containers.go:20:1
	if _vtbG[2].On() {
		_vtbrt.Read(_vtbS+4, _vtbunsafe.Pointer(&s.m))
	}
//line containers.go:20:1
	_vtbM(3, _vtbS+5, true, s.m)[item] = n
//line containers.go:21:1
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+6, _vtbunsafe.Pointer(&stock))
	}
//line containers.go:21:1
	v, ok := _vtbM(1, _vtbS+7, false, stock)[item]
//line containers.go:22:1
	delete(_vtbM(1, _vtbS+9, true, *_vtbR(0, _vtbS+8, &stock)), item)
//line containers.go:23:1
	clear(_vtbM(3, _vtbS+11, true, *_vtbR(2, _vtbS+10, &s.m)))
//line containers.go:24:1
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+12, _vtbunsafe.Pointer(&stock))
	}
//line containers.go:24:1
	total := len(_vtbM(1, _vtbS+13, false, stock))
//line containers.go:25:1
	for k, c := range _vtbM(1, _vtbS+15, false, *_vtbR(0, _vtbS+14, &stock)) {
//line containers.go:26:1
		total += c + len(k)
	}
//line containers.go:28:1
	if _vtbG[2].On() {
		_vtbrt.Read(_vtbS+16, _vtbunsafe.Pointer(&s.m))
	}
//line containers.go:28:1
	return v + total + _vtbM(3, _vtbS+17, false, s.m)["x"], ok
}

//line containers.go:31:1
func Slices(src []int, str string) int {
//line containers.go:32:1
	*_vtbW(5, _vtbS+19, &(*_vtbR(4, _vtbS+18, &items))[0]) = *_vtbR(6, _vtbS+20, &src[1])
//line containers.go:33:1
	*_vtbW(4, _vtbS+21, &items) = _vtbAppend(5, _vtbS+23, false, *_vtbR(4, _vtbS+22, &items), 1, 2)
//line containers.go:34:1
	*_vtbW(4, _vtbS+24, &items) = _vtbAppend(5, _vtbS+26, true, *_vtbR(4, _vtbS+25, &items), src...)
//line containers.go:35:1
	*_vtbW(7, _vtbS+27, &buf) = _vtbAppendS(8, _vtbS+29, *_vtbR(7, _vtbS+28, &buf), str)
//line containers.go:36:1
	if _vtbG[4].On() {
		_vtbrt.Read(_vtbS+30, _vtbunsafe.Pointer(&items))
	}
//line containers.go:36:1
	n := _vtbCopy(5, _vtbS+31, items, src)
//line containers.go:37:1
	if _vtbG[7].On() {
		_vtbrt.Read(_vtbS+32, _vtbunsafe.Pointer(&buf))
	}
//line containers.go:37:1
	n += _vtbCopyS(8, _vtbS+33, buf, str)
//line containers.go:38:1
	_vtbClear(5, _vtbS+35, *_vtbR(4, _vtbS+34, &items))
//line containers.go:39:1
	{
		_vtbr2 := *_vtbR(4, _vtbS+36, &items)
//line containers.go:39:1
		for _vtbk1 := range _vtbr2 {
//line containers.go:39:1
			i, v := _vtbk1, *_vtbR(5, _vtbS+37, &_vtbr2[_vtbk1])
			{
//line containers.go:40:1
				n += i * v
			}
		}
	}
//line containers.go:42:1
	{
		_vtbr4 := *_vtbR(9, _vtbS+38, &grid)
//line containers.go:42:1
		for _vtbk3 := range _vtbr4 {
//line containers.go:42:1
			_, v := _vtbk3, *_vtbR(10, _vtbS+39, &_vtbr4[_vtbk3])
			{
//line containers.go:43:1
				n += v
			}
		}
	}
//line containers.go:45:1
	for _vtbk5, _vtbv6 := range []string{"a"} {
//line containers.go:45:1
		*_vtbW(11, _vtbS+40, &last), *_vtbW(12, _vtbS+41, &name) = _vtbk5, _vtbv6
		{
		}
	}
//line containers.go:47:1
	return n + len(*_vtbR(4, _vtbS+42, &items)) + int(str[0]) + len(string(_vtbSR(8, _vtbS+44, *_vtbR(7, _vtbS+43, &buf))))
}

//line containers.go:50:1
func Pointers(p *int, q **int) {
//line containers.go:51:1
	if _vtbG[13].On() {
		_vtbrt.Write(_vtbS+45, _vtbunsafe.Pointer(&*p))
	}
//line containers.go:51:1
	*p = 1
//line containers.go:52:1
	*_vtbW(13, _vtbS+46, &*p) += *_vtbR(13, _vtbS+48, &**_vtbR(14, _vtbS+47, &*q))
}

//line containers.go:55:1
type shape interface{ area() int }

//line containers.go:57:1
type square int

//line containers.go:59:1
func (s square) area() int {
//line containers.go:59:29
	return int(s)
}

//line containers.go:61:1
type shapes []shape

//line containers.go:63:1
var drawn shapes

// Shapes appends concrete values to a slice of interfaces: _vtbAppend is
// instantiated explicitly, as inference from the arguments fails.
//line containers.go:67:1
func Shapes(s square) {
//line containers.go:68:1
	*_vtbW(15, _vtbS+49, &drawn) = _vtbAppend[shapes, shape](16, _vtbS+51, false, *_vtbR(15, _vtbS+50, &drawn), s, nil)
}

// Label is a named string type: _vtbAppendS takes a string.
//line containers.go:72:1
type Label string

// AppendLabel appends the bytes of a named string type.
//line containers.go:75:1
func AppendLabel(b []byte, l Label) []byte {
//line containers.go:76:1
	return _vtbAppendS(17, _vtbS+52, b, string(l))
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/containers", ""+
		"containers.go\t18\t2\tKRead\texample.com/containers.stock\tstock\n"+
		"containers.go\t18\t2\tKWrite\telem:example.com/containers.stock\tstock[item]\n"+
		"containers.go\t19\t2\tKRead\texample.com/containers.stock\tstock\n"+
		"containers.go\t19\t2\tKWrite\telem:example.com/containers.stock\tstock[item]\n"+
		"containers.go\t20\t2\tKRead\texample.com/containers.Store.m\ts.m\n"+
		"containers.go\t20\t2\tKWrite\telem:example.com/containers.Store.m\ts.m[item]\n"+
		"containers.go\t21\t11\tKRead\texample.com/containers.stock\tstock\n"+
		"containers.go\t21\t11\tKRead\telem:example.com/containers.stock\tstock[item]\n"+
		"containers.go\t22\t9\tKRead\texample.com/containers.stock\tstock\n"+
		"containers.go\t22\t2\tKWrite\telem:example.com/containers.stock\tdelete(stock, item)\n"+
		"containers.go\t23\t8\tKRead\texample.com/containers.Store.m\ts.m\n"+
		"containers.go\t23\t2\tKWrite\telem:example.com/containers.Store.m\tclear(s.m)\n"+
		"containers.go\t24\t15\tKRead\texample.com/containers.stock\tstock\n"+
		"containers.go\t24\t11\tKRead\telem:example.com/containers.stock\tlen(stock)\n"+
		"containers.go\t25\t20\tKRead\texample.com/containers.stock\tstock\n"+
		"containers.go\t25\t20\tKRead\telem:example.com/containers.stock\trange stock\n"+
		"containers.go\t28\t21\tKRead\texample.com/containers.Store.m\ts.m\n"+
		"containers.go\t28\t21\tKRead\telem:example.com/containers.Store.m\ts.m[\"x\"]\n"+
		"containers.go\t32\t2\tKRead\texample.com/containers.items\titems\n"+
		"containers.go\t32\t2\tKWrite\telem:example.com/containers.items\titems[0]\n"+
		"containers.go\t32\t13\tKRead\telem:type:[]int\tsrc[1]\n"+
		"containers.go\t33\t2\tKWrite\texample.com/containers.items\titems\n"+
		"containers.go\t33\t17\tKRead\texample.com/containers.items\titems\n"+
		"containers.go\t33\t10\tKWrite\telem:example.com/containers.items\tappend(items, 1, 2)\n"+
		"containers.go\t34\t2\tKWrite\texample.com/containers.items\titems\n"+
		"containers.go\t34\t17\tKRead\texample.com/containers.items\titems\n"+
		"containers.go\t34\t10\tKWrite\telem:example.com/containers.items\tappend(items, src...)\n"+
		"containers.go\t35\t2\tKWrite\texample.com/containers.buf\tbuf\n"+
		"containers.go\t35\t15\tKRead\texample.com/containers.buf\tbuf\n"+
		"containers.go\t35\t8\tKWrite\telem:example.com/containers.buf\tappend(buf, str...)\n"+
		"containers.go\t36\t12\tKRead\texample.com/containers.items\titems\n"+
		"containers.go\t36\t7\tKWrite\telem:example.com/containers.items\tcopy(items, src)\n"+
		"containers.go\t37\t12\tKRead\texample.com/containers.buf\tbuf\n"+
		"containers.go\t37\t7\tKWrite\telem:example.com/containers.buf\tcopy(buf, str)\n"+
		"containers.go\t38\t8\tKRead\texample.com/containers.items\titems\n"+
		"containers.go\t38\t2\tKWrite\telem:example.com/containers.items\tclear(items)\n"+
		"containers.go\t39\t20\tKRead\texample.com/containers.items\titems\n"+
		"containers.go\t39\t20\tKRead\telem:example.com/containers.items\titems[i]\n"+
		"containers.go\t42\t20\tKRead\texample.com/containers.grid\tgrid\n"+
		"containers.go\t42\t20\tKRead\telem:example.com/containers.grid\tgrid[i]\n"+
		"containers.go\t45\t6\tKWrite\texample.com/containers.last\tlast\n"+
		"containers.go\t45\t12\tKWrite\texample.com/containers.name\tname\n"+
		"containers.go\t47\t17\tKRead\texample.com/containers.items\titems\n"+
		"containers.go\t47\t51\tKRead\texample.com/containers.buf\tbuf\n"+
		"containers.go\t47\t44\tKRead\telem:example.com/containers.buf\tstring(buf)\n"+
		"containers.go\t51\t2\tKWrite\ttype:int\t*p\n"+
		"containers.go\t52\t2\tKWrite\ttype:int\t*p\n"+
		"containers.go\t52\t9\tKRead\ttype:*int\t*q\n"+
		"containers.go\t52\t8\tKRead\ttype:int\t**q\n"+
		"containers.go\t68\t2\tKWrite\texample.com/containers.drawn\tdrawn\n"+
		"containers.go\t68\t17\tKRead\texample.com/containers.drawn\tdrawn\n"+
		"containers.go\t68\t10\tKWrite\telem:example.com/containers.drawn\tappend(drawn, s, nil)\n"+
		"containers.go\t76\t9\tKWrite\telem:type:[]byte\tappend(b, l...)\n"+
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

func _vtbCopy[E any](g int, site int32, dst, src []E) int {
	if _vtbG[g].On() {
		_vtbrt.Copy(site, dst, src)
	}
	return copy(dst, src)
}

func _vtbCopyS(g int, site int32, dst []byte, src string) int {
	if _vtbG[g].On() {
		n := len(src)
		if len(dst) < n {
			n = len(dst)
		}
		_vtbrt.Slice(site, dst[:n], true)
	}
	return copy(dst, src)
}

func _vtbAppend[S ~[]E, E any](g int, site int32, spread bool, s S, xs ...E) S {
	if _vtbG[g].On() {
		_vtbrt.Append(site, s, xs, spread)
	}
	return append(s, xs...)
}

func _vtbAppendS[S ~[]byte](g int, site int32, s S, str string) S {
	if _vtbG[g].On() {
		if n := len(str); n > 0 && cap(s)-len(s) >= n {
			_vtbrt.Slice(site, []byte(s[len(s):len(s)+n]), true)
		} else if n > 0 {
			_vtbrt.Slice(site, []byte(s), false)
		}
	}
	return append(s, str...)
}

func _vtbClear[E any](g int, site int32, s []E) {
	if _vtbG[g].On() {
		_vtbrt.Slice(site, s, true)
	}
	clear(s)
}

func _vtbSR[S ~[]E, E any](g int, site int32, s S) S {
	if _vtbG[g].On() {
		_vtbrt.Slice(site, s, false)
	}
	return s
}
