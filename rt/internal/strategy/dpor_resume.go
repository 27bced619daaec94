package strategy

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Resuming a search cut by its budget (VTBOUND_DPOR_STATE, vtbound sweep).
//
// Between two executions the whole state of a DPOR search is its path of
// decision nodes (the depth-first stack: per node the enabled goroutines
// and their operations, the sleep set, the current choice, the done and
// backtrack sets and the wakeup sequences) and its counters; everything
// else is rebuilt by each execution. Frontier writes that state after the
// last execution; Resume restores it into a new search, whose next Begin
// takes the next alternative exactly as the interrupted search would have.
// So a search split across k processes with budgets b1..bk explores the
// same executions, in the same order, as one process with b1+...+bk, and
// its counters (traces, executions) are the totals. Operations name their
// objects and sites by number: a frontier is valid only for the same test
// binary (vtbound sweep keys it by the test's fingerprint); a replayed
// prefix that no longer matches is counted as diverged, so the search is
// then no proof.

// frontierVersion is the version of the frontier format Frontier writes
// (2: Source, which version 1 readers would take for a finished search).
const frontierVersion = 2

// frontier is the saved state of a search.
type frontier struct {
	Version int       `json:"version"`
	Shard   int       `json:"shard"`
	Shards  int       `json:"shards"`
	Stats   DPORStats `json:"stats"`
	Path    []fnode   `json:"path"`
	// Source asks the next run to start over with source sets (a search
	// with wakeup trees cannot be saved); Path and Stats are then empty.
	Source bool `json:"source,omitempty"`
}

// fnode is a dnode as saved.
type fnode struct {
	Choose    bool          `json:"choose,omitempty"`
	N         int           `json:"n,omitempty"`
	Step      int           `json:"step"`
	Enabled   []int         `json:"enabled,omitempty"`
	Ops       []sched.Op    `json:"ops,omitempty"`
	Blocked   []int         `json:"blocked,omitempty"`
	Sleep     []fsleeper    `json:"sleep,omitempty"`
	Cur       int           `json:"cur"`
	Done      []int         `json:"done,omitempty"`
	Backtrack []int         `json:"backtrack,omitempty"`
	Lead      bool          `json:"lead,omitempty"`
	Closed    bool          `json:"closed,omitempty"`
	Wakeup    map[int][]int `json:"wakeup,omitempty"`
	Objs      int32         `json:"objs"`
}

// fsleeper is a sleeper as saved.
type fsleeper struct {
	G  int      `json:"g"`
	Op sched.Op `json:"op"`
}

// Frontier returns the search's state after its last execution, for
// Resume; nil when there is nothing to resume (not started, or every
// trace explored). A search with wakeup trees (SetOptimal) cannot be
// saved (its trees name objects by this process's identities): its
// frontier asks the next run to start over with source sets, whose
// frontiers are then carried from run to run.
func (d *DPOR) Frontier() ([]byte, error) {
	switch {
	case d.done:
		return nil, nil
	case d.optimal && d.started && d.Left() > 0, !d.started && d.stats.Restarted > 0:
		return json.Marshal(&frontier{Version: frontierVersion, Shard: d.cfg.Shard, Shards: d.cfg.Shards, Source: true})
	case !d.started || d.Left() == 0:
		return nil, nil
	}
	f := frontier{Version: frontierVersion, Shard: d.cfg.Shard, Shards: d.cfg.Shards, Stats: d.stats}
	for _, n := range d.tree {
		fn := fnode{Choose: n.choose, N: n.n, Step: n.step, Enabled: n.enabled, Ops: n.ops, Blocked: n.blocked,
			Cur: n.cur, Done: n.done, Backtrack: n.backtrack, Lead: n.lead, Closed: n.closed, Wakeup: n.wakeup, Objs: n.objs}
		for _, s := range n.sleep {
			fn.Sleep = append(fn.Sleep, fsleeper{s.g, s.op})
		}
		f.Path = append(f.Path, fn)
	}
	return json.Marshal(&f)
}

// Resume restores the state Frontier saved into d, which must not have
// started; its next execution takes the next unexplored alternative. The
// frontier must come from a search of the same shard. A resumed search
// uses source sets (the frontier's mode).
func (d *DPOR) Resume(data []byte) error {
	var f frontier
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("dpor frontier: %w", err)
	}
	switch {
	case f.Version < 1 || f.Version > frontierVersion:
		return fmt.Errorf("dpor frontier: version %d (this vtbound reads %d)", f.Version, frontierVersion)
	case d.started:
		return errors.New("dpor frontier: the search already started")
	case f.Shard != d.cfg.Shard || f.Shards != d.cfg.Shards:
		return fmt.Errorf("dpor frontier: saved by shard %d/%d, resumed as %d/%d", f.Shard, f.Shards, d.cfg.Shard, d.cfg.Shards)
	}
	d.SetOptimal(false)
	if f.Source {
		return nil // start over with source sets
	}
	d.cut(0)
	for _, fn := range f.Path {
		n := &dnode{choose: fn.Choose, n: fn.N, step: fn.Step, enabled: fn.Enabled, ops: fn.Ops, blocked: fn.Blocked,
			cur: fn.Cur, done: fn.Done, backtrack: fn.Backtrack, lead: fn.Lead, closed: fn.Closed, wakeup: fn.Wakeup, objs: fn.Objs}
		for _, s := range fn.Sleep {
			n.sleep = append(n.sleep, sleeper{s.G, s.Op})
		}
		d.tree = append(d.tree, n)
	}
	d.stats = f.Stats
	d.stats.Complete = false
	d.started = true
	return nil
}
