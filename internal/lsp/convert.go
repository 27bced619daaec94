package lsp

import (
	"bufio"
	"go/token"
	"os"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/vtbound/vtbound/analyzers/report"
)

// toLSP converts a diagnostic of the vet suite: findings are warnings,
// entries of the shared-variable inventory (category "shared") are
// information.
func toLSP(d report.Diagnostic) Diagnostic {
	sev := severityWarning
	if d.Category == "shared" {
		sev = severityInformation
	}
	out := Diagnostic{
		Range:    rangeOf(d.Posn, d.End),
		Severity: sev,
		Code:     d.Analyzer,
		Source:   "vtbound",
		Message:  d.Message,
	}
	for _, r := range d.Related {
		out.RelatedInformation = append(out.RelatedInformation, RelatedInformation{
			Location: Location{URI: pathURI(r.Posn.Filename), Range: rangeOf(r.Posn, token.Position{})},
			Message:  r.Message,
		})
	}
	return out
}

// rangeOf converts a start and optional end position (1-based lines,
// 1-based byte columns) into an LSP range (0-based lines, UTF-16 units).
// Without an end, the range covers the identifier at start.
func rangeOf(start, end token.Position) Range {
	line := lineText(start.Filename, start.Line)
	r := Range{Start: Position{Line: start.Line - 1, Character: utf16Col(line, start.Column)}}
	if end.IsValid() && end.Filename == start.Filename {
		r.End = Position{Line: end.Line - 1, Character: utf16Col(lineText(end.Filename, end.Line), end.Column)}
		return r
	}
	col := start.Column - 1
	for col >= 0 && col < len(line) {
		c, size := utf8.DecodeRuneInString(line[col:])
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) && c != '_' {
			break
		}
		col += size
	}
	if col <= start.Column-1 {
		col = start.Column // at least one character
	}
	r.End = Position{Line: start.Line - 1, Character: utf16Col(line, col+1)}
	return r
}

// utf16Col converts a 1-based byte column of line into a 0-based UTF-16
// offset.
func utf16Col(line string, col int) int {
	b := col - 1
	if b > len(line) {
		b = len(line)
	}
	if b < 0 {
		b = 0
	}
	return len(utf16.Encode([]rune(line[:b])))
}

// lineText returns line n (1-based) of a file, or "" when it cannot be
// read.
func lineText(file string, n int) string {
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for i := 1; sc.Scan(); i++ {
		if i == n {
			return sc.Text()
		}
	}
	return ""
}

// importPath strips the test-variant decoration of a package path
// ("p [p.test]", "p_test") so that go test accepts it.
func importPath(pkg string) string {
	if i := strings.Index(pkg, " ["); i >= 0 {
		pkg = pkg[:i]
	}
	return strings.TrimSuffix(pkg, "_test")
}

// testName matches the test functions among a sharedvar diagnostic's
// entry points.
var testName = regexp.MustCompile(`\bTest[A-Z_0-9]\w*|\bTest\b`)

// codeActions offers, for each diagnostic at the requested range, the
// command that explores the tests reaching it.
func (s *server) codeActions(p CodeActionParams) []CodeAction {
	s.mu.Lock()
	ds, pkg := s.byURI[p.TextDocument.URI], s.packages[p.TextDocument.URI]
	s.mu.Unlock()
	out := []CodeAction{}
	for _, d := range ds {
		if !overlaps(d.Range, p.Range) {
			continue
		}
		cmd, title := exploreLine(pkg, d.Message)
		out = append(out, CodeAction{
			Title:       title,
			Kind:        "source",
			Diagnostics: []Diagnostic{d},
			Command:     &Command{Title: title, Command: exploreCommand, Arguments: []any{cmd}},
		})
	}
	return out
}

// exploreLine builds the go test command for a diagnostic: the tests it
// names as entry points, or all of the package's.
func exploreLine(pkg, message string) (cmd, title string) {
	seen := map[string]bool{}
	var tests []string
	for _, t := range testName.FindAllString(message, -1) {
		if !seen[t] {
			seen[t] = true
			tests = append(tests, t)
		}
	}
	if len(tests) == 0 {
		return "go test -toolexec=vtbound " + pkg, "vtbound: explore the tests of " + pkg
	}
	return "go test -run '^(" + strings.Join(tests, "|") + ")$' -toolexec=vtbound " + pkg,
		"vtbound: explore the tests that reach this variable (" + strings.Join(tests, ", ") + ")"
}

// overlaps reports whether two ranges share a position (an empty range at
// a diagnostic's edge counts).
func overlaps(a, b Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func before(x, y Position) bool {
	return x.Line < y.Line || x.Line == y.Line && x.Character < y.Character
}
