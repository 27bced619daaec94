// Package filelock takes exclusive advisory locks on files, so that
// processes sharing a directory (concurrent compiles building vtbound's
// runtime, test packages building one vtbound binary) do one piece of work
// once. A lock is released by the returned function, or when the process
// exits.
package filelock
