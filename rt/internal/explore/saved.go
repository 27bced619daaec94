package explore

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// replaySaved replays every schedule saved for this test. It returns true
// when one still fails (the failure is reported and exploration skipped).
func (d *driver) replaySaved() bool {
	d.t.Helper()
	files, err := schedfile.List(d.testDir())
	if err != nil {
		warnf("cannot list saved schedules: %v", err)
		return false
	}
	for _, f := range files {
		if d.replayFile(f, false) {
			return true
		}
	}
	return false
}

// replayFile replays one schedule file. A malformed or outdated file is
// skipped with a warning. When explicit (VTBOUND_REPLAY), a file that
// cannot be read fails the test, and a replay that diverges or no longer
// fails is reported too. It returns true when the replay failed.
func (d *driver) replayFile(path string, explicit bool) bool {
	t := d.t
	t.Helper()
	sf, err := schedfile.ReadFile(path)
	switch {
	case err != nil && explicit:
		t.Error(unreadableReplay(path, err))
		return true
	case err != nil:
		warnf("skipping %v", err)
		return false
	}
	if explicit && strings.HasPrefix(sf.Test, d.name()+"/") {
		d.body() // an ancestor of the subtest that replays it: run it natively
		return false
	}
	d.fromSchedule(sf)
	if sf.Test != d.name() {
		warnf("skipping schedule file %s: recorded for test %q, not %q", path, sf.Test, d.name())
		return false
	}
	r := newReplay(sf.Decisions, filePlan(sf))
	e := engine.New(r, d.limits(), t.Failed)
	res, ok := e.Run(d.body)
	if !ok {
		return false
	}
	diverged := replayDiverged(sf, res, r.Exact())
	failed := res.Failure != nil || (d.s.Races && len(res.RaceReports) > 0)
	switch {
	case d.subtestFailed(res):
		return true
	case failed && diverged:
		// The program changed, but this execution still fails: report it
		// as a new finding with its own schedule.
		warnf("saved schedule %s no longer replays exactly (%s); reporting the failure it still leads to", path, firstDifference(sf.Trace, res.Trace))
		d.fail(res, r)
		return true
	case failed && unclassified(path): // saved by a fuzzing worker
		d.report(res, r, true)
		return true
	case failed:
		d.emit(d.replayReport(res, sf, path))
		return true
	case diverged && explicit:
		d.emit(d.divergedReport(res, sf, path))
	case diverged:
		warnf("saved schedule %s no longer replays (program changed?): %s; 'vtbound prune' removes saved schedules that no longer apply", path, firstDifference(sf.Trace, res.Trace))
	case explicit:
		t.Logf("vtbound: %s: replayed %s exactly; %q no longer occurs", t.Name(), path, sf.Oracle)
	default:
		noteFixed(path, sf.Oracle)
	}
	return false
}

// noteFixed says, once per schedule file and content on this machine,
// that a saved schedule replays exactly and no longer fails: the bug it
// recorded is fixed. A marker in the user cache directory (vtbound/fixed)
// remembers that it was said; without one it is said on every run.
func noteFixed(path, oracle string) {
	abs, _ := filepath.Abs(path)
	data, _ := os.ReadFile(path)
	sum := sha256.Sum256(append([]byte(abs+"\x00"), data...))
	if base, err := os.UserCacheDir(); err == nil {
		dir := filepath.Join(base, "vtbound", "fixed")
		marker := filepath.Join(dir, hex.EncodeToString(sum[:12]))
		if _, err := os.Stat(marker); err == nil {
			return
		}
		if os.MkdirAll(dir, 0o755) == nil {
			os.WriteFile(marker, []byte(abs+"\n"), 0o644)
		}
	}
	fmt.Fprintf(os.Stderr, "vtbound: fixed: saved schedule %s replays exactly and %q no longer occurs; 'vtbound prune' removes it (said once)\n", path, oracle)
}

// unreadableReplay is the failure of a VTBOUND_REPLAY file that cannot be
// read or parsed: it names the path as given, the directory a relative
// path was resolved against (the test's working directory, the package
// directory) and the resulting absolute path, so a mistyped path is never
// taken for a fixed bug.
func unreadableReplay(path string, err error) string {
	wd, werr := os.Getwd()
	if werr != nil {
		wd = "(unknown: " + werr.Error() + ")"
	}
	abs := path
	if !filepath.IsAbs(path) {
		abs = filepath.Join(wd, path)
	}
	return fmt.Sprintf("vtbound: VTBOUND_REPLAY=%s: cannot replay: %v\n"+
		"  resolved against %s (the test's working directory) to %s\n"+
		"  use the replay command printed by the report that saved the schedule", path, err, wd, abs)
}

// warnf prints a one-line warning to the test binary's standard error,
// where it shows even when the test passes (go test -v, or a single
// package run from its directory).
func warnf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "vtbound: warning: "+format+"\n", args...)
}
