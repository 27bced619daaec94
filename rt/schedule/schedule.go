// Package schedule reads vtbound schedule files for tools outside the
// test binary (`vtbound show`, `vtbound replay`, the sweep): the test, its
// package and directory, the failure, and the recorded interleaving with
// each step's site by file:line:col, its operation by name, and whether it
// is one of the conflicting accesses or one of the steps that matter.
//
// It is a thin, read-only view of the format package
// rt/internal/schedfile documents; the test binary writes the files
// (see package rt). It imports the standard library only.
package schedule

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// Schedule is a schedule file's content.
type Schedule struct {
	Path      string // the file read ("" after Parse)
	Version   int    // the format version: 2, or 1 for files without site names
	Test      string // the test, as t.Name()
	Package   string // the test's import path ("" in version-1 files)
	Dir       string // the package directory the test ran in
	Run       string // the go test -run pattern selecting the test
	Oracle    string // the failure, e.g. "data race"
	Sentence  string // what went wrong in one sentence, or ""
	Strategy  string // the strategy that found the schedule
	Seed      int64
	Execution int
	CVT       string // "c,v,t": preemptions, variables, goroutines ordered
	Hash      uint64 // the trace hash
	// Goroutines lists every goroutine that took a step, by ID.
	Goroutines []Goroutine
	// Steps is the whole recorded trace.
	Steps []Step
	// Extra holds the keys this version does not know, in file order.
	Extra [][2]string
}

// Goroutine records who started a goroutine.
type Goroutine struct {
	ID     int
	Parent int // 0: the test body
}

// Step is one recorded step.
type Step struct {
	N         int    // 1-based position in the trace
	G         int    // the goroutine that executed it
	Kind      string // the operation: "read", "write", "lock", "wg-add", ...; a number in version-1 files
	Var       string // the variable an access touches, or ""
	Package   string // the package that registered the site
	File      string // the file, as the package's site table names it; "" for none
	Line, Col int
	Preempt   bool // the scheduler preempted another goroutine here
	Conflict  bool // one of the conflicting accesses behind the failure
	Essential bool // one of the steps that matter (the report's minimised view)
}

// Where renders the step's site as "file.go:14", or "".
func (s Step) Where() string {
	if s.File == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d", s.File, s.Line)
}

// Describe renders the step as the test report does:
// "inventory.go:34 write inv.stock[item]".
func (s Step) Describe() string {
	what := s.Kind
	if s.Var != "" {
		what += " " + s.Var
	}
	if w := s.Where(); w != "" && s.Kind != "start" && s.Kind != "exit" {
		return w + " " + what
	}
	return what
}

// ReadFile reads and parses a schedule file; errors name the file.
func ReadFile(path string) (*Schedule, error) {
	sf, err := schedfile.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := convert(sf)
	s.Path = path
	return s, nil
}

// Parse parses a schedule file's content.
func Parse(data []byte) (*Schedule, error) {
	sf, err := schedfile.Parse(data)
	if err != nil {
		return nil, err
	}
	return convert(sf), nil
}

// convert copies the format's representation into the exported one.
func convert(sf *schedfile.Schedule) *Schedule {
	s := &Schedule{Version: sf.Version, Test: sf.Test, Package: sf.Package, Dir: sf.Dir, Run: sf.Run, Oracle: sf.Oracle,
		Sentence: sf.Sentence, Strategy: sf.Strategy, Seed: sf.Seed, Execution: sf.Execution, CVT: sf.CVT,
		Hash: sf.Hash, Extra: sf.Extra}
	for _, g := range sf.Goroutines {
		s.Goroutines = append(s.Goroutines, Goroutine{ID: g.ID, Parent: g.Parent})
	}
	conflict, essential := set(sf.Conflicts), set(sf.Essential)
	for i, st := range sf.Trace {
		kind := st.KindName
		if kind == "" {
			kind = fmt.Sprintf("kind#%d", st.Kind)
		}
		s.Steps = append(s.Steps, Step{N: i + 1, G: st.G, Kind: kind, Var: st.Pos.Var, Package: st.Pos.Package,
			File: st.Pos.File, Line: st.Pos.Line, Col: st.Pos.Col, Preempt: st.Preempt,
			Conflict: conflict[i+1], Essential: essential[i+1]})
	}
	if len(s.Goroutines) == 0 {
		s.Goroutines = goroutinesOf(s.Steps)
	}
	return s
}

func set(xs []int) map[int]bool {
	m := make(map[int]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// goroutinesOf lists the goroutines of steps (parents unknown) for files
// without goroutine lines.
func goroutinesOf(steps []Step) []Goroutine {
	seen := map[int]bool{}
	var out []Goroutine
	for _, st := range steps {
		if !seen[st.G] {
			seen[st.G] = true
			out = append(out, Goroutine{ID: st.G})
		}
	}
	return out
}

// CVTWords explains the schedule's (c,v,t): "1 preemption, 1 variable,
// 2 goroutines ordered", or "" when the file records none.
func (s *Schedule) CVTWords() string {
	var c, v, t int
	if n, _ := fmt.Sscanf(s.CVT, "%d,%d,%d", &c, &v, &t); n != 3 {
		return ""
	}
	return fmt.Sprintf("%d preemption%s, %d variable%s, %d goroutine%s ordered", c, plural(c), v, plural(v), t, plural(t))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// ReplayCommand is the shell command that replays the schedule, as the
// test report prints it: run from the package directory with
// VTBOUND_REPLAY naming the file. It is "" when the file records no
// directory (version 1) or was not read from a file.
func (s *Schedule) ReplayCommand() string {
	if s.Dir == "" || s.Path == "" {
		return ""
	}
	path := s.Path
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if rel, err := filepath.Rel(s.Dir, path); err == nil && !strings.HasPrefix(rel, "..") {
		path = rel
	}
	run := s.Run
	if run == "" {
		run = RunPattern(s.Test)
	}
	return fmt.Sprintf("cd %s && VTBOUND_REPLAY=%s go test -toolexec=vtbound -run='%s' -count=1 .", s.Dir, path, run)
}

// RunPattern anchors every element of a (sub)test name for go test -run.
func RunPattern(name string) string {
	var parts []string
	for _, p := range strings.Split(name, "/") {
		parts = append(parts, "^"+regexp.QuoteMeta(p)+"$")
	}
	return strings.Join(parts, "/")
}
