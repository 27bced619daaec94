//go:build !amd64 && !arm64

package engine

import "runtime"

// callerPCs fills pcs with the return addresses of the logical frames of
// the calling goroutine's stack, innermost first, starting with the frame
// of callerPCs' caller, and returns how many it wrote. (internalPC judges
// a frame by its physical function, so an rt function inlined into a
// user's function counts as a user frame here; contexts stay equal for
// equal stacks, which is all HaPSets need.)
func callerPCs(pcs []uintptr) int { return runtime.Callers(2, pcs) }
