// Package differential holds vtbound's differential check on real code: the
// test suites of pinned, concurrency-heavy third-party modules are run
// natively and under `go test -toolexec=vtbound`, and the verdict of every
// package (ok, FAIL, build failed, no test files) must be the same.
//
// The package holds only the module list (Modules); the check is its test,
// TestDifferential, in the integration tier (go test -tags integration).
// docs/differential.md gives the command and the results.
package differential
