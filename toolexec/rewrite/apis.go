package rewrite

import (
	"go/ast"
	"go/types"

	"github.com/dave/dst"
)

// callShape says how a call of a modelled API is rewritten.
type callShape uint8

const (
	// shapeFunc: pkg.F(args) -> _vtbrt.R(site, args).
	shapeFunc callShape = iota
	// shapeMethod: recv.M(args) -> _vtbrt.R(site, &recv, args) (a pointer
	// receiver stays a pointer), as for sync methods.
	shapeMethod
	// shapeIface: recv.M(args) on an interface value ->
	// _vtbrt.R(site, recv, args).
	shapeIface
	// shapeAtomic: recv.M(args) -> _vtbrt.Atomic(site, kind, &recv).M(args):
	// a scheduling point with the happens-before of an atomic operation on
	// the receiver, then the real method.
	shapeAtomic
)

// modelledAPI is one standard-library function or method whose calls the
// rewrite replaces (besides the sync methods of syncMethods and
// sync/atomic): key is "F" for a package-level function, "Type.Method"
// for a method; rt names the rt function (for shapeAtomic, the kind).
type modelledAPI struct {
	shape callShape
	rt    string
}

// modelledAPIs maps package path and key to the modelled API.
var modelledAPIs = map[string]map[string]modelledAPI{
	"time": {
		"Sleep": {shapeFunc, "Sleep"}, "After": {shapeFunc, "After"}, "AfterFunc": {shapeFunc, "AfterFunc"},
		"Now": {shapeFunc, "Now"}, "Since": {shapeFunc, "Since"}, "Until": {shapeFunc, "Until"},
		"NewTimer": {shapeFunc, "NewTimer"}, "NewTicker": {shapeFunc, "NewTicker"}, "Tick": {shapeFunc, "Tick"},
		"Timer.Stop": {shapeMethod, "TimerStop"}, "Timer.Reset": {shapeMethod, "TimerReset"},
		"Ticker.Stop": {shapeMethod, "TickerStop"}, "Ticker.Reset": {shapeMethod, "TickerReset"},
	},
	"context": {
		"WithCancel": {shapeFunc, "WithCancel"}, "WithCancelCause": {shapeFunc, "WithCancelCause"},
		"WithTimeout": {shapeFunc, "WithTimeout"}, "WithTimeoutCause": {shapeFunc, "WithTimeoutCause"},
		"WithDeadline": {shapeFunc, "WithDeadline"}, "WithDeadlineCause": {shapeFunc, "WithDeadlineCause"},
		"AfterFunc": {shapeFunc, "ContextAfterFunc"}, "Cause": {shapeFunc, "Cause"},
	},
	"runtime":       {"NumGoroutine": {shapeFunc, "NumGoroutine"}, "Stack": {shapeFunc, "Stack"}},
	"runtime/debug": {"Stack": {shapeFunc, "DebugStack"}, "PrintStack": {shapeFunc, "DebugPrintStack"}},
	// Channel operations through reflect share the channels' model (rt/reflect.go).
	"reflect": {
		"Select": {shapeFunc, "ReflectSelect"}, "Value.Send": {shapeIface, "ReflectSend"},
		"Value.Recv": {shapeIface, "ReflectRecv"}, "Value.TrySend": {shapeIface, "ReflectTrySend"},
		"Value.TryRecv": {shapeIface, "ReflectTryRecv"}, "Value.Close": {shapeIface, "ReflectClose"},
	},
	"testing": {
		"common.Context": {shapeIface, "TContext"}, "TB.Context": {shapeIface, "TContext"},
		"common.Cleanup": {shapeIface, "TCleanup"}, "TB.Cleanup": {shapeIface, "TCleanup"},
	},
	// File I/O synchronises as in the race detector (rt/fileio.go).
	"os": {
		"WriteFile": {shapeFunc, "WriteFile"}, "ReadFile": {shapeFunc, "ReadFile"},
		"File.Write": {shapeMethod, "FileWrite"}, "File.WriteString": {shapeMethod, "FileWriteString"},
		"File.WriteAt": {shapeMethod, "FileWriteAt"}, "File.Read": {shapeMethod, "FileRead"},
		"File.ReadAt": {shapeMethod, "FileReadAt"},
	},
	"sync": {
		"OnceFunc": {shapeFunc, "OnceFunc"}, "OnceValue": {shapeFunc, "OnceValue"}, "OnceValues": {shapeFunc, "OnceValues"},
		"Locker.Lock": {shapeIface, "LockerLock"}, "Locker.Unlock": {shapeIface, "LockerUnlock"},
		// sync.Map per key (rt/syncmap.go).
		"Map.Load": {shapeMethod, "MapLoad"}, "Map.Store": {shapeMethod, "MapStore"},
		"Map.Delete": {shapeMethod, "MapDelete"}, "Map.LoadOrStore": {shapeMethod, "MapLoadOrStore"},
		"Map.LoadAndDelete": {shapeMethod, "MapLoadAndDelete"}, "Map.Swap": {shapeMethod, "MapSwap"},
		"Map.CompareAndSwap": {shapeMethod, "MapCompareAndSwap"}, "Map.CompareAndDelete": {shapeMethod, "MapCompareAndDelete"},
		"Map.Range": {shapeMethod, "MapRange"}, "Map.Clear": {shapeMethod, "MapClear"},
	},
}

// lookupAPI returns the modelled API f is, if any.
func lookupAPI(f *types.Func) (modelledAPI, bool) {
	if f == nil || f.Pkg() == nil {
		return modelledAPI{}, false
	}
	key, _ := methodKey(f)
	if key == "" {
		key = f.Name()
	}
	api, ok := modelledAPIs[f.Pkg().Path()][key]
	return api, ok
}

// apiCall rewrites a call of a modelled API; nil means f is none (or the
// call has a shape the table does not cover, such as a method expression).
func (fr *fileRewriter) apiCall(x *dst.CallExpr, ae *ast.CallExpr, f *types.Func, sel *types.Selection) dst.Expr {
	api, ok := lookupAPI(f)
	if !ok {
		return nil
	}
	isMethod := sel != nil && sel.Kind() == types.MethodVal
	switch {
	case api.shape == shapeFunc && !isMethod && sel == nil:
		r := fr.replaceCall(x, ae, api.rt, "KOther")
		fr.keepImportOfGeneric(f)
		return r
	case api.shape == shapeMethod && isMethod:
		return fr.syncCall(x, ae, sel, api.rt)
	case api.shape == shapeIface && isMethod:
		s := x.Fun.(*dst.SelectorExpr)
		recv := fr.expr(s.X, ctxValue)
		fr.exprs(x.Args)
		site := fr.site(ae.Pos(), "KSync", "")
		return fr.rtCall(api.rt, append([]dst.Expr{site, recv}, x.Args...)...)
	case api.shape == shapeAtomic && isMethod:
		return fr.atomicMethodKind(x, ae, sel, f.Name(), api.rt)
	}
	return nil
}

// keepImportOfGeneric fixes the reference replaceCall keeps to the
// package of a replaced generic function (sync.OnceValue): a generic
// function cannot be referred to uninstantiated, so a non-generic sibling
// (sync.OnceFunc) keeps the import used instead.
func (fr *fileRewriter) keepImportOfGeneric(f *types.Func) {
	sig, ok := f.Type().(*types.Signature)
	if !ok || sig.TypeParams().Len() == 0 || len(fr.dropped) == 0 {
		return
	}
	if s, ok := fr.dropped[len(fr.dropped)-1].(*dst.SelectorExpr); ok && f.Pkg().Path() == "sync" {
		s.Sel = ident("OnceFunc")
	}
}

// isModelledValue reports whether f, used as a function value, is a
// modelled API; warnFuncValue warns about those funcValue (funcvalue.go)
// cannot turn into a literal calling rt.
// File I/O used as a value (readFile = os.ReadFile, common for tests)
// only loses its happens-before, so it does not warn.
func isModelledValue(f *types.Func) bool {
	_, ok := lookupAPI(f)
	return ok && f.Pkg().Path() != "os"
}

// usesSynctest reports whether a test body calls testing/synctest.Test
// itself (not in a function literal it defines), and warns so. Such a test
// runs natively, unwrapped: its bubble has the Go runtime's own fake clock
// and durable-blocking detection, which an exploration's controlled
// goroutines would defeat (the bubble's goroutines are started by the
// runtime, not by rt), and synctest.Test must not run once per explored
// schedule. The code the bubble runs is still rewritten; its hooks find no
// controlled goroutine and perform the real operations.
func (fr *fileRewriter) usesSynctest(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if f, _ := fr.callee(x.Fun); f != nil && f.Pkg() != nil && f.Pkg().Path() == "testing/synctest" && f.Name() == "Test" {
				found = true
			}
		}
		return !found
	})
	if found {
		fr.p.warn(fd.Pos(), "%s runs natively, not explored: it uses testing/synctest, whose bubble has the Go runtime's own fake clock and scheduler", fd.Name.Name)
	}
	return found
}
