package rt

import "github.com/vtbound/vtbound/rt/internal/engine"

// RegisterDependency is RegisterTable for a package outside VTBOUND_SCOPE
// (a dependency in the module cache or a vendor directory), whose
// concurrency operations only were rewritten: its goroutines, channels,
// locks and waits run under control, its memory accesses are not tracked,
// and a goroutine blocked in it when the test body returns is not reported
// as a leak.
func RegisterDependency(pkg, table string, guards []Guard) int32 {
	return engine.RegisterDependency(pkg, table, guards)
}
