package strategy_test

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// TestDPORIncrementalAnalysis: the race analysis that keeps the state of
// the prefix an execution shares with the previous one yields, execution
// by execution, the same races and backtrack points as the analysis that
// recomputes every trace, and after every execution its state equals a
// full recomputation's; on kernels, generated programs and the
// hand-written ones (Once, Cond, select, sleeps), with source sets and
// with wakeup trees (including searches that fall back).
func TestDPORIncrementalAnalysis(t *testing.T) {
	cases := map[string]func(testing.TB){
		"readers(3)":         kernels.Readers(3),
		"lastzero(5)":        kernels.LastZero(5),
		"indexer(12)":        kernels.Indexer(12),
		"ainc(4)":            kernels.AInc(4),
		"filesystem(16)":     kernels.FileSystem(16),
		"filesystem-unnamed": kernels.FileSystemUnnamedLocks(14),
		"bounded-buffer":     kernels.BoundedBuffer,
		"synchronous-queue":  kernels.SynchronousQueue,
	}
	var obs []string
	rng := rand.New(rand.NewSource(7))
	for i := range 16 {
		cases[fmt.Sprintf("gen%d", i)] = newGenProgram(rng).body(&obs)
	}
	for name, p := range handPrograms() {
		cases[name] = p(&obs)
	}
	kept := 0
	for name, body := range cases {
		for _, optimal := range []bool{false, true} {
			kept += compareAnalyses(t, fmt.Sprintf("%s optimal=%v", name, optimal), body, optimal)
		}
	}
	t.Logf("kept %d", kept)
	if kept == 0 {
		t.Errorf("no execution kept a prefix of the previous trace's analysis")
	}
}

// compareAnalyses runs body under dpor with the full and with the
// incremental analysis and reports their differences; it returns the
// events the incremental one kept.
func compareAnalyses(t *testing.T, name string, body func(testing.TB), optimal bool) int {
	const budget = 1500
	full := strategy.NewDPOR(strategy.Config{Budget: budget}).SetOptimal(optimal)
	strategy.CheckAnalysis(full, true, false)
	search(full, body)
	inc := strategy.NewDPOR(strategy.Config{Budget: budget}).SetOptimal(optimal)
	strategy.CheckAnalysis(inc, false, true)
	search(inc, body)
	want, _, _, _, _ := strategy.AnalysisTrail(full)
	got, kept, _, bad, first := strategy.AnalysisTrail(inc)
	if bad > 0 {
		t.Errorf("%s: %d executions' incremental state differs from a full recomputation; first: %s", name, bad, first)
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: races and backtrack points per execution differ from the full analysis", name)
	}
	if inc.Stats() != full.Stats() {
		t.Errorf("%s: %+v, want %+v", name, inc.Stats(), full.Stats())
	}
	return kept
}
