package overhead

import (
	"testing"
	"time"
)

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
	start := time.Now()
	got := Histogram(input, 2)
	t.Logf("histogram took %d ns", time.Since(start).Nanoseconds())
	sum := 0
	for _, n := range got {
		sum += n
	}
	if sum != len(input) {
		t.Fatalf("counted %d of %d elements", sum, len(input))
	}
}
