//go:build amd64 || arm64

package engine

// callerPCs fills pcs with the return addresses of the physical frames of
// the calling goroutine's stack, innermost first, starting with the frame
// of callerPCs' caller (or of an ABI wrapper between them), by following
// the frame-pointer chain that Go maintains on amd64 and arm64, as the
// runtime's execution tracer does; it returns how many it wrote. The walk
// is in assembly: it calls nothing, so the stack cannot move under it.
// It stops at a frame pointer outside the goroutine's stack or not above
// the previous one (the chain's end, or what C code under a cgo callback
// left), so it reads nothing but the goroutine's stack; for the bounds it
// reads the first two words of the runtime's g, its stack's bounds.
//
//go:noescape
func callerPCs(pcs []uintptr) int
