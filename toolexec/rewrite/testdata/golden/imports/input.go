package imports

import (
	s "sync"
	. "sync/atomic"
	tm "time"
)

var n int64

type rt struct{ unsafe int }

func Use(atomic *rt) {
	var mu s.Mutex
	mu.Lock()
	AddInt64(&n, 1)
	atomic.unsafe = 1
	unsafe := atomic.unsafe
	_ = unsafe
	tm.Sleep(1)
	mu.Unlock()
}
