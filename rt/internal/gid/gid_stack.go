//go:build !amd64 && !arm64

package gid

import "runtime"

// Current returns an identifier of the calling goroutine: its goroutine
// number, parsed from the header line of runtime.Stack.
func Current() uintptr {
	var buf [64]byte
	n := runtime.Stack(buf[:], false)
	b := buf[:n]
	const prefix = "goroutine "
	if len(b) < len(prefix) {
		return 0
	}
	var id uintptr
	for _, c := range b[len(prefix):] {
		if c < '0' || c > '9' {
			break
		}
		id = id*10 + uintptr(c-'0')
	}
	return id
}
