package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
)

// verify parses the rewritten files and, when in.Check is set, type-checks
// the rewritten package with them, so that a rewrite that would not compile
// is reported as an error instead of breaking the build.
func verify(in *Input, out *Output) error {
	fset := token.NewFileSet()
	var files []*ast.File
	for i, name := range in.Filenames {
		src, ok := out.Files[name]
		if !ok {
			if in.Check == nil {
				continue
			}
			var buf bytes.Buffer
			if err := printer.Fprint(&buf, in.Fset, in.Files[i]); err != nil {
				return fmt.Errorf("rewrite %s: %w", name, err)
			}
			src = buf.Bytes()
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return fmt.Errorf("rewrite %s: output does not parse: %w", name, err)
		}
		files = append(files, f)
	}
	if in.Check == nil {
		return nil
	}
	conf := types.Config{Importer: in.Check, GoVersion: in.GoVersion, FakeImportC: true}
	if _, err := conf.Check(in.ImportPath, fset, files, nil); err != nil {
		return fmt.Errorf("rewrite %s: output does not type-check: %w", in.ImportPath, err)
	}
	return nil
}
