package timeruntime

import (
	"runtime"
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
