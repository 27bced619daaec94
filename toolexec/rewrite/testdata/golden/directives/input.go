//go:build !nonexistenttag

// Package directives keeps compiler directives attached.
package directives

import (
	_ "unsafe"
)

var state int

// Hot is not inlined.
//
//go:noinline
func Hot() int {
	state++
	return state
}

//go:nosplit
func Tiny() int { return state }

//go:linkname cheaprand runtime.cheaprand
func cheaprand() uint32

func Rand() uint32 { state = 1; return cheaprand() }
