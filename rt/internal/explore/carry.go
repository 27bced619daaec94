package explore

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/vtbound/vtbound/rt/internal/coverage"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
	"github.com/vtbound/vtbound/rt/settings"
)

// What earlier runs of a test learned, carried into this one:
// VTBOUND_COVERAGE_FROM (coverage files) and VTBOUND_DPOR_STATE (dpor's
// frontier). vtbound sweep keeps both per test and fingerprint and passes
// them to the next night's test processes.

// coverageSeeder is a strategy that can start from coverage learned by
// earlier runs (hapset, sp).
type coverageSeeder interface {
	SeedCoverage(s *coverage.State)
}

// carryIn applies what earlier runs learned to strat before the
// exploration: it resumes dpor from VTBOUND_DPOR_STATE (and arranges the
// frontier's save), seeds hapset or sp from VTBOUND_COVERAGE_FROM, and
// returns that coverage seeded into a fresh State for the measured
// coverage (nil when none applies). A file that cannot be read or parsed
// fails the test, naming it.
func (d *driver) carryIn(strat sched.Strategy) *coverage.State {
	if f, ok := strat.(*fixedTracking); ok {
		strat = f.Strategy
	}
	if dp, ok := strat.(*strategy.DPOR); ok && d.s.DPORState != "" && d.in == nil {
		d.resumeDPOR(dp)
	}
	f := d.carriedCoverage()
	if f == nil {
		return nil
	}
	sites := siteIndex()
	if s, ok := strat.(coverageSeeder); ok {
		st := coverage.NewState(coverage.PrimAll)
		st.Seed(f, sites)
		s.SeedCoverage(st)
	}
	st := coverage.NewState(coverage.PrimAll)
	st.Seed(f, sites)
	return st
}

// carriedCoverage reads the test's coverage file from
// VTBOUND_COVERAGE_FROM: the file itself when it names this test, or the
// test's file in that directory; nil when none applies.
func (d *driver) carriedCoverage() *coverage.File {
	path := d.s.CoverageFrom
	if path == "" {
		return nil
	}
	file := path
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		file = filepath.Join(path, settings.CarryFile(d.t.Name(), ".cov"))
		if _, err := os.Stat(file); errors.Is(err, fs.ErrNotExist) {
			return nil // nothing learned about this test yet
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		d.t.Fatalf("vtbound: VTBOUND_COVERAGE_FROM: %v", err)
	}
	f, err := coverage.Parse(file, data)
	if err != nil {
		d.t.Fatalf("vtbound: VTBOUND_COVERAGE_FROM: %v", err)
	}
	if f.Test != d.t.Name() {
		return nil // another test's coverage
	}
	return f
}

// siteIndex maps the file:line names of the registered sites to their
// numbers.
func siteIndex() coverage.Sites {
	idx := map[string][]int32{}
	for id := int32(1); ; id++ {
		name := siteLine(id)
		if name == "" {
			break
		}
		idx[name] = append(idx[name], id)
	}
	return func(name string) []int32 { return idx[name] }
}

// resumeDPOR resumes dp from the test's frontier in VTBOUND_DPOR_STATE,
// if there is one, and saves the frontier there when the test ends.
func (d *driver) resumeDPOR(dp *strategy.DPOR) {
	file := filepath.Join(d.s.DPORState, settings.CarryFile(d.t.Name(), ".dpor"))
	data, err := os.ReadFile(file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		d.t.Fatalf("vtbound: VTBOUND_DPOR_STATE: %v", err)
	default:
		if err := dp.Resume(data); err != nil {
			d.t.Fatalf("vtbound: VTBOUND_DPOR_STATE: %s: %v", file, err)
		}
		d.t.Logf("vtbound: %s: dpor resumed from %s", d.t.Name(), file)
	}
	d.t.Cleanup(func() { d.saveDPOR(dp, file) })
}

// saveDPOR writes dp's frontier to file when the test passed and the
// budget cut the search; otherwise (complete, failed) it removes the file.
func (d *driver) saveDPOR(dp *strategy.DPOR, file string) {
	data, err := dp.Frontier()
	if err != nil || data == nil || d.t.Failed() {
		os.Remove(file)
	} else if err = os.MkdirAll(filepath.Dir(file), 0o755); err == nil {
		tmp := file + ".tmp"
		if err = os.WriteFile(tmp, data, 0o644); err == nil {
			err = os.Rename(tmp, file)
		}
	}
	if err != nil {
		warnf("VTBOUND_DPOR_STATE: %s: %v", file, err)
	}
}
