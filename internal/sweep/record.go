package sweep

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/vtbound/vtbound/internal/sweep/db"
	"github.com/vtbound/vtbound/internal/sweep/progress"
)

// explore runs the items that got a budget on -p workers and records
// each outcome in its own transaction as it arrives. It returns the
// outcomes.
func (s *sweeper) explore(ctx context.Context, items []*item) ([]*outcome, error) {
	var todo []*item
	for _, it := range items {
		if it.share.Budget != "" {
			todo = append(todo, it)
		}
	}
	s.stats.Total = len(todo)
	s.rep.Event(progress.Event{Time: time.Now(), Action: "progress", Stats: s.stat()})
	work, results := make(chan batch), make(chan *outcome)
	var wg sync.WaitGroup
	for range max(1, s.cfg.Workers) {
		wg.Go(func() {
			for b := range work {
				for _, it := range b {
					s.rep.Event(progress.Event{Time: time.Now(), Action: "start", Package: it.pkg.Path, Test: it.test, Seed: it.seed, Budget: it.share.Budget})
				}
				for _, o := range b.run(ctx, s.cfg, s.scratch) {
					results <- o
				}
			}
		})
	}
	go func() {
		defer close(work)
		for _, b := range makeBatches(todo, s.cfg.Workers) {
			select {
			case work <- b:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	var out []*outcome
	var firstErr error
	for o := range results {
		if err := s.record(o); err != nil && firstErr == nil {
			firstErr = err
		}
		out = append(out, o)
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return out, firstErr
}

// record commits an outcome: the test run, what was learned, its bugs.
func (s *sweeper) record(o *outcome) error {
	o.run.Run = s.run.ID
	now := time.Now()
	learned, err := s.learn(o)
	if err != nil {
		return err
	}
	bugs := o.bugs
	for _, b := range o.it.known {
		if o.replays[b.Signature] && !o.found(b.Signature) {
			kb := b // the known schedule still fails: seen again
			bugs = append(bugs, &kb)
		}
	}
	for i, b := range bugs {
		var tl *db.Test
		if i == 0 {
			tl = learned
		}
		isNew, err := s.db.Record(&o.run, tl, b, now)
		if err != nil {
			return err
		}
		s.seen[b.Package+" "+b.Signature] = true
		s.countBug(o, b, isNew)
	}
	if len(bugs) == 0 {
		if _, err := s.db.Record(&o.run, learned, nil, now); err != nil {
			return err
		}
	}
	s.endEvent(o)
	return nil
}

// countBug reports a bug and counts it once per run.
func (s *sweeper) countBug(o *outcome, b *db.Bug, isNew bool) {
	if isNew {
		s.stats.NewBugs++
	} else {
		s.stats.Known++
	}
	s.rep.Event(progress.Event{Time: time.Now(), Action: "bug", Package: b.Package, Test: b.Test, Seed: o.it.seed, Signature: b.Signature, New: isNew})
}

// endEvent reports a finished item and the totals.
func (s *sweeper) endEvent(o *outcome) {
	r := &o.run
	s.stats.Done++
	s.stats.Executions += r.Executions
	msg := fmt.Sprintf("%d executions", r.Executions)
	if r.Status != "ok" {
		s.stats.Failures++
		s.failed = append(s.failed, *r)
		msg = firstLine(r.Output)
	}
	s.rep.Event(progress.Event{Time: time.Now(), Action: "end", Package: r.Package, Test: r.Test, Seed: r.Seed,
		Status: r.Status, Verdict: r.Verdict, Executions: r.Executions, Message: msg})
	s.rep.Event(progress.Event{Time: time.Now(), Action: "progress", Stats: s.stat()})
}

// found reports whether the outcome's explorations found the bug.
func (o *outcome) found(sig string) bool {
	for _, b := range o.bugs {
		if b.Signature == sig {
			return true
		}
	}
	return false
}

// minSaturation is the fewest executions a run needs before its lack of
// new traces counts as saturation.
const minSaturation = 20

// learn updates what the database knows about the item's test: reset
// when its fingerprint changed, then this run's executions, traces,
// coverage (with -coverage), saturation and completion. A crashed or
// timed-out run teaches nothing.
func (s *sweeper) learn(o *outcome) (*db.Test, error) {
	p, r := o.it.pkg, &o.run
	t, err := s.db.Test(p.Path, o.it.test)
	if err != nil {
		return nil, err
	}
	if fp := p.testFP[o.it.test]; t == nil || t.Fingerprint != fp {
		t = &db.Test{Package: p.Path, Name: o.it.test, Fingerprint: fp}
	}
	t.LastRun, t.LastVerdict = s.run.ID, r.Verdict
	if r.Status != "ok" {
		t.LastVerdict = r.Status
		return t, nil
	}
	t.Executions += r.Executions
	t.Traces = max(t.Traces, r.Traces)
	part := o.it.partName()
	if o.dporRan {
		t.NotePart(part, r.Complete, o.frontier)
	}
	if part != "" {
		return t, nil // one part of a split dpor search says nothing about the test's saturation
	}
	t.Complete = t.Complete || r.Complete
	stalled := r.Executions >= minSaturation && 2*r.LastNew <= r.Executions
	if len(o.coverage) > 0 {
		var grew bool
		t.Coverage, t.Covered, grew = learnCoverage(o.it.test, t.Coverage, o.coverage)
		stalled = stalled || (r.Executions >= minSaturation && !grew)
	}
	// A dpor search the budget cut is progress toward a proof: the next
	// night resumes it, even when the coverage stopped growing.
	t.Saturated = r.Verdict == "pass" && (r.Exhausted || stalled) && o.frontier == nil
	return t, nil
}

// markFixed closes the open bugs whose schedules this run replayed
// without a failure and that its explorations did not find again.
func (s *sweeper) markFixed(outs []*outcome) error {
	now := time.Now()
	for _, o := range outs {
		for _, b := range o.it.known {
			still, replayed := o.replays[b.Signature]
			if !replayed || still || s.seen[b.Package+" "+b.Signature] {
				continue
			}
			if err := s.db.MarkFixed(b.Package, b.Signature, s.run.ID, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// finish closes the run, prints the summary and returns the exit status.
func (s *sweeper) finish(pkgs []*pkg) (int, error) {
	s.run.Ended, s.run.Finished = time.Now(), true
	if err := s.db.PutRun(s.run); err != nil {
		return ExitError, err
	}
	sum, err := s.db.Summarize(s.run.ID)
	if err != nil {
		return ExitError, err
	}
	s.rep.Event(progress.Event{Time: time.Now(), Action: "summary", Stats: s.stat(),
		Message: fmt.Sprintf("%d new, %d known, %d fixed", len(sum.New), len(sum.Known), len(sum.Fixed))})
	if !s.cfg.JSON {
		s.printSummary(sum, pkgs)
	}
	switch {
	case len(sum.New) > 0:
		return ExitNewBug, nil
	case s.stats.Done == 0 && s.stats.Failures > 0:
		return ExitError, nil // nothing could run
	}
	return ExitOK, nil
}

// printSummary writes the run's bugs and failures.
func (s *sweeper) printSummary(sum db.Summary, pkgs []*pkg) {
	w := s.cfg.Out
	fmt.Fprintf(w, "vtbound sweep %s: %d tests run, %d executions; bugs: %d new, %d known, %d fixed\n",
		s.run.ID, s.stats.Done, s.stats.Executions, len(sum.New), len(sum.Known), len(sum.Fixed))
	for _, group := range []struct {
		title string
		bugs  []db.Bug
	}{{"NEW", sum.New}, {"known", sum.Known}, {"fixed", sum.Fixed}} {
		sort.Slice(group.bugs, func(i, j int) bool { return group.bugs[i].Test < group.bugs[j].Test })
		for _, b := range group.bugs {
			fmt.Fprintf(w, "  %-5s %s %s: %s (c,v,t)=(%s) at %s\n", group.title, b.Package, b.Test, b.Oracle, b.CVT, strings.Join(b.Sites, " "))
		}
	}
	for _, p := range pkgs {
		if p.BuildError != "" {
			fmt.Fprintf(w, "  build failed: %s: %s\n", p.Path, firstLine(p.BuildError))
		}
	}
	for _, f := range s.failed {
		fmt.Fprintf(w, "  %s: %s %s (seed %d): %s\n", f.Status, f.Package, f.Test, f.Seed, firstLine(f.Output))
	}
	fmt.Fprintf(w, "  results: %s\n", s.db.Path())
}
