package sharedvar_test

import (
	"strings"
	"testing"

	"github.com/vtbound/vtbound/analyzers/sharedvar"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestSharedVar runs the analyzer over testdata/src; each package covers
// one way memory becomes shared (or, for locals, stays goroutine-local and
// must not be reported).
func TestSharedVar(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), sharedvar.Analyzer,
		"globals", "closures", "channels", "fields", "containers", "methods", "generics", "locals", "handoff")
}

// TestRelated checks the related positions: one per access, saying
// whether it writes and which locks it holds.
func TestRelated(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), sharedvar.Analyzer, "globals")
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
