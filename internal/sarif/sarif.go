// Package sarif holds the SARIF 2.1.0 (OASIS) log types vtbound writes,
// the subset GitHub code scanning reads (results with related locations
// for `vtbound report`; code flows, §3.36-3.38, for sweep reports), the
// URIs relative to %SRCROOT%, and a validator of the properties the
// specification requires and code scanning relies on, which the writers'
// tests run on their output.
package sarif

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
)

// The constants of every log vtbound writes.
const (
	Version = "2.1.0"
	Schema  = "https://json.schemastore.org/sarif-2.1.0.json"
	SrcRoot = "%SRCROOT%"
	InfoURI = "https://github.com/vtbound/vtbound"
)

// Log is a sarifLog (§3.13).
type Log struct {
	Version string `json:"version"`
	Schema  string `json:"$schema"`
	Runs    []Run  `json:"runs"`
}

// Run is one run (§3.14).
type Run struct {
	Tool               Tool                        `json:"tool"`
	OriginalURIBaseIDs map[string]ArtifactLocation `json:"originalUriBaseIds,omitempty"`
	Results            []Result                    `json:"results"`
}

// Tool is a run's tool (§3.18).
type Tool struct {
	Driver Driver `json:"driver"`
}

// Driver is the tool's driver component (§3.19).
type Driver struct {
	Name           string `json:"name"`
	InformationURI string `json:"informationUri,omitempty"`
	Rules          []Rule `json:"rules"`
}

// Rule is a reportingDescriptor (§3.49).
type Rule struct {
	ID               string  `json:"id"`
	Name             string  `json:"name,omitempty"`
	ShortDescription Message `json:"shortDescription"`
	FullDescription  Message `json:"fullDescription"`
	HelpURI          string  `json:"helpUri,omitempty"`
}

// Message is a message with text (§3.11).
type Message struct {
	Text string `json:"text"`
}

// Result is one finding (§3.27).
type Result struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             Message           `json:"message"`
	Locations           []Location        `json:"locations"`
	RelatedLocations    []Location        `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	CodeFlows           []CodeFlow        `json:"codeFlows,omitempty"`
}

// Location is a location (§3.28).
type Location struct {
	ID               *int      `json:"id,omitempty"`
	PhysicalLocation *Physical `json:"physicalLocation,omitempty"`
	Message          *Message  `json:"message,omitempty"`
}

// Physical is a physicalLocation (§3.29).
type Physical struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           Region           `json:"region"`
}

// ArtifactLocation is a file, by URI (§3.4).
type ArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// Region is a place in a file (§3.30); columns start at 1, 0 is left out.
type Region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

// CodeFlow is a code flow (§3.36).
type CodeFlow struct {
	Message     Message      `json:"message"`
	ThreadFlows []ThreadFlow `json:"threadFlows"`
}

// ThreadFlow is one thread's (goroutine's) part of a code flow (§3.37).
type ThreadFlow struct {
	ID        string               `json:"id"`
	Message   Message              `json:"message"`
	Locations []ThreadFlowLocation `json:"locations"`
}

// ThreadFlowLocation is one step of a thread flow (§3.38).
type ThreadFlowLocation struct {
	Location       Location `json:"location"`
	ExecutionOrder int      `json:"executionOrder"`
	Kinds          []string `json:"kinds,omitempty"`
	Importance     string   `json:"importance,omitempty"`
}

// Write encodes a log of the runs, indented.
func Write(w io.Writer, runs ...Run) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(Log{Version: Version, Schema: Schema, Runs: runs}); err != nil {
		return fmt.Errorf("write sarif: %w", err)
	}
	return nil
}

// RelativeTo returns the artifact location of a path relative to
// %SRCROOT% (slash-separated, escaped).
func RelativeTo(rel string) ArtifactLocation {
	return ArtifactLocation{URI: (&url.URL{Path: rel}).EscapedPath(), URIBaseID: SrcRoot}
}

// FileURI is the file URI of an absolute path.
func FileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// DirURI is the file URI of a directory, with the trailing slash SARIF
// requires of base URIs (§3.14.14).
func DirURI(dir string) string {
	return strings.TrimSuffix(FileURI(dir), "/") + "/"
}

// BaseIDs returns the originalUriBaseIds of a run whose %SRCROOT% is dir.
func BaseIDs(dir string) map[string]ArtifactLocation {
	return map[string]ArtifactLocation{SrcRoot: {URI: DirURI(dir)}}
}
