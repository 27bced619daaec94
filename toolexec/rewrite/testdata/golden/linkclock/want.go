package p

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line linkclock.go:3:1
import (
	_ "unsafe"
)

var _vtbG [0]_vtbrt.Guard

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

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/p", ""+
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
