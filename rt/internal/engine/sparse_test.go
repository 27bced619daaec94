package engine_test

import (
	"slices"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// full hides a strategy's SparseView, so that the engine builds the
// goroutine lists of every View for it.
type full struct{ sched.Strategy }

// TestSparseViewPicksAsFullView runs the same strategies with and without
// the goroutine lists (sched.Sparse) and asserts identical decisions and
// traces: the engine's Live answers what the lists would.
func TestSparseViewPicksAsFullView(t *testing.T) {
	for _, name := range []string{"random", "pct"} {
		runs := func(wrap bool) []*engine.Result {
			s, err := strategy.New(name, strategy.Config{Seed: 7, Budget: 15})
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := s.(sched.Sparse); !ok {
				t.Fatalf("%s does not implement sched.Sparse", name)
			}
			if wrap {
				s = full{s}
			}
			e := engine.New(s, engine.Limits{}, nil)
			var out []*engine.Result
			for {
				res, ok := e.Run(contended(24))
				if !ok {
					return out
				}
				out = append(out, res.Clone())
			}
		}
		sparse, lists := runs(false), runs(true)
		if len(sparse) != len(lists) || len(sparse) == 0 {
			t.Fatalf("%s: %d executions sparse, %d with lists", name, len(sparse), len(lists))
		}
		for i := range sparse {
			a, b := sparse[i], lists[i]
			if a.Hash != b.Hash || !slices.Equal(a.Decisions, b.Decisions) {
				t.Errorf("%s execution %d: sparse view picked differently (hash %x vs %x)", name, i+1, a.Hash, b.Hash)
			}
		}
	}
}
