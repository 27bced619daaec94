package engine

import (
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/gid"
)

// TestGoroutineRunning: the status word is found on amd64 and arm64, the
// calling goroutine and a spinning one read as running, and a goroutine
// parked on a channel does not.
func TestGoroutineRunning(t *testing.T) {
	if _, ok := statusOffset(); !ok {
		if runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64" {
			t.Fatal("status word not found")
		}
		return // the dump alone decides there
	}
	if !goroutineRunning(gid.Current()) {
		t.Error("calling goroutine: not running")
	}
	parkedID, spinningID := make(chan uintptr), make(chan uintptr)
	release := make(chan struct{})
	var stop atomic.Bool
	go func() { parkedID <- gid.Current(); <-release }()
	go func() {
		spinningID <- gid.Current()
		for !stop.Load() {
			runtime.Gosched()
		}
		<-release
	}()
	parked, spinning := <-parkedID, <-spinningID
	if !parkedWithStatus(parked, uintptr(gstatusOffset)) || goroutineRunning(parked) {
		t.Error("goroutine parked on a channel: reads as running")
	}
	for range 100 {
		if !goroutineRunning(spinning) {
			t.Error("spinning goroutine: not running")
			break
		}
	}
	stop.Store(true)
	close(release)
	if goroutineRunning(0) {
		t.Error("nil goroutine: running")
	}
}
