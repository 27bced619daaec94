package alias

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"
	"testing"
)

var builtinRE = regexp.MustCompile(`BUILTIN:\s*(shared|local)`)

// TestBuiltinSites checks `// BUILTIN: shared|local` lines: the first
// builtin call (or range over a map) on the line, asked about as an index
// expression of its container positioned at the call's left parenthesis
// (the range's for), as the rewriter asks, has an elem: group with that
// sharing.
func TestBuiltinSites(t *testing.T) {
	checked := 0
	for _, p := range load(t, "testdata/aliastest", "./builtins") {
		r := analyze(t, p)
		for _, f := range p.Syntax {
			ops := containerOps(p.Fset, f)
			for _, cg := range f.Comments {
				m := builtinRE.FindStringSubmatch(cg.Text())
				if m == nil {
					continue
				}
				checked++
				line := p.Fset.Position(cg.Pos()).Line
				e := ops[line]
				if e == nil {
					t.Errorf("line %d: no builtin call or range", line)
					continue
				}
				g, shared, ok := r.SiteGroup(e)
				if !ok || shared != (m[1] == "shared") || !strings.HasPrefix(g, "elem:") {
					t.Errorf("line %d: got %q shared=%v ok=%v; want an elem: group, %s", line, g, shared, ok, m[1])
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no BUILTIN comments")
	}
}

// containerOps returns, per line, the rewriter's question for the first
// builtin call or range statement on it.
func containerOps(fset *token.FileSet, f *ast.File) map[int]*ast.IndexExpr {
	out := map[int]*ast.IndexExpr{}
	add := func(pos token.Pos, x ast.Expr, at token.Pos) {
		if line := fset.Position(pos).Line; out[line] == nil {
			out[line] = &ast.IndexExpr{X: x, Lbrack: at, Index: &ast.BadExpr{}}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && len(n.Args) > 0 && strings.Contains(" delete clear copy append len ", " "+id.Name+" ") {
				add(n.Pos(), n.Args[0], n.Lparen)
			}
		case *ast.RangeStmt:
			add(n.Pos(), n.X, n.For)
		}
		return true
	})
	return out
}
