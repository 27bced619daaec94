package engine

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/gid"
)

// goidOffset is the offset of the goroutine number in the runtime's g
// structure, or -1 when unknown. Package gid identifies goroutines by their
// g pointer (on amd64 and arm64), while a stack dump names them by number;
// a hand-off needs to find the token holder's stack in a dump, so the
// engine reads the holder's number from its g. The offset is not hard-coded
// (it changes between Go releases): it is found once, by looking for the
// numbers of probe goroutines in their own g structures, and accepted only
// when every probe agrees on one offset.
var (
	goidOnce   sync.Once
	goidOffset = -1
	goidFound  atomic.Bool // goidOffset is known: set once, after it
)

// goidScan is how many bytes of a g structure are searched.
const goidScan = 512

// goroutineNumber returns the number of the goroutine identified by id (a
// value of gid.Current), or false when it cannot be known.
func goroutineNumber(id uintptr) (uint64, bool) {
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		return uint64(id), true // gid.Current is the goroutine number
	}
	goidOnce.Do(findGoidOffset)
	if goidOffset < 0 || id == 0 {
		return 0, false
	}
	return wordAt(id, uintptr(goidOffset)), true
}

// findGoidOffset sets goidOffset from three probe goroutines.
func findGoidOffset() {
	type probe struct {
		gp  uintptr
		num uint64
	}
	release := make(chan struct{})
	defer close(release)
	found := make(chan probe)
	for range 3 {
		go func() {
			found <- probe{gid.Current(), ownNumber()}
			<-release
		}()
	}
	ps := []probe{<-found, <-found, <-found}
	for off := uintptr(0); off < goidScan; off += 8 {
		ok := true
		for _, p := range ps {
			if p.num == 0 || wordAt(p.gp, off) != p.num {
				ok = false
				break
			}
		}
		if ok {
			goidOffset = int(off)
			goidFound.Store(true)
			return
		}
	}
}

// ownNumber parses the calling goroutine's number from runtime.Stack.
func ownNumber() uint64 {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	f := strings.Fields(string(buf[:n]))
	if len(f) < 2 {
		return 0
	}
	num, _ := strconv.ParseUint(f[1], 10, 64)
	return num
}

// wordAt reads the 8 bytes at offset off of the g structure at gp.
func wordAt(gp, off uintptr) uint64 {
	p := *(*unsafe.Pointer)(unsafe.Pointer(&gp))
	return *(*uint64)(unsafe.Add(p, off))
}
