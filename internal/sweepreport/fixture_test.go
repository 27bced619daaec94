package sweepreport

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/vtbound/vtbound/internal/show"
)

// sample is a report as a sweep of the example module could fill it: the
// bug's interleaving is the real minimised schedule vtbound saved for
// testdata/example (internal/show/testdata/example.sched).
func sample(t *testing.T) Input {
	t.Helper()
	il, err := show.FromFile(filepath.Join("..", "show", "testdata", "example.sched"), false)
	if err != nil {
		t.Fatal(err)
	}
	il.Replay = "vtbound replay testdata/vtbound/TestReserveNeverOversells/e747a7a9b5739296"
	day := time.Date(2026, 11, 24, 2, 0, 0, 0, time.UTC)
	growth := func(strategy, metric string, k float64) Series {
		s := Series{Strategy: strategy, Metric: metric}
		for n := int64(0); n <= 1000; n += 100 {
			s.Points = append(s.Points, Point{Executions: n, Coverage: k * float64(n) / (float64(n) + 200)})
		}
		return s
	}
	return Input{
		Module: "example.com/inventory", SrcRoot: "/home/user/inventory",
		Summary: Summary{Run: "r3", Started: day, Elapsed: 40 * time.Minute, Budget: time.Hour,
			Strategies: []string{"pct", "random", "dpor"}, Packages: 2, Tests: 3, Executions: 52000,
			BugsNew: 1, BugsKnown: 1, BugsFixed: 1,
			Failures: []Failure{{Package: "example.com/inventory/broken", Kind: "build", Message: "undefined: x"}}},
		Tests: []Test{
			{Package: "example.com/inventory", Name: "TestReserveNeverOversells", Verdict: "bug", Allocated: 10 * time.Minute,
				Spent: 2 * time.Minute, Executions: 1200, Allocation: "bug found",
				Coverage: []Series{growth("pct", "distinct traces", 40), growth("random", "distinct traces", 25)}},
			{Package: "example.com/inventory", Name: "TestAvailable", Verdict: "saturated", Allocated: time.Minute,
				Spent: time.Minute, Executions: 800, Allocation: "saturated",
				Coverage: []Series{growth("dpor", "distinct traces", 6)}},
			{Package: "example.com/inventory/queue", Name: "TestQueue/parallel", Verdict: "ok", Allocated: 29 * time.Minute,
				Spent: 29 * time.Minute, Executions: 50000, Allocation: "coverage still growing"},
		},
		Bugs: []Bug{
			{Signature: "test failure@inventory.go:22,inventory.go:34", Package: "example.com/inventory", Test: "TestReserveNeverOversells",
				Oracle: "test failure", Status: "new", FirstSeen: day, LastSeen: day, CVT: CVT{1, 1, 2}, Strategy: "pct",
				SchedulePath: "testdata/vtbound/TestReserveNeverOversells/e747a7a9b5739296", Interleaving: il},
			{Signature: "deadlock@queue.go:40", Package: "example.com/inventory/queue", Test: "TestQueue/close", Oracle: "deadlock",
				Status: "known", FirstSeen: day.AddDate(0, 0, -2), LastSeen: day, CVT: CVT{0, 0, 2}},
			{Signature: "data race@old.go:3", Package: "example.com/inventory", Test: "TestOld", Oracle: "data race",
				Status: "fixed", FirstSeen: day.AddDate(0, 0, -2), LastSeen: day.AddDate(0, 0, -1), CVT: CVT{1, 1, 2}},
		},
		Trends: []Trend{
			{Run: "r1", Started: day.AddDate(0, 0, -2), Tests: 3, Executions: 30000, BugsNew: 2},
			{Run: "r2", Started: day.AddDate(0, 0, -1), Tests: 3, Executions: 41000, BugsKnown: 2},
			{Run: "r3", Started: day, Tests: 3, Executions: 52000, BugsNew: 1, BugsKnown: 1, BugsFixed: 1},
		},
	}
}
