package vargroups

import (
	_ "embed"
	"fmt"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/vtbound/vtbound/analyzers/internal/analysisdoc"
	"github.com/vtbound/vtbound/internal/alias"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer computes variable groups; see the package documentation.
var Analyzer = &analysis.Analyzer{
	Name:       "vargroups",
	Doc:        analysisdoc.Extract(doc, "vargroups"),
	URL:        "https://pkg.go.dev/github.com/vtbound/vtbound/analyzers/vargroups",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(PackageGroups), new(VarGroup)},
}

var (
	sanity bool
	std    bool
)

func init() {
	Analyzer.Flags.BoolVar(&sanity, "sanity", false, "check the alias solver's invariants (slow; for debugging)")
	Analyzer.Flags.BoolVar(&std, "std", false, "also analyse standard-library packages (skipped by default: they are only dependencies)")
}

// Result is the analyzer's result: the alias analysis of the package and
// its groups.
type Result struct {
	Alias  *alias.Result // the underlying analysis, for further queries; nil if the package was skipped
	Groups []*Group      // sorted by name
}

// Group is one variable group and its accesses in the package.
type Group struct {
	Name   string
	Shared bool         // some access may touch memory reachable by two goroutines
	Decl   token.Pos    // declaration in this package, or token.NoPos
	Sites  []alias.Site // accesses, by position
}

func run(pass *analysis.Pass) (any, error) {
	if !std && inGOROOT(pass) {
		exportFacts(pass, &Result{})
		return &Result{}, nil
	}
	ar, err := alias.AnalyzeWith(pass.Fset, pass.Files, pass.Pkg, pass.TypesInfo, alias.Options{Sanity: sanity})
	if err != nil {
		return nil, fmt.Errorf("vargroups: %w", err)
	}
	res := &Result{Alias: ar, Groups: groups(ar)}
	exportFacts(pass, res)
	return res, nil
}

// inGOROOT reports whether the package is part of the standard library,
// judged by where its files are.
func inGOROOT(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 || build.Default.GOROOT == "" {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	root := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	return strings.HasPrefix(name, root)
}

// groups collects the sites of each group.
func groups(ar *alias.Result) []*Group {
	byName := map[string]*Group{}
	for _, s := range ar.Sites() {
		g := byName[s.Group]
		if g == nil {
			g = &Group{Name: s.Group, Decl: ar.DeclPos(s.Group)}
			byName[s.Group] = g
		}
		g.Shared = g.Shared || s.Shared
		g.Sites = append(g.Sites, s)
	}
	out := make([]*Group, 0, len(byName))
	for _, g := range byName {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// exportFacts publishes the package's shared groups and the group of each
// package-level variable.
func exportFacts(pass *analysis.Pass, res *Result) {
	pf := new(PackageGroups)
	for _, g := range res.Groups {
		if g.Shared {
			pf.Shared = append(pf.Shared, g.Name)
		}
	}
	pass.ExportPackageFact(pf)
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		if v, ok := scope.Lookup(name).(*types.Var); ok {
			pass.ExportObjectFact(v, &VarGroup{Group: pass.Pkg.Path() + "." + name, Shared: true})
		}
	}
}
