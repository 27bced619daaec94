package rewrite

import "go/types"

// api is one modelled standard-library function or method: a row of
// apiTable (apis.go), which drives the special calls (calls.go), the
// values of modelled functions (funcvalue.go) and the docs' tables
// (apidocs_test.go).
//
// Invariant: recv is "" exactly when shape is shapeFunc or shapeAtomicArg;
// value is valueLiteral or valueNative unless shape is shapeMethod; ops
// are names of sched.OpKind values (checked by TestAPITableKinds).
type api struct {
	pkg   string    // import path of the package declaring it: "sync", "time"
	recv  string    // receiver's type name ("Mutex", "common"); "" for a function
	name  string    // the function's or method's name
	rt    string    // the rt function a call becomes (for the atomic shapes, "Atomic")
	ops   string    // the sched.OpKind names rt announces for the call, in order, space-separated; "none" when it is no scheduling point
	shape callShape // how a call is rewritten
	value valueForm // what a function value, method value or method expression becomes
	warn  bool      // a value left native gets a build warning
	doc   string    // what the model does, one phrase for the docs' tables
}

// warned and quiet are api.warn's values, named for the table.
const (
	warned = true
	quiet  = false
)

// callShape says how a call of a modelled API is rewritten.
type callShape uint8

const (
	// shapeFunc: pkg.F(args) -> _vtbrt.R(site, args).
	shapeFunc callShape = iota
	// shapeMethod: x.M(args) -> _vtbrt.R(site, &x, args) for a method with
	// a pointer receiver, also promoted through embedded fields (a
	// pointer receiver stays a pointer).
	shapeMethod
	// shapeRecv: x.M(args) -> _vtbrt.R(site, x, args): the receiver as it
	// is (an interface value, a reflect.Value, a *testing.T).
	shapeRecv
	// shapeAtomicArg: atomic.F(p, args) ->
	// atomic.F(_vtbrt.Atomic(site, kind, p), args): a scheduling point
	// with the happens-before of an atomic operation on *p, then the real
	// function.
	shapeAtomicArg
	// shapeAtomicRecv: x.M(args) -> _vtbrt.Atomic(site, kind, &x).M(args),
	// as shapeAtomicArg on the receiver.
	shapeAtomicRecv
	// shapeSubtest: t.Run(name, func(t *testing.T) {...}) in a test file:
	// the literal's body explored on its own (testwrap.go).
	shapeSubtest
	// shapeFuzz: f.Fuzz(func(t *testing.T, args...) {...}) in a test file:
	// every input explored like a test body (testwrap.go).
	shapeFuzz
)

// shapeNames name the shapes in messages.
var shapeNames = [...]string{
	shapeFunc: "func", shapeMethod: "method", shapeRecv: "receiver", shapeAtomicArg: "atomic-arg",
	shapeAtomicRecv: "atomic-recv", shapeSubtest: "subtest", shapeFuzz: "fuzz",
}

// String returns the shape's name.
func (s callShape) String() string { return shapeNames[s] }

// siteKind is the site kind (rt.SiteKind's name) of the shape's calls.
func (s callShape) siteKind() string {
	switch s {
	case shapeFunc:
		return "KOther"
	case shapeAtomicArg, shapeAtomicRecv:
		return "KAtomic"
	}
	return "KSync"
}

// valueForm says what a modelled function or method used as a value (not
// called) becomes.
type valueForm uint8

const (
	// valueNative: it stays the real function (warned when api.warn).
	valueNative valueForm = iota
	// valueLiteral: a function literal of its signature calling rt
	// (funcvalue.go), for a function, a method value and a method
	// expression; native where the literal cannot be spelt.
	valueLiteral
	// valueMV...: a method value x.M becomes a call of the generic helper
	// of that name (register.go), which binds &x now and returns the
	// function calling rt; method expressions stay native.
	valueMV
	valueMVBool
	valueMVInt
	valueMVFunc
	valueMVAny
	valueMVPut
)

// bound reports whether method values of the form are bound by a helper.
func (v valueForm) bound() bool { return v >= valueMV }

// atomicKinds maps the op of an atomic shape to rt's AtomicKind constant.
var atomicKinds = map[string]string{"atomic-load": "ALoad", "atomic-store": "AStore", "atomic-rmw": "ARMW"}

// atomicKind is the rt.AtomicKind constant of an atomic row.
func (a *api) atomicKind() string { return atomicKinds[a.ops] }

// key is the row's index key: "pkg recv.name" or "pkg name".
func (a *api) key() string {
	if a.recv == "" {
		return a.pkg + " " + a.name
	}
	return a.pkg + " " + a.recv + "." + a.name
}

// apiIndex maps api.key to the row; it is built once and never written.
var apiIndex = indexAPIs(apiTable)

// indexAPIs indexes rows by key; a later duplicate row is ignored
// (TestAPITableRows rejects duplicates).
func indexAPIs(rows []api) map[string]*api {
	m := make(map[string]*api, len(rows))
	for i := range rows {
		if _, dup := m[rows[i].key()]; !dup {
			m[rows[i].key()] = &rows[i]
		}
	}
	return m
}

// lookupAPI returns the row of f, a function or method (of a named type,
// through its origin for a generic one), if it is modelled.
func lookupAPI(f *types.Func) (*api, bool) {
	if f == nil || f.Pkg() == nil {
		return nil, false
	}
	key, _ := methodKey(f)
	if key == "" {
		key = f.Name()
	}
	a, ok := apiIndex[f.Pkg().Path()+" "+key]
	return a, ok
}
