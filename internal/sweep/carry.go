package sweep

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"

	"github.com/vtbound/vtbound/internal/sweep/db"
	"github.com/vtbound/vtbound/rt/settings"
)

// What a night carries to the next one, per test and fingerprint:
//
//   - the learned coverage (-coverage): written, one file per test, into
//     a directory passed as VTBOUND_COVERAGE_FROM, so that hapset starts
//     from the HaPSets, sp targets only what is still uncovered, and the
//     measured coverage counts as new only what no night saw;
//   - dpor's frontier: a dpor search cut by the budget saves its
//     depth-first stack (VTBOUND_DPOR_STATE), the database keeps it, and
//     the next night resumes it, so the nights together explore exactly
//     the traces of one uninterrupted search.
//
// With -split-dpor, -shard i/n and dpor among the strategies, every shard runs its
// part i/n of every test's dpor search (VTBOUND_SHARD), while the other
// strategies split the tests × seeds as before; the parts' frontiers
// and completions are kept per part and joined by merge.

// splitDPOR reports whether the sweep splits dpor searches across its
// shards.
func (c *Config) splitDPOR() bool {
	return c.SplitDPOR && c.Shard.Count > 1 && slices.Contains(c.Strategies, "dpor")
}

// partName is the item's dpor shard part, "i/n", or "" for a whole test.
func (it *item) partName() string {
	if it.part.Count == 0 {
		return ""
	}
	return it.part.String()
}

// testItems makes the test's work items in this shard: the tests × seeds
// this shard holds, for the strategies; and, when the sweep splits dpor,
// this shard's part of the test's dpor search. The first seed's item
// (or, with dpor alone, shard 0's part) replays the known bugs; the first
// seed's item and the part carry dpor's frontier.
func (s *sweeper) testItems(p *pkg, test string, learned *db.Test, known []db.Bug, done map[string]bool) []*item {
	strats := s.cfg.Strategies
	split := s.cfg.splitDPOR()
	if split {
		strats = slices.DeleteFunc(slices.Clone(strats), func(x string) bool { return x == "dpor" })
	}
	var out []*item
	for k := 0; k < max(1, s.cfg.Seeds) && len(strats) > 0; k++ {
		it := &item{pkg: p, test: test, seed: s.cfg.Seed + int64(k), strategies: strats, resume: k == 0}
		if !s.cfg.Shard.Holds(it.key()) || done[it.key()] {
			continue
		}
		if k == 0 {
			it.known = known
		}
		out = append(out, it)
	}
	if split {
		it := &item{pkg: p, test: test, seed: s.cfg.Seed, part: s.cfg.Shard, strategies: []string{"dpor"}, resume: true}
		if len(strats) == 0 && s.cfg.Shard.Index == 0 {
			it.known = known
		}
		if !done[it.key()] {
			out = append(out, it)
		}
	}
	for _, it := range out {
		if learned != nil && s.cfg.Coverage {
			it.coverage = learned.Coverage
		}
		if learned != nil && it.resume {
			it.frontier = learned.Frontiers[it.partName()]
		}
	}
	return out
}

// carrySeq numbers the carry directories of one sweep.
var carrySeq atomic.Int64

// carryDirs writes the batch's carried coverage and dpor frontiers into
// fresh directories under scratch and returns them ("" when the batch
// carries none of that kind).
func (b batch) carryDirs(scratch string) (cov, dpor string, err error) {
	base := filepath.Join(scratch, "carry", fmt.Sprint(carrySeq.Add(1)))
	for _, it := range b {
		if it.coverage != nil {
			cov = filepath.Join(base, "coverage")
			if err := writeCarry(cov, settings.CarryFile(it.test, ".cov"), it.coverage); err != nil {
				return "", "", err
			}
		}
		if it.resume && slices.Contains(it.strategies, "dpor") {
			dpor = filepath.Join(base, "dpor")
			if err := writeCarry(dpor, settings.CarryFile(it.test, ".dpor"), it.frontier); err != nil {
				return "", "", err
			}
		}
	}
	return cov, dpor, nil
}

// writeCarry writes data (nothing when nil) as dir/name, creating dir.
func writeCarry(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil || data == nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name), data, 0o644)
}

// readFrontier reads the frontier the item's test left in the dpor
// directory: nil when it left none (complete, failed, or never cut).
func readFrontier(dir string, it *item) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(dir, settings.CarryFile(it.test, ".dpor")))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// carryEnv is the environment that passes the carried state and the
// dpor part to strat's process.
func (b batch) carryEnv(strat, cov, dpor string) []string {
	var env []string
	if cov != "" {
		env = append(env, "VTBOUND_COVERAGE_FROM="+cov)
	}
	if strat == "dpor" && dpor != "" {
		env = append(env, "VTBOUND_DPOR_STATE="+dpor)
	}
	if strat == "dpor" && b[0].part.Count > 1 {
		env = append(env, "VTBOUND_SHARD="+b[0].part.String())
	}
	return env
}
