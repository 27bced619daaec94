package p

import (
	_ "unsafe"
)

// now reads the wall clock faster than time.Now (go-limiter's fasttime).
//
//go:noescape
//go:linkname now time.now
func now() (sec int64, nsec int32, mono int64)

//go:linkname nanotime runtime.nanotime
func nanotime() int64

// Stamp is a nanosecond timestamp from the linked clock.
func Stamp() uint64 {
	sec, nsec, _ := now()
	return uint64(sec)*1e9 + uint64(nsec)
}

// Elapsed measures on the monotonic clock.
func Elapsed(start int64) int64 { return nanotime() - start }

// procPin pins the goroutine to its P (bytedance/gopkg's runtimex).
//
//go:noescape
//go:linkname procPin runtime.procPin
func procPin() int

//go:linkname procUnpin runtime.procUnpin
func procUnpin()

// shard is the per-P slot of a pool.
var shards [64]int

// Add adds to the calling P's slot while pinned.
func Add(n int) {
	pid := procPin()
	shards[pid%len(shards)] += n
	procUnpin()
}

// registerPoolCleanup sets the runtime's pool clean-up (gopkg's syncx).
//
//go:linkname registerPoolCleanup sync.runtime_registerPoolCleanup
func registerPoolCleanup(cleanup func())

func init() { registerPoolCleanup(func() { shards[0] = 0 }) }
