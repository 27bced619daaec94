package stdlibapis

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line stdlibapis.go:3:1
import (
	"context"
	"sync"
	"testing"
	"time"
)

var _vtbG [0]_vtbrt.Guard

// Timers: every modelled time API (see apis.go).
//line stdlibapis.go:11:1
func Timers(d time.Duration) bool {
//line stdlibapis.go:12:1
	t := _vtbrt.NewTimer(_vtbS+0, d)
//line stdlibapis.go:13:1
	_vtbrt.TimerReset(_vtbS+1, t, 2*d)
//line stdlibapis.go:14:1
	tk := _vtbrt.NewTicker(_vtbS+2, d)
//line stdlibapis.go:15:1
	_vtbrt.TickerReset(_vtbS+3, tk, d)
//line stdlibapis.go:16:1
	defer _vtbrt.TickerStop(_vtbS+4, tk)
//line stdlibapis.go:17:1
	_vtbrt.Recv(_vtbS+6, _vtbrt.Tick(_vtbS+5, d))
//line stdlibapis.go:18:1
	af := _vtbrt.AfterFunc(_vtbS+7, d, func() {})
//line stdlibapis.go:19:1
	_vtbrt.TimerReset(_vtbS+8, af, d)
//line stdlibapis.go:20:1
	stop := func(_vtbr *time.Timer) func() bool { return func() bool { return _vtbrt.TimerStop(_vtbS+9, _vtbr) } }(t) // a method value: modelled (funcvalue.go)
//line stdlibapis.go:21:1
	_ = stop
//line stdlibapis.go:22:1
	return _vtbrt.TimerStop(_vtbS+10, t) && _vtbrt.TimerStop(_vtbS+11, af)
//line stdlibapis.go:23:1
}

// Contexts: every modelled context API.
//line stdlibapis.go:26:1
func Contexts(tb testing.TB, t *testing.T, d time.Duration) error {
//line stdlibapis.go:27:1
	ctx, cancel := _vtbrt.WithCancel(_vtbS+13, _vtbrt.TContext(_vtbS+12, tb))
//line stdlibapis.go:28:1
	defer cancel()
//line stdlibapis.go:29:1
	ctx2, cancel2 := _vtbrt.WithCancelCause(_vtbS+15, _vtbrt.TContext(_vtbS+14, t))
//line stdlibapis.go:30:1
	defer cancel2(nil)
//line stdlibapis.go:31:1
	ctx3, cancel3 := _vtbrt.WithTimeout(_vtbS+16, ctx, d)
//line stdlibapis.go:32:1
	defer cancel3()
//line stdlibapis.go:33:1
	ctx4, cancel4 := _vtbrt.WithTimeoutCause(_vtbS+17, ctx2, d, nil)
//line stdlibapis.go:34:1
	defer cancel4()
//line stdlibapis.go:35:1
	ctx5, cancel5 := _vtbrt.WithDeadline(_vtbS+19, ctx3, _vtbrt.Now(_vtbS+18).Add(d))
//line stdlibapis.go:36:1
	defer cancel5()
//line stdlibapis.go:37:1
	_, cancel6 := _vtbrt.WithDeadlineCause(_vtbS+21, ctx4, _vtbrt.Now(_vtbS+20).Add(d), nil)
//line stdlibapis.go:38:1
	defer cancel6()
//line stdlibapis.go:39:1
	stop := _vtbrt.ContextAfterFunc(_vtbS+22, ctx5, func() {})
//line stdlibapis.go:40:1
	stop()
//line stdlibapis.go:41:1
	return _vtbrt.Cause(_vtbS+23, context.WithoutCancel(context.WithValue(ctx5, "k", 1)))
//line stdlibapis.go:42:1
}

// Syncs: sync.Map, OnceFunc/OnceValue(s), sync.Locker.
//line stdlibapis.go:45:1
func Syncs(m *sync.Map, l sync.Locker) (int, error) {
//line stdlibapis.go:46:1
	var local sync.Map
//line stdlibapis.go:47:1
	_vtbrt.MapStore(_vtbS+24, &local, 1, 2)
//line stdlibapis.go:48:1
	_vtbrt.MapLoad(_vtbS+25, m, 1)
//line stdlibapis.go:49:1
	_vtbrt.MapLoadOrStore(_vtbS+26, m, 1, 2)
//line stdlibapis.go:50:1
	_vtbrt.MapLoadAndDelete(_vtbS+27, m, 1)
//line stdlibapis.go:51:1
	_vtbrt.MapDelete(_vtbS+28, m, 1)
//line stdlibapis.go:52:1
	_vtbrt.MapSwap(_vtbS+29, m, 1, 2)
//line stdlibapis.go:53:1
	_vtbrt.MapCompareAndSwap(_vtbS+30, m, 1, 2, 3)
//line stdlibapis.go:54:1
	_vtbrt.MapCompareAndDelete(_vtbS+31, m, 1, 3)
//line stdlibapis.go:55:1
	_vtbrt.MapRange(_vtbS+32, m, func(k, v any) bool {
//line stdlibapis.go:55:30
		return true
	})
//line stdlibapis.go:56:1
	_vtbrt.MapClear(_vtbS+33, m)
//line stdlibapis.go:57:1
	_vtbrt.LockerLock(_vtbS+34, l)
//line stdlibapis.go:58:1
	_vtbrt.LockerUnlock(_vtbS+35, l)
//line stdlibapis.go:59:1
	_vtbrt.OnceFunc(_vtbS+36, func() {})()
//line stdlibapis.go:60:1
	v := _vtbrt.OnceValue(_vtbS+37, func() int {
//line stdlibapis.go:60:33
		return 1
	})
//line stdlibapis.go:61:1
	_, err := _vtbrt.OnceValues(_vtbS+38, func() (int, error) {
//line stdlibapis.go:61:48
		return 1, nil
	})()
//line stdlibapis.go:62:1
	return v(), err
}

// Cleanups: t.Cleanup on a TB and a T, kept by the execution.
//line stdlibapis.go:66:1
func Cleanups(tb testing.TB, t *testing.T, f func()) {
//line stdlibapis.go:67:1
	_vtbrt.TCleanup(_vtbS+39, tb, f)
//line stdlibapis.go:68:1
	_vtbrt.TCleanup(_vtbS+40, t, f)
}

var _vtbS = _vtbRegister()

var _ = time.NewTimer

var _ = time.NewTicker

var _ = time.Tick

var _ = time.AfterFunc

var _ = context.WithCancel

var _ = context.WithCancelCause

var _ = context.WithTimeout

var _ = context.WithTimeoutCause

var _ = time.Now

var _ = context.WithDeadline

var _ = context.WithDeadlineCause

var _ = context.AfterFunc

var _ = context.Cause

var _ = sync.OnceFunc

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/stdlibapis", ""+
		"stdlibapis.go\t12\t7\tKOther\t\t\n"+
		"stdlibapis.go\t13\t2\tKSync\t\t\n"+
		"stdlibapis.go\t14\t8\tKOther\t\t\n"+
		"stdlibapis.go\t15\t2\tKSync\t\t\n"+
		"stdlibapis.go\t16\t8\tKSync\t\t\n"+
		"stdlibapis.go\t17\t4\tKOther\t\t\n"+
		"stdlibapis.go\t17\t2\tKChan\t\t\n"+
		"stdlibapis.go\t18\t8\tKOther\t\t\n"+
		"stdlibapis.go\t19\t2\tKSync\t\t\n"+
		"stdlibapis.go\t20\t10\tKSync\t\t\n"+
		"stdlibapis.go\t22\t9\tKSync\t\t\n"+
		"stdlibapis.go\t22\t21\tKSync\t\t\n"+
		"stdlibapis.go\t27\t36\tKSync\t\t\n"+
		"stdlibapis.go\t27\t17\tKOther\t\t\n"+
		"stdlibapis.go\t29\t43\tKSync\t\t\n"+
		"stdlibapis.go\t29\t19\tKOther\t\t\n"+
		"stdlibapis.go\t31\t19\tKOther\t\t\n"+
		"stdlibapis.go\t33\t19\tKOther\t\t\n"+
		"stdlibapis.go\t35\t46\tKOther\t\t\n"+
		"stdlibapis.go\t35\t19\tKOther\t\t\n"+
		"stdlibapis.go\t37\t48\tKOther\t\t\n"+
		"stdlibapis.go\t37\t16\tKOther\t\t\n"+
		"stdlibapis.go\t39\t10\tKOther\t\t\n"+
		"stdlibapis.go\t41\t9\tKOther\t\t\n"+
		"stdlibapis.go\t47\t2\tKSync\t\t\n"+
		"stdlibapis.go\t48\t2\tKSync\t\t\n"+
		"stdlibapis.go\t49\t2\tKSync\t\t\n"+
		"stdlibapis.go\t50\t2\tKSync\t\t\n"+
		"stdlibapis.go\t51\t2\tKSync\t\t\n"+
		"stdlibapis.go\t52\t2\tKSync\t\t\n"+
		"stdlibapis.go\t53\t2\tKSync\t\t\n"+
		"stdlibapis.go\t54\t2\tKSync\t\t\n"+
		"stdlibapis.go\t55\t2\tKSync\t\t\n"+
		"stdlibapis.go\t56\t2\tKSync\t\t\n"+
		"stdlibapis.go\t57\t2\tKSync\t\t\n"+
		"stdlibapis.go\t58\t2\tKSync\t\t\n"+
		"stdlibapis.go\t59\t2\tKOther\t\t\n"+
		"stdlibapis.go\t60\t7\tKOther\t\t\n"+
		"stdlibapis.go\t61\t12\tKOther\t\t\n"+
		"stdlibapis.go\t67\t2\tKSync\t\t\n"+
		"stdlibapis.go\t68\t2\tKSync\t\t\n"+
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
