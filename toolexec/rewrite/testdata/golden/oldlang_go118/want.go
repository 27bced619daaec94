// Package oldlang118 is written for Go 1.18: every construct the rewriter
// generates for it must compile at go1.18 (no min, max, clear or range
// over int), or the package would be compiled unchanged.
package oldlang118

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line oldlang_go118.go:6:1
import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

var _vtbG [14]_vtbrt.Guard

//line oldlang_go118.go:13:1
var (
	mu    sync.Mutex
	wg    sync.WaitGroup
	stock = map[string]int{}
	items []int
	buf   = make([]byte, 8)
	grid  *[4]int
	last  int
	name  string
	hits  int64
)

//line oldlang_go118.go:25:1
type point struct{ X, Y int }

//line oldlang_go118.go:27:1
var origin point

//line oldlang_go118.go:29:1
type shape interface{ area() int }

//line oldlang_go118.go:31:1
type square int

//line oldlang_go118.go:33:1
func (s square) area() int {
//line oldlang_go118.go:33:29
	return int(s)
}

//line oldlang_go118.go:35:1
var drawn []shape

//line oldlang_go118.go:37:1
func Containers(src []int, str string, p *point) int {
//line oldlang_go118.go:38:1
	_vtbM(2, _vtbS+2, true, *_vtbR(0, _vtbS+0, &stock))[*_vtbR(1, _vtbS+1, &name)] -= 1
//line oldlang_go118.go:39:1
	delete(_vtbM(2, _vtbS+5, true, *_vtbR(0, _vtbS+3, &stock)), *_vtbR(1, _vtbS+4, &name))
//line oldlang_go118.go:40:1
	*_vtbW(4, _vtbS+7, &(*_vtbR(3, _vtbS+6, &items))[0]) = *_vtbR(5, _vtbS+8, &src[1])
//line oldlang_go118.go:41:1
	*_vtbW(3, _vtbS+9, &items) = _vtbAppend(4, _vtbS+11, false, *_vtbR(3, _vtbS+10, &items), 1, 2)
//line oldlang_go118.go:42:1
	*_vtbW(3, _vtbS+12, &items) = _vtbAppend(4, _vtbS+14, true, *_vtbR(3, _vtbS+13, &items), src...)
//line oldlang_go118.go:43:1
	*_vtbW(6, _vtbS+15, &buf) = _vtbAppendS(7, _vtbS+17, *_vtbR(6, _vtbS+16, &buf), str)
//line oldlang_go118.go:44:1
	if _vtbG[3].On() {
		_vtbrt.Read(_vtbS+18, _vtbunsafe.Pointer(&items))
	}
//line oldlang_go118.go:44:1
	n := _vtbCopy(4, _vtbS+19, items, src)
//line oldlang_go118.go:45:1
	if _vtbG[6].On() {
		_vtbrt.Read(_vtbS+20, _vtbunsafe.Pointer(&buf))
	}
//line oldlang_go118.go:45:1
	n += _vtbCopyS(7, _vtbS+21, buf, str)
//line oldlang_go118.go:46:1
	for i, v := range *_vtbR(3, _vtbS+22, &items) {
//line oldlang_go118.go:47:1
		n += i * v
	}
//line oldlang_go118.go:49:1
	for _, v := range *_vtbR(8, _vtbS+23, &grid) {
//line oldlang_go118.go:50:1
		n += v
	}
//line oldlang_go118.go:52:1
	for _vtbk1, _vtbv2 := range []string{"a"} {
//line oldlang_go118.go:52:1
		*_vtbW(9, _vtbS+24, &last), *_vtbW(1, _vtbS+25, &name) = _vtbk1, _vtbv2
		{
		}
	}
//line oldlang_go118.go:54:1
	for k, c := range _vtbM(2, _vtbS+27, false, *_vtbR(0, _vtbS+26, &stock)) {
//line oldlang_go118.go:55:1
		n += c + len(k)
	}
//line oldlang_go118.go:57:1
	*_vtbWR(10, _vtbS+28, &origin) = *_vtbRR(11, _vtbS+29, &*p)
//line oldlang_go118.go:58:1
	*_vtbWR(11, _vtbS+30, &*p) = point{}
//line oldlang_go118.go:59:1
	*_vtbW(12, _vtbS+31, &drawn) = _vtbAppend[[]shape, shape](13, _vtbS+33, false, *_vtbR(12, _vtbS+32, &drawn), square(n), nil)
//line oldlang_go118.go:60:1
	return n + len(string(_vtbSR(7, _vtbS+35, *_vtbR(6, _vtbS+34, &buf)))) + *_vtbR(10, _vtbS+36, &origin.X)
}

//line oldlang_go118.go:63:1
func Sync(ctx context.Context, ch chan int) int {
//line oldlang_go118.go:64:1
	_vtbrt.Lock(_vtbS+37, &mu)
//line oldlang_go118.go:65:1
	defer _vtbrt.Unlock(_vtbS+38, &mu)
//line oldlang_go118.go:66:1
	atomic.AddInt64(_vtbrt.Atomic(_vtbS+39, _vtbrt.ARMW, &hits), 1)
//line oldlang_go118.go:67:1
	lock := _vtbMVBool(_vtbS+40, &mu, _vtbrt.TryLock)
//line oldlang_go118.go:68:1
	_ = lock
//line oldlang_go118.go:69:1
	_vtbrt.WGAdd(_vtbS+41, &wg, 1)
//line oldlang_go118.go:70:1
	_vtbrt.Go(_vtbS+45, func() {
//line oldlang_go118.go:71:1
		defer _vtbrt.WGDone(_vtbS+42, &wg)
//line oldlang_go118.go:72:1
		{
//line oldlang_go118.go:73:5
			_vtbcase3 := _vtbrt.SendCase(ch, 1)
//line oldlang_go118.go:74:5
			_vtbcase4 := _vtbrt.RecvCase(ctx.Done())
//line oldlang_go118.go:75:5
			_vtbcase5 := _vtbrt.RecvCase(_vtbrt.After(_vtbS+43, time.Millisecond))
//line oldlang_go118.go:72:1
			switch _vtbrt.Select(_vtbS+44, false, _vtbcase3, _vtbcase4, _vtbcase5) {
//line oldlang_go118.go:73:1
			case 0:
//line oldlang_go118.go:74:1
			case 1:
//line oldlang_go118.go:75:1
			default:
			}
		}
//line oldlang_go118.go:77:1
	})
//line oldlang_go118.go:78:1
	v, ok := _vtbrt.Recv2(_vtbS+46, ch)
//line oldlang_go118.go:79:1
	if !ok {
//line oldlang_go118.go:80:1
		_vtbrt.Close(_vtbS+47, ch)
	}
//line oldlang_go118.go:82:1
	_vtbrt.WGWait(_vtbS+48, &wg)
//line oldlang_go118.go:83:1
	return v
//line oldlang_go118.go:84:1
}

var _vtbS = _vtbRegister()

var _ = time.After

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/oldlang118", ""+
		"oldlang_go118.go\t38\t2\tKRead\texample.com/oldlang118.stock\tstock\n"+
		"oldlang_go118.go\t38\t8\tKRead\texample.com/oldlang118.name\tname\n"+
		"oldlang_go118.go\t38\t2\tKWrite\telem:example.com/oldlang118.stock\tstock[name]\n"+
		"oldlang_go118.go\t39\t9\tKRead\texample.com/oldlang118.stock\tstock\n"+
		"oldlang_go118.go\t39\t16\tKRead\texample.com/oldlang118.name\tname\n"+
		"oldlang_go118.go\t39\t2\tKWrite\telem:example.com/oldlang118.stock\tdelete(stock, name)\n"+
		"oldlang_go118.go\t40\t2\tKRead\texample.com/oldlang118.items\titems\n"+
		"oldlang_go118.go\t40\t2\tKWrite\telem:example.com/oldlang118.items\titems[0]\n"+
		"oldlang_go118.go\t40\t13\tKRead\telem:type:[]int\tsrc[1]\n"+
		"oldlang_go118.go\t41\t2\tKWrite\texample.com/oldlang118.items\titems\n"+
		"oldlang_go118.go\t41\t17\tKRead\texample.com/oldlang118.items\titems\n"+
		"oldlang_go118.go\t41\t10\tKWrite\telem:example.com/oldlang118.items\tappend(items, 1, 2)\n"+
		"oldlang_go118.go\t42\t2\tKWrite\texample.com/oldlang118.items\titems\n"+
		"oldlang_go118.go\t42\t17\tKRead\texample.com/oldlang118.items\titems\n"+
		"oldlang_go118.go\t42\t10\tKWrite\telem:example.com/oldlang118.items\tappend(items, src...)\n"+
		"oldlang_go118.go\t43\t2\tKWrite\texample.com/oldlang118.buf\tbuf\n"+
		"oldlang_go118.go\t43\t15\tKRead\texample.com/oldlang118.buf\tbuf\n"+
		"oldlang_go118.go\t43\t8\tKWrite\telem:example.com/oldlang118.buf\tappend(buf, str...)\n"+
		"oldlang_go118.go\t44\t12\tKRead\texample.com/oldlang118.items\titems\n"+
		"oldlang_go118.go\t44\t7\tKWrite\telem:example.com/oldlang118.items\tcopy(items, src)\n"+
		"oldlang_go118.go\t45\t12\tKRead\texample.com/oldlang118.buf\tbuf\n"+
		"oldlang_go118.go\t45\t7\tKWrite\telem:example.com/oldlang118.buf\tcopy(buf, str)\n"+
		"oldlang_go118.go\t46\t20\tKRead\texample.com/oldlang118.items\titems\n"+
		"oldlang_go118.go\t49\t20\tKRead\texample.com/oldlang118.grid\tgrid\n"+
		"oldlang_go118.go\t52\t6\tKWrite\texample.com/oldlang118.last\tlast\n"+
		"oldlang_go118.go\t52\t12\tKWrite\texample.com/oldlang118.name\tname\n"+
		"oldlang_go118.go\t54\t20\tKRead\texample.com/oldlang118.stock\tstock\n"+
		"oldlang_go118.go\t54\t20\tKRead\telem:example.com/oldlang118.stock\trange stock\n"+
		"oldlang_go118.go\t57\t2\tKWrite\texample.com/oldlang118.origin\torigin\n"+
		"oldlang_go118.go\t57\t11\tKRead\ttype:example.com/oldlang118.point\t*p\n"+
		"oldlang_go118.go\t58\t2\tKWrite\ttype:example.com/oldlang118.point\t*p\n"+
		"oldlang_go118.go\t59\t2\tKWrite\texample.com/oldlang118.drawn\tdrawn\n"+
		"oldlang_go118.go\t59\t17\tKRead\texample.com/oldlang118.drawn\tdrawn\n"+
		"oldlang_go118.go\t59\t10\tKWrite\telem:example.com/oldlang118.drawn\tappend(drawn, square(n), nil)\n"+
		"oldlang_go118.go\t60\t24\tKRead\texample.com/oldlang118.buf\tbuf\n"+
		"oldlang_go118.go\t60\t17\tKRead\telem:example.com/oldlang118.buf\tstring(buf)\n"+
		"oldlang_go118.go\t60\t32\tKRead\texample.com/oldlang118.origin\torigin.X\n"+
		"oldlang_go118.go\t64\t2\tKSync\t\t\n"+
		"oldlang_go118.go\t65\t8\tKSync\t\t\n"+
		"oldlang_go118.go\t66\t2\tKAtomic\t\tatomic.AddInt64(&hits, 1)\n"+
		"oldlang_go118.go\t67\t10\tKSync\t\t\n"+
		"oldlang_go118.go\t69\t2\tKSync\t\t\n"+
		"oldlang_go118.go\t71\t9\tKSync\t\t\n"+
		"oldlang_go118.go\t75\t10\tKOther\t\t\n"+
		"oldlang_go118.go\t72\t3\tKChan\t\t\n"+
		"oldlang_go118.go\t70\t2\tKGo\t\t\n"+
		"oldlang_go118.go\t78\t11\tKChan\t\t\n"+
		"oldlang_go118.go\t80\t3\tKChan\t\t\n"+
		"oldlang_go118.go\t82\t2\tKSync\t\t\n"+
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

func _vtbRR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.ReadRange(site, _vtbunsafe.Pointer(p), _vtbunsafe.Sizeof(*p))
	}
	return p
}

func _vtbWR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.WriteRange(site, _vtbunsafe.Pointer(p), _vtbunsafe.Sizeof(*p))
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

func _vtbSR[S ~[]E, E any](g int, site int32, s S) S {
	if _vtbG[g].On() {
		_vtbrt.Slice(site, s, false)
	}
	return s
}

func _vtbMVBool[P any](site int32, r *P, rtf func(int32, *P) bool) func() bool {
	return func() bool { return rtf(site, r) }
}
