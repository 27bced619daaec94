package sweep

import (
	"time"

	"github.com/vtbound/vtbound/internal/sweep/budget"
	"github.com/vtbound/vtbound/internal/sweep/db"
)

// plan makes the work items of this shard (tests × seeds, minus those a
// resumed run already recorded), gives each its share of the budget and
// records the allocation in the run.
func (s *sweeper) plan(pkgs []*pkg, done map[string]bool) ([]*item, error) {
	bugs, err := s.openBugs()
	if err != nil {
		return nil, err
	}
	var items []*item
	var hs []budget.History
	for _, p := range pkgs {
		for _, test := range p.Tests {
			h, learned, err := s.history(p, test, bugs)
			if err != nil {
				return nil, err
			}
			for _, it := range s.testItems(p, test, learned, bugs[testKey(p.Path, test)], done) {
				hp := h
				if it.part.Count > 0 && learned != nil { // its part of dpor's search, not the whole test
					hp.Complete, hp.Saturated = learned.PartDone(it.partName()), false
				}
				items = append(items, it)
				hs = append(hs, hp)
			}
		}
	}
	shares := budget.Allocate(hs, s.cfg.Alloc, s.cfg.Budget*time.Duration(max(1, s.cfg.Workers)), s.cfg.PerTest)
	for i, it := range items {
		it.share = shares[i]
		s.run.Allocation = append(s.run.Allocation, db.Allocation{Package: it.pkg.Path, Test: it.test,
			Seed: it.seed, Budget: it.share.Budget, Reason: it.share.Reason})
	}
	return items, s.db.PutRun(s.run)
}

// testKey names a test of a package in maps.
func testKey(pkg, test string) string { return pkg + " " + test }

// openBugs returns the open bugs by test (a subtest's under its top-level
// test).
func (s *sweeper) openBugs() (map[string][]db.Bug, error) {
	all, err := s.db.Bugs()
	out := map[string][]db.Bug{}
	for _, b := range all {
		if b.Open() && b.Schedule != "" {
			k := testKey(b.Package, topLevel(b.Test))
			out[k] = append(out[k], b)
		}
	}
	return out, err
}

// topLevel is the top-level test of a (sub)test name.
func topLevel(name string) string {
	for i := 0; i < len(name); i++ {
		if name[i] == '/' {
			return name[:i]
		}
	}
	return name
}

// history is what the database learned about a test for its current
// code, and that learned state: nothing when the test is new or its
// fingerprint changed.
func (s *sweeper) history(p *pkg, test string, bugs map[string][]db.Bug) (budget.History, *db.Test, error) {
	t, err := s.db.Test(p.Path, test)
	if err != nil || t == nil || t.Fingerprint != p.testFP[test] {
		return budget.History{}, nil, err
	}
	return budget.History{Known: true, Saturated: t.Saturated, Complete: t.Complete,
		Executions: t.Executions, Traces: t.Traces, OpenBug: len(bugs[testKey(p.Path, test)]) > 0}, t, nil
}
