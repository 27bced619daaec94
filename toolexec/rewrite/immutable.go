package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// mutableVars returns the local variables that may change after their
// declaration: assigned (=, op=, ++, --, a range with =, a := that
// redeclares them), the iteration variables of a range with := in a file
// where they are one variable for the whole loop (sharedLoop: before
// go1.22, each iteration writes them), or whose address is taken,
// explicitly (&v, &v.f, &v[i] of an array) or implicitly by a
// pointer-receiver method call on the variable or by slicing an array. A captured variable
// outside this set holds the same value for its whole life, so reads of it
// can never conflict with anything and need no scheduling point (a
// read-only capture such as a slice header, a map handle or a loop bound).
func mutableVars(files []*ast.File, info *types.Info, sharedLoop func(*ast.File) bool) map[*types.Var]bool {
	m := map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		if v := rootVar(e, info); v != nil {
			m[v] = true
		}
	}
	for _, f := range files {
		shared := sharedLoop(f)
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for _, lhs := range x.Lhs {
					if id, ok := lhs.(*ast.Ident); ok && x.Tok == token.DEFINE && info.Defs[id] != nil {
						continue // declared here, not assigned
					}
					mark(lhs)
				}
			case *ast.IncDecStmt:
				mark(x.X)
			case *ast.RangeStmt:
				if x.Tok == token.ASSIGN || shared {
					mark(x.Key)
					mark(x.Value)
				}
			default:
				if e := addressedOperand(n, info); e != nil {
					mark(e)
				}
			}
			return true
		})
	}
	return m
}

// addressedVars returns the local variables whose address is taken,
// explicitly or implicitly (see addressedOperand). Other goroutines may
// reach such a variable through the pointer, as the go statement's
// argument in go f(&x) or a value sent on a channel, so its accesses are
// candidates, as a captured variable's are.
func addressedVars(files []*ast.File, info *types.Info) map[*types.Var]bool {
	m := map[*types.Var]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if e := addressedOperand(n, info); e != nil {
				if v := rootVar(e, info); v != nil && !isGlobal(v) && !v.IsField() {
					m[v] = true
				}
			}
			return true
		})
	}
	return m
}

// addressedOperand returns the operand whose address n takes: x in &x,
// in a pointer-receiver method selected on the value x, and in x[:]
// slicing an array value; nil otherwise.
func addressedOperand(n ast.Node, info *types.Info) ast.Expr {
	switch x := n.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return x.X
		}
	case *ast.SelectorExpr:
		if pointerMethodOnValue(x, info) {
			return x.X
		}
	case *ast.SliceExpr:
		if _, isArray := typeUnder(info.TypeOf(x.X)).(*types.Array); isArray {
			return x.X
		}
	}
	return nil
}

// rootVar returns the variable whose storage e denotes, through parens,
// fields of struct values and elements of arrays; nil otherwise (for
// example through a pointer, a slice or a map, which do not change the
// variable itself).
func rootVar(e ast.Expr, info *types.Info) *types.Var {
	for e != nil {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			if v == nil {
				v, _ = info.Defs[x].(*types.Var)
			}
			return v
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal || sel.Indirect() {
				return nil
			}
			if _, isPtr := typeUnder(info.TypeOf(x.X)).(*types.Pointer); isPtr {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			if _, isArray := typeUnder(info.TypeOf(x.X)).(*types.Array); !isArray {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
	return nil
}

// pointerMethodOnValue reports whether x selects a method with a pointer
// receiver on an addressable value (not a pointer), which takes its
// address implicitly.
func pointerMethodOnValue(x *ast.SelectorExpr, info *types.Info) bool {
	sel := info.Selections[x]
	if sel == nil || (sel.Kind() != types.MethodVal && sel.Kind() != types.MethodExpr) {
		return false
	}
	fn, ok := sel.Obj().(*types.Func)
	if !ok {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	if _, ptrRecv := sig.Recv().Type().(*types.Pointer); !ptrRecv {
		return false
	}
	_, isPtr := typeUnder(info.TypeOf(x.X)).(*types.Pointer)
	return !isPtr
}
