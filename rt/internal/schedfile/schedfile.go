// Package schedfile reads and writes vtbound schedule files: the saved
// form of a failing execution, replayed first by every later run (as
// `go test -fuzz` does with crash inputs).
//
// # Format (version 2)
//
// A schedule file is UTF-8 text. The first line is exactly
//
//	vtbound schedule v2
//
// Then "key: value" lines in any order; lines starting with '#' are
// comments (vtbound writes the readable interleaving there) and blank
// lines are ignored. Keys:
//
//	test:      the test name, as t.Name() (required)
//	package:   the test's import path
//	dir:       the package directory the test ran in
//	run:       the go test -run pattern that selects the test (for the
//	           replay command; absent: derived from test)
//	oracle:    the failure the schedule exposes, e.g. "data race" (required)
//	sentence:  one plain sentence saying what went wrong
//	strategy:  the strategy and parameters that found it
//	seed:      the seed of that strategy
//	execution: the execution number at which it was found
//	cvt:       the bug's (c,v,t), as "c,v,t"
//	track:     the variable groups tracked: "all" or space-separated
//	           group names (absent: all)
//	hash:      the trace hash, 16 hex digits, computed from site and
//	           kind names (required)
//	decisions: the strategy's decisions in order, space separated
//	           integers: goroutine IDs for scheduling choices, case
//	           indices for select choices (required, may be empty)
//	goroutine: "ID PARENT", one line per goroutine (parent 0: the test body)
//	site:      "N PACKAGE FILE:LINE:COL[#K] [VARIABLE]", one line per site
//	           the trace names; N numbers the site within this file only;
//	           #K marks the K-th site of the package at that position
//	trace:     the executed steps, space separated "g.kind.N" triples
//	           (kind by name, N a site line's number, 0 for none), a
//	           leading '*' marking a preemption (required, may be empty)
//	conflict:  the 1-based trace positions of the conflicting accesses
//	essential: the 1-based trace positions of the steps that matter
//	           (what the report's minimised interleaving shows)
//	wall:      "phase": the decisions include the choice of where the
//	           wall clock starts (docs/model.md); files without it were
//	           written before that was a choice, and replay without it
//	loop:      "PACKAGE FILE:LINE:COL[#K]", one line per site: a goroutine
//	           left looping on the clock there after the test fails the
//	           replay (a background loop left running on some schedules
//	           only; see docs/verdicts.md)
//
// Sites are named by position, not by the numeric IDs of one build, so a
// schedule keeps replaying after edits to other files of the package.
// Keys this version does not know are kept (Extra) and written back, so
// later versions and other tools may add keys.
//
// # Version 1
//
// Version-1 files (header "vtbound schedule v1") still load: their trace
// names sites and kinds by the numeric IDs of the build that wrote them
// ("g.kind.site"), and their hash was computed from those numbers. They
// have Version 1 and no site names; replaying one compares steps by
// number. Files of any other version are reported and skipped.
package schedfile

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Header is the first line of every schedule file this package writes.
const Header = "vtbound schedule v2"

// HeaderV1 is the first line of a version-1 schedule file.
const HeaderV1 = "vtbound schedule v1"

// Step is one executed step.
type Step struct {
	G       int
	Kind    int   // numeric OpKind: version-1 files, or resolved in process
	Site    int32 // numeric site ID: version-1 files, or resolved in process
	Preempt bool
	// KindName is the operation kind by name ("write", "wg-add"); empty
	// in version-1 files.
	KindName string
	// Pos names the step's site; zero for none and in version-1 files.
	Pos Pos
}

// Pos names a site by position.
type Pos struct {
	Package string // import path of the package that registered the site
	File    string // file name as the site table gives it
	Line    int
	Col     int
	Var     string // the accessed variable as the report shows it, or ""
	// Nth tells apart sites of one package at the same position: the
	// n-th registered there (0 and 1 both mean the first).
	Nth int
}

// Where renders p as "file.go:14", or "" for no site.
func (p Pos) Where() string {
	if p.File == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d", p.File, p.Line)
}

// Name renders p as engine.SiteName does: "import/path file.go:14:5",
// with "#n" appended for the n-th site at that position (n > 1); "" for
// no site.
func (p Pos) Name() string {
	if p.File == "" {
		return ""
	}
	return p.Package + " " + p.position()
}

// position renders "file.go:14:5", or "file.go:14:5#2" for a second site
// at that position.
func (p Pos) position() string {
	s := fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	if p.Nth > 1 {
		s += fmt.Sprintf("#%d", p.Nth)
	}
	return s
}

// Window is a site (engine.SiteName) whose operations stayed scheduling
// points in a long test's execution, or a variable group tracked in it,
// from its From-th occurrence up to, not including, its To-th (To 0: to
// the end); written "step: FROM TO SITE" and "window: FROM TO GROUP".
type Window struct {
	Name     string
	From, To int
}

// Goroutine records who started a goroutine.
type Goroutine struct {
	ID     int
	Parent int // 0: the test body
}

// Schedule is the content of a schedule file.
type Schedule struct {
	Version    int // 1 or 2; Marshal always writes the current version
	Test       string
	Package    string
	Dir        string
	Run        string // the -run pattern selecting the test; "" derives it from Test
	Oracle     string
	Sentence   string
	Strategy   string
	Seed       int64
	Execution  int
	CVT        string
	Track      []string // tracked groups; nil means all
	Quiet      bool     // a long test's execution: quiet operations took no step (quiet: on)
	Steps      []Window // under Quiet, the sites that stayed steps, in windows (step: lines)
	Windows    []Window // under Quiet, the tracked groups tracked in a window only (window: lines)
	Hash       uint64
	Decisions  []int
	Goroutines []Goroutine
	Trace      []Step
	Conflicts  []int       // 1-based trace positions
	Essential  []int       // 1-based trace positions
	Comments   []string    // written as '#' lines (the readable interleaving)
	Loops      []string    // sites where a loop left running fails (engine.SiteName)
	WallPhase  bool        // Decisions include the wall clock's phase (wall: phase)
	Extra      [][2]string // keys this version does not know, in file order
}

// ReadFile reads and parses a schedule file; errors name the file.
func ReadFile(path string) (*Schedule, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("schedule file %s: %w", path, err)
	}
	return s, nil
}

// Write saves s under dir with a name derived from its content and
// returns the path. Writing the same schedule twice gives the same file.
func Write(dir string, s *Schedule) (string, error) {
	data := s.Marshal()
	sum := sha256.Sum256(data)
	path := filepath.Join(dir, hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("save schedule: %w", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("save schedule: %w", err)
	}
	return path, nil
}

// List returns the schedule files saved in dir, sorted; a missing
// directory is not an error.
func List(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out, nil
}
