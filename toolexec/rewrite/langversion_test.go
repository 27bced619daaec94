package rewrite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"
)

// oldLangs are the language versions before go1.21 (no min, max, clear)
// and before go1.22 (no range over int) that a module can declare and that
// rewritten code must still compile at.
var oldLangs = []string{"go1.18", "go1.20"}

// TestRewriteAtOldLanguageVersions rewrites every golden input that is
// valid Go at an old language version with that version and type-checks
// the output at the same version: generated code uses nothing newer than
// the file's Go version (a package whose rewrite does not compile is
// compiled unchanged, losing all instrumentation).
func TestRewriteAtOldLanguageVersions(t *testing.T) {
	for _, lang := range oldLangs {
		checked := 0
		for _, c := range goldenCases(t) {
			if !c.compile || c.lang != "" && c.lang != lang {
				continue
			}
			src, err := os.ReadFile(filepath.Join(c.dir, "input.go"))
			if err != nil {
				t.Fatal(err)
			}
			if !validAt(c.filename(), src, lang) {
				continue
			}
			checked++
			t.Run(lang+"/"+c.name, func(t *testing.T) {
				in := typeCheck(t, c.filename(), src, lang)
				in.Check = stdImporter
				if _, err := Package(in); err != nil {
					t.Errorf("rewrite at %s: %v", lang, err)
				}
			})
		}
		if checked < 10 {
			t.Errorf("%s: only %d golden inputs are valid at this version; want the test to cover at least 10", lang, checked)
		}
	}
}

// validAt reports whether src type-checks as a package at language
// version lang.
func validAt(filename string, src []byte, lang string) bool {
	importerOnce.Do(initImporter)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments)
	if err != nil {
		return false
	}
	conf := types.Config{Importer: stdImporter, GoVersion: lang, Error: func(error) {}}
	_, err = conf.Check("example.com/"+f.Name.Name, fset, []*ast.File{f}, nil)
	return err == nil
}
