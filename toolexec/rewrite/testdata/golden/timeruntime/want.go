package timeruntime

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line timeruntime.go:3:1
import (
	"runtime"
	"runtime/debug"
	"time"
)

var _vtbG [0]_vtbrt.Guard

//line timeruntime.go:9:1
func Poll(done <-chan bool) bool {
//line timeruntime.go:10:1
	for i := 0; i < 3; i++ {
//line timeruntime.go:11:1
		_vtbrt.Gosched(_vtbS + 0)
//line timeruntime.go:12:1
		_vtbrt.Sleep(_vtbS+1, time.Millisecond)
	}
//line timeruntime.go:14:1
	{
//line timeruntime.go:15:5
		_vtbcase1 := _vtbrt.RecvCase(done)
//line timeruntime.go:17:5
		_vtbcase2 := _vtbrt.RecvCase(_vtbrt.After(_vtbS+2, 10*time.Millisecond))
//line timeruntime.go:14:1
		switch _vtbrt.Select(_vtbS+3, false, _vtbcase1, _vtbcase2) {
//line timeruntime.go:15:1
		case 0:
//line timeruntime.go:16:1
			return true
//line timeruntime.go:17:1
		default:
//line timeruntime.go:18:1
			return false
		}
	}
}

// Elapsed measures on the virtual clock.
//line timeruntime.go:23:1
func Elapsed(d time.Duration) (time.Duration, time.Duration) {
//line timeruntime.go:24:1
	start := _vtbrt.Now(_vtbS + 4)
//line timeruntime.go:25:1
	_vtbrt.Sleep(_vtbS+5, d)
//line timeruntime.go:26:1
	return _vtbrt.Since(_vtbS+6, start), _vtbrt.Until(_vtbS+7, start.Add(2*d))
}

// Deadline calls cancel after d on the virtual clock, unless stopped.
//line timeruntime.go:30:1
func Deadline(d time.Duration, cancel func()) *time.Timer {
//line timeruntime.go:31:1
	return _vtbrt.AfterFunc(_vtbS+8, d, cancel)
}

// Trace returns the caller's stack and prints it, as natively shown.
//line timeruntime.go:35:1
func Trace() []byte {
//line timeruntime.go:36:1
	_vtbrt.DebugPrintStack(_vtbS + 9)
//line timeruntime.go:37:1
	return _vtbrt.DebugStack(_vtbS + 10)
}

var _vtbS = _vtbRegister()

var _ = runtime.Gosched

var _ = time.Sleep

var _ = time.After

var _ = time.Now

var _ = time.Since

var _ = time.Until

var _ = time.AfterFunc

var _ = debug.PrintStack

var _ = debug.Stack

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/timeruntime", ""+
		"timeruntime.go\t11\t3\tKOther\t\t\n"+
		"timeruntime.go\t12\t3\tKOther\t\t\n"+
		"timeruntime.go\t17\t9\tKOther\t\t\n"+
		"timeruntime.go\t14\t2\tKChan\t\t\n"+
		"timeruntime.go\t24\t11\tKOther\t\t\n"+
		"timeruntime.go\t25\t2\tKOther\t\t\n"+
		"timeruntime.go\t26\t9\tKOther\t\t\n"+
		"timeruntime.go\t26\t28\tKOther\t\t\n"+
		"timeruntime.go\t31\t9\tKOther\t\t\n"+
		"timeruntime.go\t36\t2\tKOther\t\t\n"+
		"timeruntime.go\t37\t9\tKOther\t\t\n"+
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
