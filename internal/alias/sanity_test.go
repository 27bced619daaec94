package alias

import (
	"go/ast"
	"strings"
	"testing"
)

// TestSanityDetectsBrokenInvariants corrupts a solved result in the ways
// the sanity mode is meant to catch and checks that each is reported.
func TestSanityDetectsBrokenInvariants(t *testing.T) {
	p := load(t, "testdata/aliastest", "./a")[0]
	cases := map[string]func(r *Result){
		"is not shared": func(r *Result) { // unshare the class of a global
			for i, n := range r.g.nodes {
				for _, l := range n.labels {
					if l.kind == labelGlobal {
						r.g.nodes[i].escaped = false
						return
					}
				}
			}
		},
		"parent chain has a cycle": func(r *Result) {
			a, b := r.g.fresh(), r.g.fresh()
			r.g.nodes[a].parent, r.g.nodes[b].parent = b, a
		},
		"but its pointee": func(r *Result) { // a shared class pointing to an unshared one
			a, b := r.g.fresh(), r.g.fresh()
			r.g.nodes[a].escaped, r.g.nodes[a].pt = true, b
		},
	}
	for want, corrupt := range cases {
		r := analyze(t, p) // analyze runs with Sanity on: a clean result passes
		corrupt(r)
		err := r.sanityCheck()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("corruption %q: sanity check returned %v", want, err)
		}
	}
}

// TestSiteGroupNonAccess: expressions that denote no memory are not sites.
func TestSiteGroupNonAccess(t *testing.T) {
	p := load(t, "testdata/aliastest", "./a")[0]
	r := analyze(t, p)
	for _, name := range []string{"globals", "sync", "T"} {
		obj := p.Types.Scope().Lookup(name)
		for id, o := range p.TypesInfo.Uses {
			if o == obj || (name == "sync" && id.Name == "sync") {
				if _, _, ok := r.SiteGroup(id); ok {
					t.Errorf("%s: identifier %s reported as a memory access", p.Fset.Position(id.Pos()), id.Name)
				}
			}
		}
	}
}

// TestMissingInfo: a types.Info without what go/ssa needs is an error,
// not a panic.
func TestMissingInfo(t *testing.T) {
	p := load(t, "testdata/aliastest", "./a")[0]
	info := *p.TypesInfo
	info.Selections = nil
	if _, err := Analyze(p.Fset, p.Syntax, p.Types, &info); err == nil {
		t.Fatal("Analyze accepted a types.Info without Selections")
	}
}

// TestClassify: the hook form reports unknown expressions shared with no
// group and otherwise agrees with SiteGroup.
func TestClassify(t *testing.T) {
	p := load(t, "testdata/aliastest", "./a")[0]
	r := analyze(t, p)
	n := 0
	ast.Inspect(p.Syntax[0], func(node ast.Node) bool {
		e, ok := node.(ast.Expr)
		if !ok {
			return true
		}
		g, s := r.Classify(e)
		sg, ss, ok := r.SiteGroup(e)
		switch {
		case !ok && (g != "" || !s):
			t.Errorf("%s: Classify = %q, %v for a non-access", p.Fset.Position(e.Pos()), g, s)
		case ok && (g != sg || s != ss):
			t.Errorf("%s: Classify = %q, %v; SiteGroup = %q, %v", p.Fset.Position(e.Pos()), g, s, sg, ss)
		case ok && !s:
			n++
		}
		return true
	})
	if n == 0 {
		t.Error("no unshared access in testdata: Classify never returned false")
	}
}
