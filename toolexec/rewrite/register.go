package rewrite

import (
	"fmt"
	"strconv"
	"strings"
)

// methodValueHelpers are the generic helpers that make method values of
// sync methods, by the shape of the rt function they bind: name, the rt
// function's extra parameters, and the resulting func's signature.
var methodValueHelpers = []struct{ name, params, args, result string }{
	{"_vtbMV", "", "", ""},
	{"_vtbMVBool", "", "", "bool"},
	{"_vtbMVInt", "x int", ", x", ""},
	{"_vtbMVFunc", "x func()", ", x", ""},
	{"_vtbMVAny", "", "", "any"},
	{"_vtbMVPut", "x any", ", x", ""},
}

// methodValueHelper names the helper binding the rt function rtFunc.
func methodValueHelper(rtFunc string) string {
	switch rtFunc {
	case "TryLock", "RWTryLock", "TryRLock":
		return "_vtbMVBool"
	case "WGAdd":
		return "_vtbMVInt"
	case "WGGo", "OnceDo":
		return "_vtbMVFunc"
	case "PoolGet":
		return "_vtbMVAny"
	case "PoolPut":
		return "_vtbMVPut"
	}
	return "_vtbMV"
}

// registrationSource renders the package's site table (for
// rt.RegisterTable: one line per site, as a concatenation of string
// constants, which compiles much faster than a composite literal), guards
// and helpers: declarations in gofmt's layout.
func (p *pkgRewriter) registrationSource() string {
	var b strings.Builder
	fmt.Fprintf(&b, "var %s [%d]%s.Guard\n\n", guardsName, len(p.groupOrder), rtName)
	fmt.Fprintf(&b, "var %s = %s.RegisterTable(%s, \"\"+\n", siteBase, rtName, strconv.Quote(p.in.ImportPath))
	for _, s := range p.sites {
		line := strings.Join([]string{tableField(s.file), strconv.Itoa(s.line), strconv.Itoa(s.col), s.kind, tableField(s.group), tableField(s.name)}, "\t")
		fmt.Fprintf(&b, "\t%s+\n", strconv.Quote(line+"\n"))
	}
	fmt.Fprintf(&b, "\t\"\", %s[:])\n\n", guardsName)
	for _, h := range []struct{ name, hook string }{{readHelper, "Read"}, {writeHelp, "Write"}} {
		fmt.Fprintf(&b, "func %s[T any](g int, site int32, p *T) *T {\n\tif %s[g].On() {\n\t\t%s.%s(site, %s.Pointer(p))\n\t}\n\treturn p\n}\n\n",
			h.name, guardsName, rtName, h.hook, unsafeName)
	}
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

// addRegistration makes this file hold the package registration, which
// print appends as text: the site table of a large package is long, and
// parsing, decorating and printing it again through dst cost a quarter of
// the rewrite.
func (fr *fileRewriter) addRegistration() {
	fr.isReg = true
	fr.regText = strings.TrimRight(fr.p.registrationSource(), "\n") + "\n"
}

// tableField writes a site-table field: as it is, or as a Go string
// literal when it holds a tab or a newline or starts with a double quote.
func tableField(s string) string {
	if strings.ContainsAny(s, "\t\n") || strings.HasPrefix(s, `"`) {
		return strconv.Quote(s)
	}
	return s
}
