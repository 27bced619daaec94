// Package sharedvar defines an Analyzer that reports variables shared
// between goroutines.
//
// # Analyzer sharedvar
//
// sharedvar: report accesses to shared variables that can race
//
// By default the analyzer reports, for each variable, the accesses that
// can race (category "race"): an access that may run at the same time as
// a conflicting access (one of them writes) on another goroutine, with no
// lock held in common (exclusively by one of them) and no synchronisation
// ordering them. It reports once per variable, at the first such access,
// naming the access it can race with; each racy access and the
// declaration are related positions. Tests run one at a time unless both
// call t.Parallel; two functions called from outside the package (with
// no goroutine of the package between them) are taken to run at once
// only for a variable some access locks; a local variable's accesses in
// the function that declares it belong to one call.
//
// With -inventory the analyzer also lists every shared variable (category
// "shared"): for each variable group (a package-level variable, a field of a named
// struct type, a captured local variable, an allocation site, the elements
// of a container) whose accesses may touch memory reachable by more than one
// goroutine and that more than one goroutine entry point reaches, the
// analyzer reports once, at the variable's declaration (or its first access
// when declared elsewhere): which entry points reach it, how many access
// sites it has and how many of them are not protected by a common lock.
// Each access is attached as a related position. Variables never written
// except by the initialisation at their declaration are not reported, and
// neither are the writes that fill in a new object before it can be seen
// by anyone else (a constructor setting fields before returning or
// publishing the object).
//
// Accesses ordered by synchronisation need no lock: a write before a go
// statement and the started goroutine's reads, a write before a channel
// send (or close) and the reads after the receive, a goroutine's writes
// before WaitGroup.Done and the reads after Wait, and the function run by
// Once.Do and the code after Do. A variable whose every pair of
// conflicting accesses from concurrent entry points is so ordered is handed
// over, not shared, and is not reported; ordered accesses are not counted
// as unprotected. The order is taken within a function and one edge deep
// (package analyzers/internal/syncorder), so some correct hand-offs are
// still reported.
//
// A goroutine entry point is a function started by a go statement (counted
// twice when the statement is in a loop or the function is started from two
// places), a closure handed to code that may run it on another goroutine,
// or a function callable from outside the package (exported, a method, a
// function used as a value). Locks are sync.Mutex and sync.RWMutex
// certainly held at the access: taken in the same function, or held at
// every call site of a function that only the package calls.
//
// The analysis is the imprecise alias and escape analysis of
// internal/alias: it may report variables that are never actually shared
// (for example when a local is passed to the same helper as shared data),
// and it does not report accesses made through unsafe or reflect.
// Packages that use neither go statements, channels, nor sync and
// sync/atomic are skipped.
//
// Flags: -min-entries sets how many entry points must reach a variable
// (default 2); -inventory adds the list of shared variables.
package sharedvar
