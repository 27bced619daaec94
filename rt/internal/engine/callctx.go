package engine

import (
	"runtime"
	"strings"
	"sync/atomic"
)

// callContext returns a hash of the k innermost frames of the calling
// goroutine's stack outside vtbound's own rt and engine packages: the
// truncated calling context of a HaPSet statement (sched.Plan.Context).
// Equal contexts give equal hashes; 0 is never returned.
//
// On amd64 and arm64 the frames are the physical frames found by walking
// the frame-pointer chain (callctx_fp.go): a few loads per frame, where
// runtime.Callers costs about a microsecond per step on the kernels'
// stacks. A function inlined into its caller is part of the caller's frame
// there, and the frame's return address still differs between call sites,
// so contexts distinguish what they did before. Elsewhere runtime.Callers
// gives logical frames (callctx_callers.go).
func callContext(k int) uint64 {
	var buf [maxCtxFrames]uintptr
	n := callerPCs(buf[:min(k+ownFrames, len(buf))])
	h := uint64(14695981039346656037)
	for _, pc := range buf[:n] {
		if k == 0 {
			break
		}
		if !internalPC(pc) {
			h = (h ^ uint64(pc)) * 1099511628211
			k--
		}
	}
	return h | 1
}

// maxCtxFrames bounds the frames callContext looks at; ownFrames is how
// many more than k it takes, for vtbound's own frames between the
// instrumented operation and callContext.
const (
	maxCtxFrames = 24
	ownFrames    = 8
)

// pcCache caches internalPC's answers, direct-mapped by PC: an entry is
// pc<<1 | own (0 when empty). A collision only costs a recomputation.
var pcCache [4096]atomic.Uint64

// internalPC reports whether the return address pc lies in a function of
// package rt or its engine (the function of the physical frame: code of
// rt inlined into a user's function belongs to the user's frame).
func internalPC(pc uintptr) bool {
	e := &pcCache[(pc>>2)%uintptr(len(pcCache))]
	if v := e.Load(); v>>1 == uint64(pc) && v != 0 {
		return v&1 == 1
	}
	own := internalFunc(pc)
	v := uint64(pc) << 1
	if own {
		v |= 1
	}
	e.Store(v)
	return own
}

// internalFunc reports whether pc-1 lies in a function of package rt or
// its engine, the outermost function when inlining put several there.
func internalFunc(pc uintptr) bool {
	f := runtime.FuncForPC(pc - 1)
	if f == nil {
		return false
	}
	if outer := runtime.FuncForPC(f.Entry()); outer != nil {
		f = outer
	}
	fn := f.Name()
	return strings.HasPrefix(fn, "github.com/vtbound/vtbound/rt.") ||
		strings.HasPrefix(fn, "github.com/vtbound/vtbound/rt/internal/engine.")
}
