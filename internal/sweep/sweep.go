package sweep

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/vtbound/vtbound/internal/statedir"
	"github.com/vtbound/vtbound/internal/sweep/db"
	"github.com/vtbound/vtbound/internal/sweep/progress"
)

// sweeper is one running sweep.
type sweeper struct {
	cfg     *Config
	db      *db.DB
	run     *db.Run
	rep     progress.Reporter
	scratch string
	start   time.Time
	stats   progress.Stats
	// seen are the signatures (by package) this run's explorations found.
	seen map[string]bool
	// failed are this run's crashed and timed-out test runs.
	failed []db.TestRun
}

// Run runs the sweep cfg describes and returns its exit status. Errors
// are one line on cfg.Err naming the input.
func Run(ctx context.Context, cfg *Config) int {
	d, err := db.Open(cfg.DB, true)
	if err != nil {
		fmt.Fprintf(cfg.Err, "vtbound sweep: %v\n", err)
		return ExitError
	}
	defer d.Close()
	s := &sweeper{cfg: cfg, db: d, start: time.Now(), seen: map[string]bool{}}
	s.rep = progress.New(cfg.Out, cfg.Err, cfg.JSON, cfg.Interval)
	defer s.rep.Close()
	code, err := s.sweep(ctx)
	if err != nil {
		fmt.Fprintf(cfg.Err, "vtbound sweep: %v\n", err)
		return ExitError
	}
	return code
}

// sweep runs the phases: start (or resume) the run, build, allocate,
// explore, find the fixed bugs, summarise.
func (s *sweeper) sweep(ctx context.Context) (int, error) {
	done, err := s.startRun()
	if err != nil {
		return ExitError, err
	}
	if !s.cfg.SeedSet {
		s.cfg.Seed = int64(fnv32(s.run.ID))
	}
	s.run.Seed = s.cfg.Seed
	dbDir, err := filepath.Abs(filepath.Dir(s.cfg.DB))
	if err != nil {
		return ExitError, err
	}
	s.scratch = filepath.Join(dbDir, "work", safeName(s.run.ID))
	if err := os.MkdirAll(s.scratch, 0o755); err != nil {
		return ExitError, err
	}
	pkgs, err := s.buildAll(ctx)
	if err != nil {
		return ExitError, err
	}
	items, err := s.plan(pkgs, done)
	if err != nil {
		return ExitError, err
	}
	ran, err := s.explore(ctx, items)
	if err != nil {
		return ExitError, err
	}
	if err := s.markFixed(ran); err != nil {
		return ExitError, err
	}
	return s.finish(pkgs)
}

// startRun creates the run, or with -resume finds the unfinished one and
// the work it already recorded.
func (s *sweeper) startRun() (map[string]bool, error) {
	if s.cfg.Resume {
		r, err := s.resumable()
		if err != nil {
			return nil, err
		}
		if r != nil {
			s.run = r
			return s.db.Done(r.ID)
		}
	}
	id := s.cfg.ID
	if id == "" {
		id = s.start.UTC().Format("20060102T150405.000Z")
	}
	s.run = &db.Run{ID: id, Started: s.start, Args: s.cfg.Args, Seed: s.cfg.Seed, Shards: []string{s.cfg.Shard.String()},
		Strategies: s.cfg.Strategies, Budget: s.cfg.Budget}
	if old, err := s.db.Run(id); err != nil {
		return nil, err
	} else if old != nil {
		s.run = old // a second shard of the same sweep writing into one file
		s.run.Shards = append(s.run.Shards, s.cfg.Shard.String())
	}
	return map[string]bool{}, s.db.PutRun(s.run)
}

// resumable returns the run -resume continues: the one named by -id, or
// the latest unfinished one; nil when there is none.
func (s *sweeper) resumable() (*db.Run, error) {
	if s.cfg.ID != "" {
		return s.db.Run(s.cfg.ID)
	}
	runs, err := s.db.Runs()
	for i := len(runs) - 1; i >= 0; i-- {
		if !runs[i].Finished {
			return &runs[i], err
		}
	}
	return nil, err
}

// buildAll lists and builds the packages with -p builds at a time,
// recording each package.
func (s *sweeper) buildAll(ctx context.Context) ([]*pkg, error) {
	// Test binaries are kept across sweeps in the user cache directory.
	bin, err := statedir.CacheDir(filepath.Dir(filepath.Dir(s.scratch)), "sweep")
	if err != nil {
		return nil, err
	}
	pkgs, err := listPackages(ctx, s.cfg, bin)
	if err != nil {
		return nil, err
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, s.cfg.Workers))
	first := true
	for _, p := range pkgs {
		if !p.HasTests {
			continue
		}
		if first {
			// Alone first: with a cold build cache it compiles the standard
			// library for the instrumented build once, not once per worker.
			build(ctx, s.cfg, p, bin)
			first = false
			continue
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			build(ctx, s.cfg, p, bin)
		})
	}
	wg.Wait()
	for _, p := range pkgs {
		if err := s.recordBuild(p); err != nil {
			return nil, err
		}
	}
	return pkgs, ctx.Err()
}

// recordBuild stores a package's build and reports it.
func (s *sweeper) recordBuild(p *pkg) error {
	if !p.HasTests {
		return nil
	}
	e := progress.Event{Time: time.Now(), Action: "build", Package: p.Path, Status: "ok",
		Message: fmt.Sprintf("%d tests", len(p.Tests))}
	if p.Cached {
		e.Message += " (cached binary)"
	}
	if p.BuildError != "" {
		e.Status, e.Message = "failed", firstLine(p.BuildError)
		s.stats.Failures++
	}
	s.rep.Event(e)
	return s.db.PutPackage(&db.Package{Path: p.Path, Fingerprint: p.Fingerprint, BuildError: p.BuildError, LastRun: s.run.ID, Cached: p.Cached})
}

// stat returns a copy of the running totals, with rates and estimate.
func (s *sweeper) stat() *progress.Stats {
	st := s.stats
	st.Elapsed = time.Since(s.start)
	if sec := st.Elapsed.Seconds(); sec > 0 {
		st.ExecsPerSecond = float64(st.Executions) / sec
	}
	if st.Done > 0 && st.Total > st.Done {
		st.EstimatedRemain = st.Elapsed / time.Duration(st.Done) * time.Duration(st.Total-st.Done)
	}
	return &st
}
