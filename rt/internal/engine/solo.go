package engine

// A goroutine alone.
//
// While the test body is the only goroutine the execution has ever had,
// its memory accesses cannot race and their order is the program's: no
// other goroutine exists to run between them. Every goroutine started
// later is ordered after all of them (the go statement), so they need no
// race record either. They are then not scheduling points: a test that
// fills a cache of half a megabyte byte by byte before starting any
// goroutine (coocood/freecache's TestFreeCache) took 7 s per execution,
// half of it in race checks of accesses nothing could race with, and its
// first execution was cut at the step bound. The first soloAfter accesses
// alone are steps as any other (a short test's report shows them all);
// after them, every soloEvery-th such access still is a step, so that the
// step and time bounds still end an execution that spins alone for ever
// (on a variable uncontrolled code writes, say).

// soloAfter is how many accesses alone are steps before the rest are not.
const soloAfter = 10_000

// soloEvery is how many accesses alone make one step after soloAfter.
const soloEvery = 1 << 12

// solo reports whether the execution has had one goroutine only for more
// than soloAfter accesses, counting the access that asks; it is false
// for every soloEvery-th one.
func (x *execution) solo() bool {
	if len(x.gs) != 1 {
		return false
	}
	x.soloAccesses++
	return x.soloAccesses > soloAfter && x.soloAccesses%soloEvery != 0
}
