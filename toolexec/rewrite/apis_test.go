package rewrite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestAPITableRows checks the invariants of apiTable's rows (api's doc).
func TestAPITableRows(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range apiTable {
		k := a.key()
		if seen[k] {
			t.Errorf("%s: two rows", k)
		}
		seen[k] = true
		isFunc := a.shape == shapeFunc || a.shape == shapeAtomicArg
		switch {
		case a.pkg == "" || a.name == "" || a.rt == "" || a.doc == "":
			t.Errorf("%s: empty column", k)
		case isFunc != (a.recv == ""):
			t.Errorf("%s: shape %s with receiver %q", k, a.shape, a.recv)
		case a.value.bound() && a.shape != shapeMethod:
			t.Errorf("%s: a method value bound by a helper needs shape method, not %s", k, a.shape)
		case a.value == valueLiteral && a.shape != shapeFunc && a.shape != shapeMethod:
			t.Errorf("%s: a literal value needs shape func or method, not %s", k, a.shape)
		case a.value.bound() && methodValueHelperName(a.value) == "":
			t.Errorf("%s: value form %d has no helper in methodValueHelpers", k, a.value)
		case (a.shape == shapeAtomicArg || a.shape == shapeAtomicRecv) && (a.rt != "Atomic" || a.atomicKind() == ""):
			t.Errorf("%s: an atomic shape needs rt Atomic and one atomic operation, not %s %q", k, a.rt, a.ops)
		}
	}
	if len(apiIndex) != len(apiTable) {
		t.Errorf("apiIndex has %d rows, apiTable %d", len(apiIndex), len(apiTable))
	}
}

// TestAPITableKinds requires every operation of apiTable to be the name
// of a sched.OpKind, read from the names table of rt/internal/sched (which
// this package may not import).
func TestAPITableKinds(t *testing.T) {
	kinds := opKindNames(t, filepath.Join(repoRoot(t), "rt", "internal", "sched"))
	for _, a := range apiTable {
		ops := strings.Fields(a.ops)
		if len(ops) == 0 {
			t.Errorf("%s: no operation (write none)", a.key())
		}
		for _, op := range ops {
			if !kinds[op] {
				t.Errorf("%s: %q is not a sched.OpKind name", a.key(), op)
			}
		}
	}
}

// opKindNames returns the strings the non-test files of dir give to
// identifiers Op... in composite literals (sched's opNames: OpLock: "lock").
func opKindNames(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			kv, ok := n.(*ast.KeyValueExpr)
			if !ok {
				return true
			}
			key, _ := kv.Key.(*ast.Ident)
			lit, _ := kv.Value.(*ast.BasicLit)
			if key != nil && lit != nil && lit.Kind == token.STRING && strings.HasPrefix(key.Name, "Op") {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					names[s] = true
				}
			}
			return true
		})
	}
	if len(names) < 10 {
		t.Fatalf("found %d operation names in %s: has sched's names table moved?", len(names), dir)
	}
	return names
}

// importForTest imports a package from source with the golden tests'
// importer.
func importForTest(t *testing.T, path string) *types.Package {
	t.Helper()
	importerOnce.Do(initImporter)
	pkg, err := stdImporter.Import(path)
	if err != nil {
		t.Fatalf("import %s: %v", path, err)
	}
	return pkg
}

// TestAPITableSignatures requires every row to name a function or method
// of the installed standard library that lookupAPI finds the row for, and
// an rt function whose signature fits the row's call shape.
func TestAPITableSignatures(t *testing.T) {
	rtPkg := importForTest(t, RTPath)
	for i := range apiTable {
		a := &apiTable[i]
		f := stdFunc(t, importForTest(t, a.pkg), a)
		if f == nil {
			continue
		}
		if got, ok := lookupAPI(f); !ok || got != a {
			t.Errorf("%s: lookupAPI(%s) does not find the row", a.key(), f.FullName())
			continue
		}
		r, ok := rtPkg.Scope().Lookup(a.rt).(*types.Func)
		if !ok {
			t.Errorf("%s: rt has no function %s", a.key(), a.rt)
			continue
		}
		if a.value == valueLiteral && f.Signature().TypeParams().Len() > 0 {
			t.Errorf("%s: a generic function's value cannot be a literal (it is instantiated)", a.key())
		}
		if msg := shapeMismatch(a, f.Signature(), r.Signature()); msg != "" {
			t.Errorf("%s: rt.%s: %s", a.key(), a.rt, msg)
		}
	}
}

// stdFunc returns the function or method a row names in pkg, or nil with
// an error.
func stdFunc(t *testing.T, pkg *types.Package, a *api) *types.Func {
	t.Helper()
	if a.recv == "" {
		f, ok := pkg.Scope().Lookup(a.name).(*types.Func)
		if !ok {
			t.Errorf("%s: %s has no function %s", a.key(), pkg.Path(), a.name)
		}
		return f
	}
	tn, ok := pkg.Scope().Lookup(a.recv).(*types.TypeName)
	if !ok {
		t.Errorf("%s: %s has no type %s", a.key(), pkg.Path(), a.recv)
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, a.name)
	if _, isIface := tn.Type().Underlying().(*types.Interface); isIface {
		obj, _, _ = types.LookupFieldOrMethod(tn.Type(), false, pkg, a.name)
	}
	f, ok := obj.(*types.Func)
	if !ok {
		t.Errorf("%s: %s.%s has no method %s", a.key(), pkg.Path(), a.recv, a.name)
	}
	return f
}

// shapeMismatch says how the rt function's signature r does not fit the
// row's shape for the original function's signature f; "" when it fits.
func shapeMismatch(a *api, f, r *types.Signature) string {
	params := tupleTypes(r.Params())
	if len(params) == 0 || params[0] != "int32" {
		if a.shape != shapeSubtest && a.shape != shapeFuzz {
			return "the first parameter is not the site (int32)"
		}
	}
	switch a.shape {
	case shapeFunc:
		return sameSignature(params[1:], tupleTypes(r.Results()), f)
	case shapeMethod:
		// The receiver's pointer, or an interface it implements (rt takes
		// sync.Map through its method set, so as not to instantiate it).
		if !isPointer(f.Recv().Type()) || len(params) < 2 || !types.AssignableTo(f.Recv().Type(), r.Params().At(1).Type()) {
			return "the second parameter does not take the method's pointer receiver"
		}
		return sameSignature(params[2:], tupleTypes(r.Results()), f)
	case shapeRecv:
		if r.Params().Len() < 2 || !types.AssignableTo(f.Recv().Type(), r.Params().At(1).Type()) {
			return "the second parameter does not take the receiver"
		}
		return sameSignature(params[2:], tupleTypes(r.Results()), f)
	case shapeAtomicArg, shapeAtomicRecv:
		if a.shape == shapeAtomicArg && (f.Params().Len() == 0 || !isPointer(f.Params().At(0).Type())) {
			return "the atomic function's first parameter is not a pointer"
		}
		if a.shape == shapeAtomicRecv && !isPointer(f.Recv().Type()) {
			return "the atomic method has no pointer receiver"
		}
		if r.TypeParams().Len() != 1 || len(params) != 3 {
			return "not rt.Atomic[P](site, kind, p *P) *P"
		}
	}
	return ""
}

// sameSignature says how params and results differ from f's; "" when they
// do not.
func sameSignature(params, results []string, f *types.Signature) string {
	want, wantRes := tupleTypes(f.Params()), tupleTypes(f.Results())
	if strings.Join(params, ", ") != strings.Join(want, ", ") || strings.Join(results, ", ") != strings.Join(wantRes, ", ") {
		return "takes (" + strings.Join(params, ", ") + ") (" + strings.Join(results, ", ") + ") after the site and receiver, want (" +
			strings.Join(want, ", ") + ") (" + strings.Join(wantRes, ", ") + ")"
	}
	return ""
}

// tupleTypes spells the types of a tuple.
func tupleTypes(tu *types.Tuple) []string {
	var s []string
	for i := range tu.Len() {
		s = append(s, types.TypeString(tu.At(i).Type(), nil))
	}
	return s
}

// TestAPITableBoundHelpers requires the helper of every row whose method
// values are bound by one to take the rt function's extra parameters and
// return its results (register.go's methodValueHelpers).
func TestAPITableBoundHelpers(t *testing.T) {
	rtPkg := importForTest(t, RTPath)
	for _, h := range methodValueHelpers {
		for _, a := range apiTable {
			if a.value != h.form {
				continue
			}
			r := rtPkg.Scope().Lookup(a.rt).(*types.Func).Signature()
			var extra []string
			for _, p := range tupleTypes(r.Params())[2:] {
				extra = append(extra, "x "+p)
			}
			if got := strings.Join(extra, ", "); got != h.params || strings.Join(tupleTypes(r.Results()), ", ") != h.result {
				t.Errorf("%s: rt.%s takes (%s) returns (%s), but helper %s takes (%s) returns (%s)",
					a.key(), a.rt, got, strings.Join(tupleTypes(r.Results()), ", "), h.name, h.params, h.result)
			}
		}
	}
}

// TestAPITableCoversAtomic requires a row for every exported function of
// sync/atomic and every exported method of its exported types: the
// rewrite models the whole package, so a function a new Go release adds
// must get its row.
func TestAPITableCoversAtomic(t *testing.T) {
	pkg := importForTest(t, "sync/atomic")
	for _, name := range pkg.Scope().Names() {
		switch obj := pkg.Scope().Lookup(name).(type) {
		case *types.Func:
			if obj.Exported() {
				requireRow(t, obj)
			}
		case *types.TypeName:
			if !obj.Exported() {
				continue
			}
			ms := types.NewMethodSet(types.NewPointer(obj.Type()))
			for i := range ms.Len() {
				if f := ms.At(i).Obj().(*types.Func); f.Exported() {
					requireRow(t, f)
				}
			}
		}
	}
}

// requireRow fails unless f has a row.
func requireRow(t *testing.T, f *types.Func) {
	t.Helper()
	if _, ok := lookupAPI(f); !ok {
		t.Errorf("no row for %s", f.FullName())
	}
}

// TestGenericKeepsImport: a call of a generic modelled function keeps its
// package's import used through the first non-generic function of that
// package in apiTable (sync.OnceValue -> var _ = sync.OnceFunc).
func TestGenericKeepsImport(t *testing.T) {
	in := typeCheck(t, "a.go", []byte(`package a

import "sync"

var get = func() func() int { return sync.OnceValue(func() int { return 1 }) }
`), "")
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	src := string(out.Files["a.go"])
	if !strings.Contains(src, "_vtbrt.OnceValue(") || !strings.Contains(src, "var _ = sync.OnceFunc\n") {
		t.Errorf("want _vtbrt.OnceValue and var _ = sync.OnceFunc:\n%s", src)
	}
}
