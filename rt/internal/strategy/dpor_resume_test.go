package strategy_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// hashSeq runs body under st until st stops and returns the trace hash of
// every execution, in order.
func hashSeq(st sched.Strategy, body func(testing.TB)) []uint64 {
	rec := &recorder{}
	e := engine.New(st, engine.Limits{}, rec.Failed)
	var out []uint64
	for {
		rec.failed.Store(false)
		res, ok := e.Run(func() { body(rec) })
		if !ok {
			return out
		}
		out = append(out, res.Hash)
	}
}

// splitSearch runs a dpor search of body as a series of "nights" with the
// budgets cycling through budgets, each resuming the frontier the last
// one saved, until a night leaves none. It returns every execution's
// hash in order, the number of nights and the last night's search.
func splitSearch(t *testing.T, c strategy.Config, body func(testing.TB), budgets []int) ([]uint64, int, *strategy.DPOR) {
	t.Helper()
	var seq []uint64
	var saved []byte
	for night := 0; ; night++ {
		c.Budget = budgets[night%len(budgets)]
		d := strategy.NewDPOR(c)
		if saved != nil {
			if err := d.Resume(saved); err != nil {
				t.Fatalf("night %d: %v", night+1, err)
			}
		}
		seq = append(seq, hashSeq(d, body)...)
		var err error
		if saved, err = d.Frontier(); err != nil {
			t.Fatalf("night %d: %v", night+1, err)
		}
		if saved == nil || night > 100000 {
			return seq, night + 1, d
		}
	}
}

// TestDPORResume: a dpor search split across many processes ("nights")
// with small, varying budgets, each resuming the frontier of the last,
// explores exactly the executions of one uninterrupted search, in the
// same order, and its last night reports it complete with the same
// totals. Sharded searches resume within their shard.
func TestDPORResume(t *testing.T) {
	want := map[string]bool{"readers(3)": true, "lastzero(5)": true, "indexer(12)": true, "ainc(4)": true,
		"bounded-buffer": true, "synchronous-queue": true}
	for _, k := range kernels.CountedKernels() {
		if !want[k.Name] {
			continue
		}
		for _, c := range []strategy.Config{{}, {Shard: 1, Shards: 3}} {
			whole := strategy.NewDPOR(strategy.Config{Budget: 1 << 20, Shard: c.Shard, Shards: c.Shards})
			seq := hashSeq(whole, k.Body)
			wc, wtraces, wexecs, _ := whole.Completion()
			got, nights, last := splitSearch(t, c, k.Body, []int{1, 3, 2, 7})
			complete, traces, execs, left := last.Completion()
			t.Logf("%s %s: %d executions, %d traces, split over %d nights", k.Name, part(c), execs, traces, nights)
			if !wc || !complete || left != 0 {
				t.Errorf("%s %s: complete: whole %v, split %v (%d left)", k.Name, part(c), wc, complete, left)
			}
			if !slices.Equal(got, seq) || traces != wtraces || execs != wexecs {
				t.Errorf("%s %s: split search: %d executions (%d traces), want the %d (%d traces) of one search in the same order",
					k.Name, part(c), execs, traces, wexecs, wtraces)
			}
			if len(seq) > 4 && nights < 2 {
				t.Errorf("%s: %d executions in %d night: the budget did not cut the search", k.Name, len(seq), nights)
			}
		}
	}
}

// part names the search c configures: "whole" or its shard.
func part(c strategy.Config) string {
	if c.Shards == 0 {
		return "whole"
	}
	return fmt.Sprintf("shard %d/%d", c.Shard, c.Shards)
}

// TestDPORResumeRejects: a frontier of another shard, a corrupt one and
// one of a newer format are errors naming the problem; a finished search
// leaves no frontier.
func TestDPORResumeRejects(t *testing.T) {
	d := strategy.NewDPOR(strategy.Config{Budget: 2})
	hashSeq(d, kernels.AInc(3))
	saved, err := d.Frontier()
	if err != nil || saved == nil {
		t.Fatalf("frontier after 2 of 6 executions: %q, %v", saved, err)
	}
	for _, c := range []struct {
		cfg  strategy.Config
		data string
		want string
	}{
		{strategy.Config{Shard: 0, Shards: 2}, string(saved), "shard"},
		{strategy.Config{}, "{not json", "dpor frontier"},
		{strategy.Config{}, `{"version": 99}`, "version 99"},
	} {
		err := strategy.NewDPOR(c.cfg).Resume([]byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Resume(%.20q) as %d/%d: %v, want an error about %q", c.data, c.cfg.Shard, c.cfg.Shards, err, c.want)
		}
	}
	full := strategy.NewDPOR(strategy.Config{Budget: 1000})
	hashSeq(full, kernels.AInc(3))
	if f, err := full.Frontier(); f != nil || err != nil {
		t.Errorf("complete search: frontier %q, %v; want none", f, err)
	}
}

// TestDPORResumeOptimal: a wakeup-tree search cut by its budget saves a
// frontier that makes the next run start over with source sets; that run
// and the ones resuming it explore every trace of ainc(3).
func TestDPORResumeOptimal(t *testing.T) {
	d := strategy.NewDPOR(strategy.Config{Budget: 2}).SetOptimal(true)
	hashSeq(d, kernels.AInc(3))
	saved, err := d.Frontier()
	if err != nil || !strings.Contains(string(saved), `"source":true`) {
		t.Fatalf("frontier of a cut wakeup-tree search: %q, %v; want a source-set restart", saved, err)
	}
	traces := 0
	for run := 0; saved != nil; run++ {
		next := strategy.NewDPOR(strategy.Config{Budget: 2}).SetOptimal(true)
		if err := next.Resume(saved); err != nil || next.Stats().Optimal {
			t.Fatalf("run %d: Resume: %v (optimal %v), want source sets", run, err, next.Stats().Optimal)
		}
		hashSeq(next, kernels.AInc(3))
		if saved, err = next.Frontier(); err != nil || run > 4 {
			t.Fatalf("run %d: frontier %v, %s", run, err, next.Report())
		}
		traces = next.Stats().Traces
	}
	if traces != 6 {
		t.Errorf("resumed runs explored %d traces, want 6", traces)
	}
}
