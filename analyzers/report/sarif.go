package report

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/analyzers/suite"
)

// SARIF 2.1.0 (OASIS), the subset GitHub code scanning reads.
const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	srcRoot      = "%SRCROOT%"
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
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name,omitempty"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
	HelpURI          string       `json:"helpUri,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifMessage    `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               *int          `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifMessage `json:"message,omitempty"`
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

// writeSARIF prints the findings as one SARIF run whose rules are the
// analyzers of the suite; file URIs are relative to dir (%SRCROOT%).
func writeSARIF(w io.Writer, fs []finding, dir string) error {
	run := sarifRun{
		Tool:               sarifTool{Driver: sarifDriver{Name: "vtbound", InformationURI: "https://github.com/vtbound/vtbound"}},
		OriginalURIBaseIDs: map[string]sarifArtifactLoc{srcRoot: {URI: dirURI(dir)}},
		Results:            []sarifResult{},
	}
	index := map[string]int{}
	for i, a := range suite.Analyzers {
		index[a.Name] = i
		short, _, _ := strings.Cut(a.Doc, "\n")
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID: a.Name, Name: a.Name, HelpURI: a.URL,
			ShortDescription: sarifMessage{Text: short},
			FullDescription:  sarifMessage{Text: a.Doc},
		})
	}
	for _, f := range fs {
		run.Results = append(run.Results, sarifResultOf(f, index[f.Analyzer.Name], dir))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(sarifLog{Version: sarifVersion, Schema: sarifSchema, Runs: []sarifRun{run}}); err != nil {
		return fmt.Errorf("write sarif: %w", err)
	}
	return nil
}

// sarifResultOf converts one finding; related positions become related
// locations with ids 0, 1, ...
func sarifResultOf(f finding, ruleIndex int, dir string) sarifResult {
	res := sarifResult{
		RuleID:    f.Analyzer.Name,
		RuleIndex: ruleIndex,
		Level:     "warning",
		Message:   sarifMessage{Text: f.Message},
		Locations: []sarifLocation{{PhysicalLocation: physical(dir, f.Posn.Filename, f.Posn.Line, f.Posn.Column)}},
	}
	for i, r := range f.Related {
		id := i
		res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
			ID:               &id,
			PhysicalLocation: physical(dir, r.Posn.Filename, r.Posn.Line, r.Posn.Column),
			Message:          &sarifMessage{Text: r.Message},
		})
	}
	return res
}

// physical locates a file position relative to %SRCROOT% when the file is
// below dir, else by absolute file URI.
func physical(dir, file string, line, col int) sarifPhysical {
	loc := sarifArtifactLoc{URI: (&url.URL{Path: relPath(dir, file)}).EscapedPath(), URIBaseID: srcRoot}
	if rel := relPath(dir, file); filepath.IsAbs(filepath.FromSlash(rel)) {
		loc = sarifArtifactLoc{URI: fileURI(file)}
	}
	if line < 1 {
		line = 1
	}
	return sarifPhysical{ArtifactLocation: loc, Region: sarifRegion{StartLine: line, StartColumn: col}}
}

func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// dirURI is the file URI of a directory, with the trailing slash SARIF
// requires of base URIs.
func dirURI(dir string) string {
	return strings.TrimSuffix(fileURI(dir), "/") + "/"
}
