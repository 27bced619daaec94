// Package report implements `vtbound report`: the static shared-variable
// report of the vet suite over a set of packages, as text, as JSON in the
// shape of `go vet -json`, or as SARIF 2.1.0 for GitHub code scanning.
//
//	vtbound report [-format=text|json|sarif] [-inventory] [packages]
//
// By default only findings are reported: accesses that can race and
// check-then-act across critical sections. -inventory also lists every
// shared variable (sharedvar's -inventory).
//
// Packages are loaded with golang.org/x/tools/go/packages from the current
// directory (default pattern ./...) and analysed with the
// golang.org/x/tools/go/analysis/checker driver.
package report

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/vtbound/vtbound/analyzers/sharedvar"
	"github.com/vtbound/vtbound/analyzers/suite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Main runs the report command with args (the arguments after "report")
// and returns the process exit code: 0 on success (with or without
// findings), 1 if packages cannot be loaded or analysed, 2 on bad usage.
func Main(args []string) int {
	return run(args, os.Stdout, os.Stderr)
}

// finding is one diagnostic with resolved positions.
type finding struct {
	Pkg      string
	PkgID    string
	Analyzer *analysis.Analyzer
	Posn     token.Position
	End      token.Position
	Message  string
	Category string
	Related  []related
}

type related struct {
	Posn    token.Position
	Message string
}

// writers render findings in each output format.
var writers = map[string]func(io.Writer, []finding, string) error{
	"text":  writeText,
	"json":  writeJSON,
	"sarif": writeSARIF,
}

// Flags returns the flags of the report command, for help to list.
func Flags() *flag.FlagSet {
	fs, _, _ := newFlags(io.Discard)
	return fs
}

// newFlags defines the report command's flags, reporting to stderr.
func newFlags(stderr io.Writer) (fs *flag.FlagSet, format *string, inventory *bool) {
	fs = flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format = fs.String("format", "text", "output format: text, json or sarif")
	inventory = fs.Bool("inventory", false, "also list every shared variable, not only the accesses that can race")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: vtbound report [-format=text|json|sarif] [-inventory] [packages]")
		fs.PrintDefaults()
	}
	return fs, format, inventory
}

func run(args []string, stdout, stderr io.Writer) int {
	fs, format, inventory := newFlags(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	write, ok := writers[*format]
	if !ok {
		fmt.Fprintf(stderr, "vtbound report: unknown -format %q (want text, json or sarif)\n", *format)
		return 2
	}
	if *inventory {
		if err := sharedvar.Analyzer.Flags.Set("inventory", "true"); err != nil {
			fmt.Fprintf(stderr, "vtbound report: %v\n", err)
			return 2
		}
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	findings, err := analyze("", false, patterns)
	if err == nil {
		var wd string
		wd, err = os.Getwd()
		if err == nil {
			err = write(stdout, findings, wd)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "vtbound report: %v\n", err)
		return 1
	}
	return 0
}

// Diagnostic is one finding of the vet suite with resolved positions, for
// other front ends (the language server).
type Diagnostic struct {
	Pkg      string // import path
	PkgID    string // package ID: "p [p.test]" for a test variant
	Analyzer string
	Posn     token.Position
	End      token.Position // invalid when the analyzer gave no end
	Message  string
	Category string // sharedvar: "race" for a finding, "shared" for an inventory entry; checkact: "checkact"
	Related  []Related
}

// Related is a related position of a Diagnostic.
type Related struct {
	Posn    token.Position
	Message string
}

// Analyze loads the packages matching patterns from directory dir (the
// current directory when empty), with their tests if tests is set, and
// returns the vet suite's diagnostics in position order. A package and its
// test variant may report the same diagnostic twice.
func Analyze(dir string, tests bool, patterns []string) ([]Diagnostic, error) {
	fs, err := analyze(dir, tests, patterns)
	out := make([]Diagnostic, 0, len(fs))
	for _, f := range fs {
		d := Diagnostic{Pkg: f.Pkg, PkgID: f.PkgID, Analyzer: f.Analyzer.Name, Posn: f.Posn, End: f.End, Message: f.Message, Category: f.Category}
		for _, r := range f.Related {
			d.Related = append(d.Related, Related(r))
		}
		out = append(out, d)
	}
	return out, err
}

// analyze loads the packages and runs the vet suite on them.
func analyze(dir string, tests bool, patterns []string) ([]finding, error) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Tests: tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("load %v: %w", patterns, err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		return nil, fmt.Errorf("load %v: %d errors", patterns, n)
	}
	graph, err := checker.Analyze(suite.Analyzers, pkgs, nil)
	if err != nil {
		return nil, fmt.Errorf("analyze: %w", err)
	}
	return collect(graph)
}

// collect gathers the diagnostics of the root actions in a stable order.
func collect(graph *checker.Graph) ([]finding, error) {
	var out []finding
	var errs []error
	for _, act := range graph.Roots {
		if act.Err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", act, act.Err))
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			f := finding{Pkg: act.Package.PkgPath, PkgID: act.Package.ID, Analyzer: act.Analyzer, Posn: fset.Position(d.Pos), Message: d.Message, Category: d.Category}
			if d.End.IsValid() {
				f.End = fset.Position(d.End)
			}
			for _, r := range d.Related {
				f.Related = append(f.Related, related{Posn: fset.Position(r.Pos), Message: r.Message})
			}
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return posLess(out[i].Posn, out[j].Posn) })
	return out, errors.Join(errs...)
}

func posLess(a, b token.Position) bool {
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Column < b.Column
}

// relPath makes file relative to dir when it lies below it.
func relPath(dir, file string) string {
	if rel, err := filepath.Rel(dir, file); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(file)
}
