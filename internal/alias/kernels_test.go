package alias

import (
	"go/ast"
	"go/types"
	"testing"
)

// TestKernelsShared is the static half of kernel soundness: in the bug
// kernels of testdata/e2e/kernels (every kernel of the project's
// catalogue, written as a user would), every access made inside a function
// literal to a variable declared outside it (what goroutines share there)
// is judged shared, so the compile wrapper instruments it.
func TestKernelsShared(t *testing.T) {
	p := load(t, "../../testdata/e2e/kernels", ".")[0]
	r := analyze(t, p)
	checked := 0
	for _, f := range p.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.FuncLit)
			if !ok {
				return true
			}
			checked += checkCaptured(t, r, p.TypesInfo, lit)
			return false // nested literals are inside lit: already checked
		})
	}
	t.Logf("%d captured accesses checked", checked)
	if checked < 50 {
		t.Fatalf("checked only %d captured accesses; kernels missing?", checked)
	}
}

// checkCaptured checks the accesses in lit to variables declared outside.
func checkCaptured(t *testing.T, r *Result, info *types.Info, lit *ast.FuncLit) int {
	checked := 0
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if _, ok := r.accessPos(e); !ok {
			return true
		}
		v := rootVar(info, e)
		if v == nil || (v.Pos() >= lit.Pos() && v.Pos() < lit.End()) {
			return true
		}
		checked++
		if _, shared, _ := r.SiteGroup(e); !shared {
			t.Errorf("%s: access %s to captured %s judged goroutine-local", r.fset.Position(e.Pos()), describe(r, e), v.Name())
		}
		return true
	})
	return checked
}

// rootVar returns the variable an access expression starts from.
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[e].(*types.Var)
		return v
	case *ast.SelectorExpr:
		if info.Selections[e] == nil {
			v, _ := info.Uses[e.Sel].(*types.Var)
			return v
		}
		return rootVar(info, e.X)
	case *ast.IndexExpr:
		return rootVar(info, e.X)
	case *ast.StarExpr:
		return rootVar(info, e.X)
	case *ast.CallExpr:
		return nil
	}
	return nil
}
