package generics

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line generics.go:3:1
import "sync"

var _vtbG [3]_vtbrt.Guard

//line generics.go:5:1
type Box[T any] struct {
	mu  sync.Mutex
	val T
}

//line generics.go:10:1
func (b *Box[T]) Set(v T) {
//line generics.go:11:1
	_vtbrt.Lock(_vtbS+0, &b.mu)
//line generics.go:12:1
	defer _vtbrt.Unlock(_vtbS+1, &b.mu)
//line generics.go:13:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+2, _vtbunsafe.Pointer(&b.val))
	}
//line generics.go:13:1
	b.val = v
//line generics.go:14:1
}

//line generics.go:16:1
func Pipe[T any](in []T) []T {
//line generics.go:17:1
	ch := _vtbrt.MakeChan[T](_vtbS+3, len(in))
//line generics.go:18:1
	{
		_vtbr2 := in
//line generics.go:18:1
		for _vtbk1 := range _vtbr2 {
//line generics.go:18:1
			_, v := _vtbk1, *_vtbR(1, _vtbS+4, &_vtbr2[_vtbk1])
			{
//line generics.go:19:1
				_vtbrt.Send(_vtbS+5, ch, v)
			}
		}
	}
//line generics.go:21:1
	_vtbrt.Close(_vtbS+6, ch)
//line generics.go:22:1
	var out []T
//line generics.go:23:1
	{
		_vtbc3 := ch
//line generics.go:23:1
		for {
//line generics.go:23:1
			v, _vtbok4 := _vtbrt.Recv2(_vtbS+7, _vtbc3)
//line generics.go:23:1
			if !_vtbok4 {
				break
			}
			{
//line generics.go:24:1
				out = _vtbAppend(1, _vtbS+8, false, out, v)
			}
		}
	}
//line generics.go:26:1
	return out
}

//line generics.go:29:1
func Map[K comparable, V any](m map[K]V, k K) (V, bool) {
//line generics.go:30:1
	v, ok := _vtbM(2, _vtbS+9, false, m)[k]
//line generics.go:31:1
	return v, ok
}

//line generics.go:34:1
var global = Box[int]{}

//line generics.go:36:1
func Use() {
//line generics.go:37:1
	global.Set(1)
//line generics.go:38:1
	b := _vtbrt.Alloc(_vtbS+10, &Box[string]{})
//line generics.go:39:1
	b.Set("x")
//line generics.go:40:1
	f := Map[string, int]
//line generics.go:41:1
	_, _ = f(nil, "a")
//line generics.go:42:1
	{
//line generics.go:42:1
		_vtba5 := []int{1}
//line generics.go:42:1
		_vtbrt.Go(_vtbS+11, func() {
//line generics.go:42:1
			Pipe(_vtba5)
		})
	}
//line generics.go:43:1
	_vtbrt.Go(_vtbS+12, func() {
//line generics.go:43:1
		Pipe[string](nil)
	})
}

//line generics.go:46:1
func Core[C ~chan int](c C, d chan<- int) int {
//line generics.go:47:1
	_vtbrt.Send(_vtbS+13, d, 1)
//line generics.go:48:1
	v := _vtbrt.Recv(_vtbS+14, c)
//line generics.go:49:1
	w, ok := _vtbrt.Recv2(_vtbS+15, c)
//line generics.go:50:1
	_ = ok
//line generics.go:51:1
	{
//line generics.go:52:5
		_vtbcase6 := _vtbrt.RecvCase(c)
//line generics.go:54:5
		_vtbcase7 := _vtbrt.SendCase(c, 2)
//line generics.go:51:1
		switch _vtbrt.Select(_vtbS+16, false, _vtbcase6, _vtbcase7) {
//line generics.go:52:1
		case 0:
//line generics.go:52:1
			x := _vtbcase6.V
//line generics.go:53:1
			v += x
//line generics.go:54:1
		default:
		}
	}
//line generics.go:56:1
	{
		_vtbc8 := c
//line generics.go:56:1
		for {
//line generics.go:56:1
			x, _vtbok9 := _vtbrt.Recv2(_vtbS+17, _vtbc8)
//line generics.go:56:1
			if !_vtbok9 {
				break
			}
			{
//line generics.go:57:1
				v += x
			}
		}
	}
//line generics.go:59:1
	_vtbrt.Close(_vtbS+18, c)
//line generics.go:60:1
	return v + w
}

//line generics.go:63:1
type lockPtr interface {
	*sync.Mutex
	Lock()
	Unlock()
}

//line generics.go:69:1
func WithLock[M lockPtr](m M, f func()) {
//line generics.go:70:1
	m.Lock()
//line generics.go:71:1
	defer m.Unlock()
//line generics.go:72:1
	f()
//line generics.go:73:1
}

//line generics.go:75:1
func Guarded[L sync.Locker](l L) {
//line generics.go:76:1
	_vtbrt.LockerLock(_vtbS+19, l)
//line generics.go:77:1
	_vtbrt.LockerUnlock(_vtbS+20, l)
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/generics", ""+
		"generics.go\t11\t2\tKSync\t\t\n"+
		"generics.go\t12\t8\tKSync\t\t\n"+
		"generics.go\t13\t2\tKWrite\texample.com/generics.Box.val\tb.val\n"+
		"generics.go\t17\t8\tKChan\t\t\n"+
		"generics.go\t18\t20\tKRead\telem:type:[]T\tin[i]\n"+
		"generics.go\t19\t3\tKChan\t\t\n"+
		"generics.go\t21\t2\tKChan\t\t\n"+
		"generics.go\t23\t2\tKChanLoop\t\t\n"+
		"generics.go\t24\t9\tKWrite\telem:type:[]T\tappend(out, v)\n"+
		"generics.go\t30\t11\tKRead\telem:type:map[K]V\tm[k]\n"+
		"generics.go\t38\t7\tKAlloc\t\t\n"+
		"generics.go\t42\t2\tKGo\t\t\n"+
		"generics.go\t43\t2\tKGo\t\t\n"+
		"generics.go\t47\t2\tKChan\t\t\n"+
		"generics.go\t48\t7\tKChan\t\t\n"+
		"generics.go\t49\t11\tKChan\t\t\n"+
		"generics.go\t51\t2\tKChan\t\t\n"+
		"generics.go\t56\t2\tKChanLoop\t\t\n"+
		"generics.go\t59\t2\tKChan\t\t\n"+
		"generics.go\t76\t2\tKSync\t\t\n"+
		"generics.go\t77\t2\tKSync\t\t\n"+
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

func _vtbAppend[S ~[]E, E any](g int, site int32, spread bool, s S, xs ...E) S {
	if _vtbG[g].On() {
		_vtbrt.Append(site, s, xs, spread)
	}
	return append(s, xs...)
}
