package engine

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/gid"
)

// A goroutine's scheduling state, read from its g structure.
//
// The hand-off check (checkHandoff) needs to know whether the token holder
// waits; a stack dump of every goroutine tells it, but stops the world for
// a time that grows with the goroutine count (tens of milliseconds with
// 512). In the common case the holder is simply running or runnable (the
// machine is busy, a collection runs, the holder computes), and one load
// of the runtime's status word says so. Like the goroutine number
// (goid.go), the word's offset is not hard-coded: the runtime keeps it
// right before the number (atomicstatus, then stackLock, then goid), and
// that offset is accepted only when the calling goroutine reads "running"
// there and parked probe goroutines read "waiting". When it cannot be
// found the check is always "unknown", and the dump decides as before.
var (
	gstatusOnce   sync.Once
	gstatusOffset = -1
)

// The runtime's goroutine states (runtime2.go) the check relies on.
const (
	gRunnable  = 1
	gRunning   = 2
	gWaiting   = 4
	gCopystack = 8
	gPreempted = 9
	gScanBit   = 0x1000
)

// goroutineRunning reports whether the goroutine with g pointer gp (a
// value of gid.Current) is running, runnable, or stopped by the runtime
// for a moment: not waiting, so not blocked anywhere. False when it waits
// or when that cannot be known.
func goroutineRunning(gp uintptr) bool {
	off, ok := statusOffset()
	if !ok || gp == 0 {
		return false
	}
	switch gstatusAt(gp, off) &^ gScanBit {
	case gRunnable, gRunning, gCopystack, gPreempted:
		return true
	}
	return false
}

// statusOffset returns the offset of the status word in a g structure.
func statusOffset() (uintptr, bool) {
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		return 0, false // gid.Current is not a g pointer there
	}
	gstatusOnce.Do(findStatusOffset)
	return uintptr(gstatusOffset), gstatusOffset >= 0
}

// findStatusOffset sets gstatusOffset, checked on three parked probes and
// on the calling goroutine.
func findStatusOffset() {
	if _, ok := goroutineNumber(gid.Current()); !ok || goidOffset < 8 {
		return
	}
	off := uintptr(goidOffset - 8)
	if gstatusAt(gid.Current(), off)&^gScanBit != gRunning {
		return
	}
	release := make(chan struct{})
	defer close(release)
	parked := make(chan uintptr)
	for range 3 {
		go func() {
			parked <- gid.Current()
			<-release
		}()
	}
	for range 3 {
		if !parkedWithStatus(<-parked, off) {
			return
		}
	}
	gstatusOffset = int(off)
}

// parkedWithStatus reports whether the probe gp, which is about to park
// on a channel, reads "waiting" at off within a bounded number of yields.
func parkedWithStatus(gp, off uintptr) bool {
	for range 10000 {
		if gstatusAt(gp, off)&^gScanBit == gWaiting {
			return true
		}
		runtime.Gosched()
	}
	return false
}

// gstatusAt loads the 4-byte status word at offset off of the g structure
// at gp.
func gstatusAt(gp, off uintptr) uint32 {
	p := *(*unsafe.Pointer)(unsafe.Pointer(&gp))
	return atomic.LoadUint32((*uint32)(unsafe.Add(p, off)))
}
