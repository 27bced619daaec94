package coverage

import (
	"math/rand"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// BenchmarkHaPSetLearn learns the HaPSets of a trace shaped like a small
// test's: 8 goroutines taking 20,000 steps over 64 objects, reads and
// writes at 32 sites. It reports learned steps per second.
func BenchmarkHaPSetLearn(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	var tr []sched.Step
	for range 20_000 {
		k := sched.OpRead
		if rng.Intn(3) == 0 {
			k = sched.OpWrite
		}
		tr = append(tr, st(1+rng.Intn(8), k, int32(1+rng.Intn(32)), int32(rng.Intn(64))))
	}
	h := &HaPSets{}
	b.ResetTimer()
	for range b.N {
		h.Learn(tr)
	}
	b.ReportMetric(float64(b.N*len(tr))/b.Elapsed().Seconds(), "steps/s")
}
