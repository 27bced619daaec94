package lincheck

import (
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt"
)

// BenchmarkExploreScenario explores one scenario of 2 goroutines × 3
// operations (no prefix or suffix) of each fixed catalogue object to
// completion with dpor, checking every execution's history as the Explore
// mode does, and reports the executions per exploration, the time per
// exploration (ns/op) and the check's share of it (check-%).
//
//	go test ./lincheck -run '^$' -bench ExploreScenario -benchtime 20x
func BenchmarkExploreScenario(b *testing.B) {
	b.Setenv("VTBOUND_STRATEGY", "dpor")
	b.Run("set", func(b *testing.B) { benchExplore(b, setTest(true)) })
	b.Run("queue", func(b *testing.B) { benchExplore(b, queueTest(true)) })
	b.Run("counter", func(b *testing.B) { benchExplore(b, counterTest(true)) })
	b.Run("cache", func(b *testing.B) { benchExplore(b, cacheTest(true)) })
}

// benchExplore is BenchmarkExploreScenario for one object.
func benchExplore[O, S any](b *testing.B, test Test[O, S]) {
	cfg, err := newConfig(b.Name(), []Option{Seed(1), Shape(2, 3, 0, 0), WithMode(Explore)})
	if err != nil {
		b.Fatal(err)
	}
	c := &checker[O, S]{test: test, cfg: cfg, m: modelOf(test)}
	sc := generate(test.Ops, cfg, 0)
	execs := 0
	var checking, total time.Duration
	for b.Loop() {
		start := time.Now()
		memo := c.newMemo()
		failed := rt.Search(b, func() bool {
			execs++
			h, _ := c.runOnce(sc, controlledParallel)
			t0 := time.Now()
			out, _ := c.judge(memo, sc, h)
			checking += time.Since(t0)
			return out.verdict != NotLinearizable
		}, 1<<20, time.Minute)
		total += time.Since(start)
		if failed {
			b.Fatalf("the fixed object failed on scenario\n%s", sc.text(namesOf(test.Ops)))
		}
	}
	b.ReportMetric(float64(execs)/float64(b.N), "execs/op")
	b.ReportMetric(100*checking.Seconds()/total.Seconds(), "check-%")
}
