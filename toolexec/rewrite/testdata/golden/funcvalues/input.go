package funcvalues

import (
	"context"
	"os"
	"runtime"
	"sync"
	"time"
)

// nowFunc is the usual seam for tests: it must read the virtual clock.
var nowFunc = time.Now

var started = nowFunc()

type clock struct {
	now   func() time.Time
	sleep func(time.Duration)
	after func(time.Duration) <-chan time.Time
}

var defaultClock = clock{now: time.Now, sleep: time.Sleep, after: time.After}

func apply(f func(context.Context) (context.Context, context.CancelFunc)) context.CancelFunc {
	_, cancel := f(context.Background())
	return cancel
}

func Values(t *time.Timer, tk *time.Ticker, mu *sync.Mutex, timers []*time.Timer, i int) {
	since := time.Since
	_ = since(started)
	yield := runtime.Gosched
	yield()
	apply(context.WithCancel)()
	if nowFunc != nil {
		_ = defaultClock.now()
	}
	stop := t.Stop
	_ = stop()
	reset := (*time.Timer).Reset
	_ = reset(t, time.Second)
	stopAt := timers[i].Stop // the receiver is evaluated here, once
	i++
	_ = stopAt()
	tick := tk.Reset
	tick(time.Millisecond)
	lock := mu.Lock
	lock()
	readFile := os.ReadFile
	_, _ = readFile("x")
	sz := runtime.Stack
	_ = sz(nil, false)
}
