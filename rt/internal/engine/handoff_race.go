//go:build race || msan || asan

package engine

// handoffOff turns hand-offs off under the race detector, msan and asan
// (see handoff.go).
const handoffOff = true
