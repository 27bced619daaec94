package stdlibapis

import (
	"context"
	"sync"
	"testing"
	"time"
)

// Timers: every modelled time API (see apis.go).
func Timers(d time.Duration) bool {
	t := time.NewTimer(d)
	t.Reset(2 * d)
	tk := time.NewTicker(d)
	tk.Reset(d)
	defer tk.Stop()
	<-time.Tick(d)
	af := time.AfterFunc(d, func() {})
	af.Reset(d)
	stop := t.Stop // a method value: modelled (funcvalue.go)
	_ = stop
	return t.Stop() && af.Stop()
}

// Contexts: every modelled context API.
func Contexts(tb testing.TB, t *testing.T, d time.Duration) error {
	ctx, cancel := context.WithCancel(tb.Context())
	defer cancel()
	ctx2, cancel2 := context.WithCancelCause(t.Context())
	defer cancel2(nil)
	ctx3, cancel3 := context.WithTimeout(ctx, d)
	defer cancel3()
	ctx4, cancel4 := context.WithTimeoutCause(ctx2, d, nil)
	defer cancel4()
	ctx5, cancel5 := context.WithDeadline(ctx3, time.Now().Add(d))
	defer cancel5()
	_, cancel6 := context.WithDeadlineCause(ctx4, time.Now().Add(d), nil)
	defer cancel6()
	stop := context.AfterFunc(ctx5, func() {})
	stop()
	return context.Cause(context.WithoutCancel(context.WithValue(ctx5, "k", 1)))
}

// Syncs: sync.Map, OnceFunc/OnceValue(s), sync.Locker.
func Syncs(m *sync.Map, l sync.Locker) (int, error) {
	var local sync.Map
	local.Store(1, 2)
	m.Load(1)
	m.LoadOrStore(1, 2)
	m.LoadAndDelete(1)
	m.Delete(1)
	m.Swap(1, 2)
	m.CompareAndSwap(1, 2, 3)
	m.CompareAndDelete(1, 3)
	m.Range(func(k, v any) bool { return true })
	m.Clear()
	l.Lock()
	l.Unlock()
	sync.OnceFunc(func() {})()
	v := sync.OnceValue(func() int { return 1 })
	_, err := sync.OnceValues(func() (int, error) { return 1, nil })()
	return v(), err
}

// Cleanups: t.Cleanup on a TB and a T, kept by the execution.
func Cleanups(tb testing.TB, t *testing.T, f func()) {
	tb.Cleanup(f)
	t.Cleanup(f)
}
