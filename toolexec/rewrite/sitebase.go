package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/dave/dst"
)

// placeSiteBase declares `var _vtbS = _vtbRegister()`, the site base every
// instrumented function refers to, where it changes neither the order in
// which Go initialises the package's variables nor which of them the
// compiler initialises statically:
//
//   - go/types picks the next variable to initialise among the ready ones
//     by its number of dependencies, then by declaration order. Declared
//     before any variable that refers to it, the site base (whose only
//     dependency, the guards, is initialised first) is initialised before
//     any of them becomes ready, and the order of the others is Go's.
//   - The compiler initialises `var b = a` statically unless an earlier
//     initialiser may have changed a, which any call may. The site base's
//     initialiser is a call, so it comes as late as it can: right before
//     the first variable, in Go's initialisation order, whose initialiser
//     runs code (a call other than a conversion or a builtin, a receive) or
//     refers to a function (which may be instrumented); every variable
//     that depends on the site base is one of these, and code run while
//     the package initialises runs from one of these.
//
// Without such a variable the site base is declared at the end of the last
// rewritten file: the variables declared after it, in files left as they
// are, are initialised without running code (at worst the compiler copies
// one of them at run time instead of statically, to the same value).
func (p *pkgRewriter) placeSiteBase(files []*fileRewriter, reg *fileRewriter) {
	decl := &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{siteBaseSpec()}}
	v := firstRunningCode(p.in.Info)
	if v == nil {
		last := reg
		for _, fr := range files {
			if fr.changed {
				last = fr
			}
		}
		decl.Decs.Before = dst.EmptyLine
		last.df.Decls = append(last.df.Decls, decl)
		return
	}
	for _, fr := range files {
		if fr.insertBefore(v, decl) {
			fr.changed = true
			return
		}
	}
	reg.insertAfterImports(decl) // v is declared in a file left alone (cgo): as early as possible
}

// siteBaseSpec is the specification _vtbS = _vtbRegister().
func siteBaseSpec() *dst.ValueSpec {
	return &dst.ValueSpec{Names: []*dst.Ident{ident(siteBase)}, Values: []dst.Expr{&dst.CallExpr{Fun: ident(registerFunc)}}}
}

// firstRunningCode returns the first variable, in initialisation order,
// whose initialiser runs code or refers to a function; nil if none does.
func firstRunningCode(info *types.Info) *types.Var {
	for _, init := range info.InitOrder {
		if runsCode(info, init.Rhs) {
			return init.Lhs[0]
		}
	}
	return nil
}

// runsCode reports whether evaluating e may run code or e refers to a
// function: a call (not a conversion or a builtin), a receive, a function
// literal, a function or method named.
func runsCode(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			tv := info.Types[x.Fun]
			found = found || !(tv.IsType() || tv.IsBuiltin())
		case *ast.UnaryExpr:
			found = found || x.Op == token.ARROW
		case *ast.FuncLit:
			found = true
		case *ast.Ident:
			_, isFunc := info.Uses[x].(*types.Func)
			found = found || isFunc
		}
		return !found
	})
	return found
}

// insertBefore inserts decl, a var declaration of one specification,
// before the declaration of the package-level variable v in this file: as a
// specification of v's group when v is declared in one, whose following
// specification then gets its //line directive. It reports whether v is
// declared in this file.
func (fr *fileRewriter) insertBefore(v *types.Var, decl *dst.GenDecl) bool {
	for i, d := range fr.df.Decls {
		g, ok := d.(*dst.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for j, spec := range g.Specs {
			as, ok := fr.astNode(spec).(*ast.ValueSpec)
			if !ok || !slices.ContainsFunc(as.Names, func(n *ast.Ident) bool { return n.Pos() == v.Pos() }) {
				continue
			}
			if len(g.Specs) == 1 && !g.Lparen {
				decl.Decs.Before, decl.Decs.After = dst.EmptyLine, dst.EmptyLine
				fr.df.Decls = slices.Insert(fr.df.Decls, i, dst.Decl(decl))
				return true
			}
			fr.mark(spec, as.Pos())
			g.Specs = slices.Insert(g.Specs, j, decl.Specs[0])
			return true
		}
	}
	return false
}
