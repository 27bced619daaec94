package toolexec

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"

	"golang.org/x/tools/go/gcexportdata"

	"github.com/vtbound/vtbound/toolexec/importcfg"
)

// loaded is a parsed and type-checked package.
type loaded struct {
	fset  *token.FileSet
	files []*ast.File // all files of the compile, in command-line order
	names []string
	pkg   *types.Package
	info  *types.Info
}

// errTypes wraps parse and type errors: the compiler reports them itself.
type errTypes struct{ err error }

func (e *errTypes) Error() string { return e.err.Error() }
func (e *errTypes) Unwrap() error { return e.err }

// load parses the Go files of the compile and type-checks them against the
// export data listed in the importcfg.
func load(p *compilePlan, cfg *importcfg.Config, goarch string) (*loaded, error) {
	l := &loaded{fset: token.NewFileSet()}
	for _, name := range p.cmd.Files {
		if len(name) < 3 || name[len(name)-3:] != ".go" {
			continue
		}
		f, err := parser.ParseFile(l.fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, &errTypes{fmt.Errorf("parse: %w", err)}
		}
		l.files = append(l.files, f)
		l.names = append(l.names, name)
	}
	lang, _ := p.cmd.Flag("lang")
	if err := l.check(p.pkgPath, lang, goarch, cfg); err != nil {
		return nil, err
	}
	return l, nil
}

// check runs go/types over the parsed files.
func (l *loaded) check(path, lang, goarch string, cfg *importcfg.Config) error {
	l.info = &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Instances:    map[*ast.Ident]types.Instance{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		FileVersions: map[*ast.File]string{},
	}
	var first error
	conf := types.Config{
		GoVersion: lang,
		Importer:  newExportImporter(l.fset, cfg),
		Sizes:     types.SizesFor("gc", goarch),
		Error: func(err error) {
			if first == nil {
				first = err
			}
		},
	}
	pkg, _ := conf.Check(path, l.fset, l.files, l.info)
	if first != nil {
		return &errTypes{fmt.Errorf("type-check: %w", first)}
	}
	l.pkg = pkg
	return nil
}

// exportImporter imports packages from the export data files of an
// importcfg, sharing one package map across imports.
type exportImporter struct {
	fset *token.FileSet
	cfg  *importcfg.Config
	pkgs map[string]*types.Package
}

func newExportImporter(fset *token.FileSet, cfg *importcfg.Config) *exportImporter {
	return &exportImporter{fset: fset, cfg: cfg, pkgs: map[string]*types.Package{}}
}

// Import implements types.Importer.
func (im *exportImporter) Import(path string) (*types.Package, error) {
	return im.ImportFrom(path, "", 0)
}

// ImportFrom implements types.ImporterFrom.
func (im *exportImporter) ImportFrom(path, _ string, _ types.ImportMode) (*types.Package, error) {
	path = im.cfg.Resolve(path)
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if pkg, ok := im.pkgs[path]; ok && pkg.Complete() {
		return pkg, nil
	}
	file, ok := im.cfg.Files[path]
	if !ok {
		return nil, fmt.Errorf("import %q: not in importcfg", path)
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("import %q: %w", path, err)
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("import %q: %w", path, err)
	}
	pkg, err := gcexportdata.Read(r, im.fset, im.pkgs, path)
	if err != nil {
		return nil, fmt.Errorf("import %q: %w", path, err)
	}
	return pkg, nil
}
