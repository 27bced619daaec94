package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/analyzers/sharedvar"
	"github.com/vtbound/vtbound/internal/sarif"
)

// runIn runs the report command in the testdata module.
func runIn(t *testing.T, args ...string) string {
	t.Helper()
	t.Chdir("testdata/mod")
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "")
	var out, errs bytes.Buffer
	if code := run(args, &out, &errs); code != 0 {
		t.Fatalf("report %v: exit %d\n%s", args, code, errs.String())
	}
	return out.String()
}

const wantMsg = "data race on variable example.com/reportmod/racy.hits"

func TestText(t *testing.T) {
	out := runIn(t, "./...")
	if !strings.Contains(out, "racy/racy.go:15:4: "+wantMsg) {
		t.Fatalf("text report lacks the racy counter:\n%s", out)
	}
	if !strings.Contains(out, "\tracy/racy.go:15:4: write (no lock held) can race with the read at racy.go:15") {
		t.Errorf("text report lacks the related write access:\n%s", out)
	}
	if strings.Contains(out, "clean") {
		t.Errorf("text report mentions the goroutine-local package:\n%s", out)
	}
}

func TestJSON(t *testing.T) {
	out := runIn(t, "-format=json", "./...")
	var tree map[string]map[string][]jsonDiag
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("json report does not parse: %v\n%s", err, out)
	}
	ds := tree["example.com/reportmod/racy"]["sharedvar"]
	if len(ds) != 1 || !strings.Contains(ds[0].Message, wantMsg) || !strings.HasSuffix(ds[0].Posn, "racy.go:15:4") || ds[0].Category != "race" {
		t.Fatalf("json report: want one sharedvar race at racy.go:15:4, got %+v", ds)
	}
	if len(ds[0].Related) != 3 {
		t.Errorf("want 3 related positions (two racy accesses, the declaration), got %+v", ds[0].Related)
	}
	if _, ok := tree["example.com/reportmod/clean"]; ok {
		t.Errorf("json report has the goroutine-local package: %s", out)
	}
}

// TestInventory: -inventory adds the racy variable's inventory entry, at
// its declaration, with every access.
func TestInventory(t *testing.T) {
	t.Cleanup(func() { sharedvar.Analyzer.Flags.Set("inventory", "false") })
	out := runIn(t, "-format=json", "-inventory", "./...")
	var tree map[string]map[string][]jsonDiag
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("json report does not parse: %v\n%s", err, out)
	}
	cats := map[string]string{}
	for _, d := range tree["example.com/reportmod/racy"]["sharedvar"] {
		cats[d.Category] = d.Posn
	}
	if !strings.HasSuffix(cats["shared"], "racy.go:6:5") || !strings.HasSuffix(cats["race"], "racy.go:15:4") {
		t.Errorf("-inventory: want the inventory entry at racy.go:6:5 and the race at racy.go:15:4, got %v", cats)
	}
}

func TestSARIF(t *testing.T) {
	out := runIn(t, "-format=sarif", "./...")
	var log map[string]any
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("sarif does not parse: %v\n%s", err, out)
	}
	for _, problem := range sarif.Validate(log) {
		t.Error(problem)
	}
	results := log["runs"].([]any)[0].(map[string]any)["results"].([]any)
	if len(results) != 1 {
		t.Fatalf("want 1 result, got %d:\n%s", len(results), out)
	}
	loc := results[0].(map[string]any)["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)
	if uri := loc["artifactLocation"].(map[string]any)["uri"]; uri != "racy/racy.go" {
		t.Errorf("artifact uri %v, want racy/racy.go relative to %%SRCROOT%%", uri)
	}
}

func TestUsage(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"-format=xml"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "unknown -format") {
		t.Errorf("bad format: exit %d, stderr %q", code, errs.String())
	}
	t.Chdir("testdata/mod")
	if code := run([]string{"./nonexistent/..."}, &out, &errs); code == 0 && strings.Contains(out.String(), "shared") {
		t.Errorf("pattern matching nothing reported findings")
	}
}

// TestValidatorCatchesErrors: the SARIF checks fail on logs that break
// the specification, so TestSARIF can fail.
func TestValidatorCatchesErrors(t *testing.T) {
	bad := []string{
		`{"version":"2.0.0","runs":[]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{}},"results":[]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"r","shortDescription":{"text":"t"}}]}},
		  "results":[{"ruleId":"nope","message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"/abs/a.go"},"region":{"startLine":0}}}]}]}]}`,
	}
	for _, doc := range bad {
		var log map[string]any
		if err := json.Unmarshal([]byte(doc), &log); err != nil {
			t.Fatal(err)
		}
		if len(sarif.Validate(log)) == 0 {
			t.Errorf("validator accepted %s", doc)
		}
	}
}
