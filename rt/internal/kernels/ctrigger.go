package kernels

import (
	"sync"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
)

// The kernels of this file serve the ctrigger strategy's tests: every
// access has a site of its own, so that a static unserializable triple
// (site_p, site_c, site_r) names exactly one program pattern.

// RankN is the number of wide-window benign triples of Ranking.
const RankN = 19

// Site indices of the ctrigger kernels, relative to ctBase.
const (
	ciUI       = 0         // UIFour: combination i has p, c, r at 3i, 3i+1, 3i+2
	ciPM       = ciUI + 24 // PruneMutex: x (p, c, r), y (p, c, r)
	ciPO       = ciPM + 6  // PruneOrder: x (p, c, r), y (p, c, r), z (r, p, c)
	ciNM       = ciPO + 9  // NearMiss: T1 p, c; T2 read, write; final read
	ciRK       = ciNM + 5  // Ranking: b (p, c, r, final read), noise, then v_i (p, c, r)
	ciLock     = ciRK + 5 + 3*RankN
	ciGo       = ciLock + 8 // 8 lock sites: cycle3 (6), held-send (2)
	ciChan     = ciGo + 1
	ciWG       = ciChan + 1
	ciNoise    = ciWG + 1
	numCTSites = ciNoise + 1
)

var (
	ctGuards = make([]rt.Guard, 6) // one per group: ui, pm, po, nm, rk, noise
	ctBase   = rt.Register("github.com/vtbound/vtbound/rt/internal/kernels/ctrigger", ctSites(), ctGuards)
)

// ctSites builds the site table (one line per site) and the guards.
func ctSites() []rt.Site {
	sites := make([]rt.Site, numCTSites)
	group := func(i int) string {
		switch {
		case i < ciPM:
			return "ct.ui"
		case i < ciPO:
			return "ct.pm"
		case i < ciNM:
			return "ct.po"
		case i < ciRK:
			return "ct.nm"
		case i < ciLock:
			return "ct.rk"
		case i == ciNoise:
			return "ct.noise"
		}
		return ""
	}
	for i := range sites {
		sites[i] = rt.Site{File: "ctrigger.go", Line: int32(i + 1), Kind: rt.KSync, Group: group(i)}
		if sites[i].Group != "" {
			sites[i].Kind = rt.KWrite
		}
	}
	for i := range ciNoise {
		if sites[i].Group != "" && !ctWrites(i) {
			sites[i].Kind = rt.KRead
		}
	}
	sites[ciGo].Kind, sites[ciChan].Kind = rt.KGo, rt.KChan
	return sites
}

// ctWrites reports whether access site i writes.
func ctWrites(i int) bool {
	switch {
	case i == ciNoise:
		return true
	case i < ciPM:
		combo, role := i/3, i%3 // role 0 p, 1 c, 2 r
		return combo&(4>>role) != 0
	case i < ciPO:
		return (i-ciPM)%3 != 0
	case i < ciNM:
		return i-ciPO != 0 && i-ciPO != 3 && i-ciPO != 7
	case i < ciRK:
		return i == ciNM+1 || i == ciNM+3
	case i < ciRK+5:
		return i == ciRK+1 || i == ciRK+2 || i == ciRK+4
	}
	return (i-ciRK-5)%3 != 0
}

// ctGuard returns the guard of site i's group, in order of first
// appearance.
func ctGuard(i int) *rt.Guard {
	switch {
	case i < ciPM:
		return &ctGuards[0]
	case i < ciPO:
		return &ctGuards[1]
	case i < ciNM:
		return &ctGuards[2]
	case i < ciRK:
		return &ctGuards[3]
	case i < ciLock:
		return &ctGuards[4]
	}
	return &ctGuards[5]
}

// ctAcc is the guarded hook before the access of site i to p.
func ctAcc(i int, p unsafe.Pointer) {
	if !ctGuard(i).On() {
		return
	}
	if ctWrites(i) {
		rt.Write(ctBase+int32(i), p)
	} else {
		rt.Read(ctBase+int32(i), p)
	}
}

// ctSpawn starts fns as goroutines tracked by wg and waits for them.
func ctSpawn(fns ...func()) {
	var wg sync.WaitGroup
	rt.WGAdd(ctBase+ciWG, &wg, len(fns))
	for _, fn := range fns {
		rt.Go(ctBase+ciGo, func() {
			defer rt.WGDone(ctBase+ciWG, &wg)
			fn()
		})
	}
	rt.WGWait(ctBase+ciWG, &wg)
}

// SiteOf returns the site ID of a ctrigger kernel's site index, for tests
// that name the triples they expect.
func SiteOf(i int) int32 { return ctBase + int32(i) }

// The site indices tests name.
const (
	SiteUI         = ciUI
	SitePruneMutex = ciPM
	SitePruneOrder = ciPO
	SiteNearMiss   = ciNM
	SiteRanking    = ciRK
)

// UIFour: for each of the 8 read/write combinations of (p, c, r), T1
// accesses its own variable twice (p, c) and T2 once (r). Exactly the 4
// unserializable combinations of the paper's Fig. 3 are interleavings to
// cover; none can fail.
func UIFour(t testing.TB) {
	var x [8]int
	ctSpawn(func() {
		for i := range x {
			ctAcc(ciUI+3*i, unsafe.Pointer(&x[i]))
			ctAcc(ciUI+3*i+1, unsafe.Pointer(&x[i]))
		}
	}, func() {
		for i := range x {
			ctAcc(ciUI+3*i+2, unsafe.Pointer(&x[i]))
		}
	})
}

// PruneMutex: T1 reads and writes x in one critical section of m, T2
// writes x under m (infeasible by mutual exclusion); the same on y without
// the lock (feasible). Never fails.
func PruneMutex(t testing.TB) {
	var x, y int
	var m sync.Mutex
	ctSpawn(func() {
		rt.Lock(ctBase+ciLock, &m)
		ctAcc(ciPM, unsafe.Pointer(&x))
		ctAcc(ciPM+1, unsafe.Pointer(&x))
		rt.Unlock(ctBase+ciLock, &m)
		ctAcc(ciPM+3, unsafe.Pointer(&y))
		ctAcc(ciPM+4, unsafe.Pointer(&y))
	}, func() {
		rt.Lock(ctBase+ciLock, &m)
		ctAcc(ciPM+2, unsafe.Pointer(&x))
		rt.Unlock(ctBase+ciLock, &m)
		ctAcc(ciPM+5, unsafe.Pointer(&y))
	})
}

// PruneOrder: three triples made infeasible by order synchronisation: x's
// r follows a receive of T1's send after c, y's r follows a Wait for the
// goroutine that did p and c, z's r precedes the go statement of p and c.
// Never fails.
func PruneOrder(t testing.TB) {
	var x, y, z int
	ch := rt.MakeChan[int](ctBase+ciChan, 0)
	var wg sync.WaitGroup
	ctAcc(ciPO+6, unsafe.Pointer(&z))
	rt.WGAdd(ctBase+ciWG, &wg, 3)
	rt.Go(ctBase+ciGo, func() {
		defer rt.WGDone(ctBase+ciWG, &wg)
		ctAcc(ciPO, unsafe.Pointer(&x))
		ctAcc(ciPO+1, unsafe.Pointer(&x))
		rt.Send(ctBase+ciChan, ch, 1)
		ctAcc(ciPO+3, unsafe.Pointer(&y))
		ctAcc(ciPO+4, unsafe.Pointer(&y))
	})
	rt.Go(ctBase+ciGo, func() {
		defer rt.WGDone(ctBase+ciWG, &wg)
		rt.Recv(ctBase+ciChan, ch)
		ctAcc(ciPO+2, unsafe.Pointer(&x))
	})
	rt.Go(ctBase+ciGo, func() {
		defer rt.WGDone(ctBase+ciWG, &wg)
		ctAcc(ciPO+7, unsafe.Pointer(&z))
		ctAcc(ciPO+8, unsafe.Pointer(&z))
	})
	rt.WGWait(ctBase+ciWG, &wg)
	ctAcc(ciPO+5, unsafe.Pointer(&y))
}

// NearMiss looks like PruneMutex but T1 reads and writes x in two
// critical sections of m: T2's increment between them is feasible and
// loses T1's update. Fixed: one critical section.
func NearMiss(t testing.TB, fixed bool) {
	x := 0
	var m sync.Mutex
	ctSpawn(func() {
		rt.Lock(ctBase+ciLock, &m)
		ctAcc(ciNM, unsafe.Pointer(&x))
		v := x
		if !fixed {
			rt.Unlock(ctBase+ciLock, &m)
			rt.Lock(ctBase+ciLock, &m)
		}
		ctAcc(ciNM+1, unsafe.Pointer(&x))
		x = v + 1
		rt.Unlock(ctBase+ciLock, &m)
	}, func() {
		rt.Lock(ctBase+ciLock, &m)
		ctAcc(ciNM+2, unsafe.Pointer(&x))
		v := x
		ctAcc(ciNM+3, unsafe.Pointer(&x))
		x = v + 1
		rt.Unlock(ctBase+ciLock, &m)
	})
	ctAcc(ciNM+4, unsafe.Pointer(&x))
	if x != 2 {
		t.Errorf("near-miss: x = %d after two increments", x)
	}
}

// Ranking: T1 runs RankN read-then-write windows on v_i, each spanning
// many steps of other work, then an increment of b whose window is one
// step wide; T2 writes every v_i and increments b. Only b's window is a
// bug (a lost update). Fixed: b is incremented under a lock.
func Ranking(t testing.TB, fixed bool) {
	var v [RankN]int
	var b, noise int
	var m sync.Mutex
	ctSpawn(func() {
		for i := range v {
			ctAcc(ciRK+5+3*i, unsafe.Pointer(&v[i]))
			for range 6 {
				ctAcc(ciRK+4, unsafe.Pointer(&noise))
			}
			ctAcc(ciRK+5+3*i+1, unsafe.Pointer(&v[i]))
			v[i] = 1
		}
		unlock := lockIf(fixed, &m)
		ctAcc(ciRK, unsafe.Pointer(&b))
		tmp := b
		ctAcc(ciRK+1, unsafe.Pointer(&b))
		b = tmp + 1
		unlock()
	}, func() {
		for i := range v {
			ctAcc(ciRK+5+3*i+2, unsafe.Pointer(&v[i]))
			v[i] = 1
		}
		unlock := lockIf(fixed, &m)
		ctAcc(ciRK+2, unsafe.Pointer(&b))
		b++
		unlock()
	})
	ctAcc(ciRK+3, unsafe.Pointer(&b))
	if b != 2 {
		t.Errorf("ranking: b = %d after two increments", b)
	}
}

// ctNoise performs n accesses to a variable of its own.
func ctNoise(n int) {
	x := 0
	for range n {
		ctAcc(ciNoise, unsafe.Pointer(&x))
	}
}

// LockCycle3: T1 locks A then B, T2 B then C, T3 C then A, each after
// some other work: a three-lock deadlock that a natural schedule rarely
// meets. Fixed: T3 locks A before C.
func LockCycle3(t testing.TB, fixed bool) {
	var a, b, c sync.Mutex
	first, second := &c, &a
	if fixed {
		first, second = &a, &c
	}
	both := func(n int, s int32, x, y *sync.Mutex) func() {
		return func() {
			ctNoise(n)
			rt.Lock(ctBase+ciLock+s, x)
			rt.Lock(ctBase+ciLock+s+1, y)
			rt.Unlock(ctBase+ciLock+s+1, y)
			rt.Unlock(ctBase+ciLock+s, x)
		}
	}
	ctSpawn(both(0, 0, &a, &b), both(20, 2, &b, &c), both(40, 4, first, second))
}

// HeldSend: T1 sends on an unbuffered channel while holding m; T2 needs m
// (briefly) before it receives. If T1 takes m first, both block. Fixed:
// T1 sends after unlocking.
func HeldSend(t testing.TB, fixed bool) {
	var m sync.Mutex
	ch := rt.MakeChan[int](ctBase+ciChan, 0)
	ctSpawn(func() {
		ctNoise(30)
		rt.Lock(ctBase+ciLock+6, &m)
		if fixed {
			rt.Unlock(ctBase+ciLock+6, &m)
		}
		rt.Send(ctBase+ciChan, ch, 1)
		if !fixed {
			rt.Unlock(ctBase+ciLock+6, &m)
		}
	}, func() {
		rt.Lock(ctBase+ciLock+7, &m)
		rt.Unlock(ctBase+ciLock+7, &m)
		rt.Recv(ctBase+ciChan, ch)
	})
}
