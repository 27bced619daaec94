package strategy_test

import (
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// BenchmarkDPORvsRandom measures, in one run, dpor's (as the "dpor"
// setting runs it: wakeup trees with object identities) and random's
// executions per second on lastzero(10) (the same executions budget each)
// and reports their ratio: DPOR's bookkeeping (race analysis, replay,
// identities) must not dominate the cost of executing.
func BenchmarkDPORvsRandom(b *testing.B) {
	body := kernels.LastZero(10)
	const execs = 2000
	var dporTime, randTime time.Duration
	for b.Loop() {
		start := time.Now()
		search(strategy.NewDPOR(strategy.Config{Budget: execs}).SetOptimal(true), body)
		dporTime += time.Since(start)
		start = time.Now()
		search(strategy.NewRandom(strategy.Config{Seed: 1, Budget: execs}), body)
		randTime += time.Since(start)
	}
	n := float64(b.N * execs)
	b.ReportMetric(n/dporTime.Seconds(), "dpor-execs/s")
	b.ReportMetric(n/randTime.Seconds(), "random-execs/s")
	b.ReportMetric(randTime.Seconds()/dporTime.Seconds(), "dpor/random")
}

// BenchmarkDPORLastZero explores lastzero(n) to completion with source
// sets and with wakeup trees (the kernel's array is recorded where it is
// made, so its elements have identities across executions), and reports
// the traces, executions and their ratio (1.00 is optimal). lastzero(15)
// with source sets takes tens of minutes: select cases with -bench.
func BenchmarkDPORLastZero(b *testing.B) {
	for _, mode := range []string{"source", "optimal"} {
		for _, n := range []int{10, 12, 15} {
			b.Run(mode+"/"+kernelName("lastzero", n), func(b *testing.B) {
				var s strategy.DPORStats
				for b.Loop() {
					d := strategy.NewDPOR(strategy.Config{}).SetOptimal(mode == "optimal")
					search(d, kernels.LastZero(n))
					s = d.Stats()
				}
				b.ReportMetric(float64(s.Traces), "traces")
				b.ReportMetric(float64(s.Executions), "executions")
				b.ReportMetric(float64(s.Executions)/float64(s.Traces), "execs/trace")
			})
		}
	}
}

func kernelName(k string, n int) string {
	return k + "(" + string(rune('0'+n/10)) + string(rune('0'+n%10)) + ")"
}
