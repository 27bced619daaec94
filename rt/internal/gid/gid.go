// Package gid identifies the calling goroutine cheaply.
//
// The engine must tell a controlled goroutine from any other goroutine that
// happens to run instrumented code (standard-library goroutines, goroutines
// started by packages outside the instrumentation scope). Go has no public
// goroutine identity, so on amd64 and arm64 Current returns the runtime's
// per-goroutine g pointer, read by a two-instruction assembly function; on
// other architectures it parses the goroutine number from runtime.Stack,
// which is correct but about a microsecond slower.
//
// Invariant: while a goroutine is alive, Current returns the same non-zero
// value in it and a different value in every other live goroutine. Values
// may be reused after a goroutine exits.
package gid
