package sweep

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// testSource is the top-level declarations of a package's _test.go files
// (internal and external test packages together: a name shared by both
// joins them, which only over-approximates), for the closure of a test.
type testSource struct {
	fset  *token.FileSet
	decls []ast.Decl
	// imports are the package names each declaration's file imports.
	imports []map[string]bool
	// byName maps a top-level name (function, method, type, variable,
	// constant) to the declarations that define it.
	byName map[string][]int
	// methods maps a receiver type name to its methods' declarations.
	methods map[string][]int
	// always are the declarations that run for every test: init
	// functions, TestMain and package-level variables.
	always []int
}

// parseTestSource parses the files (without comments).
func parseTestSource(files []string) (*testSource, error) {
	s := &testSource{fset: token.NewFileSet(), byName: map[string][]int{}, methods: map[string][]int{}}
	for _, f := range files {
		file, err := parser.ParseFile(s.fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		names := importNames(file)
		for _, d := range file.Decls {
			s.add(d)
			s.imports = append(s.imports, names)
		}
	}
	return s, nil
}

// add indexes one declaration.
func (s *testSource) add(d ast.Decl) {
	i := len(s.decls)
	s.decls = append(s.decls, d)
	switch d := d.(type) {
	case *ast.FuncDecl:
		d.Doc = nil
		name := d.Name.Name
		s.byName[name] = append(s.byName[name], i)
		if d.Recv != nil && len(d.Recv.List) > 0 {
			if t := recvType(d.Recv.List[0].Type); t != "" {
				s.methods[t] = append(s.methods[t], i)
			}
		} else if name == "init" || name == "TestMain" {
			s.always = append(s.always, i)
		}
	case *ast.GenDecl:
		d.Doc = nil
		for _, spec := range d.Specs {
			switch spec := spec.(type) {
			case *ast.TypeSpec:
				s.byName[spec.Name.Name] = append(s.byName[spec.Name.Name], i)
			case *ast.ValueSpec:
				for _, n := range spec.Names {
					s.byName[n.Name] = append(s.byName[n.Name], i)
				}
				if d.Tok == token.VAR {
					s.always = append(s.always, i)
				}
			}
		}
	}
}

// recvType is the base type name of a method receiver (T, *T, T[P]).
func recvType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// closure renders the declarations test reaches: the function named test,
// those always run, and transitively every declaration whose name they
// use (a type brings its methods), in source order.
func (s *testSource) closure(test string) string {
	in := map[int]bool{}
	work := append(append([]int{}, s.byName[test]...), s.always...)
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		if in[i] {
			continue
		}
		in[i] = true
		ast.Inspect(s.decls[i], func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && s.imports[i][x.Name] {
					return false // pkg.Name names another package's declaration
				}
			case *ast.Ident:
				work = append(work, s.byName[n.Name]...)
				work = append(work, s.methods[n.Name]...)
			}
			return true
		})
	}
	idx := make([]int, 0, len(in))
	for i := range in {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	var b bytes.Buffer
	for _, i := range idx {
		printer.Fprint(&b, s.fset, s.decls[i])
		b.WriteByte('\n')
	}
	return b.String()
}

// importNames are the names a file's imports are used by: the alias, or
// the last element of the path that is not a major version (v2) with any
// ".vN" suffix dropped (gopkg.in/yaml.v3: yaml). A wrong guess only makes
// the closure larger.
func importNames(f *ast.File) map[string]bool {
	names := map[string]bool{}
	for _, imp := range f.Imports {
		if imp.Name != nil {
			names[imp.Name.Name] = true
			continue
		}
		path, _ := strconv.Unquote(imp.Path.Value)
		elems := strings.Split(path, "/")
		last := elems[len(elems)-1]
		if len(elems) > 1 && isMajor(last) {
			last = elems[len(elems)-2]
		}
		last, _, _ = strings.Cut(last, ".")
		names[last] = true
	}
	return names
}

// isMajor reports whether a path element is a major version suffix (v2).
func isMajor(e string) bool {
	if len(e) < 2 || e[0] != 'v' {
		return false
	}
	_, err := strconv.Atoi(e[1:])
	return err == nil
}
