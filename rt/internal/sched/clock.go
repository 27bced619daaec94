package sched

import "slices"

// MaxClockWidth bounds the goroutines that Tick gives a component: a
// clock kept for a whole execution (per goroutine, per lock, per atomic
// address, as the engine's race oracle keeps them) would otherwise grow a
// component for each of thousands of goroutines started one after
// another, and its memory and join time with their square. Put has no
// bound: a clock of one step of a trace (HB, DPOR's analysis) is as wide
// as the trace's goroutine IDs.
const MaxClockWidth = 512

// VClock is a vector clock: component id-1 counts the steps of goroutine
// id (IDs from 1) that happen before or at the point the clock stamps.
// Missing components read as 0. It is the one vector-clock type of the
// engine and the strategies.
type VClock []uint32

// Join sets c to the element-wise maximum of c and o, growing c as needed.
func (c *VClock) Join(o VClock) {
	if n := len(*c); len(o) > n {
		*c = slices.Grow(*c, len(o)-n)[:len(o)] // no temporary slice
		clear((*c)[n:])
	}
	cc := (*c)[:len(o)]
	i := 0
	for ; i+8 <= len(o); i += 8 { // eight at a time: twice as fast at 512 wide
		a, b := cc[i:i+8:i+8], o[i:i+8:i+8]
		a[0], a[1], a[2], a[3] = max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])
		a[4], a[5], a[6], a[7] = max(a[4], b[4]), max(a[5], b[5]), max(a[6], b[6]), max(a[7], b[7])
	}
	for ; i < len(o); i++ {
		cc[i] = max(cc[i], o[i]) // branch-free: components differ at random
	}
}

// Set makes c a copy of o, reusing c's storage.
func (c *VClock) Set(o VClock) {
	*c = append((*c)[:0], o...)
}

// Clone returns a copy of c with storage of its own (nil for an empty c).
func (c VClock) Clone() VClock {
	if len(c) == 0 {
		return nil
	}
	return append(VClock(nil), c...)
}

// Get returns the component of goroutine id (1-based).
func (c VClock) Get(id int) uint32 {
	if id-1 < len(c) {
		return c[id-1]
	}
	return 0
}

// Tick increments the component of goroutine id (1-based); goroutines
// beyond MaxClockWidth have none.
func (c *VClock) Tick(id int) {
	if id > MaxClockWidth {
		return
	}
	c.grow(id)
	(*c)[id-1]++
}

// Put sets the component of goroutine id (1-based) to t, growing c as
// needed (without MaxClockWidth's bound).
func (c *VClock) Put(id int, t uint32) {
	c.grow(id)
	(*c)[id-1] = t
}

// grow makes c at least id components long.
func (c *VClock) grow(id int) {
	if n := id - len(*c); n > 0 {
		*c = append(*c, make(VClock, n)...) // one allocation, not one per component
	}
}

// Leq reports whether c <= o component-wise: the point c stamps happens
// before (or is) the point o stamps.
func (c VClock) Leq(o VClock) bool {
	for i, x := range c {
		if x > 0 && (i >= len(o) || x > o[i]) {
			return false
		}
	}
	return true
}

// Epoch is one goroutine's component at a step: the step itself, in
// FastTrack's terms.
type Epoch struct {
	G int    // goroutine ID
	T uint32 // its component
}

// Before reports whether the step at e happens before (or is) the point
// that clock c stamps.
func (e Epoch) Before(c VClock) bool { return e.T <= c.Get(e.G) }

// ClockPool keeps the storage of clocks that are no longer used (the
// clocks of exited goroutines) for new ones: a test with hundreds of
// goroutines would otherwise allocate (and grow, and collect) a clock
// hundreds of components wide for each, every execution.
type ClockPool []VClock

// MaxSpareClocks bounds the clocks a ClockPool keeps.
const MaxSpareClocks = 1024

// Get returns an empty clock, with storage if the pool has some.
func (p *ClockPool) Get() VClock {
	n := len(*p)
	if n == 0 {
		return nil
	}
	c := (*p)[n-1]
	(*p)[n-1] = nil
	*p = (*p)[:n-1]
	return c[:0]
}

// Put gives c's storage back; c must not be used afterwards.
func (p *ClockPool) Put(c VClock) {
	if cap(c) > 0 && len(*p) < MaxSpareClocks {
		*p = append(*p, c)
	}
}
