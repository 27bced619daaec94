package sharedvar

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/vtbound/vtbound/analyzers/vargroups"
	"golang.org/x/tools/go/analysis"
)

// raceDiagnostic reports the accesses of g that can race at the first of
// them, naming the access it can race with; every racy access is a
// related position, and so is the declaration.
func raceDiagnostic(pass *analysis.Pass, g *vargroups.Group, accs []access, races []race) analysis.Diagnostic {
	first := races[0]
	a, b := accs[first.at], accs[first.with]
	name := displayName(pass, g.Name, g.Decl)
	var msg string
	if first.at == first.with {
		msg = fmt.Sprintf("data race on %s: %s (%s) can run on two goroutines at once (%s), with no lock in common",
			name, kind(a), held(a), strings.Join(entryNames(a, b), ", "))
	} else {
		msg = fmt.Sprintf("data race on %s: %s (%s) can run at the same time as the %s at %s (%s), from %s, with no lock in common and no synchronisation ordering them",
			name, kind(a), held(a), kind(b), shortPos(pass, b), held(b), strings.Join(entryNames(a, b), ", "))
	}
	if len(races) > 1 {
		msg += fmt.Sprintf("; %d of its %d accesses can race", len(races), len(accs))
	}
	var rel []analysis.RelatedInformation
	for _, r := range races {
		x, y := accs[r.at], accs[r.with]
		rel = append(rel, analysis.RelatedInformation{Pos: x.site.Pos,
			Message: fmt.Sprintf("%s (%s) can race with the %s at %s", kind(x), held(x), kind(y), shortPos(pass, y))})
	}
	if g.Decl.IsValid() {
		rel = append(rel, analysis.RelatedInformation{Pos: g.Decl, Message: "declared here"})
	}
	return analysis.Diagnostic{Pos: a.site.Pos, Category: "race", Message: msg, Related: rel}
}

// kind says whether a reads or writes.
func kind(a access) string {
	if a.site.Write {
		return "write"
	}
	return "read"
}

// held says which locks a holds.
func held(a access) string {
	if len(a.locks) == 0 {
		return "no lock held"
	}
	return "holds " + strings.Join(a.locks.Names(), ", ")
}

// shortPos renders the position of a as file.go:line.
func shortPos(pass *analysis.Pass, a access) string {
	p := pass.Fset.Position(a.site.Pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// entryNames lists the entry points reaching a or b, sorted.
func entryNames(a, b access) []string {
	set := map[string]bool{}
	for _, e := range append(append([]*entry(nil), a.entries...), b.entries...) {
		set[e.String()] = true
	}
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
