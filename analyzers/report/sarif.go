package report

import (
	"io"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/analyzers/suite"
	"github.com/vtbound/vtbound/internal/sarif"
)

// writeSARIF prints the findings as one SARIF run whose rules are the
// analyzers of the suite; file URIs are relative to dir (%SRCROOT%).
func writeSARIF(w io.Writer, fs []finding, dir string) error {
	run := sarif.Run{
		Tool:               sarif.Tool{Driver: sarif.Driver{Name: "vtbound", InformationURI: sarif.InfoURI}},
		OriginalURIBaseIDs: sarif.BaseIDs(dir),
		Results:            []sarif.Result{},
	}
	index := map[string]int{}
	for i, a := range suite.Analyzers {
		index[a.Name] = i
		short, _, _ := strings.Cut(a.Doc, "\n")
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarif.Rule{
			ID: a.Name, Name: a.Name, HelpURI: a.URL,
			ShortDescription: sarif.Message{Text: short},
			FullDescription:  sarif.Message{Text: a.Doc},
		})
	}
	for _, f := range fs {
		run.Results = append(run.Results, sarifResultOf(f, index[f.Analyzer.Name], dir))
	}
	return sarif.Write(w, run)
}

// sarifResultOf converts one finding (level warning; an inventory entry,
// category "shared", is a note); related positions become related
// locations with ids 0, 1, ...
func sarifResultOf(f finding, ruleIndex int, dir string) sarif.Result {
	level := "warning"
	if f.Category == "shared" {
		level = "note"
	}
	res := sarif.Result{
		RuleID:    f.Analyzer.Name,
		RuleIndex: ruleIndex,
		Level:     level,
		Message:   sarif.Message{Text: f.Message},
		Locations: []sarif.Location{{PhysicalLocation: physical(dir, f.Posn.Filename, f.Posn.Line, f.Posn.Column)}},
	}
	for i, r := range f.Related {
		id := i
		res.RelatedLocations = append(res.RelatedLocations, sarif.Location{
			ID:               &id,
			PhysicalLocation: physical(dir, r.Posn.Filename, r.Posn.Line, r.Posn.Column),
			Message:          &sarif.Message{Text: r.Message},
		})
	}
	return res
}

// physical locates a file position relative to %SRCROOT% when the file is
// below dir, else by absolute file URI.
func physical(dir, file string, line, col int) *sarif.Physical {
	loc := sarif.RelativeTo(relPath(dir, file))
	if rel := relPath(dir, file); filepath.IsAbs(filepath.FromSlash(rel)) {
		loc = sarif.ArtifactLocation{URI: sarif.FileURI(file)}
	}
	return &sarif.Physical{ArtifactLocation: loc, Region: sarif.Region{StartLine: max(line, 1), StartColumn: col}}
}
