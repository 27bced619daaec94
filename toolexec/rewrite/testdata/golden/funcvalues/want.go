package funcvalues

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line funcvalues.go:3:1
import (
	"context"
	"os"
	"runtime"
	"sync"
	"time"
)

var _vtbG [4]_vtbrt.Guard

var _vtbS = _vtbRegister()

// nowFunc is the usual seam for tests: it must read the virtual clock.
//line funcvalues.go:12:1
var nowFunc = func() time.Time { return _vtbrt.Now(_vtbS + 0) }

//line funcvalues.go:14:1
var started = nowFunc()

//line funcvalues.go:16:1
type clock struct {
	now   func() time.Time
	sleep func(time.Duration)
	after func(time.Duration) <-chan time.Time
}

//line funcvalues.go:22:1
var defaultClock = clock{now: func() time.Time { return _vtbrt.Now(_vtbS + 1) }, sleep: func(_vtbp0 time.Duration) { _vtbrt.Sleep(_vtbS+2, _vtbp0) }, after: func(_vtbp0 time.Duration) <-chan time.Time { return _vtbrt.After(_vtbS+3, _vtbp0) }}

//line funcvalues.go:24:1
func apply(f func(context.Context) (context.Context, context.CancelFunc)) context.CancelFunc {
//line funcvalues.go:25:1
	_, cancel := f(context.Background())
//line funcvalues.go:26:1
	return cancel
}

//line funcvalues.go:29:1
func Values(t *time.Timer, tk *time.Ticker, mu *sync.Mutex, timers []*time.Timer, i int) {
//line funcvalues.go:30:1
	since := func(_vtbp0 time.Time) time.Duration { return _vtbrt.Since(_vtbS+4, _vtbp0) }
//line funcvalues.go:31:1
	_ = since(*_vtbRR(0, _vtbS+5, &started))
//line funcvalues.go:32:1
	yield := func() { _vtbrt.Gosched(_vtbS + 6) }
//line funcvalues.go:33:1
	yield()
//line funcvalues.go:34:1
	apply(func(_vtbp0 context.Context) (context.Context, context.CancelFunc) {
		return _vtbrt.WithCancel(_vtbS+7, _vtbp0)
	})()
//line funcvalues.go:35:1
	if *_vtbR(1, _vtbS+8, &nowFunc) != nil {
//line funcvalues.go:36:1
		_ = (*_vtbR(2, _vtbS+9, &defaultClock.now))()
	}
//line funcvalues.go:38:1
	stop := func(_vtbr *time.Timer) func() bool { return func() bool { return _vtbrt.TimerStop(_vtbS+10, _vtbr) } }(t)
//line funcvalues.go:39:1
	_ = stop()
//line funcvalues.go:40:1
	reset := func(_vtbp0 *time.Timer, _vtbp1 time.Duration) bool {
		return _vtbrt.TimerReset(_vtbS+11, _vtbp0, _vtbp1)
	}
//line funcvalues.go:41:1
	_ = reset(t, time.Second)
//line funcvalues.go:42:1
	if _vtbG[3].On() {
		_vtbrt.Read(_vtbS+12, _vtbunsafe.Pointer(&timers[i]))
	}
//line funcvalues.go:42:1
	stopAt := func(_vtbr *time.Timer) func() bool { return func() bool { return _vtbrt.TimerStop(_vtbS+13, _vtbr) } }(timers[i]) // the receiver is evaluated here, once
//line funcvalues.go:43:1
	i++
//line funcvalues.go:44:1
	_ = stopAt()
//line funcvalues.go:45:1
	tick := func(_vtbr *time.Ticker) func(_vtbp0 time.Duration) {
		return func(_vtbp0 time.Duration) { _vtbrt.TickerReset(_vtbS+14, _vtbr, _vtbp0) }
	}(tk)
//line funcvalues.go:46:1
	tick(time.Millisecond)
//line funcvalues.go:47:1
	lock := _vtbMV(_vtbS+15, mu, _vtbrt.Lock)
//line funcvalues.go:48:1
	lock()
//line funcvalues.go:49:1
	readFile := func(_vtbp0 string) ([]byte, error) { return _vtbrt.ReadFile(_vtbS+16, _vtbp0) }
//line funcvalues.go:50:1
	_, _ = readFile("x")
//line funcvalues.go:51:1
	sz := func(_vtbp0 []byte, _vtbp1 bool) int { return _vtbrt.Stack(_vtbS+17, _vtbp0, _vtbp1) }
//line funcvalues.go:52:1
	_ = sz(nil, false)
}

var _ = time.Now

var _ = time.Sleep

var _ = time.After

var _ = time.Since

var _ = runtime.Gosched

var _ = context.WithCancel

var _ = (*time.Timer).Reset

var _ = os.ReadFile

var _ = runtime.Stack

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/funcvalues", ""+
		"funcvalues.go\t12\t15\tKOther\t\t\n"+
		"funcvalues.go\t22\t31\tKOther\t\t\n"+
		"funcvalues.go\t22\t48\tKOther\t\t\n"+
		"funcvalues.go\t22\t67\tKOther\t\t\n"+
		"funcvalues.go\t30\t11\tKOther\t\t\n"+
		"funcvalues.go\t31\t12\tKRead\texample.com/funcvalues.started\tstarted\n"+
		"funcvalues.go\t32\t11\tKOther\t\t\n"+
		"funcvalues.go\t34\t8\tKOther\t\t\n"+
		"funcvalues.go\t35\t5\tKRead\texample.com/funcvalues.nowFunc\tnowFunc\n"+
		"funcvalues.go\t36\t7\tKRead\texample.com/funcvalues.defaultClock\tdefaultClock.now\n"+
		"funcvalues.go\t38\t10\tKSync\t\t\n"+
		"funcvalues.go\t40\t11\tKSync\t\t\n"+
		"funcvalues.go\t42\t12\tKRead\telem:type:[]*time.Timer\ttimers[i]\n"+
		"funcvalues.go\t42\t12\tKSync\t\t\n"+
		"funcvalues.go\t45\t10\tKSync\t\t\n"+
		"funcvalues.go\t47\t10\tKSync\t\t\n"+
		"funcvalues.go\t49\t14\tKOther\t\t\n"+
		"funcvalues.go\t51\t8\tKOther\t\t\n"+
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

func _vtbMV[P any](site int32, r *P, rtf func(int32, *P)) func() {
	return func() { rtf(site, r) }
}
