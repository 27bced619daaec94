package overhead

import (
	"testing"
	_ "unsafe" // for go:linkname
)

// nanotime is the runtime's monotonic clock. The test reads it instead of
// time.Now, which vtbound rewrites to the execution's virtual clock (in
// which computation takes no time).
//
//go:linkname nanotime runtime.nanotime
func nanotime() int64

// input has 5·10^6 elements: with the local counts, the workers make
// about 10^7 memory accesses.
var input = func() []uint32 {
	in := make([]uint32, 5_000_000)
	for i := range in {
		in[i] = uint32(i) * 2654435761
	}
	return in
}()

func TestHistogram(t *testing.T) {
	start := nanotime()
	got := Histogram(input, 2)
	t.Logf("histogram took %d ns", nanotime()-start)
	sum := 0
	for _, n := range got {
		sum += n
	}
	if sum != len(input) {
		t.Fatalf("counted %d of %d elements", sum, len(input))
	}
}
