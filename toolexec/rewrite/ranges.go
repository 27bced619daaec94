package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/dave/dst"
)

// rangeAccesses rewrites a range over anything but a channel. Range over a
// map reads the map once, at the start (as the race detector's
// mapiterinit does). Range over a slice or an array pointer with a value
// variable reads one element per iteration, and iteration variables
// assigned with = are written per iteration:
//
//	for k, v = range s { body }
//	→ { _vtbr := s; for _vtbk := range _vtbr { k, v = _vtbk, *_vtbR(g, site, &_vtbr[_vtbk]); { body } } }
func (fr *fileRewriter) rangeAccesses(x *dst.RangeStmt, as *ast.RangeStmt, l *dst.LabeledStmt) []dst.Stmt {
	if !fr.unevaluatedRange(as) {
		x.X = fr.expr(x.X, ctxValue)
	}
	if isMapType(fr.typeOf(as.X)) {
		if group, ok := fr.containerGroup(as.X, as.For); ok {
			x.X = fr.hookCall(mapHelper, as.X.Pos(), false, group, "range "+types.ExprString(as.X), boolLit(false), x.X)
		}
	}
	group, elems := "", fr.rangeElems(as)
	if elems {
		group, elems = fr.containerGroup(as.X, token.NoPos) // SSA has a store of the loop index at For
	}
	assign := x.Tok == token.ASSIGN && indexedRange(fr.typeOf(as.X)) && (fr.candidate(as.Key) || fr.candidate(as.Value))
	if !elems && !assign || (elems && !fr.canRestructure(l, as.Pos(), "range")) {
		x.Body.List = append(fr.loopVarWrites(as), fr.stmtList(x.Body.List)...)
		return []dst.Stmt{withLabel(l, x)}
	}
	return fr.rangeTemps(x, as, l, elems, group)
}

// loopVarWrites returns, for a range statement whose := iteration
// variables are one variable for the whole loop (before go1.22), the
// write each iteration makes to those that may be shared, as statements
// to put first in the loop body: a goroutine started in an earlier
// iteration that still uses the variable races with it, as the race
// detector sees. The write is recorded after the range has assigned the
// variable, with no synchronisation in between. A struct or array variable
// is written whole (an address range).
func (fr *fileRewriter) loopVarWrites(as *ast.RangeStmt) []dst.Stmt {
	if as.Tok != token.DEFINE || !fr.sharedLoop {
		return nil
	}
	var writes []dst.Stmt
	for _, e := range []ast.Expr{as.Key, as.Value} {
		id, ok := e.(*ast.Ident)
		if !ok || isBlank(id) {
			continue
		}
		group, ok := fr.p.defGroup(id)
		if !ok {
			continue
		}
		w := exprStmt(fr.varWrite(id, group))
		fr.mark(w, id.Pos())
		writes = append(writes, w)
	}
	return writes
}

// varWrite returns the scheduling point of a write of the whole variable
// id, of group: _vtbW(g, site, &v), or _vtbWR for a struct or array.
func (fr *fileRewriter) varWrite(id *ast.Ident, group string) dst.Expr {
	if fr.wholeValue(id) {
		return fr.hookCall(writeRange, id.Pos(), true, group, id.Name, addrOf(ident(id.Name)))
	}
	s := fr.namedSite(id.Pos(), "KWrite", group, id.Name)
	return &dst.CallExpr{Fun: ident(writeHelp), Args: []dst.Expr{intLit(fr.p.groupIndex[group]), s, addrOf(ident(id.Name))}}
}

// rangeTemps makes a range statement iterate into temporaries and assign
// the original iteration variables at the top of the body (reading the
// element of group from a copy of the operand when elems).
func (fr *fileRewriter) rangeTemps(x *dst.RangeStmt, as *ast.RangeStmt, l *dst.LabeledStmt, elems bool, group string) []dst.Stmt {
	var pre []dst.Stmt
	key, val := fr.p.newTemp("k"), ""
	rhs := []dst.Expr{ident(key)}
	if elems {
		r := fr.p.newTemp("r")
		pre = append(pre, define(x.X, r))
		x.X = ident(r)
		rhs = append(rhs, fr.elemRead(r, key, as, group))
	} else if x.Value != nil {
		val = fr.p.newTemp("v")
		rhs = append(rhs, ident(val))
	}
	lhs := []dst.Expr{x.Key}
	if x.Value != nil {
		lhs = append(lhs, x.Value)
	}
	if x.Tok == token.ASSIGN {
		for i := range lhs {
			lhs[i] = fr.expr(lhs[i], ctxWrite)
		}
	}
	first := &dst.AssignStmt{Lhs: lhs, Tok: x.Tok, Rhs: rhs[:len(lhs)]}
	fr.mark(first, as.Pos())
	x.Key, x.Value, x.Tok = ident(key), nil, token.DEFINE
	if val != "" {
		x.Value = ident(val)
	}
	body := block(fr.stmtList(x.Body.List)...) // its own scope, as the body may redeclare k or v
	x.Body.List = []dst.Stmt{first, body}
	if len(pre) == 0 {
		return []dst.Stmt{withLabel(l, x)}
	}
	fr.mark(x, as.Pos())
	return []dst.Stmt{block(append(pre, withLabel(l, x))...)}
}

// rangeElems reports whether a range statement reads slice or array
// elements through its value variable: a slice or array pointer with a
// non-blank value, and iteration variables that are new per iteration or
// assigned (before go1.22 a := variable is one for the loop, and the
// rewrite would make it one per iteration).
func (fr *fileRewriter) rangeElems(as *ast.RangeStmt) bool {
	if as.Value == nil || isBlank(as.Value) || as.Key == nil {
		return false
	}
	if as.Tok == token.DEFINE && fr.sharedLoop {
		return false
	}
	switch t := coreType(fr.typeOf(as.X)).(type) {
	case *types.Slice:
		return true
	case *types.Pointer:
		_, ok := typeUnder(t.Elem()).(*types.Array)
		return ok
	}
	return false
}

// candidate reports whether e (nil allowed) is an access candidate.
func (fr *fileRewriter) candidate(e ast.Expr) bool {
	if e == nil || isBlank(e) {
		return false
	}
	_, ok := fr.p.accessGroup(e)
	return ok
}

// elemRead returns the read of r[k], the element of group that a range
// over as.X reads.
func (fr *fileRewriter) elemRead(r, k string, as *ast.RangeStmt, group string) dst.Expr {
	e := &dst.IndexExpr{X: ident(r), Index: ident(k)}
	key := types.ExprString(as.Key)
	if key == "_" {
		key = "i"
	}
	name := types.ExprString(as.X) + "[" + key + "]"
	var elem types.Type
	switch t := coreType(fr.typeOf(as.X)).(type) {
	case *types.Slice:
		elem = t.Elem()
	case *types.Pointer:
		elem = typeUnder(t.Elem()).(*types.Array).Elem()
	}
	switch typeUnder(elem).(type) {
	case *types.Struct, *types.Array:
		return &dst.StarExpr{X: fr.hookCall(readRange, as.X.Pos(), false, group, name, addrOf(e))}
	}
	return fr.accessExpr(e, as.X.Pos(), false, group, name)
}

// indexedRange reports whether a range over a value of type t yields
// values of fixed types (a slice, array, array pointer, map or string),
// which temporaries can carry; not an integer (whose untyped constant
// takes the type of an assigned variable) or a function.
func indexedRange(t types.Type) bool {
	switch t := coreType(t).(type) {
	case *types.Slice, *types.Array, *types.Map:
		return true
	case *types.Pointer:
		_, ok := typeUnder(t.Elem()).(*types.Array)
		return ok
	case *types.Basic:
		return t.Info()&types.IsString != 0
	}
	return false
}

// unevaluatedRange reports whether Go does not evaluate the range
// expression (go/types' rangeStmt, which the compiler follows): no value
// variable (a blank one counts) and an operand whose type's underlying type
// is an array or array pointer (not a type parameter's) without function
// calls or receives, so that its length is constant.
func (fr *fileRewriter) unevaluatedRange(as *ast.RangeStmt) bool {
	if as.Value != nil {
		return false
	}
	switch t := typeUnder(fr.typeOf(as.X)).(type) {
	case *types.Array:
	case *types.Pointer:
		if _, ok := typeUnder(t.Elem()).(*types.Array); !ok {
			return false
		}
	default:
		return false
	}
	return !fr.callOrRecv(as.X)
}

// callOrRecv reports whether e holds a function call or a receive in the
// sense of the rule for constant lengths: a conversion is no call, nor is a
// builtin call whose value is constant (len of an array), whose operands
// are then not evaluated either; function literals are not looked into.
func (fr *fileRewriter) callOrRecv(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			found = found || x.Op == token.ARROW
		case *ast.CallExpr:
			tv := fr.info.Types[x.Fun]
			switch {
			case tv.IsType():
			case tv.IsBuiltin() && fr.info.Types[x].Value != nil:
				return false
			default:
				found = true
			}
		}
		return !found
	})
	return found
}
