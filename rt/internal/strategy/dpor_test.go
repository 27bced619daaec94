package strategy_test

import (
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// recorder is the testing.TB a kernel body reports to: it records a
// failure (t.Fatal ends the goroutine, as in a test) instead of failing
// the calling test.
type recorder struct {
	testing.TB
	failed atomic.Bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed.Store(true) }
func (r *recorder) Error(...any)          { r.failed.Store(true) }
func (r *recorder) Fatalf(string, ...any) { r.failed.Store(true); runtime.Goexit() }
func (r *recorder) Fatal(...any)          { r.failed.Store(true); runtime.Goexit() }
func (r *recorder) Logf(string, ...any)   {}
func (r *recorder) Log(...any)            {}
func (r *recorder) Failed() bool          { return r.failed.Load() }

// searchResult is what a search of one body on the real engine saw.
type searchResult struct {
	executions int
	failures   int
	first      *engine.Result
	hashes     map[uint64]bool
}

// search runs body on the real engine under st until st stops.
func search(st sched.Strategy, body func(testing.TB)) searchResult {
	rec := &recorder{}
	e := engine.New(st, engine.Limits{}, rec.Failed)
	out := searchResult{hashes: map[uint64]bool{}}
	for {
		rec.failed.Store(false)
		res, ok := e.Run(func() { body(rec) })
		if !ok {
			return out
		}
		out.executions++
		out.hashes[res.Hash] = true
		if res.Failure != nil {
			out.failures++
			if out.first == nil {
				out.first = res.Clone()
			}
		}
	}
}

// TestDPORCounts explores the exhaustive kernels to completion and
// asserts the published trace counts.
func TestDPORCounts(t *testing.T) {
	for _, k := range kernels.CountedKernels() {
		t.Run(k.Name, func(t *testing.T) {
			if (testing.Short() || optimalMode && !optimalFull()) && k.Traces > 1000 {
				t.Skip("long")
			}
			d := newDPOR(strategy.Config{Budget: 200000})
			r := search(d, k.Body)
			s := d.Stats()
			seed := k.Seed
			if seed == "" {
				seed = "-"
			}
			t.Logf("%s: %d traces, %d executions (%.2f per trace); seed DPOR-CR + sleep sets (Fig. 8): %s; %s",
				k.Name, s.Traces, s.Executions, float64(s.Executions)/float64(max(s.Traces, 1)), seed, d.Report())
			if !explored(d) {
				t.Fatalf("not complete: %s", d.Report())
			}
			if r.failures > 0 {
				t.Errorf("%d failing executions: %v", r.failures, r.first.Failure)
			}
			if k.Traces > 0 && s.Traces != k.Traces {
				t.Errorf("traces = %d, want %d (%s)", s.Traces, k.Traces, d.Report())
			}
		})
	}
}

// TestDPORCatalogue: dpor finds every bug kernel of the catalogue with its
// oracle, and explores every corrected variant to completion without a
// failure.
func TestDPORCatalogue(t *testing.T) {
	for _, k := range kernels.All {
		t.Run(k.Name, func(t *testing.T) {
			d := newDPOR(strategy.Config{Budget: 100000})
			r := search(d, func(tb testing.TB) { k.Body(tb, false) })
			if r.first == nil {
				t.Fatalf("bug not found: %s", d.Report())
			}
			if got := r.first.Outcome.String(); got != k.Oracle {
				t.Errorf("found %q (%s), want %q", got, r.first.Failure.Message, k.Oracle)
			}
			t.Logf("buggy: failure at execution %d of %d", r.first.N, r.executions)
			d = newDPOR(strategy.Config{Budget: 100000})
			r = search(d, func(tb testing.TB) { k.Body(tb, true) })
			if r.failures > 0 {
				t.Errorf("corrected variant failed %d times: %s", r.failures, r.first.Failure.Message)
			}
			if !explored(d) {
				t.Errorf("corrected variant not complete: %s", d.Report())
			}
			t.Logf("fixed: %s", d.Report())
		})
	}
}

// shardTraces runs body under dpor as shard i of n and returns the trace
// count and the hashes of the executions counted as traces.
func shardTraces(t *testing.T, body func(testing.TB), i, n int) (int, map[uint64]bool) {
	t.Helper()
	d := strategy.NewDPOR(strategy.Config{Shard: i, Shards: n})
	rec := &recorder{}
	e := engine.New(d, engine.Limits{}, rec.Failed)
	hashes := map[uint64]bool{}
	for {
		before := d.Stats().Traces
		res, ok := e.Run(func() { body(rec) })
		if !ok {
			break
		}
		if d.Stats().Traces > before {
			if hashes[res.Hash] {
				t.Errorf("shard %d/%d: trace %x counted twice", i, n, res.Hash)
			}
			hashes[res.Hash] = true
		}
	}
	if !d.Stats().Complete {
		t.Errorf("shard %d/%d not complete: %s", i, n, d.Report())
	}
	return d.Stats().Traces, hashes
}

// TestDPORShards: for n = 1, 2, 3, 7 the shards' trace counts sum to the
// single-process count and no trace is explored by two shards.
func TestDPORShards(t *testing.T) {
	for _, k := range []struct {
		name string
		body func(testing.TB)
	}{{"lastzero(5)", kernels.LastZero(5)}, {"ainc(4)", kernels.AInc(4)}, {"filesystem(14)", kernels.FileSystem(14)}} {
		single := strategy.NewDPOR(strategy.Config{})
		search(single, k.body)
		want := single.Stats().Traces
		for _, n := range []int{1, 2, 3, 7} {
			sum := 0
			all := map[uint64]int{}
			var counts []int
			for i := range n {
				c, hs := shardTraces(t, k.body, i, n)
				sum += c
				counts = append(counts, c)
				for h := range hs {
					if prev, dup := all[h]; dup {
						t.Errorf("%s n=%d: trace %x in shards %d and %d", k.name, n, h, prev, i)
					}
					all[h] = i
				}
			}
			if sum != want {
				t.Errorf("%s n=%d: shard counts %v sum to %d, single process %d", k.name, n, counts, sum, want)
			}
			t.Logf("%s n=%d: %v (single %d)", k.name, n, counts, want)
		}
	}
}

// TestBoundedDPOR: dpor-v with v = 1 searches each shared group alone,
// one execution per trace of the projected program, and the full search
// counts the traces of the whole; the bug kernels are found at v = 1.
func TestBoundedDPOR(t *testing.T) {
	d := strategy.NewBoundedDPOR(strategy.Config{Seed: 1, V: 1})
	search(d, kernels.TwoVars)
	stats, subsets := d.Subsets()
	var got []int
	for _, s := range stats {
		if !s.Complete {
			t.Errorf("subset not complete: %+v", s)
		}
		got = append(got, s.Traces)
	}
	if complete, _, _, _ := d.Completion(); !complete || len(got) != 2 || got[0]+got[1] != 6 || got[0]*got[1] != 8 {
		t.Errorf("subsets %v: traces %v, want 4 and 2 (%s)", subsets, got, d.Report())
	}
	full := strategy.NewDPOR(strategy.Config{})
	search(full, kernels.TwoVars)
	if n := full.Stats().Traces; n != 8 {
		t.Errorf("full dpor: %d traces, want 8", n)
	}
	for _, name := range []string{"vt-fig1", "vt-fig2", "vt-fig3", "deadlock-abba"} {
		k, _ := kernels.Lookup(name)
		b := strategy.NewBoundedDPOR(strategy.Config{Seed: 1, V: 1})
		if r := search(b, func(tb testing.TB) { k.Body(tb, false) }); r.first == nil {
			t.Errorf("%s not found by dpor-v (v = 1): %s", name, b.Report())
		}
	}
}
