package timeruntime

import (
	"runtime"
	"runtime/debug"
	"time"
)

func Poll(done <-chan bool) bool {
	for i := 0; i < 3; i++ {
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
	select {
	case <-done:
		return true
	case <-time.After(10 * time.Millisecond):
		return false
	}
}

// Elapsed measures on the virtual clock.
func Elapsed(d time.Duration) (time.Duration, time.Duration) {
	start := time.Now()
	time.Sleep(d)
	return time.Since(start), time.Until(start.Add(2 * d))
}

// Deadline calls cancel after d on the virtual clock, unless stopped.
func Deadline(d time.Duration, cancel func()) *time.Timer {
	return time.AfterFunc(d, cancel)
}

// Trace returns the caller's stack and prints it, as natively shown.
func Trace() []byte {
	debug.PrintStack()
	return debug.Stack()
}
