// Package vargroups defines an Analyzer that computes the variable groups
// of a package: the abstract locations its memory accesses touch.
//
// # Analyzer vargroups
//
// vargroups: compute the variable groups of memory accesses
//
// The analyzer reports nothing. It runs the alias and escape analysis of
// internal/alias on the package and returns a *Result: every load and store
// with its group (pkgpath.var, pkgpath.Type.field, file.go:line:col of a
// local variable, alloc:file.go:line:col, elem:<container group>) and
// whether it may be shared between goroutines. For dependent packages it
// exports a *PackageGroups fact listing the package's shared groups and a
// *VarGroup fact on every package-level variable.
//
// The -sanity flag checks the alias solver's invariants and fails the
// analysis if one is broken. Standard-library packages, which vet and the
// report only visit as dependencies, are skipped (an empty Result, facts
// for their package-level variables only) unless -std is set.
package vargroups
