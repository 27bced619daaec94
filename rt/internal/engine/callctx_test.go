package engine_test

import (
	"runtime"
	"slices"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// ctxHere returns the calling context of its caller's call site.
//
//go:noinline
func ctxHere(k int) uint64 { return engine.CallContext(k) }

//go:noinline
func ctxViaA(k int) uint64 { return ctxHere(k) }

//go:noinline
func ctxViaB(k int) uint64 { return ctxHere(k) }

// TestCallContextDistinguishesCallers: one helper called from two
// functions has two contexts once k reaches the callers' frames, one
// context below that, and the same call site always gives the same hash.
func TestCallContextDistinguishesCallers(t *testing.T) {
	if a, b := ctxViaA(1), ctxViaB(1); a != b {
		t.Errorf("k=1: the helper's own frame differs between callers: %#x %#x", a, b)
	}
	if a, b := ctxViaA(2), ctxViaB(2); a == b {
		t.Errorf("k=2: callers A and B give the same context %#x", a)
	}
	var seen []uint64
	for range 3 {
		seen = append(seen, ctxViaA(5))
	}
	if seen[0] != seen[1] || seen[1] != seen[2] || seen[0] == 0 {
		t.Errorf("one call site, contexts %#x", seen)
	}
}

//go:noinline
func pcsInner() (walked, unwound []uintptr) {
	var a, b [16]uintptr
	n := engine.CallerPCs(a[:])
	m := runtime.Callers(1, b[:])
	return a[:n], b[:m]
}

//go:noinline
func pcsMiddle() ([]uintptr, []uintptr) { return pcsInner() }

//go:noinline
func pcsOuter() ([]uintptr, []uintptr) { return pcsMiddle() }

// TestCallerPCsMatchesCallers: the frames callerPCs walks (frame
// pointers on amd64 and arm64) are runtime.Callers' frames of a chain of
// functions that are not inlined: the return addresses into pcsMiddle,
// pcsOuter and the test appear in callerPCs' answer, in order.
func TestCallerPCsMatchesCallers(t *testing.T) {
	walked, unwound := pcsOuter()
	if len(unwound) < 4 {
		t.Fatalf("runtime.Callers gave %d frames", len(unwound))
	}
	want := unwound[1:4] // return addresses into pcsMiddle, pcsOuter, this test
	i := slices.Index(walked, want[0])
	if i < 0 || i+len(want) > len(walked) || !slices.Equal(walked[i:i+len(want)], want) {
		t.Errorf("callerPCs %s, want it to contain %s", names(walked), names(want))
	}
}

func names(pcs []uintptr) []string {
	var out []string
	for _, pc := range pcs {
		if f := runtime.FuncForPC(pc - 1); f != nil {
			out = append(out, f.Name())
		}
	}
	return out
}

// BenchmarkCallContext measures one capture of a calling context (k = 5)
// from a few frames below a test function:
//
//	go test ./rt/internal/engine -run '^$' -bench BenchmarkCallContext
func BenchmarkCallContext(b *testing.B) {
	for range b.N {
		ctxViaA(5)
	}
}

// TestCallerPCsWholeStack: asked for more frames than a goroutine has,
// callerPCs stops at the end of the chain, and every address it returns
// is in a Go function.
func TestCallerPCsWholeStack(t *testing.T) {
	var pcs [256]uintptr
	n := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		n = engine.CallerPCs(pcs[:])
	}()
	<-done
	if n < 1 || n == len(pcs) {
		t.Fatalf("callerPCs walked %d frames of a goroutine a few frames deep", n)
	}
	for _, pc := range pcs[:n] {
		if runtime.FuncForPC(pc-1) == nil {
			t.Errorf("frame address %#x is in no Go function; frames %s", pc, names(pcs[:n]))
		}
	}
}
