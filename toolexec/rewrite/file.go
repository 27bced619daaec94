package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
)

// Names of the identifiers the rewriter introduces. The _vtb prefix keeps
// them clear of user identifiers (including ones named rt, unsafe or atomic).
const (
	rtName       = "_vtbrt"
	unsafeName   = "_vtbunsafe"
	guardsName   = "_vtbG"
	siteBase     = "_vtbS"
	registerFunc = "_vtbRegister"
	readHelper   = "_vtbR"
	writeHelp    = "_vtbW"
	zeroHelper   = "_vtbZ"
)

// fileRewriter rewrites one file of the package.
type fileRewriter struct {
	p        *pkgRewriter
	info     *types.Info
	d        *decorator.Decorator
	af       *ast.File
	df       *dst.File
	filename string
	isTest   bool // a _test.go file of a test compile
	// sharedLoop: before go1.22 a loop variable is one variable for the loop.
	sharedLoop bool

	changed    bool
	inSimple   bool // rewriting an init or post statement
	usesRT     bool
	usesUnsafe bool              // a guard statement converts to _vtbunsafe.Pointer
	pure       map[dst.Expr]bool // synthesized expressions without side effects
	gotos      map[string]bool   // labels targeted by a goto somewhere in the file
	dropped    []dst.Expr        // qualified functions replaced by rt calls (may leave imports unused)
	isReg      bool              // holds the package registration
	regText    string            // the registration's declarations, appended as text
	examples   map[string]string // the file's examples go test runs, to their output (exampleOutputs)
}

// rewriteFile decorates one file and rewrites its declarations.
func (p *pkgRewriter) rewriteFile(af *ast.File, filename string) (*fileRewriter, error) {
	d := decorator.NewDecorator(p.in.Fset)
	df, err := d.DecorateFile(af)
	if err != nil {
		return nil, fmt.Errorf("decorate: %w", err)
	}
	fr := &fileRewriter{
		p: p, info: p.in.Info, d: d, af: af, df: df, filename: filename,
		isTest:     p.in.IsTest && strings.HasSuffix(filename, "_test.go"),
		pure:       map[dst.Expr]bool{},
		gotos:      gotoLabels(af),
		sharedLoop: p.sharedLoopVars(af),
	}
	for _, decl := range df.Decls {
		fr.rewriteDecl(decl)
	}
	return fr, nil
}

// gotoLabels lists the labels that goto statements of the file jump to.
func gotoLabels(f *ast.File) map[string]bool {
	labels := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO && b.Label != nil {
			labels[b.Label.Name] = true
		}
		return true
	})
	return labels
}

// rewriteDecl rewrites one top-level declaration.
func (fr *fileRewriter) rewriteDecl(decl dst.Decl) {
	switch d := decl.(type) {
	case *dst.FuncDecl:
		fd := fr.astNode(d).(*ast.FuncDecl)
		if d.Body == nil {
			fr.linkRuntime(d, fd) // linkname.go
			return
		}
		if fr.leaveAlone(fd) {
			fr.goleakOptions(d, fd)
			fr.guardExample(d, fd)
			return
		}
		d.Body.List = fr.stmtList(d.Body.List)
		if fr.isTest && isTestFunc(fd, fr.info) {
			fr.wrapTestDecl(d, fd)
		}
		fr.mark(d, fd.Pos())
	case *dst.GenDecl:
		if d.Tok != token.VAR {
			return
		}
		// Package-level initialisers run before any test: only the bodies
		// of function literals in them are rewritten.
		for _, spec := range d.Specs {
			vs := spec.(*dst.ValueSpec)
			for i, v := range vs.Values {
				fr.funcLitsOnly(v)
				vs.Values[i] = fr.funcValuesOnly(v)
			}
		}
	}
}

// leaveAlone reports whether a function is kept entirely unchanged:
// benchmarks, examples and TestMain of test files. (Fuzz targets are
// rewritten: their f.Fuzz function is explored per input, see fFuzz.)
func (fr *fileRewriter) leaveAlone(fd *ast.FuncDecl) bool {
	if !fr.isTest || fd.Recv != nil {
		return false
	}
	name := fd.Name.Name
	for _, prefix := range []string{"Benchmark", "Example"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return name == "TestMain"
}

// funcLitsOnly rewrites the bodies of the function literals inside e and
// nothing else.
func (fr *fileRewriter) funcLitsOnly(e dst.Expr) {
	dst.Inspect(e, func(n dst.Node) bool {
		if fl, ok := n.(*dst.FuncLit); ok {
			fl.Body.List = fr.stmtList(fl.Body.List)
			return false
		}
		return true
	})
}

// astNode returns the original syntax of a decorated node, or nil for a
// node the rewriter made.
func (fr *fileRewriter) astNode(n dst.Node) ast.Node {
	return fr.d.Ast.Nodes[n]
}

// astExpr is astNode for expressions.
func (fr *fileRewriter) astExpr(e dst.Expr) ast.Expr {
	if a, ok := fr.d.Ast.Nodes[e].(ast.Expr); ok {
		return a
	}
	return nil
}

// typeOf returns the type of an original expression, or nil.
func (fr *fileRewriter) typeOf(e ast.Expr) types.Type {
	if e == nil {
		return nil
	}
	return fr.info.TypeOf(e)
}
