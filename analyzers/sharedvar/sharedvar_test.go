package sharedvar_test

import (
	"strings"
	"testing"

	"github.com/vtbound/vtbound/analyzers/sharedvar"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestSharedVar runs the analyzer with its default settings: only the
// accesses that can race are reported. precision holds correct code of
// each kind the analysis must see through (one lock, Wait, go statement,
// channel, Once) beside real races; handoff the racy variants of
// hand-offs; locals goroutine-local data.
func TestSharedVar(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), sharedvar.Analyzer, "precision", "handoff", "locals")
}

// inventory is sharedvar with -inventory set, keeping only the inventory
// entries (category "shared"), so that the inventory's own testdata need
// not also spell out the races.
var inventory = &analysis.Analyzer{
	Name:     "sharedvar",
	Doc:      sharedvar.Analyzer.Doc,
	Requires: sharedvar.Analyzer.Requires,
	Run: func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			if d.Category == "shared" {
				pass.Report(d)
			}
		}
		return sharedvar.Analyzer.Run(&p)
	},
}

// withInventory sets -inventory for the duration of a test.
func withInventory(t *testing.T) {
	t.Helper()
	if err := sharedvar.Analyzer.Flags.Set("inventory", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sharedvar.Analyzer.Flags.Set("inventory", "false") })
}

// TestInventory runs the analyzer with -inventory over testdata/src; each
// package covers one way memory becomes shared (or, for locals, stays
// goroutine-local and must not be reported).
func TestInventory(t *testing.T) {
	withInventory(t)
	analysistest.Run(t, analysistest.TestData(), inventory,
		"globals", "closures", "channels", "fields", "containers", "methods", "generics", "locals")
}

// TestRelated checks the related positions of the inventory: one per
// access, saying whether it writes and which locks it holds.
func TestRelated(t *testing.T) {
	withInventory(t)
	results := analysistest.Run(t, analysistest.TestData(), inventory, "globals")
	found := map[string]bool{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				found[rel.Message] = true
				if !rel.Pos.IsValid() {
					t.Errorf("%s: related position invalid", d.Message)
				}
			}
			if !strings.Contains(d.Message, "access sites") {
				t.Errorf("unexpected message %q", d.Message)
			}
		}
	}
	for _, want := range []string{"write (no lock held)", "read (no lock held)", "write (holds globals.mu)", "read (holds globals.mu)"} {
		if !found[want] {
			t.Errorf("no related position says %q; got %v", want, found)
		}
	}
}

// TestRaceRelated checks a race's related positions: each access that
// can race, with the access it can race with, and the declaration.
func TestRaceRelated(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), sharedvar.Analyzer, "precision")
	found := map[string]bool{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if d.Category != "race" {
				t.Errorf("category %q, want race: %s", d.Category, d.Message)
			}
			for _, rel := range d.Related {
				found[rel.Message] = true
			}
		}
	}
	for _, want := range []string{"declared here", "read (no lock held) can race with the write at precision.go:"} {
		ok := false
		for m := range found {
			ok = ok || strings.HasPrefix(m, want)
		}
		if !ok {
			t.Errorf("no related position says %q; got %v", want, found)
		}
	}
}
