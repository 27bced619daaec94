package rewrite

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The docs' tables of modelled APIs are generated from apiTable between
// these markers; TestAPIDocs fails when they are stale and rewrites them
// with -update.
const (
	apiDocStart = "<!-- modelled APIs: generated from toolexec/rewrite/apis.go; go test ./toolexec/rewrite -run TestAPIDocs -update -->\n"
	apiDocEnd   = "<!-- end of modelled APIs -->\n"
)

// apiDocs are the generated tables: a file of docs/ and its table.
var apiDocs = []struct {
	file   string
	render func() string
}{
	{"compile-wrapper.md", rewriteTableMarkdown},
	{"stdlib.md", stdlibTableMarkdown},
	{"funcvalues.md", valueTableMarkdown},
}

// TestAPIDocs requires that the docs show apiTable as it is (run with
// -update after changing the table).
func TestAPIDocs(t *testing.T) {
	for _, d := range apiDocs {
		file := filepath.Join(repoRoot(t), "docs", d.file)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		before, rest, ok1 := strings.Cut(string(data), apiDocStart)
		_, after, ok2 := strings.Cut(rest, apiDocEnd)
		if !ok1 || !ok2 {
			t.Errorf("%s lacks the markers of the generated table", file)
			continue
		}
		want := before + apiDocStart + "\n" + d.render() + "\n" + apiDocEnd + after
		if want == string(data) {
			continue
		}
		if *update {
			if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s is stale: run go test ./toolexec/rewrite -run TestAPIDocs -update", file)
	}
}

// TestAPIDocsRender checks a few cells of the generated tables, so that
// a renderer that drops rows or columns fails.
func TestAPIDocsRender(t *testing.T) {
	for _, c := range []struct{ table, want string }{
		{rewriteTableMarkdown(), "| `sync.RWMutex`: `Lock` → `RWLock`, `Unlock` → `RWUnlock`, `TryLock` → `RWTryLock`, `RLock`, `RUnlock`, `TryRLock` | `_vtbrt.R(site, &x, args)` | " +
			"method value: `_vtbMV(site, &x, _vtbrt.R)` for `Lock`, `Unlock`, `RLock`, `RUnlock`, `_vtbMVBool(site, &x, _vtbrt.R)` for `TryLock`, `TryRLock`; method expression: native, warned |"},
		{rewriteTableMarkdown(), "| `context.WithCancel`, `WithCancelCause`, `WithTimeout`, `WithTimeoutCause`, `WithDeadline`, `WithDeadlineCause`, `AfterFunc` → `ContextAfterFunc`, `Cause` | `_vtbrt.R(site, args)` |"},
		{stdlibTableMarkdown(), "| `time.NewTimer`; `time.Timer`: `Stop`, `Reset` | " + docTimer + " | go: `NewTimer`; timer-set: `Timer.Stop`, `Timer.Reset` |"},
		{stdlibTableMarkdown(), "| `sync.Map`: `Load`, `Range`, `Store`, `Clear`, `LoadOrStore`, `LoadAndDelete`, `Delete`, `Swap`, `CompareAndSwap`, `CompareAndDelete` | " + docMap + " | map-load: `Load`; map-range: `Range`; map-store: `Store`, `Delete`; map-clear: `Clear`; map-rmw: the others |"},
		{stdlibTableMarkdown(), "atomic-load: `LoadInt32`, `LoadInt64`, `LoadPointer`, `LoadUint32`, `LoadUint64`, `LoadUintptr`; atomic-store: `StoreInt32`"},
		{valueTableMarkdown(), "| native, without a warning | `testing.T`: `Run`; `testing.F`: `Fuzz`; `reflect.Value`: `Set`, "},
		{valueTableMarkdown(), "all 86 modelled functions and methods of `sync/atomic`"},
	} {
		if !strings.Contains(c.table, c.want) {
			t.Errorf("generated table lacks %q:\n%s", c.want, c.table)
		}
	}
	if n := strings.Count(rewriteTableMarkdown(), "\n"); n < 30 {
		t.Errorf("the rewrite table has %d lines", n)
	}
}

// groupRows gathers apiTable's rows by key, groups in the order of their
// first row, rows in table order.
func groupRows(key func(a *api) string) [][]*api {
	return groupOf(apiTable, key)
}

// groupOf is groupRows over rows.
func groupOf(rows []api, key func(a *api) string) [][]*api {
	var groups [][]*api
	at := map[string]int{}
	for i := range rows {
		a := &rows[i]
		k := key(a)
		if n, ok := at[k]; ok {
			groups[n] = append(groups[n], a)
			continue
		}
		at[k] = len(groups)
		groups = append(groups, []*api{a})
	}
	return groups
}

// pkgName is the last element of an import path.
func pkgName(path string) string { return path[strings.LastIndex(path, "/")+1:] }

// apiList names rows by receiver (in the order of their first row):
// "`time.Now`, `Since`" for functions, "`sync.Mutex`: `Lock`, `Unlock`"
// for methods; entry renders one row given the name to show.
func apiList(g []*api, entry func(a *api, shown string) string) string {
	var runs []string
	for _, run := range groupOf(derefAll(g), func(a *api) string { return a.pkg + " " + a.recv }) {
		var names []string
		for j, a := range run {
			shown := a.name
			if j == 0 && a.recv == "" {
				shown = pkgName(a.pkg) + "." + shown
			}
			names = append(names, entry(a, shown))
		}
		text := strings.Join(names, ", ")
		if run[0].recv != "" {
			text = "`" + pkgName(run[0].pkg) + "." + run[0].recv + "`: " + text
		}
		runs = append(runs, text)
	}
	return strings.Join(runs, "; ")
}

// plainEntry shows a row's name.
func plainEntry(_ *api, shown string) string { return "`" + shown + "`" }

// rewriteTableMarkdown is docs/compile-wrapper.md's table: how calls and
// values of each API are rewritten.
func rewriteTableMarkdown() string {
	var b strings.Builder
	b.WriteString("| API (→ the rt function R, when named otherwise) | a call becomes | used as a value |\n|---|---|---|\n")
	groups := groupRows(func(a *api) string {
		return fmt.Sprint(a.pkg, a.recv, a.shape, a.value == valueLiteral, a.value.bound(), a.warn)
	})
	for _, g := range groups {
		names := apiList(g, func(a *api, shown string) string {
			if a.rt != a.name && a.shape != shapeAtomicArg && a.shape != shapeAtomicRecv {
				return "`" + shown + "` → `" + a.rt + "`"
			}
			return "`" + shown + "`"
		})
		fmt.Fprintf(&b, "| %s | %s | %s |\n", names, shapeTemplates[g[0].shape], valueCell(g))
	}
	return b.String()
}

// shapeTemplates show what a call of each shape becomes.
var shapeTemplates = [...]string{
	shapeFunc:       "`_vtbrt.R(site, args)`",
	shapeMethod:     "`_vtbrt.R(site, &x, args)`",
	shapeRecv:       "`_vtbrt.R(site, x, args)`",
	shapeAtomicArg:  "`atomic.F(_vtbrt.Atomic(site, _vtbrt.K, p), args)`",
	shapeAtomicRecv: "`_vtbrt.Atomic(site, _vtbrt.K, &x).M(args)`",
	shapeSubtest:    "`t.Run(name, func(t *testing.T) { _vtbrt.Test(t, func(t *testing.T) { body }) })`, in test files",
	shapeFuzz:       "`f.Fuzz(func(t *testing.T, args...) { _vtbrt.Fuzz(t, func(t *testing.T) { body }, args...) })`, in test files",
}

// valueCell says what a group's function values, method values or method
// expressions become; a bound group names its rows' helpers.
func valueCell(g []*api) string {
	native := "native"
	if g[0].warn {
		native += ", warned"
	}
	switch {
	case g[0].value == valueLiteral:
		return "a literal calling rt; " + native + " where it cannot be spelt"
	case g[0].value.bound():
		var helpers []string
		for _, h := range groupOf(derefAll(g), func(a *api) string { return methodValueHelperName(a.value) }) {
			helpers = append(helpers, fmt.Sprintf("`%s(site, &x, _vtbrt.R)` for %s", methodValueHelperName(h[0].value), apiNames(h)))
		}
		return "method value: " + strings.Join(helpers, ", ") + "; method expression: " + native
	}
	return native
}

// derefAll copies the rows of g.
func derefAll(g []*api) []api {
	rows := make([]api, len(g))
	for i, a := range g {
		rows[i] = *a
	}
	return rows
}

// apiNames lists the rows' names.
func apiNames(g []*api) string {
	var names []string
	for _, a := range g {
		names = append(names, "`"+a.name+"`")
	}
	return strings.Join(names, ", ")
}

// stdlibTableMarkdown is docs/stdlib.md's table: what each API does under
// vtbound and the operations it announces.
func stdlibTableMarkdown() string {
	var b strings.Builder
	b.WriteString("| API | under vtbound | operations |\n|---|---|---|\n")
	for _, g := range groupRows(func(a *api) string { return a.pkg + " " + a.doc }) {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", apiList(g, plainEntry), g[0].doc, opsCell(g))
	}
	return b.String()
}

// opsCell lists a group's operations: one when all rows share it, else
// each with its rows, the most frequent one (of three rows or more) last
// as "the others".
func opsCell(g []*api) string {
	var order []string
	rows := map[string][]string{}
	multiRecv := false
	for _, a := range g {
		if _, ok := rows[a.ops]; !ok {
			order = append(order, a.ops)
		}
		name := a.name
		if a.recv != g[0].recv {
			multiRecv = true
		}
		rows[a.ops] = append(rows[a.ops], name)
	}
	if len(order) == 1 {
		return opsText(order[0])
	}
	if multiRecv {
		for _, a := range g {
			rows[a.ops] = nil
		}
		for _, a := range g {
			rows[a.ops] = append(rows[a.ops], strings.TrimPrefix(a.recv+"."+a.name, "."))
		}
	}
	most := order[0]
	for _, op := range order {
		if len(rows[op]) > len(rows[most]) {
			most = op
		}
	}
	if len(rows[most]) < 3 {
		most = "" // few rows: each listed
	}
	var parts []string
	for _, op := range order {
		if op != most {
			parts = append(parts, opsText(op)+": `"+strings.Join(rows[op], "`, `")+"`")
		}
	}
	if most != "" {
		parts = append(parts, opsText(most)+": the others")
	}
	return strings.Join(parts, "; ")
}

// opsText shows a row's operations: "wg-add, then go".
func opsText(ops string) string { return strings.Join(strings.Fields(ops), ", then ") }

// valueCategories are the rows of docs/funcvalues.md's table: what a value
// becomes, and which rows it holds.
var valueCategories = []struct {
	label string
	holds func(a *api) bool
}{
	{"a function literal calling rt (function values, method values, method expressions); native, with the warning, where the literal cannot be spelt",
		func(a *api) bool { return a.value == valueLiteral && a.warn }},
	{"a function literal calling rt; native, without a warning, where it cannot be spelt",
		func(a *api) bool { return a.value == valueLiteral && !a.warn }},
	{"method values: a call of a helper binding the receiver (`_vtbMV(site, &mu, _vtbrt.Lock)`); method expressions: native, with the warning",
		func(a *api) bool { return a.value.bound() }},
	{"native, with the warning", func(a *api) bool { return a.value == valueNative && a.warn }},
	{"native, without a warning", func(a *api) bool { return a.value == valueNative && !a.warn }},
}

// valueTableMarkdown is docs/funcvalues.md's table: what each API used as
// a value becomes.
func valueTableMarkdown() string {
	perPkg := map[string]int{}
	for _, a := range apiTable {
		perPkg[a.pkg]++
	}
	var b strings.Builder
	b.WriteString("| used as a value | APIs |\n|---|---|\n")
	for _, c := range valueCategories {
		var pkgs []string
		for _, g := range groupRows(func(a *api) string { return a.pkg }) {
			var in []*api
			for _, a := range g {
				if c.holds(a) {
					in = append(in, a)
				}
			}
			switch {
			case len(in) == 0:
			case len(in) == perPkg[in[0].pkg] && len(in) > 20:
				pkgs = append(pkgs, fmt.Sprintf("all %d modelled functions and methods of `%s`", len(in), in[0].pkg))
			default:
				pkgs = append(pkgs, apiList(in, plainEntry))
			}
		}
		fmt.Fprintf(&b, "| %s | %s |\n", c.label, strings.Join(pkgs, "; "))
	}
	return b.String()
}
