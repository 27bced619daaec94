package rewrite

// apiTable lists every standard-library function and method whose calls
// the rewrite replaces, one row each (the columns are api's, apitypes.go).
// It drives the special calls (calls.go), method values and function
// values (funcvalue.go) and the tables of docs/compile-wrapper.md,
// docs/stdlib.md and docs/funcvalues.md, which TestAPIDocs regenerates
// (go test ./toolexec/rewrite -run TestAPIDocs -update).
//
// Adding a modelled API is a row here plus its rt function, whose
// parameters are the site, then (for shapeMethod and shapeRecv) the
// receiver, then the original parameters, with the original results
// (TestAPITableSignatures checks them); a method value bound by a helper
// of a new signature also needs that helper (register.go).
var apiTable = []api{
	// package, receiver, name, rt function, operations, call shape, as a value, warn, doc
	{"sync", "Mutex", "Lock", "Lock", "lock", shapeMethod, valueMV, warned, docMutex},
	{"sync", "Mutex", "Unlock", "Unlock", "unlock", shapeMethod, valueMV, warned, docMutex},
	{"sync", "Mutex", "TryLock", "TryLock", "trylock", shapeMethod, valueMVBool, warned, docMutex},
	{"sync", "RWMutex", "Lock", "RWLock", "lock", shapeMethod, valueMV, warned, docRWMutex},
	{"sync", "RWMutex", "Unlock", "RWUnlock", "unlock", shapeMethod, valueMV, warned, docRWMutex},
	{"sync", "RWMutex", "TryLock", "RWTryLock", "trylock", shapeMethod, valueMVBool, warned, docRWMutex},
	{"sync", "RWMutex", "RLock", "RLock", "rlock", shapeMethod, valueMV, warned, docRWMutex},
	{"sync", "RWMutex", "RUnlock", "RUnlock", "runlock", shapeMethod, valueMV, warned, docRWMutex},
	{"sync", "RWMutex", "TryRLock", "TryRLock", "trylock", shapeMethod, valueMVBool, warned, docRWMutex},
	{"sync", "WaitGroup", "Add", "WGAdd", "wg-add", shapeMethod, valueMVInt, warned, docWaitGroup},
	{"sync", "WaitGroup", "Done", "WGDone", "wg-done", shapeMethod, valueMV, warned, docWaitGroup},
	{"sync", "WaitGroup", "Wait", "WGWait", "wg-wait", shapeMethod, valueMV, warned, docWaitGroup},
	{"sync", "WaitGroup", "Go", "WGGo", "wg-add go", shapeMethod, valueMVFunc, warned, docWaitGroup},
	{"sync", "Once", "Do", "OnceDo", "once", shapeMethod, valueMVFunc, warned, docOnce},
	{"sync", "Cond", "Wait", "CondWait", "cond-wait cond-wake", shapeMethod, valueMV, warned, docCond},
	{"sync", "Cond", "Signal", "CondSignal", "cond-signal", shapeMethod, valueMV, warned, docCond},
	{"sync", "Cond", "Broadcast", "CondBroadcast", "cond-broadcast", shapeMethod, valueMV, warned, docCond},
	{"sync", "Pool", "Get", "PoolGet", "none", shapeMethod, valueMVAny, warned, docPool},
	{"sync", "Pool", "Put", "PoolPut", "none", shapeMethod, valueMVPut, warned, docPool},
	{"sync", "Locker", "Lock", "LockerLock", "lock", shapeRecv, valueNative, warned, docLocker},
	{"sync", "Locker", "Unlock", "LockerUnlock", "unlock", shapeRecv, valueNative, warned, docLocker},
	{"sync", "", "OnceFunc", "OnceFunc", "none", shapeFunc, valueLiteral, warned, docOnceFunc},
	{"sync", "", "OnceValue", "OnceValue", "none", shapeFunc, valueNative, warned, docOnceFunc},
	{"sync", "", "OnceValues", "OnceValues", "none", shapeFunc, valueNative, warned, docOnceFunc},
	{"sync", "Map", "Load", "MapLoad", "map-load", shapeMethod, valueNative, warned, docMap},
	{"sync", "Map", "Range", "MapRange", "map-range", shapeMethod, valueNative, warned, docMap},
	{"sync", "Map", "Store", "MapStore", "map-store", shapeMethod, valueNative, warned, docMap},
	{"sync", "Map", "Clear", "MapClear", "map-clear", shapeMethod, valueNative, warned, docMap},
	{"sync", "Map", "LoadOrStore", "MapLoadOrStore", "map-rmw", shapeMethod, valueNative, warned, docMap},
	{"sync", "Map", "LoadAndDelete", "MapLoadAndDelete", "map-rmw", shapeMethod, valueNative, warned, docMap},
	{"sync", "Map", "Delete", "MapDelete", "map-store", shapeMethod, valueNative, warned, docMap},
	{"sync", "Map", "Swap", "MapSwap", "map-rmw", shapeMethod, valueNative, warned, docMap},
	{"sync", "Map", "CompareAndSwap", "MapCompareAndSwap", "map-rmw", shapeMethod, valueNative, warned, docMap},
	{"sync", "Map", "CompareAndDelete", "MapCompareAndDelete", "map-rmw", shapeMethod, valueNative, warned, docMap},

	{"sync/atomic", "", "LoadInt32", "Atomic", "atomic-load", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "LoadInt64", "Atomic", "atomic-load", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "LoadPointer", "Atomic", "atomic-load", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "LoadUint32", "Atomic", "atomic-load", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "LoadUint64", "Atomic", "atomic-load", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "LoadUintptr", "Atomic", "atomic-load", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "StoreInt32", "Atomic", "atomic-store", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "StoreInt64", "Atomic", "atomic-store", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "StorePointer", "Atomic", "atomic-store", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "StoreUint32", "Atomic", "atomic-store", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "StoreUint64", "Atomic", "atomic-store", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "StoreUintptr", "Atomic", "atomic-store", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "AddInt32", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "AddInt64", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "AddUint32", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "AddUint64", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "AddUintptr", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "AndInt32", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "AndInt64", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "AndUint32", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "AndUint64", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "AndUintptr", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "CompareAndSwapInt32", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "CompareAndSwapInt64", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "CompareAndSwapPointer", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "CompareAndSwapUint32", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "CompareAndSwapUint64", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "CompareAndSwapUintptr", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "OrInt32", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "OrInt64", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "OrUint32", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "OrUint64", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "OrUintptr", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "SwapInt32", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "SwapInt64", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "SwapPointer", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "SwapUint32", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "SwapUint64", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "", "SwapUintptr", "Atomic", "atomic-rmw", shapeAtomicArg, valueNative, warned, docAtomicFunc},
	{"sync/atomic", "Bool", "Load", "Atomic", "atomic-load", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Bool", "Store", "Atomic", "atomic-store", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Bool", "Swap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Bool", "CompareAndSwap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int32", "Load", "Atomic", "atomic-load", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int32", "Store", "Atomic", "atomic-store", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int32", "Swap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int32", "CompareAndSwap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int32", "Add", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int32", "And", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int32", "Or", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int64", "Load", "Atomic", "atomic-load", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int64", "Store", "Atomic", "atomic-store", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int64", "Swap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int64", "CompareAndSwap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int64", "Add", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int64", "And", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Int64", "Or", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint32", "Load", "Atomic", "atomic-load", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint32", "Store", "Atomic", "atomic-store", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint32", "Swap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint32", "CompareAndSwap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint32", "Add", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint32", "And", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint32", "Or", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint64", "Load", "Atomic", "atomic-load", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint64", "Store", "Atomic", "atomic-store", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint64", "Swap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint64", "CompareAndSwap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint64", "Add", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint64", "And", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uint64", "Or", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uintptr", "Load", "Atomic", "atomic-load", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uintptr", "Store", "Atomic", "atomic-store", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uintptr", "Swap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uintptr", "CompareAndSwap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uintptr", "Add", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uintptr", "And", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Uintptr", "Or", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Pointer", "Load", "Atomic", "atomic-load", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Pointer", "Store", "Atomic", "atomic-store", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Pointer", "Swap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Pointer", "CompareAndSwap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Value", "Load", "Atomic", "atomic-load", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Value", "Store", "Atomic", "atomic-store", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Value", "Swap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},
	{"sync/atomic", "Value", "CompareAndSwap", "Atomic", "atomic-rmw", shapeAtomicRecv, valueNative, warned, docAtomicMethod},

	{"runtime", "", "Gosched", "Gosched", "gosched", shapeFunc, valueLiteral, warned, docGosched},
	{"runtime", "", "NumGoroutine", "NumGoroutine", "none", shapeFunc, valueLiteral, warned, docStacks},
	{"runtime", "", "Stack", "Stack", "none", shapeFunc, valueLiteral, warned, docStacks},
	{"runtime/debug", "", "Stack", "DebugStack", "none", shapeFunc, valueLiteral, warned, docStacks},
	{"runtime/debug", "", "PrintStack", "DebugPrintStack", "none", shapeFunc, valueLiteral, warned, docStacks},

	{"time", "", "Sleep", "Sleep", "sleep", shapeFunc, valueLiteral, warned, docSleep},
	{"time", "", "After", "After", "go", shapeFunc, valueLiteral, warned, docSleep},
	{"time", "", "Now", "Now", "none", shapeFunc, valueLiteral, warned, docNow},
	{"time", "", "Since", "Since", "none", shapeFunc, valueLiteral, warned, docNow},
	{"time", "", "Until", "Until", "none", shapeFunc, valueLiteral, warned, docNow},
	{"time", "", "NewTimer", "NewTimer", "go", shapeFunc, valueLiteral, warned, docTimer},
	{"time", "Timer", "Stop", "TimerStop", "timer-set", shapeMethod, valueLiteral, warned, docTimer},
	{"time", "Timer", "Reset", "TimerReset", "timer-set", shapeMethod, valueLiteral, warned, docTimer},
	{"time", "", "AfterFunc", "AfterFunc", "go", shapeFunc, valueLiteral, warned, docAfterFunc},
	{"time", "", "NewTicker", "NewTicker", "go", shapeFunc, valueLiteral, warned, docTicker},
	{"time", "", "Tick", "Tick", "go", shapeFunc, valueLiteral, warned, docTicker},
	{"time", "Ticker", "Stop", "TickerStop", "timer-set", shapeMethod, valueLiteral, warned, docTicker},
	{"time", "Ticker", "Reset", "TickerReset", "timer-set", shapeMethod, valueLiteral, warned, docTicker},

	{"context", "", "WithCancel", "WithCancel", "none", shapeFunc, valueLiteral, warned, docContext},
	{"context", "", "WithCancelCause", "WithCancelCause", "none", shapeFunc, valueLiteral, warned, docContext},
	{"context", "", "WithTimeout", "WithTimeout", "go", shapeFunc, valueLiteral, warned, docContext},
	{"context", "", "WithTimeoutCause", "WithTimeoutCause", "go", shapeFunc, valueLiteral, warned, docContext},
	{"context", "", "WithDeadline", "WithDeadline", "go", shapeFunc, valueLiteral, warned, docContext},
	{"context", "", "WithDeadlineCause", "WithDeadlineCause", "go", shapeFunc, valueLiteral, warned, docContext},
	{"context", "", "AfterFunc", "ContextAfterFunc", "none", shapeFunc, valueLiteral, warned, docContext},
	{"context", "", "Cause", "Cause", "none", shapeFunc, valueLiteral, warned, docContext},

	{"testing", "common", "Context", "TContext", "none", shapeRecv, valueNative, warned, docTContext},
	{"testing", "TB", "Context", "TContext", "none", shapeRecv, valueNative, warned, docTContext},
	{"testing", "common", "Cleanup", "TCleanup", "none", shapeRecv, valueNative, warned, docTCleanup},
	{"testing", "TB", "Cleanup", "TCleanup", "none", shapeRecv, valueNative, warned, docTCleanup},
	{"testing", "T", "Run", "Test", "none", shapeSubtest, valueNative, quiet, docSubtest},
	{"testing", "F", "Fuzz", "Fuzz", "none", shapeFuzz, valueNative, quiet, docFuzz},

	{"testing/synctest", "", "Test", "SynctestTest", "synctest go synctest-end", shapeFunc, valueLiteral, warned, docSynctestTest},
	{"testing/synctest", "", "Wait", "SynctestWait", "synctest-wait", shapeFunc, valueLiteral, warned, docSynctestWait},

	{"reflect", "", "Select", "ReflectSelect", "select", shapeFunc, valueLiteral, warned, docReflect},
	{"reflect", "Value", "Send", "ReflectSend", "select", shapeRecv, valueNative, warned, docReflect},
	{"reflect", "Value", "Recv", "ReflectRecv", "select", shapeRecv, valueNative, warned, docReflect},
	{"reflect", "Value", "TrySend", "ReflectTrySend", "select", shapeRecv, valueNative, warned, docReflect},
	{"reflect", "Value", "TryRecv", "ReflectTryRecv", "select", shapeRecv, valueNative, warned, docReflect},
	{"reflect", "Value", "Close", "ReflectClose", "close", shapeRecv, valueNative, warned, docReflect},
	{"reflect", "Value", "Set", "ReflectSet", "read write", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "SetInt", "ReflectSetInt", "write", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "SetUint", "ReflectSetUint", "write", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "SetFloat", "ReflectSetFloat", "write", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "SetComplex", "ReflectSetComplex", "write", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "SetBool", "ReflectSetBool", "write", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "SetString", "ReflectSetString", "write", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "SetBytes", "ReflectSetBytes", "write", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "SetZero", "ReflectSetZero", "write", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "Int", "ReflectInt", "read", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "Uint", "ReflectUint", "read", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "Float", "ReflectFloat", "read", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "Complex", "ReflectComplex", "read", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "Bool", "ReflectBool", "read", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "String", "ReflectString", "read", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "Bytes", "ReflectBytes", "read", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "Value", "Interface", "ReflectInterface", "read", shapeRecv, valueNative, quiet, docReflectMem},
	{"reflect", "", "Copy", "ReflectCopy", "read write", shapeFunc, valueLiteral, quiet, docReflectMem},

	// File I/O used as a value (readFile = os.ReadFile) that cannot be
	// spelt as a literal only loses its happens-before: no warning.
	{"os", "", "WriteFile", "WriteFile", "atomic-store", shapeFunc, valueLiteral, quiet, docFileIO},
	{"os", "", "ReadFile", "ReadFile", "atomic-load", shapeFunc, valueLiteral, quiet, docFileIO},
	{"os", "File", "Write", "FileWrite", "atomic-store", shapeMethod, valueLiteral, quiet, docFileIO},
	{"os", "File", "WriteString", "FileWriteString", "atomic-store", shapeMethod, valueLiteral, quiet, docFileIO},
	{"os", "File", "WriteAt", "FileWriteAt", "atomic-store", shapeMethod, valueLiteral, quiet, docFileIO},
	{"os", "File", "Read", "FileRead", "atomic-load", shapeMethod, valueLiteral, quiet, docFileIO},
	{"os", "File", "ReadAt", "FileReadAt", "atomic-load", shapeMethod, valueLiteral, quiet, docFileIO},
}

// The rows' doc phrases: what the model does, as the docs' tables say it.
const (
	docMutex        = "modelled mutex: `Lock` waits while it is held; an `Unlock` happens before the next `Lock`"
	docRWMutex      = "modelled readers-writer lock: readers share it, a writer excludes everyone; an `Unlock` happens before later locks, an `RUnlock` before the next `Lock`"
	docWaitGroup    = "modelled counter: `Wait` waits until it is zero, and the `Done`s happen before it returns; `Go` is `Add(1)`, a new goroutine, `Done`"
	docOnce         = "modelled: concurrent first calls wait for the one running `f`, whose return happens before theirs"
	docCond         = "modelled wait list: `Wait` joins it, releases `L` (any `Locker`) and retakes it when woken"
	docPool         = "no scheduling point: a `Get` is ordered after every earlier `Put` on the pool, as in the race detector"
	docLocker       = "on a `sync.Locker` value: the modelled `Mutex`, `RWMutex` or `RWMutex.RLocker()` behind it, else its own (rewritten) method"
	docOnceFunc     = "the returned function calls `f` through a modelled `sync.Once` (same panic semantics)"
	docMap          = "modelled per key: each call is a scheduling point on its (map, key) location (`Range` and `Clear` on every key); a write of a key happens before a later read of that key, and of no other"
	docAtomicFunc   = "a scheduling point with the happens-before of the atomic operation on `*addr`, then the real call"
	docAtomicMethod = "a scheduling point with the happens-before of the atomic operation on the value, then the real method"
	docGosched      = "a scheduling point: another goroutine may run"
	docStacks       = "what the native program would see: vtbound's own goroutines and frames left out ([stacks.md](stacks.md))"
	docSleep        = "the execution's virtual clock, which advances only when no goroutine can run: no real time passes"
	docNow          = "the execution's virtual wall clock: no real time enters ([fidelity.md](fidelity.md#wall-clock-time))"
	docTimer        = "modelled timer on the virtual clock (a timer goroutine), Go 1.23 semantics: `Stop` and `Reset` discard an unreceived value"
	docAfterFunc    = "modelled: `f` runs in a timer goroutine when the virtual clock reaches the deadline; `Stop` and `Reset` as for `NewTimer`"
	docTicker       = "modelled ticker on the virtual clock (a background timer goroutine)"
	docContext      = "rt's own contexts: modelled `Done` channels, cancellation of a subtree as one `cancel` step, deadlines on the virtual clock, `AfterFunc` functions in new controlled goroutines"
	docTContext     = "`t.Context()` of a `*T`, `*B`, `*F` (their embedded `common`'s method) or `TB`: a modelled context, cancelled when the test body returns, before the leak check"
	docTCleanup     = "`t.Cleanup(f)` (`*T`, `*B`, `*F`, `TB`): on the explored test's own `T`, `f` runs at the end of each execution, under control, before the leak check; on a subtest's `T`, as natively"
	docSubtest      = "in a test file, the literal's body is explored on its own (`_vtbrt.Test`), as a test function is"
	docFuzz         = "in a test file, each input is explored like a test body (`_vtbrt.Fuzz`)"
	docSynctestTest = "a modelled bubble: its goroutines are explored like any others, its clock starts at 2000-01-01 UTC and moves only when no goroutine can run, and a bubble blocked for good is a deadlock (see [testing/synctest](#testingsynctest))"
	docSynctestWait = "waits until every other goroutine of the bubble is durably blocked or has exited"
	docReflectMem   = "a plain read or write of the value's memory when it is addressable (a variable through a pointer, a slice element, a field of one): a scheduling point and a race-oracle event, then the real method"
	docReflect      = "the channel model of `<-ch` and `select`: a goroutine waiting in `reflect.Select` is a partner of controlled sends and receives"
	docFileIO       = "a scheduling point; a write happens before a later read of any file, as in the race detector ([fidelity.md](fidelity.md#file-io))"
)
