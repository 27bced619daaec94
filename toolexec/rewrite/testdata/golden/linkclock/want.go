package p

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line linkclock.go:3:1
import (
	_ "unsafe"
)

var _vtbG [1]_vtbrt.Guard

// now reads the wall clock faster than time.Now (go-limiter's fasttime).
//
//line linkclock.go:11:1
func now() (sec int64, nsec int32, mono int64) { return _vtbrt.LinkTimeNow() }

//line linkclock.go:14:1
func nanotime() int64 { return _vtbrt.LinkNanotime() }

// Stamp is a nanosecond timestamp from the linked clock.
//line linkclock.go:17:1
func Stamp() uint64 {
//line linkclock.go:18:1
	sec, nsec, _ := now()
//line linkclock.go:19:1
	return uint64(sec)*1e9 + uint64(nsec)
}

// Elapsed measures on the monotonic clock.
//line linkclock.go:23:1
func Elapsed(start int64) int64 {
//line linkclock.go:23:34
	return nanotime() - start
}

// procPin pins the goroutine to its P (bytedance/gopkg's runtimex).
//
//line linkclock.go:29:1
func procPin() int { return _vtbrt.LinkProcPin() }

//line linkclock.go:32:1
func procUnpin() { _vtbrt.LinkProcUnpin() }

// shard is the per-P slot of a pool.
//line linkclock.go:35:1
var shards [64]int

// Add adds to the calling P's slot while pinned.
//line linkclock.go:38:1
func Add(n int) {
//line linkclock.go:39:1
	pid := procPin()
//line linkclock.go:40:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+0, _vtbunsafe.Pointer(&shards[pid%len(shards)]))
	}
//line linkclock.go:40:1
	shards[pid%len(shards)] += n
//line linkclock.go:41:1
	procUnpin()
}

// registerPoolCleanup sets the runtime's pool clean-up (gopkg's syncx).
//
//line linkclock.go:47:1
func registerPoolCleanup(cleanup func()) { _vtbrt.LinkRegisterPoolCleanup(cleanup) }

//line linkclock.go:49:1
func init() {
//line linkclock.go:49:14
	registerPoolCleanup(func() {
//line linkclock.go:49:42
		if _vtbG[0].On() {
			_vtbrt.Write(_vtbS+1, _vtbunsafe.Pointer(&shards[0]))
		}
//line linkclock.go:49:42
		shards[0] = 0
	})
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/p", ""+
		"linkclock.go\t40\t2\tKWrite\texample.com/p.shards\tshards[pid % len(shards)]\n"+
		"linkclock.go\t49\t44\tKWrite\texample.com/p.shards\tshards[0]\n"+
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
