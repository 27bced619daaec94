package kernels

import (
	"sync"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
)

// Coverage kernels of shared/kernels.md and the HaPSet paper's Fig. 1,
// with one site per statement: coverage names statements by site, and the
// catalogue kernels above share one site among all their sync operations.
var (
	cg [1]rt.Guard
	cs = rt.Register("github.com/vtbound/vtbound/rt/internal/kernels/coverage", []rt.Site{
		0:  {File: "spfig2.go", Line: 2, Kind: rt.KSync},                           // 2a lock
		1:  {File: "spfig2.go", Line: 3, Kind: rt.KSync},                           // 3a unlock
		2:  {File: "spfig2.go", Line: 12, Kind: rt.KSync},                          // 2b lock
		3:  {File: "spfig2.go", Line: 13, Kind: rt.KSync},                          // 3b unlock
		4:  {File: "spfig2.go", Line: 4, Kind: rt.KSync},                           // 4a lock
		5:  {File: "spfig2.go", Line: 5, Kind: rt.KSync},                           // 5a unlock
		6:  {File: "spfig2.go", Line: 14, Kind: rt.KSync},                          // 4b lock
		7:  {File: "spfig2.go", Line: 15, Kind: rt.KSync},                          // 5b unlock
		8:  {File: "hapsetfig1.go", Line: 1, Kind: rt.KWrite, Group: "coverage.p"}, // e1: p = &a
		9:  {File: "hapsetfig1.go", Line: 2, Kind: rt.KRead, Group: "coverage.p"},  // e2: if p != nil
		10: {File: "hapsetfig1.go", Line: 3, Kind: rt.KRead, Group: "coverage.p"},  // e3: *p = 10
		11: {File: "hapsetfig1.go", Line: 4, Kind: rt.KWrite, Group: "coverage.p"}, // e4: p = nil
		12: {File: "coverage.go", Line: 1, Kind: rt.KSync},
		13: {File: "coverage.go", Line: 2, Kind: rt.KGo},
	}, cg[:])
)

// SPFig2Sites are the sites of sp-fig2's lock statements 2a, 4a, 2b, 4b
// (sync-pair-coverage-tsa.txt Fig. 2); their IDs are ordered as the
// paper's labels, 2a < 2b < 4a < 4b.
var SPFig2Sites = [4]int32{cs, cs + 4, cs + 2, cs + 6}

// HapsetFig1Sites are the sites of hapset-fig1's e1..e4.
var HapsetFig1Sites = [4]int32{cs + 8, cs + 9, cs + 10, cs + 11}

var cSync, cGo = cs + 12, cs + 13

// SPFig2 is sync-pair-coverage-tsa.txt Fig. 2: two goroutines, each runs
// two critical sections on the mutex m. It never fails.
func SPFig2(t testing.TB) {
	var m sync.Mutex
	var wg sync.WaitGroup
	section := func(lock, unlock int32) {
		rt.Lock(lock, &m)
		rt.Unlock(unlock, &m)
	}
	rt.WGAdd(cSync, &wg, 2)
	rt.Go(cGo, func() {
		defer rt.WGDone(cSync, &wg)
		section(cs, cs+1)   // 2a, 3a
		section(cs+4, cs+5) // 4a, 5a
	})
	rt.Go(cGo, func() {
		defer rt.WGDone(cSync, &wg)
		section(cs+2, cs+3) // 2b, 3b
		section(cs+6, cs+7) // 4b, 5b
	})
	rt.WGWait(cSync, &wg)
}

// HapsetFig1Coverage is hapset-fig1 with one site per statement: e1
// p = &a and e4 p = nil in one goroutine (alloc, then free), e2
// if p != nil and e3 *p = 10 (meant to be atomic) in another. The order
// e1 e2 e4 e3 dereferences nil. Fixed: the use and the free are locked.
func HapsetFig1Coverage(t testing.TB, fixed bool) {
	var a int
	var p *int
	var mu sync.Mutex
	var wg sync.WaitGroup
	access := func(site int32, write bool) {
		if !cg[0].On() {
			return
		}
		if write {
			rt.Write(site, unsafe.Pointer(&p))
		} else {
			rt.Read(site, unsafe.Pointer(&p))
		}
	}
	spawn2(&wg, func() {
		access(cs+8, true)
		p = &a
		defer lockIf(fixed, &mu)()
		access(cs+11, true)
		p = nil
	}, func() {
		defer lockIf(fixed, &mu)()
		access(cs+9, false)
		if q := p; q != nil {
			access(cs+10, false)
			*p = 10
		}
	})
	rt.WGWait(cSync, &wg)
}

// spawn2 starts fns as goroutines tracked by wg on this file's sites.
func spawn2(wg *sync.WaitGroup, fns ...func()) {
	rt.WGAdd(cSync, wg, len(fns))
	for _, fn := range fns {
		rt.Go(cGo, func() {
			defer rt.WGDone(cSync, wg)
			fn()
		})
	}
}

// LockHeavy is a lock-heavy kernel shaped like the TSA paper's subjects
// (Figs. 7-8): n goroutines, each running k critical sections over locks
// chosen round-robin from nlocks mutexes, every lock statement at its own
// site (goroutine i, section j). It never fails. n, k <= 8, nlocks <= 4.
func LockHeavy(n, k, nlocks int) func(testing.TB) {
	return func(t testing.TB) {
		var mus [4]sync.Mutex
		var wg sync.WaitGroup
		var fns []func()
		for i := range n {
			fns = append(fns, func() {
				for j := range k {
					mu := &mus[(i+j)%nlocks]
					rt.Lock(heavySites+int32(i*8+j), mu)
					rt.Unlock(cSync, mu)
				}
			})
		}
		spawn2(&wg, fns...)
		rt.WGWait(cSync, &wg)
	}
}

// heavySites are LockHeavy's 64 lock sites, goroutine i section j at
// heavySites + 8i + j.
var heavySites = rt.Register("github.com/vtbound/vtbound/rt/internal/kernels/lockheavy", lockHeavySites(), nil)

func lockHeavySites() []rt.Site {
	out := make([]rt.Site, 64)
	for i := range out {
		out[i] = rt.Site{File: "lockheavy.go", Line: int32(i + 1), Kind: rt.KSync}
	}
	return out
}
