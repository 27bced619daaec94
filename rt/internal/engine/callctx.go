package engine

import (
	"runtime"
	"strings"
	"sync"
)

// callContext returns a hash of the k innermost frames of the calling
// goroutine's stack outside vtbound's own rt and engine packages: the
// truncated calling context of a HaPSet statement (sched.Plan.Context).
// Equal contexts give equal hashes; 0 is never returned. It costs one
// runtime.Callers; whether a PC is vtbound's own is cached.
func callContext(k int) uint64 {
	var buf [16]uintptr
	pcs := buf[:min(k+4, len(buf))] // unwinding costs by frame: take few
	n := runtime.Callers(4, pcs)
	h := uint64(14695981039346656037)
	for _, pc := range pcs[:n] {
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

// ownPCs caches internalPC's answers: PC -> bool.
var ownPCs sync.Map

// internalPC reports whether the return address pc lies in package rt or
// its engine.
func internalPC(pc uintptr) bool {
	if v, ok := ownPCs.Load(pc); ok {
		return v.(bool)
	}
	own := false
	if f := runtime.FuncForPC(pc - 1); f != nil {
		fn := f.Name()
		own = strings.HasPrefix(fn, "github.com/vtbound/vtbound/rt.") ||
			strings.HasPrefix(fn, "github.com/vtbound/vtbound/rt/internal/engine.")
	}
	ownPCs.Store(pc, own)
	return own
}
