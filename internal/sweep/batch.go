package sweep

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A batch is items of one package with the same seed and budget,
// explored in one test process per strategy (-test.run '^(A|B)$'), as go
// test runs a package: a process start, and the rt and test package
// initialisation, are paid once per batch instead of once per test. rt
// gives each test the budget (VTBOUND_BUDGET is per test) and writes one
// record per test, so each item still gets its own outcome.
//
// A batch process that crashes or outlives -timeout keeps the records of
// the tests that finished; the tests go test names as running at the
// timeout are recorded as timed out, and every other test without a
// record is run again alone, so a failure is always attributed to its
// own test.
type batch []*item

// maxBatch bounds a batch: what a crash or timeout makes run again.
const maxBatch = 32

// makeBatches groups the items, in order, into batches of at most
// len/workers items (so that every worker gets work) and maxBatch.
func makeBatches(items []*item, workers int) []batch {
	size := min(maxBatch, max(1, (len(items)+workers-1)/max(1, workers)))
	var out []batch
	open := map[string]int{} // group -> index in out of its batch being filled
	for _, it := range items {
		g := it.pkg.Path + "\x00" + it.share.Budget + "\x00" + strconv.FormatInt(it.seed, 10) +
			"\x00" + it.partName() + "\x00" + strings.Join(it.strategies, ",")
		if i, ok := open[g]; ok && len(out[i]) < size {
			out[i] = append(out[i], it)
			continue
		}
		open[g] = len(out)
		out = append(out, batch{it})
	}
	return out
}

// pattern is the -test.run pattern selecting exactly the batch's tests.
func (b batch) pattern() string {
	if len(b) == 1 {
		return runPattern(b[0].test)
	}
	names := make([]string, len(b))
	for i, it := range b {
		names[i] = regexp.QuoteMeta(it.test)
	}
	return "^(" + strings.Join(names, "|") + ")$"
}

// run explores the batch's tests with each strategy in turn, then
// replays each item's known bugs; it returns one outcome per item.
func (b batch) run(ctx context.Context, cfg *Config, scratch string) []*outcome {
	outs := make([]*outcome, len(b))
	for i, it := range b {
		outs[i] = newOutcome(it)
	}
	cov, dpor, err := b.carryDirs(scratch)
	if err != nil { // scratch not writable: run afresh, keep the stored state
		cov, dpor = "", ""
	}
	for _, strat := range b[0].strategies {
		env := append(strategyEnv(cfg, strat, b[0].share.Budget), b.carryEnv(strat, cov, dpor)...)
		p := runTest(ctx, cfg, b[0], b.pattern(), env, scratch)
		for i, it := range b {
			outs[i].add(b.split(ctx, cfg, it, p, env, scratch))
			if strat == "dpor" && dpor != "" && it.resume {
				outs[i].frontier, _ = readFrontier(dpor, it)
				outs[i].dporRan = true
			}
		}
	}
	for i, it := range b {
		for _, bug := range it.known {
			outs[i].replay(ctx, cfg, it, bug, scratch)
		}
	}
	return outs
}

// split is the part of the batch process p that concerns the item's
// test: its records, or its own process when p failed before the test
// finished (see batch).
func (b batch) split(ctx context.Context, cfg *Config, it *item, p *process, env []string, scratch string) *process {
	if len(b) == 1 {
		if len(p.records) == 0 && p.status == "ok" {
			p.records = []record{noRecord(it.test, p)} // it explored nothing: no rewritten code
		}
		return p
	}
	var recs []record
	finished := false
	var wall time.Duration
	for _, r := range p.records {
		if topLevel(r.Test) == it.test {
			recs = append(recs, r)
			if r.Test == it.test {
				finished, wall = true, time.Duration(r.WallNS)
			}
		}
	}
	switch {
	case p.status != "ok" && slices.Contains(p.running, it.test):
		return &process{status: p.status, output: p.output, records: recs, wall: p.wall}
	case p.status != "ok" && !finished:
		return runTest(ctx, cfg, it, runPattern(it.test), env, scratch)
	}
	if len(recs) == 0 && p.status == "ok" {
		recs = []record{noRecord(it.test, p)} // it explored nothing: no rewritten code
	}
	status := p.status
	if finished {
		status = "ok" // it ended before the process failed
	}
	return &process{status: status, output: p.output, records: recs, wall: wall}
}
