package atomics

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line atomics.go:3:1
import (
	"sync/atomic"
	"unsafe"
)

var _vtbG [0]_vtbrt.Guard

//line atomics.go:8:1
var hits int64

//line atomics.go:10:1
type Stats struct {
	n     atomic.Int64
	flag  atomic.Bool
	ptr   atomic.Pointer[Stats]
	val   atomic.Value
	count uint32
	atomic.Uint64
}

//line atomics.go:19:1
func next() int64 {
//line atomics.go:19:20
	return 1
}

//line atomics.go:21:1
func Record(s *Stats, p *unsafe.Pointer) int64 {
//line atomics.go:22:1
	atomic.AddInt64(_vtbrt.Atomic(_vtbS+0, _vtbrt.ARMW, &hits), 1)
//line atomics.go:23:1
	atomic.StoreUint32(_vtbrt.Atomic(_vtbS+1, _vtbrt.AStore, &s.count), 2)
//line atomics.go:24:1
	old := atomic.LoadInt64(_vtbrt.Atomic(_vtbS+2, _vtbrt.ALoad, &hits))
//line atomics.go:25:1
	{
//line atomics.go:25:1
		_vtbv1 := old
//line atomics.go:25:1
		_vtbv2 := next()
		atomic.CompareAndSwapInt64(_vtbrt.Atomic(_vtbS+3, _vtbrt.ARMW, &hits), _vtbv1, _vtbv2)
	}
//line atomics.go:26:1
	atomic.SwapPointer(_vtbrt.Atomic(_vtbS+4, _vtbrt.ARMW, p), nil)
//line atomics.go:27:1
	_vtbrt.Atomic(_vtbS+5, _vtbrt.ARMW, &s.n).Add(1)
//line atomics.go:28:1
	_vtbrt.Atomic(_vtbS+6, _vtbrt.AStore, &s.flag).Store(true)
//line atomics.go:29:1
	if _vtbrt.Atomic(_vtbS+7, _vtbrt.ALoad, &s.flag).Load() {
//line atomics.go:30:1
		_vtbrt.Atomic(_vtbS+8, _vtbrt.AStore, &s.ptr).Store(s)
	}
//line atomics.go:32:1
	_vtbrt.Atomic(_vtbS+9, _vtbrt.AStore, &s.val).Store("x")
//line atomics.go:33:1
	_vtbrt.Atomic(_vtbS+10, _vtbrt.ARMW, &s.Uint64).Add(3)
//line atomics.go:34:1
	q := _vtbrt.Atomic(_vtbS+11, _vtbrt.ALoad, &s.ptr).Load()
//line atomics.go:35:1
	_ = q
//line atomics.go:36:1
	return _vtbrt.Atomic(_vtbS+12, _vtbrt.ALoad, &s.n).Load() + int64(_vtbrt.Atomic(_vtbS+13, _vtbrt.ALoad, &s.Uint64).Load())
}

//line atomics.go:39:1
func Ordered(s *Stats, ch chan int64) int64 {
//line atomics.go:40:1
	{
//line atomics.go:40:1
		_vtbv3 := next()
		atomic.AddInt64(_vtbrt.Atomic(_vtbS+14, _vtbrt.ARMW, &hits), _vtbv3)
	}
//line atomics.go:41:1
	{
//line atomics.go:41:1
		_vtbv4 := _vtbrt.Recv(_vtbS+15, ch)
		_vtbrt.Atomic(_vtbS+16, _vtbrt.AStore, &s.n).Store(_vtbv4)
	}
//line atomics.go:42:1
	_vtbv5 := next()
//line atomics.go:42:1
	v := _vtbrt.Atomic(_vtbS+17, _vtbrt.ARMW, &s.n).Add(_vtbv5)
//line atomics.go:43:1
	_vtbrt.Atomic(_vtbS+18, _vtbrt.ARMW, &s.n).Add(1)
//line atomics.go:44:1
	return v
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/atomics", ""+
		"atomics.go\t22\t2\tKAtomic\t\tatomic.AddInt64(&hits, 1)\n"+
		"atomics.go\t23\t2\tKAtomic\t\tatomic.StoreUint32(&s.count, 2)\n"+
		"atomics.go\t24\t9\tKAtomic\t\tatomic.LoadInt64(&hits)\n"+
		"atomics.go\t25\t2\tKAtomic\t\tatomic.CompareAndSwapInt64(&hits, old, next())\n"+
		"atomics.go\t26\t2\tKAtomic\t\tatomic.SwapPointer(p, nil)\n"+
		"atomics.go\t27\t2\tKAtomic\t\ts.n.Add(1)\n"+
		"atomics.go\t28\t2\tKAtomic\t\ts.flag.Store(true)\n"+
		"atomics.go\t29\t5\tKAtomic\t\ts.flag.Load()\n"+
		"atomics.go\t30\t3\tKAtomic\t\ts.ptr.Store(s)\n"+
		"atomics.go\t32\t2\tKAtomic\t\ts.val.Store(\"x\")\n"+
		"atomics.go\t33\t2\tKAtomic\t\ts.Add(3)\n"+
		"atomics.go\t34\t7\tKAtomic\t\ts.ptr.Load()\n"+
		"atomics.go\t36\t9\tKAtomic\t\ts.n.Load()\n"+
		"atomics.go\t36\t28\tKAtomic\t\ts.Uint64.Load()\n"+
		"atomics.go\t40\t2\tKAtomic\t\tatomic.AddInt64(&hits, next())\n"+
		"atomics.go\t41\t12\tKChan\t\t\n"+
		"atomics.go\t41\t2\tKAtomic\t\ts.n.Store(<-ch)\n"+
		"atomics.go\t42\t7\tKAtomic\t\ts.n.Add(next())\n"+
		"atomics.go\t43\t2\tKAtomic\t\ts.n.Add(1)\n"+
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
