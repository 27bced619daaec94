package alias

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// buildSSA creates an SSA program holding pkg with bodies and its
// transitive imports from type information only.
func buildSSA(fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info) (sp *ssa.Package, err error) {
	if info == nil || info.Types == nil || info.Defs == nil || info.Uses == nil ||
		info.Implicits == nil || info.Instances == nil || info.Scopes == nil ||
		info.Selections == nil || info.FileVersions == nil {
		return nil, errMissingInfo
	}
	prog := ssa.NewProgram(fset, ssa.InstantiateGenerics)
	created := map[*types.Package]bool{}
	var create func([]*types.Package)
	create = func(pkgs []*types.Package) {
		for _, p := range pkgs {
			if !created[p] {
				created[p] = true
				prog.CreatePackage(p, nil, nil, true)
				create(p.Imports())
			}
		}
	}
	create(pkg.Imports())
	defer func() {
		if p := recover(); p != nil {
			sp, err = nil, fmt.Errorf("building SSA: %v", p)
		}
	}()
	sp = prog.CreatePackage(pkg, files, info, false)
	sp.Build()
	return sp, nil
}
