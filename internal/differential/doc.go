// Package differential holds vtbound's differential check on real code: the
// test suites of pinned, concurrency-heavy third-party modules are run
// natively and under `go test -toolexec=vtbound`, and the verdict of every
// package (ok, FAIL, build failed, no test files) must be the same.
//
// The package has no code of its own; everything is in its test. See
// docs/differential.md for the module list, the command and the results.
package differential
