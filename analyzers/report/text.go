package report

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
)

// writeText prints one line per finding, compiler style, with its related
// positions indented below.
func writeText(w io.Writer, fs []finding, dir string) error {
	for _, f := range fs {
		if _, err := fmt.Fprintf(w, "%s: %s\n", textPos(dir, f.Posn), f.Message); err != nil {
			return fmt.Errorf("write text: %w", err)
		}
		for _, r := range f.Related {
			if _, err := fmt.Fprintf(w, "\t%s: %s\n", textPos(dir, r.Posn), r.Message); err != nil {
				return fmt.Errorf("write text: %w", err)
			}
		}
	}
	return nil
}

func textPos(dir string, p token.Position) string {
	return fmt.Sprintf("%s:%d:%d", relPath(dir, p.Filename), p.Line, p.Column)
}

// jsonDiag is a diagnostic in the shape go vet -json prints.
type jsonDiag struct {
	Posn     string        `json:"posn"`
	Message  string        `json:"message"`
	Category string        `json:"category,omitempty"`
	Related  []jsonRelated `json:"related,omitempty"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// writeJSON prints {package: {analyzer: [diagnostic...]}} like go vet -json,
// with absolute positions.
func writeJSON(w io.Writer, fs []finding, _ string) error {
	tree := map[string]map[string][]jsonDiag{}
	for _, f := range fs {
		byAnalyzer := tree[f.Pkg]
		if byAnalyzer == nil {
			byAnalyzer = map[string][]jsonDiag{}
			tree[f.Pkg] = byAnalyzer
		}
		d := jsonDiag{Posn: f.Posn.String(), Message: f.Message, Category: f.Category}
		for _, r := range f.Related {
			d.Related = append(d.Related, jsonRelated{Posn: r.Posn.String(), Message: r.Message})
		}
		byAnalyzer[f.Analyzer.Name] = append(byAnalyzer[f.Analyzer.Name], d)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "\t")
	if err := enc.Encode(tree); err != nil {
		return fmt.Errorf("write json: %w", err)
	}
	return nil
}
