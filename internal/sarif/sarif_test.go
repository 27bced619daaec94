package sarif

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// decode writes runs with Write and decodes the log as a consumer would.
func decode(t *testing.T, runs ...Run) map[string]any {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, runs...); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	return log
}

// TestValidate checks that a well-formed log passes and that each broken
// property is reported, naming it.
func TestValidate(t *testing.T) {
	rule := Rule{ID: "r", ShortDescription: Message{Text: "s"}, FullDescription: Message{Text: "f"}}
	at := &Physical{ArtifactLocation: RelativeTo("a b/x.go"), Region: Region{StartLine: 3, StartColumn: 2}}
	good := Run{
		Tool:               Tool{Driver: Driver{Name: "vtbound", InformationURI: InfoURI, Rules: []Rule{rule}}},
		OriginalURIBaseIDs: BaseIDs("/src/mod"),
		Results:            []Result{{RuleID: "r", Level: "warning", Message: Message{Text: "m"}, Locations: []Location{{PhysicalLocation: at}}}},
	}
	if p := Validate(decode(t, good)); len(p) != 0 {
		t.Errorf("a well-formed log: %v", p)
	}
	cases := map[string]func(r *Run){
		"ruleId":    func(r *Run) { r.Results[0].RuleID = "nope" },
		"locations": func(r *Run) { r.Results[0].Locations = nil },
		"level":     func(r *Run) { r.Results[0].Level = "fatal" },
		"message":   func(r *Run) { r.Results[0].Message.Text = "" },
	}
	for want, breakIt := range cases {
		r := good
		r.Results = []Result{good.Results[0]}
		breakIt(&r)
		p := Validate(decode(t, r))
		if !strings.Contains(strings.Join(p, "\n"), want) {
			t.Errorf("breaking %s: problems %v do not name it", want, p)
		}
	}
	if p := Validate(map[string]any{"version": "2.0.0"}); len(p) < 2 {
		t.Errorf("wrong version and no runs: %v", p)
	}
}

// TestURIs checks the base URI's trailing slash and escaping.
func TestURIs(t *testing.T) {
	if got := DirURI("/src/mod"); got != "file:///src/mod/" {
		t.Errorf("DirURI = %q", got)
	}
	if got := RelativeTo("a b/x.go"); got.URI != "a%20b/x.go" || got.URIBaseID != SrcRoot {
		t.Errorf("RelativeTo = %+v", got)
	}
}
