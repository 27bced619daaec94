package rt

import (
	"testing"

	"github.com/vtbound/vtbound/rt/internal/explore"
)

// Fuzz runs body, a fuzz target's function called with the input args,
// under schedule control like Test. The rewriter turns
//
//	f.Fuzz(func(t *testing.T, a int, s string) { ... })
//
// into f.Fuzz(func(t *testing.T, a int, s string) { rt.Fuzz(t, func(t
// *testing.T) { ... }, a, s) }), so every input (the seed corpus, the
// files under testdata/fuzz, and every input go test -fuzz generates) is
// explored within VTBOUND_FUZZ_BUDGET.
//
// A failing schedule is saved under VTBOUND_DIR/<FuzzName>/<hash>, where
// <hash> is the name of the input's corpus file in testdata/fuzz (the
// name go test -fuzz gives it), and replayed whenever that input runs
// again. The failure is reported through t, so go test -fuzz records the
// input as a crasher.
func Fuzz(t *testing.T, body func(t *testing.T), args ...any) {
	t.Helper()
	explore.Fuzz(t, body, args)
}
