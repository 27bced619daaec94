//go:build amd64 || arm64

package gid

// getg returns the current goroutine's g pointer.
//
//go:noescape
func getg() uintptr

// Current returns an identifier of the calling goroutine.
func Current() uintptr { return getg() }
