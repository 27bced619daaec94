package engine

import "slices"

// maxClockWidth bounds the goroutines a vector clock has components for:
// the race oracle covers the goroutines with IDs up to maxClockWidth in each
// execution and ignores the accesses of later ones (see checkRace). Without
// the bound, a test that starts thousands of goroutines one after another
// gives every clock (per goroutine, per lock, per atomic address) a
// component for each of them: memory and join time grow with their square.
const maxClockWidth = 512

// vclock is a vector clock indexed by goroutine ID - 1, at most
// maxClockWidth long.
type vclock []uint32

// join sets c to the element-wise maximum of c and o, growing c as needed.
func (c *vclock) join(o vclock) {
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

// set makes c a copy of o, reusing c's storage.
func (c *vclock) set(o vclock) {
	*c = append((*c)[:0], o...)
}

// get returns the component of goroutine id (1-based).
func (c vclock) get(id int) uint32 {
	if id-1 < len(c) {
		return c[id-1]
	}
	return 0
}

// tick increments the component of goroutine id (1-based); goroutines
// beyond maxClockWidth have none.
func (c *vclock) tick(id int) {
	if id > maxClockWidth {
		return
	}
	if n := id - len(*c); n > 0 {
		*c = append(*c, make(vclock, n)...) // one allocation, not one per component
	}
	(*c)[id-1]++
}

// epoch is one goroutine's clock value at an access.
type epoch struct {
	g int
	t uint32
}

// before reports whether the access at e happens before a goroutine whose
// clock is c.
func (e epoch) before(c vclock) bool { return e.t <= c.get(e.g) }

// clockPool keeps the storage of exited goroutines' clocks for the
// goroutines started after them, in this execution or a later one: a test
// with hundreds of goroutines would otherwise allocate (and grow, and
// collect) a clock hundreds of components wide for each, every execution.
type clockPool []vclock

// maxSpareClocks bounds the storage a clockPool keeps.
const maxSpareClocks = 1024

// get returns an empty clock, with storage if the pool has some.
func (p *clockPool) get() vclock {
	n := len(*p)
	if n == 0 {
		return nil
	}
	c := (*p)[n-1]
	(*p)[n-1] = nil
	*p = (*p)[:n-1]
	return c[:0]
}

// put gives c's storage back; c must not be used afterwards.
func (p *clockPool) put(c vclock) {
	if cap(c) > 0 && len(*p) < maxSpareClocks {
		*p = append(*p, c)
	}
}
