package vargroups_test

import (
	"testing"

	"github.com/vtbound/vtbound/analyzers/vargroups"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// show reports every load and store with its group, so the Result of
// vargroups can be checked with `// want` comments.
var show = &analysis.Analyzer{
	Name:     "showgroups",
	Doc:      "report the group of every access (test helper)",
	Requires: []*analysis.Analyzer{vargroups.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[vargroups.Analyzer].(*vargroups.Result)
		for _, g := range res.Groups {
			for _, s := range g.Sites {
				state := "local"
				if s.Shared {
					state = "shared"
				}
				pass.Reportf(s.Pos, "group %s %s", g.Name, state)
			}
		}
		return nil, nil
	},
}

// TestFacts checks the facts exported for dependent packages; vargroups
// itself reports nothing.
func TestFacts(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), vargroups.Analyzer, "a", "b")
	for _, r := range results {
		if len(r.Diagnostics) != 0 {
			t.Errorf("%s: vargroups reported %d diagnostics, want none", r.Pass.Pkg.Path(), len(r.Diagnostics))
		}
	}
}

// TestResult checks the groups the analyzer exposes to dependent
// analyzers, with the solver's sanity check on.
func TestResult(t *testing.T) {
	if err := vargroups.Analyzer.Flags.Set("sanity", "true"); err != nil {
		t.Fatal(err)
	}
	defer vargroups.Analyzer.Flags.Set("sanity", "false")
	analysistest.Run(t, analysistest.TestData(), show, "groups")
}
