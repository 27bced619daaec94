package engine

import "github.com/vtbound/vtbound/rt/internal/sched"

// The engine's vector clocks are package sched's, shared with the
// strategies' causal order (sched.HB): one clock type in vtbound.
//
// A clock is indexed by goroutine ID and at most maxClockWidth wide: the
// race oracle covers the goroutines with IDs up to maxClockWidth in each
// execution and ignores the accesses of later ones (see checkRace).
// Without the bound, a test that starts thousands of goroutines one after
// another gives every clock (per goroutine, per lock, per atomic address)
// a component for each of them: memory and join time grow with their
// square.
type (
	vclock    = sched.VClock
	epoch     = sched.Epoch
	clockPool = sched.ClockPool
)

// maxClockWidth bounds the goroutines a vector clock has components for.
const maxClockWidth = sched.MaxClockWidth
