package alias

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"
	"testing"
)

// want is one expectation from a `// WANT:` or `// ALLOC:` comment.
type want struct {
	pos    token.Position
	shared bool
	group  string // empty for ALLOC lines
}

var wantRE = regexp.MustCompile(`//\s*(WANT|ALLOC):\s*(shared|local)\s*(\S*)`)

// wants extracts the expectations of a file.
func wants(fset *token.FileSet, f *ast.File) (sites, allocs []want) {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			m := wantRE.FindStringSubmatch(c.Text)
			if m == nil {
				continue
			}
			w := want{pos: fset.Position(c.Pos()), shared: m[2] == "shared", group: m[3]}
			if m[1] == "WANT" {
				sites = append(sites, w)
			} else {
				allocs = append(allocs, w)
			}
		}
	}
	return sites, allocs
}

// TestWantSites checks inclusion: for every `// WANT: shared|local G` the
// line has an access whose group is G with that sharing. Other accesses on
// the line and other groups are not constrained.
func TestWantSites(t *testing.T) {
	for _, p := range load(t, "testdata/aliastest", "./...") {
		r := analyze(t, p)
		for _, f := range p.Syntax {
			exprs := accessExprs(r, f)
			sites, _ := wants(p.Fset, f)
			if len(sites) == 0 {
				t.Fatalf("%s: no WANT comments", p.Fset.File(f.Pos()).Name())
			}
			for _, w := range sites {
				checkWant(t, r, w, exprs[w.pos.Line])
			}
		}
	}
}

func checkWant(t *testing.T, r *Result, w want, exprs []ast.Expr) {
	t.Helper()
	var got []string
	for _, e := range exprs {
		g, shared, ok := r.SiteGroup(e)
		if ok && g == w.group && shared == w.shared {
			return
		}
		got = append(got, describe(r, e))
	}
	t.Errorf("%s: want %s (shared=%v); got %s", w.pos, w.group, w.shared, strings.Join(got, ", "))
}

// TestAllocSites checks `// ALLOC: shared|local` lines: an allocation site
// on the line has that sharing, also when asked through AllocGroup.
func TestAllocSites(t *testing.T) {
	for _, p := range load(t, "testdata/aliastest", "./...") {
		r := analyze(t, p)
		byLine := map[int][]AllocSite{}
		for _, a := range r.AllocSites() {
			line := p.Fset.Position(a.Pos).Line
			byLine[line] = append(byLine[line], a)
		}
		for _, f := range p.Syntax {
			_, allocs := wants(p.Fset, f)
			for _, w := range allocs {
				if !hasAlloc(byLine[w.pos.Line], w.shared) {
					t.Errorf("%s: want an allocation with shared=%v, got %+v", w.pos, w.shared, byLine[w.pos.Line])
				}
			}
			checkAllocGroups(t, r, f)
		}
	}
}

func hasAlloc(as []AllocSite, shared bool) bool {
	for _, a := range as {
		if a.Shared == shared && strings.HasPrefix(a.Group, "alloc:") {
			return true
		}
	}
	return false
}

// checkAllocGroups: every composite literal or new/make call that SSA
// allocates is found by AllocGroup with the same group as AllocSites.
func checkAllocGroups(t *testing.T, r *Result, f *ast.File) {
	groups := map[string]bool{}
	for _, a := range r.AllocSites() {
		groups[a.Group] = true
	}
	found := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			if g, _, ok := r.AllocGroup(e); ok && groups[g] {
				found++
			}
		}
		return true
	})
	if found == 0 {
		t.Errorf("AllocGroup found no allocation site of %s", r.fset.File(f.Pos()).Name())
	}
}

var objectsRE = regexp.MustCompile(`OBJECTS:((?:\s+\S+)+)`)

// TestObjects checks alias inclusion: the objects listed after
// `// OBJECTS:` are among those some access on the line may touch.
func TestObjects(t *testing.T) {
	checked := 0
	for _, p := range load(t, "testdata/aliastest", "./...") {
		r := analyze(t, p)
		for _, f := range p.Syntax {
			exprs := accessExprs(r, f)
			for _, cg := range f.Comments {
				for _, c := range cg.List {
					m := objectsRE.FindStringSubmatch(c.Text)
					if m == nil {
						continue
					}
					checked++
					pos := p.Fset.Position(c.Pos())
					checkObjects(t, r, pos, strings.Fields(m[1]), exprs[pos.Line])
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no OBJECTS comments in testdata")
	}
}

func checkObjects(t *testing.T, r *Result, pos token.Position, want []string, exprs []ast.Expr) {
	t.Helper()
	got := map[string]bool{}
	for _, e := range exprs {
		for _, o := range r.Objects(e) {
			got[o] = true
		}
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("%s: want object %s among %v", pos, w, got)
		}
	}
}
