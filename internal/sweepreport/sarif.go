package sweepreport

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/vtbound/vtbound/internal/show"
)

// SARIF 2.1.0 (OASIS), the subset GitHub code scanning reads, with code
// flows (§3.36): one threadFlow (§3.37) per goroutine whose locations
// carry the global step order as executionOrder (§3.38.13).
const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	srcRoot      = "%SRCROOT%"
	infoURI      = "https://github.com/vtbound/vtbound"
)

type sarifLog struct {
	Version string     `json:"version"`
	Schema  string     `json:"$schema"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult               `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifMessage      `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	CodeFlows           []sarifCodeFlow   `json:"codeFlows,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	Message          *sarifMessage  `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           sarifRegion      `json:"region"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifCodeFlow struct {
	Message     sarifMessage      `json:"message"`
	ThreadFlows []sarifThreadFlow `json:"threadFlows"`
}

type sarifThreadFlow struct {
	ID        string                    `json:"id"`
	Message   sarifMessage              `json:"message"`
	Locations []sarifThreadFlowLocation `json:"locations"`
}

type sarifThreadFlowLocation struct {
	Location       sarifLocation `json:"location"`
	ExecutionOrder int           `json:"executionOrder"`
	Kinds          []string      `json:"kinds,omitempty"`
	Importance     string        `json:"importance,omitempty"`
}

// WriteSARIF writes the open bugs of in (new and known; fixed ones are
// not findings) as one SARIF 2.1.0 run: one result per bug, located at its
// first conflicting access (else its last step with a site), with its
// interleaving as a codeFlow holding one threadFlow per goroutine. File
// URIs are relative to in.SrcRoot (%SRCROOT%), derived from each step's
// package path below in.Module.
func WriteSARIF(w io.Writer, in Input) error {
	run := sarifRun{
		Tool:    sarifTool{Driver: sarifDriver{Name: "vtbound", InformationURI: infoURI, Rules: []sarifRule{}}},
		Results: []sarifResult{},
	}
	if in.SrcRoot != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{srcRoot: {URI: dirURI(in.SrcRoot)}}
	}
	rules := map[string]int{}
	for _, bug := range in.Bugs {
		if bug.Status == "fixed" {
			continue
		}
		id := ruleID(bug.Oracle)
		if _, ok := rules[id]; !ok {
			rules[id] = len(run.Tool.Driver.Rules)
			run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, ruleFor(id, bug.Oracle))
		}
		run.Results = append(run.Results, resultFor(in, bug, id, rules[id]))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(sarifLog{Version: sarifVersion, Schema: sarifSchema, Runs: []sarifRun{run}}); err != nil {
		return fmt.Errorf("write sarif: %w", err)
	}
	return nil
}

// ruleID turns an oracle name into a rule ID: "data race" -> "vtbound/data-race".
func ruleID(oracle string) string {
	if oracle == "" {
		oracle = "failure"
	}
	return "vtbound/" + strings.Join(strings.Fields(strings.ToLower(oracle)), "-")
}

func ruleFor(id, oracle string) sarifRule {
	return sarifRule{
		ID: id, Name: strings.TrimPrefix(id, "vtbound/"),
		ShortDescription: sarifMessage{Text: "concurrency bug: " + oracle},
		FullDescription: sarifMessage{Text: "vtbound explored the test's goroutine interleavings and found one that leads to a " + oracle +
			"; the code flow shows that interleaving, one thread flow per goroutine, in execution order."},
	}
}

// resultFor converts one bug.
func resultFor(in Input, bug Bug, rule string, index int) sarifResult {
	msg := bug.Interleaving.Sentence
	if msg == "" {
		msg = fmt.Sprintf("%s in %s", bug.Oracle, bug.Test)
	}
	if cmd := bug.Interleaving.Replay; cmd != "" {
		msg += " Replay: " + cmd
	}
	res := sarifResult{RuleID: rule, RuleIndex: index, Level: "error", Message: sarifMessage{Text: msg}}
	if at := anchor(bug.Interleaving); at != nil {
		res.Locations = []sarifLocation{{PhysicalLocation: physical(in, *at), Message: &sarifMessage{Text: stepText(*at)}}}
	} else {
		res.Locations = []sarifLocation{fallbackLocation(in, bug)}
	}
	if bug.Signature != "" {
		res.PartialFingerprints = map[string]string{"vtboundSignature/v1": bug.Signature}
	}
	if flow := codeFlow(in, bug); len(flow.ThreadFlows) > 0 {
		res.CodeFlows = []sarifCodeFlow{flow}
	}
	return res
}

// anchor is the step a result is reported at: the first conflicting
// access, else the last step with a site.
func anchor(il show.Interleaving) *show.Step {
	var last *show.Step
	for i := range il.Steps {
		st := &il.Steps[i]
		if st.File == "" {
			continue
		}
		if st.Conflict {
			return st
		}
		last = st
	}
	return last
}

// codeFlow lays the interleaving out as one threadFlow per goroutine;
// steps without a site are left out.
func codeFlow(in Input, bug Bug) sarifCodeFlow {
	flows := map[int]*sarifThreadFlow{}
	var order []int
	for _, st := range bug.Interleaving.Steps {
		if st.File == "" {
			continue
		}
		f := flows[st.G]
		if f == nil {
			f = &sarifThreadFlow{ID: fmt.Sprintf("G%d", st.G), Message: sarifMessage{Text: goroutineText(bug.Interleaving, st.G)}}
			flows[st.G] = f
			order = append(order, st.G)
		}
		tfl := sarifThreadFlowLocation{
			Location:       sarifLocation{PhysicalLocation: physical(in, st), Message: &sarifMessage{Text: stepText(st)}},
			ExecutionOrder: st.N,
		}
		if st.Conflict {
			tfl.Kinds, tfl.Importance = []string{"danger"}, "essential"
		}
		f.Locations = append(f.Locations, tfl)
	}
	sort.Ints(order)
	cf := sarifCodeFlow{Message: sarifMessage{Text: fmt.Sprintf("the interleaving of %s that leads to the %s", bug.Test, bug.Oracle)}}
	for _, g := range order {
		cf.ThreadFlows = append(cf.ThreadFlows, *flows[g])
	}
	return cf
}

func goroutineText(il show.Interleaving, g int) string {
	for _, x := range il.Goroutines {
		if x.ID == g && x.Parent > 0 {
			return fmt.Sprintf("goroutine G%d, started by G%d", g, x.Parent)
		}
	}
	if g == 1 {
		return "goroutine G1, the test body"
	}
	return fmt.Sprintf("goroutine G%d", g)
}

// stepText is a step as a flow location's message: "step 12, G2: write inv.stock".
func stepText(st show.Step) string {
	what := st.Kind
	if st.Var != "" {
		what += " " + st.Var
	}
	mark := ""
	if st.Preempt {
		mark = " (preemption)"
	}
	if st.Conflict {
		mark += " (conflicting access)"
	}
	return fmt.Sprintf("step %d, G%d: %s%s", st.N, st.G, what, mark)
}

// physical locates a step's file relative to %SRCROOT%: the step's
// package path below the module path, then the file name.
func physical(in Input, st show.Step) *sarifPhysical {
	dir := st.Package
	if in.Module != "" && (dir == in.Module || strings.HasPrefix(dir, in.Module+"/")) {
		dir = strings.TrimPrefix(strings.TrimPrefix(dir, in.Module), "/")
	}
	loc := sarifArtifactLoc{URI: (&url.URL{Path: path.Join(dir, st.File)}).EscapedPath(), URIBaseID: srcRoot}
	// Column 0 (unknown) is left out: SARIF columns start at 1.
	return &sarifPhysical{ArtifactLocation: loc, Region: sarifRegion{StartLine: max(st.Line, 1), StartColumn: max(st.Col, 0)}}
}

// fallbackLocation locates a bug whose interleaving names no site: at its
// schedule file when known, else at its package directory.
func fallbackLocation(in Input, bug Bug) sarifLocation {
	st := show.Step{Package: bug.Package, Line: 1}
	msg := "the package of " + bug.Test
	switch {
	case bug.SchedulePath != "" && !filepath.IsAbs(bug.SchedulePath):
		st.File, msg = filepath.ToSlash(bug.SchedulePath), "the saved schedule of "+bug.Test
	default:
		st.File = "."
	}
	return sarifLocation{PhysicalLocation: physical(in, st), Message: &sarifMessage{Text: msg}}
}

// dirURI is the file URI of a directory, with the trailing slash SARIF
// requires of base URIs (§3.14.14).
func dirURI(dir string) string {
	u := &url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}
	return strings.TrimSuffix(u.String(), "/") + "/"
}
