// Package alias is an imprecise, modular alias and escape analysis over
// golang.org/x/tools/go/ssa. It answers two questions for one package at a
// time: which memory-access sites may touch memory reachable by more than one
// goroutine ("shared"), and which abstract location ("variable group") each
// site accesses.
//
// # Algorithm
//
// The package under analysis is built into SSA (ssa.InstantiateGenerics);
// its imports are created from their type information only, without bodies.
// Every SSA value v gets a points-to class L(v); every class X has at most one
// pointee class pt(X), the class of what pointers stored in X point to. The
// constraints are unification constraints in the style of Steensgaard's
// analysis (flow-insensitive, context-insensitive, field-insensitive), built
// in one pass over the instructions (constraints.go, calls.go) and solved by
// union-find with recursive unification of pointees (graph.go). Escape
// (sharing) is then propagated from the roots along pt edges (solve.go).
//
// Roots of sharing are: package-level variables; the arguments and closure
// environment of a go statement; values sent on a channel or passed to
// panic; arguments of a call whose callee is unknown (dynamic calls,
// interface calls, functions of other packages outside a small list of
// standard-library functions known not to retain or share their arguments);
// the parameters and results of functions that code outside the package can
// call (exported functions, all exported methods, functions and closures
// used as values). Anything whose address is stored into a shared object is
// shared.
//
// # Groups
//
// A site's group is named from its address, in this order:
//
//	package-level variable      pkgpath.var
//	field of a named struct     pkgpath.Type.field   (type-based: all objects of the type)
//	container element           elem:<group of the container>
//	local variable in memory    file.go:line:col     (of its declaration, base file name)
//	allocation site             alloc:file.go:line:col
//	anything else               the name of its points-to class: the best of the
//	                            above labels found in the class, else type:<type>
//
// Global and field names depend only on declarations, so separately analysed
// packages agree on them. Position-based names are local to the package that
// contains the position. A memory location reachable under two names belongs
// to two groups: tracking one of them at run time does not track the other.
// This costs ranking precision (a bug may need a larger variable bound), not
// detection, because every shared site is instrumented.
//
// # Precision
//
// Unification merges everything that flows through one variable or one
// parameter of an unexported function, so locals passed to the same helper as
// shared data are shared too. Struct fields are distinguished only in the
// group names, not in the points-to classes. Calls through interfaces make
// their arguments shared. There is no flow sensitivity: an object is shared
// for its whole lifetime if it is shared at any point.
//
// # Soundness
//
// Assuming memory safety and no use of unsafe or reflect to create or
// launder pointers, every site that may access memory reachable by two
// goroutines is reported shared. A site the analysis has no information about
// (no SSA instruction at its position, an unexpected expression form) is
// reported shared, never dropped. Crossing packages is summarised
// conservatively: what an unknown callee receives is shared, what it returns
// is shared.
//
// # Preconditions
//
// The caller supplies a type-checked package whose types.Info has Types,
// Defs, Uses, Implicits, Instances, Scopes, Selections and FileVersions
// filled in (what go/ssa needs). Imported packages may come from export data.
// Options.Sanity enables a check of the solver's invariants (sanity.go),
// off by default.
package alias
