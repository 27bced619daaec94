package rt

import "testing"

// TCleanup replaces t.Cleanup (of a *testing.T, B, F or TB). In an
// execution whose body runs with tb, f runs when that body returns,
// under control and before the leak check, so that each execution's
// functions stop that execution's goroutines (see the engine's
// cleanup.go); otherwise, as on a subtest's T, tb.Cleanup(f) is called.
func TCleanup(site int32, tb testing.TB, f func()) {
	if g := ctl(); g != nil && g.AddCleanup(tb, f) {
		return
	}
	tb.Cleanup(f)
}
