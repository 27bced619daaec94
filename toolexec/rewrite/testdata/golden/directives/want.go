//go:build !nonexistenttag

// Package directives keeps compiler directives attached.
package directives

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line directives.go:6:1
import (
	_ "unsafe"
)

var _vtbG [1]_vtbrt.Guard

//line directives.go:10:1
var state int

// Hot is not inlined.
//
//go:noinline
//line directives.go:15:1
func Hot() int {
//line directives.go:16:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+0, _vtbunsafe.Pointer(&state))
	}
//line directives.go:16:1
	state++
//line directives.go:17:1
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+1, _vtbunsafe.Pointer(&state))
	}
//line directives.go:17:1
	return state
}

//go:nosplit
//line directives.go:21:1
func Tiny() int {
//line directives.go:21:18
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+2, _vtbunsafe.Pointer(&state))
	}
//line directives.go:21:18
	return state
}

//go:linkname cheaprand runtime.cheaprand
//line directives.go:24:1
func cheaprand() uint32

//line directives.go:26:1
func Rand() uint32 {
//line directives.go:26:21
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+3, _vtbunsafe.Pointer(&state))
	}
//line directives.go:26:21
	state = 1
//line directives.go:26:32
	return cheaprand()
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/directives", ""+
		"directives.go\t16\t2\tKWrite\texample.com/directives.state\tstate\n"+
		"directives.go\t17\t9\tKRead\texample.com/directives.state\tstate\n"+
		"directives.go\t21\t26\tKRead\texample.com/directives.state\tstate\n"+
		"directives.go\t26\t22\tKWrite\texample.com/directives.state\tstate\n"+
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
