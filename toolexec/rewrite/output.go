package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
)

// print restores the file, adds its imports and returns the source with
// //line directives normalised: unindented, with columns that account for
// the indentation of the line they describe.
func (fr *fileRewriter) print() ([]byte, error) {
	for _, decl := range fr.df.Decls {
		if a := fr.astNode(decl); a != nil {
			fr.mark(decl, a.Pos())
		}
	}
	fr.markClosingBraces()
	fr.keepDroppedImports()
	fr.addImports()
	r := decorator.NewRestorer()
	af, err := r.RestoreFile(fr.df)
	if err != nil {
		return nil, err
	}
	// gofmt's layout, as go/format.Node prints it, without its import
	// sorting: that prints, parses and prints again any file with an
	// import group, which cost a sixth of the rewrite. The rewrite adds
	// its imports in sorted order and keeps the user's as written.
	var buf bytes.Buffer
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if err := cfg.Fprint(&buf, r.Fset, af); err != nil {
		return nil, err
	}
	out := fixDirectives(buf.Bytes())
	if fr.regText != "" {
		out = append(append(out, '\n'), fr.regText...)
	}
	return out, nil
}

// addImports adds the imports the rewritten file refers to under names no
// user identifier uses.
func (fr *fileRewriter) addImports() {
	var specs []dst.Spec
	add := func(name, path string) {
		specs = append(specs, &dst.ImportSpec{Name: ident(name), Path: &dst.BasicLit{Kind: token.STRING, Value: strconv.Quote(path)}})
	}
	if fr.usesRT || fr.isReg {
		add(rtName, RTPath)
	}
	if fr.isReg || fr.usesUnsafe {
		add(unsafeName, "unsafe")
	}
	if len(specs) == 0 {
		return
	}
	decl := &dst.GenDecl{Tok: token.IMPORT, Lparen: true, Specs: specs}
	decl.Decs.Before = dst.EmptyLine
	decl.Decs.After = dst.EmptyLine
	fr.df.Decls = append([]dst.Decl{decl}, fr.df.Decls...)
}

// keepDroppedImports keeps a reference to every function an rt call
// replaced (var _ = runtime.Gosched), so that its import stays used.
func (fr *fileRewriter) keepDroppedImports() {
	seen := map[string]bool{}
	for _, fun := range fr.dropped {
		key := exprString(fun)
		if seen[key] {
			continue
		}
		seen[key] = true
		spec := &dst.ValueSpec{Names: []*dst.Ident{ident("_")}, Values: []dst.Expr{fun}}
		decl := &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{spec}}
		decl.Decs.Before = dst.EmptyLine
		fr.df.Decls = append(fr.df.Decls, decl)
	}
}

// exprString renders a selector or identifier for deduplication.
func exprString(e dst.Expr) string {
	switch x := e.(type) {
	case *dst.Ident:
		return x.Name
	case *dst.SelectorExpr:
		return exprString(x.X) + "." + x.Sel.Name
	case *dst.ParenExpr:
		return exprString(x.X)
	}
	return fmt.Sprintf("%p", e)
}

// isOurDirective reports whether a decoration is a //line directive.
func isOurDirective(d string) bool { return strings.HasPrefix(d, "//line ") }

var directiveRE = regexp.MustCompile(`^[ \t]*//line (.+?):(\d+)(?::(\d+))?$`)

// fixDirectives moves every //line directive (ours, and the file's own ones
// such as a parser generator's) to column 1 and lowers its column by the
// indentation of the next line, so that the first token of that line gets
// the original column.
func fixDirectives(src []byte) []byte {
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		m := directiveRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if m[3] == "" { // //line file:line: no column to adjust
			lines[i] = strings.TrimLeft(l, " \t")
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		if i+1 < len(lines) {
			next := lines[i+1]
			col -= len(next) - len(strings.TrimLeft(next, " \t"))
		}
		if col < 1 {
			col = 1
		}
		lines[i] = fmt.Sprintf("//line %s:%d:%d", m[1], line, col)
	}
	return []byte(strings.Join(lines, "\n"))
}

// markClosingBraces gives the closing brace of every function that defers
// a call the //line position of the original one: the deferred calls run
// there (runtime.Caller in one of them reports that line), and the lines
// the rewrite added to the body would otherwise move it.
func (fr *fileRewriter) markClosingBraces() {
	dst.Inspect(fr.df, func(n dst.Node) bool {
		var body *dst.BlockStmt
		switch f := n.(type) {
		case *dst.FuncDecl:
			body = f.Body
		case *dst.FuncLit:
			body = f.Body
		}
		ab, ok := fr.astNode(body).(*ast.BlockStmt)
		if body == nil || len(body.List) == 0 || !ok || !defers(ab) {
			return true
		}
		p := fr.p.in.Fset.Position(ab.Rbrace)
		if p.Line > 0 {
			last := body.List[len(body.List)-1].Decorations()
			last.End.Append("\n", fmt.Sprintf("//line %s:%d:%d", p.Filename, p.Line, max(p.Column, 1)))
		}
		return true
	})
}

// defers reports whether a function body holds a defer statement of its
// own (not one of a function literal inside it).
func defers(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = true
		}
		return !found
	})
	return found
}
