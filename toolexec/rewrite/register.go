package rewrite

import (
	"fmt"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/dst"
)

// methodValueHelpers are the generic helpers that make method values of
// the methods whose value form (api.value) names one, by the shape of the
// rt function they bind: the form, the helper's name, the rt function's
// extra parameters, and the resulting func's signature.
var methodValueHelpers = []struct {
	form                       valueForm
	name, params, args, result string
}{
	{valueMV, "_vtbMV", "", "", ""},
	{valueMVBool, "_vtbMVBool", "", "", "bool"},
	{valueMVInt, "_vtbMVInt", "x int", ", x", ""},
	{valueMVFunc, "_vtbMVFunc", "x func()", ", x", ""},
	{valueMVAny, "_vtbMVAny", "", "", "any"},
	{valueMVPut, "_vtbMVPut", "x any", ", x", ""},
}

// methodValueHelperName names the helper of a bound value form; "" for
// another form.
func methodValueHelperName(form valueForm) string {
	for _, h := range methodValueHelpers {
		if h.form == form {
			return h.name
		}
	}
	return ""
}

// registrationSource renders the package's site table (for
// rt.RegisterTable: one line per site, as a concatenation of string
// constants, which compiles much faster than a composite literal) and
// helpers: declarations in gofmt's layout.
func (p *pkgRewriter) registrationSource() string {
	var b strings.Builder
	register := "RegisterTable"
	if p.in.ConcurrencyOnly {
		register = "RegisterDependency"
	}
	fmt.Fprintf(&b, "func %s() int32 {\n\treturn %s.%s(%s, \"\"+\n", registerFunc, rtName, register, strconv.Quote(p.in.ImportPath))
	for _, s := range p.sites {
		line := strings.Join([]string{tableField(s.file), strconv.Itoa(s.line), strconv.Itoa(s.col), s.kind, tableField(s.group), tableField(s.name)}, "\t")
		fmt.Fprintf(&b, "\t\t%s+\n", strconv.Quote(line+"\n"))
	}
	fmt.Fprintf(&b, "\t\t\"\", %s[:])\n}\n\n", guardsName)
	for _, h := range []struct{ name, hook string }{{readHelper, "Read"}, {writeHelp, "Write"}} {
		fmt.Fprintf(&b, "func %s[T any](g int, site int32, p *T) *T {\n\tif %s[g].On() {\n\t\t%s.%s(site, %s.Pointer(p))\n\t}\n\treturn p\n}\n\n",
			h.name, guardsName, rtName, h.hook, unsafeName)
	}
	p.containerHelperSource(&b)
	if p.helpers[zeroHelper] {
		fmt.Fprintf(&b, "func %s[T any](<-chan T) (v T, ok bool) { return }\n\n", zeroHelper)
	}
	for _, h := range methodValueHelpers {
		if !p.helpers[h.name] {
			continue
		}
		ret, res, extra := "", "", ""
		if h.result != "" {
			ret, res = "return ", " "+h.result
		}
		if h.params != "" {
			extra = ", " + strings.TrimPrefix(h.params, "x ")
		}
		fmt.Fprintf(&b, "func %s[P any](site int32, r *P, rtf func(int32, *P%s)%s) func(%s)%s {\n\treturn func(%s)%s { %srtf(site, r%s) }\n}\n\n",
			h.name, extra, res, h.params, res, h.params, res, ret, h.args)
	}
	return b.String()
}

// addRegistration makes this file, the first one the compiler is given,
// hold the package registration. The site table is long, so print appends
// it as text (parsing, decorating and printing it again through dst cost a
// quarter of the rewrite) inside the function registerFunc, with the
// helpers; the guards guardsName are declared right after the imports, and
// placeSiteBase declares the variable siteBase that calls registerFunc.
//
// Why first: every instrumented function refers to the guards. Go
// initialises package-level variables in declaration order, each as soon
// as the variables it depends on are initialised (go/types orders the
// ready ones by their number of dependencies, then by declaration). The
// guards have no initialiser and depend on nothing; declared first, they
// are the first variable initialised, before anything else, and never
// hold back a variable whose initialiser calls instrumented code.
func (fr *fileRewriter) addRegistration() {
	fr.isReg, fr.changed = true, true
	fr.regText = strings.TrimRight(fr.p.registrationSource(), "\n") + "\n"
	arr := &dst.ArrayType{Len: intLit(len(fr.p.groupOrder)), Elt: &dst.SelectorExpr{X: ident(rtName), Sel: ident("Guard")}}
	spec := &dst.ValueSpec{Names: []*dst.Ident{ident(guardsName)}, Type: arr}
	fr.insertAfterImports(&dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{spec}})
}

// insertAfterImports inserts decl after the file's import declarations.
func (fr *fileRewriter) insertAfterImports(decl *dst.GenDecl) {
	decl.Decs.Before, decl.Decs.After = dst.EmptyLine, dst.EmptyLine
	i := 0
	for i < len(fr.df.Decls) {
		if g, ok := fr.df.Decls[i].(*dst.GenDecl); !ok || g.Tok != token.IMPORT {
			break
		}
		i++
	}
	fr.df.Decls = slices.Insert(fr.df.Decls, i, dst.Decl(decl))
}

// tableField writes a site-table field: as it is, or as a Go string
// literal when it holds a tab or a newline or starts with a double quote.
func tableField(s string) string {
	if strings.ContainsAny(s, "\t\n") || strings.HasPrefix(s, `"`) {
		return strconv.Quote(s)
	}
	return s
}
