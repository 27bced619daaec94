package sharedvar

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/vtbound/vtbound/analyzers/internal/analysisdoc"
	"github.com/vtbound/vtbound/analyzers/internal/syncorder"
	"github.com/vtbound/vtbound/analyzers/vargroups"
	"github.com/vtbound/vtbound/internal/alias"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

//go:embed doc.go
var doc string

// Analyzer reports variables shared between goroutines; see the package
// documentation.
var Analyzer = &analysis.Analyzer{
	Name:     "sharedvar",
	Doc:      analysisdoc.Extract(doc, "sharedvar"),
	URL:      "https://pkg.go.dev/github.com/vtbound/vtbound/analyzers/sharedvar",
	Requires: []*analysis.Analyzer{vargroups.Analyzer},
	Run:      run,
}

var (
	minEntries = 2
	inventory  = false
)

func init() {
	Analyzer.Flags.IntVar(&minEntries, "min-entries", minEntries, "report a shared variable only if at least this many goroutine entry points reach it")
	Analyzer.Flags.BoolVar(&inventory, "inventory", inventory, "also list every shared variable (category \"shared\"), not only the accesses that can race")
}

func run(pass *analysis.Pass) (any, error) {
	if !concurrent(pass) {
		return nil, nil
	}
	res := pass.ResultOf[vargroups.Analyzer].(*vargroups.Result)
	if res.Alias == nil {
		return nil, nil // package skipped by vargroups
	}
	a := &analysisState{
		cg: buildCallGraph(pass.Fset, res.Alias),
	}
	a.order = syncorder.New(res.Alias, a.cg.single)
	a.locks = allHeldLocks(a.cg)
	for _, g := range res.Groups {
		if g.Shared {
			a.reportGroup(pass, g)
		}
	}
	return nil, nil
}

// concurrent reports whether the package can matter: it has go statements
// or channels, or imports sync or sync/atomic.
func concurrent(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		if imp.Path() == "sync" || imp.Path() == "sync/atomic" {
			return true
		}
	}
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.GoStmt, *ast.ChanType, *ast.SendStmt:
				found = true
			}
			return !found
		})
	}
	return found
}

// analysisState is what the analysis of one package computes once for all
// of its groups.
type analysisState struct {
	cg    *callGraph
	locks map[*ssa.Function]map[ssa.Instruction]lockset
	order *syncorder.Order
}

// access is one shared access of a group, with the locks held at it.
type access struct {
	site    alias.Site
	locks   lockset
	entries []*entry
	home    *ssa.Function // for a local variable, the function declaring it
}

// reportGroup reports the accesses of g that can race, and with
// -inventory the variable itself, if enough entry points reach its shared
// accesses and some of them may run concurrently without synchronisation
// ordering them.
func (st *analysisState) reportGroup(pass *analysis.Pass, g *vargroups.Group) {
	var accs []access
	entries := map[*entry]bool{}
	home := st.declaringFunc(pass, g.Decl)
	for _, s := range g.Sites {
		fn := s.Instr.Parent()
		if !s.Shared || len(st.cg.reachedBy[fn]) == 0 || initialises(s.Instr) {
			continue
		}
		for _, e := range st.cg.reachedBy[fn] {
			entries[e] = true
		}
		accs = append(accs, access{site: s, locks: st.locks[fn][s.Instr], entries: st.cg.reachedBy[fn], home: home})
	}
	weight := 0
	for e := range entries {
		weight += e.weight()
	}
	if !anyWrite(accs, initExtent(pass, g.Decl)) || weight < minEntries {
		return
	}
	if races := st.races(accs); len(races) > 0 {
		pass.Report(raceDiagnostic(pass, g, accs, races))
	}
	if inventory {
		st.reportShared(pass, g, accs, entries)
	}
}

// declaringFunc returns the function that declares the local variable or
// parameter at decl, or nil when decl declares no local.
func (st *analysisState) declaringFunc(pass *analysis.Pass, decl token.Pos) *ssa.Function {
	if !decl.IsValid() || !isLocal(pass, decl) {
		return nil
	}
	var best *ssa.Function
	for _, fn := range st.cg.res.Functions() {
		syn := fn.Syntax()
		if syn == nil || decl < syn.Pos() || decl >= syn.End() {
			continue
		}
		if best == nil || syn.Pos() >= best.Syntax().Pos() && syn.End() <= best.Syntax().End() {
			best = fn
		}
	}
	return best
}

// isLocal reports whether decl is the position of a local variable's or
// parameter's name.
func isLocal(pass *analysis.Pass, decl token.Pos) bool {
	for id, obj := range pass.TypesInfo.Defs {
		if v, ok := obj.(*types.Var); ok && id.Pos() == decl && !v.IsField() && v.Parent() != pass.Pkg.Scope() {
			return true
		}
	}
	return false
}

// reportShared reports g as an entry of the inventory of shared variables,
// unless every conflicting pair of its accesses is ordered (handed over).
func (st *analysisState) reportShared(pass *analysis.Pass, g *vargroups.Group, accs []access, entries map[*entry]bool) {
	common, unprotected := commonLock(accs)
	if st.handedOver(accs) == len(accs) {
		return // every conflicting pair is ordered: data handed over
	}
	unprotected -= st.orderedUnprotected(accs, common)
	pos := g.Decl
	if !pos.IsValid() {
		pos = accs[0].site.Pos
	}
	pass.Report(analysis.Diagnostic{
		Pos:      pos,
		Category: "shared",
		Message:  message(pass, g.Name, pos, entries, len(accs), unprotected, common),
		Related:  related(accs),
	})
}

// anyWrite reports whether some access writes, other than the
// initialisation (which precedes any sharing): data only read cannot race.
func anyWrite(accs []access, init [2]token.Pos) bool {
	for _, a := range accs {
		if a.site.Write && (a.site.Pos < init[0] || a.site.Pos >= init[1]) {
			return true
		}
	}
	return false
}

// initExtent returns the source range whose writes initialise the variable
// declared at decl: the declaration itself, or the whole composite literal
// when decl is the '{' of one (an allocation site).
func initExtent(pass *analysis.Pass, decl token.Pos) [2]token.Pos {
	ext := [2]token.Pos{decl, decl + 1}
	if !decl.IsValid() {
		return ext
	}
	for _, f := range pass.Files {
		if decl < f.Pos() || decl >= f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok && lit.Lbrace == decl {
				ext = [2]token.Pos{lit.Pos(), lit.End()}
			}
			return n == nil || (n.Pos() <= decl && decl < n.End())
		})
	}
	return ext
}

// commonLock finds the lock held at most accesses and counts the accesses
// that do not hold it.
func commonLock(accs []access) (lock string, unprotected int) {
	count := map[string]int{}
	for _, a := range accs {
		for l := range a.locks {
			count[l]++
		}
	}
	best := 0
	for l, n := range count {
		if n > best || (n == best && l < lock) {
			lock, best = l, n
		}
	}
	return lock, len(accs) - best
}

// message renders the diagnostic of a shared variable.
func message(pass *analysis.Pass, group string, decl token.Pos, entries map[*entry]bool, sites, unprotected int, lock string) string {
	var names []string
	for e := range entries {
		names = append(names, e.String())
	}
	sort.Strings(names)
	msg := fmt.Sprintf("%s is shared between goroutines (reached from %s): %d access sites, %d not protected by a common lock",
		displayName(pass, group, decl), strings.Join(names, ", "), sites, unprotected)
	if lock != "" {
		msg += " (common lock " + lock + ")"
	}
	return msg
}

// displayName names a group for people: local variables by name.
func displayName(pass *analysis.Pass, group string, decl token.Pos) string {
	if strings.HasPrefix(group, "alloc:") || strings.HasPrefix(group, "elem:") || strings.HasPrefix(group, "type:") {
		return "variable " + group
	}
	for id, obj := range pass.TypesInfo.Defs {
		if v, ok := obj.(*types.Var); ok && id.Pos() == decl && !v.IsField() && v.Parent() != pass.Pkg.Scope() {
			return fmt.Sprintf("variable %s (%s)", v.Name(), group)
		}
	}
	return "variable " + group
}

// related lists every access, saying whether it writes and what it holds.
func related(accs []access) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for _, a := range accs {
		out = append(out, analysis.RelatedInformation{Pos: a.site.Pos, Message: kind(a) + " (" + held(a) + ")"})
	}
	return out
}
