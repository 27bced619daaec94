package kernels

import (
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
)

// rd and wr are the guarded hooks the rewriter emits before a read or a
// write of a variable in group grp.
func rd(grp int, p unsafe.Pointer) {
	if g[grp].On() {
		rt.Read(sRead(grp), p)
	}
}

func wr(grp int, p unsafe.Pointer) {
	if g[grp].On() {
		rt.Write(sWrite(grp), p)
	}
}

// spawn starts fns as goroutines tracked by wg, as `wg.Add(n); go ...`.
func spawn(wg *sync.WaitGroup, fns ...func()) {
	rt.WGAdd(sSync, wg, len(fns))
	for _, fn := range fns {
		rt.Go(sGo, func() {
			defer rt.WGDone(sSync, wg)
			fn()
		})
	}
}

// lockIf locks mu when fixed, returning the matching unlock.
func lockIf(fixed bool, mu *sync.Mutex) func() {
	if !fixed {
		return func() {}
	}
	rt.Lock(sSync, mu)
	return func() { rt.Unlock(sSync, mu) }
}

// Fig1: T1: assert(a == 0) · T2: a++. Fixed: T2 waits for T1's check.
func Fig1(t testing.TB, fixed bool) {
	var a int
	var wg sync.WaitGroup
	checked := rt.MakeChan[struct{}](sChan, 0)
	spawn(&wg, func() {
		rd(gA, unsafe.Pointer(&a))
		if a != 0 {
			t.Errorf("vt-fig1: a = %d, want 0", a)
		}
		rt.Close(sChan, checked)
	}, func() {
		if fixed {
			rt.Recv(sChan, checked)
		}
		wr(gA, unsafe.Pointer(&a))
		a++
	})
	rt.WGWait(sSync, &wg)
}

// Fig2: T1: t1 = a; t2 = a; assert(t1 == t2) · T2: a++.
func Fig2(t testing.TB, fixed bool) {
	var a int
	var mu sync.Mutex
	var wg sync.WaitGroup
	spawn(&wg, func() {
		defer lockIf(fixed, &mu)()
		rd(gA, unsafe.Pointer(&a))
		t1 := a
		rd(gA, unsafe.Pointer(&a))
		t2 := a
		if t1 != t2 {
			t.Errorf("vt-fig2: t1 = %d, t2 = %d", t1, t2)
		}
	}, func() {
		defer lockIf(fixed, &mu)()
		wr(gA, unsafe.Pointer(&a))
		a++
	})
	rt.WGWait(sSync, &wg)
}

// Fig3: T1: t1 = a; t2 = a; assert(t1 == t2) · T2: a = 1; a = 0.
func Fig3(t testing.TB, fixed bool) {
	var a int
	var mu sync.Mutex
	var wg sync.WaitGroup
	spawn(&wg, func() {
		defer lockIf(fixed, &mu)()
		rd(gA, unsafe.Pointer(&a))
		t1 := a
		rd(gA, unsafe.Pointer(&a))
		t2 := a
		if t1 != t2 {
			t.Errorf("vt-fig3: t1 = %d, t2 = %d", t1, t2)
		}
	}, func() {
		defer lockIf(fixed, &mu)()
		wr(gA, unsafe.Pointer(&a))
		a = 1
		wr(gA, unsafe.Pointer(&a))
		a = 0
	})
	rt.WGWait(sSync, &wg)
}

// Fig4: T1: t1 = a; t2 = a; t3 = b; assert(t1 == t2 || t3 != 1) ·
// T2: a = 1; b = 1; b = 0.
func Fig4(t testing.TB, fixed bool) {
	var a, b int
	var mu sync.Mutex
	var wg sync.WaitGroup
	spawn(&wg, func() {
		defer lockIf(fixed, &mu)()
		rd(gA, unsafe.Pointer(&a))
		t1 := a
		rd(gA, unsafe.Pointer(&a))
		t2 := a
		rd(gB, unsafe.Pointer(&b))
		t3 := b
		if !(t1 == t2 || t3 != 1) {
			t.Errorf("vt-fig4: t1 = %d, t2 = %d, t3 = %d", t1, t2, t3)
		}
	}, func() {
		defer lockIf(fixed, &mu)()
		wr(gA, unsafe.Pointer(&a))
		a = 1
		wr(gB, unsafe.Pointer(&b))
		b = 1
		wr(gB, unsafe.Pointer(&b))
		b = 0
	})
	rt.WGWait(sSync, &wg)
}

// Fig8: T1: a++ · T2: a++ · T3: assert(a != 2). Fixed: the increments wait
// for the check.
func Fig8(t testing.TB, fixed bool) {
	var a int
	var mu sync.Mutex
	var wg sync.WaitGroup
	checked := rt.MakeChan[struct{}](sChan, 0)
	inc := func() {
		if fixed {
			rt.Recv(sChan, checked)
		}
		defer lockIf(true, &mu)()
		wr(gA, unsafe.Pointer(&a))
		a++
	}
	spawn(&wg, inc, inc, func() {
		unlock := lockIf(true, &mu)
		rd(gA, unsafe.Pointer(&a))
		v := a
		unlock()
		if v == 2 {
			t.Errorf("vt-fig8: a = 2 at the check")
		}
		rt.Close(sChan, checked)
	})
	rt.WGWait(sSync, &wg)
}

// Fig9: T1: t1 = a; t2 = a; assert(t2 <= t1+1) · T2: a++ · T3: a++. (The
// catalogue prints the assertion as t1 <= t2+1, which cannot fail when a
// only grows; the bug of the paper's Fig. 9 needs both increments between
// the two reads, which is what this assertion detects.)
func Fig9(t testing.TB, fixed bool) {
	var a int
	var mu sync.Mutex
	var wg sync.WaitGroup
	inc := func() {
		defer lockIf(true, &mu)()
		wr(gA, unsafe.Pointer(&a))
		a++
	}
	spawn(&wg, func() {
		defer lockIf(fixed, &mu)()
		unlock := lockIf(!fixed, &mu)
		rd(gA, unsafe.Pointer(&a))
		t1 := a
		unlock()
		unlock = lockIf(!fixed, &mu)
		rd(gA, unsafe.Pointer(&a))
		t2 := a
		unlock()
		if t2 > t1+1 {
			t.Errorf("vt-fig9: t1 = %d, t2 = %d", t1, t2)
		}
	}, inc, inc)
	rt.WGWait(sSync, &wg)
}

// Fig10: T1: t1 = a; t2 = a; t3 = b; t4 = b; assert(t1 == t2 || t3 == t4)
// · T2: a++ · T3: b++.
func Fig10(t testing.TB, fixed bool) {
	var a, b int
	var mu sync.Mutex
	var wg sync.WaitGroup
	spawn(&wg, func() {
		defer lockIf(fixed, &mu)()
		rd(gA, unsafe.Pointer(&a))
		t1 := a
		rd(gA, unsafe.Pointer(&a))
		t2 := a
		rd(gB, unsafe.Pointer(&b))
		t3 := b
		rd(gB, unsafe.Pointer(&b))
		t4 := b
		if !(t1 == t2 || t3 == t4) {
			t.Errorf("vt-fig10: t1=%d t2=%d t3=%d t4=%d", t1, t2, t3, t4)
		}
	}, func() {
		defer lockIf(fixed, &mu)()
		wr(gA, unsafe.Pointer(&a))
		a++
	}, func() {
		defer lockIf(fixed, &mu)()
		wr(gB, unsafe.Pointer(&b))
		b++
	})
	rt.WGWait(sSync, &wg)
}

// blockVector is the allocation vector: each helper is protected by the
// mutex on its own, but find-check-mark is not atomic.
type blockVector struct {
	mu        sync.Mutex
	allocated [4]bool
}

func (v *blockVector) findFree() int {
	rt.Lock(sSync, &v.mu)
	defer rt.Unlock(sSync, &v.mu)
	for i := range v.allocated {
		rd(gBlocks, unsafe.Pointer(&v.allocated[i]))
		if !v.allocated[i] {
			return i
		}
	}
	return -1
}

func (v *blockVector) isFree(b int) bool {
	rt.Lock(sSync, &v.mu)
	defer rt.Unlock(sSync, &v.mu)
	rd(gBlocks, unsafe.Pointer(&v.allocated[b]))
	return !v.allocated[b]
}

func (v *blockVector) markAllocated(b int) {
	rt.Lock(sSync, &v.mu)
	defer rt.Unlock(sSync, &v.mu)
	wr(gBlocks, unsafe.Pointer(&v.allocated[b]))
	v.allocated[b] = true
}

func (v *blockVector) free(b int) {
	rt.Lock(sSync, &v.mu)
	defer rt.Unlock(sSync, &v.mu)
	wr(gBlocks, unsafe.Pointer(&v.allocated[b]))
	v.allocated[b] = false
}

// AllocationVector: two goroutines each b = FindFreeBlock();
// assert(IsBlockFree(b)); MarkBlockAllocated(b); use it; FreeBlock(b).
// Because each goroutine frees its block at the end, the failure needs the
// other goroutine preempted between marking and freeing: (2,1,2). Fixed:
// one lock around find, check and mark.
func AllocationVector(t testing.TB, fixed bool) {
	v := &blockVector{}
	var outer sync.Mutex
	var wg sync.WaitGroup
	alloc := func() {
		unlock := lockIf(fixed, &outer)
		b := v.findFree()
		if b < 0 {
			unlock()
			t.Errorf("allocation-vector: no free block")
			return
		}
		if !v.isFree(b) {
			t.Errorf("allocation-vector: block %d taken between find and check", b)
		}
		v.markAllocated(b)
		unlock()
		v.free(b)
	}
	spawn(&wg, alloc, alloc)
	rt.WGWait(sSync, &wg)
}

// HapsetFig1: use `if p != nil { *p = 10 }` (meant to be atomic) in one
// goroutine, `p = nil` in another: a nil dereference.
func HapsetFig1(t testing.TB, fixed bool) {
	x := 0
	p := &x
	var mu sync.Mutex
	var wg sync.WaitGroup
	spawn(&wg, func() {
		defer lockIf(fixed, &mu)()
		rd(gP, unsafe.Pointer(&p))
		if p != nil {
			rd(gP, unsafe.Pointer(&p))
			*p = 10
		}
	}, func() {
		defer lockIf(fixed, &mu)()
		wr(gP, unsafe.Pointer(&p))
		p = nil
	})
	rt.WGWait(sSync, &wg)
}

// CTriggerFig1: two loggers append entries to a shared buffer:
// tmp = idx; buf[tmp] = v; idx = tmp + 1. An unserialised interleaving
// loses an entry.
func CTriggerFig1(t testing.TB, fixed bool) {
	var buf [2]byte
	idx := 0
	var mu sync.Mutex
	var wg sync.WaitGroup
	logEntry := func(c byte) func() {
		return func() {
			defer lockIf(fixed, &mu)()
			rd(gIdx, unsafe.Pointer(&idx))
			tmp := idx
			buf[tmp] = c
			wr(gIdx, unsafe.Pointer(&idx))
			idx = tmp + 1
		}
	}
	spawn(&wg, logEntry('A'), logEntry('B'))
	rt.WGWait(sSync, &wg)
	if idx != 2 || buf[0] == buf[1] {
		t.Errorf("ctrigger-fig1: log lost an entry: idx = %d, buf = %q", idx, buf[:])
	}
}

// DeadlockABBA: T1 locks A then B, T2 locks B then A. Fixed: same order.
func DeadlockABBA(t testing.TB, fixed bool) {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	second, first := &a, &b
	if fixed {
		second, first = &b, &a
	}
	spawn(&wg, func() {
		rt.Lock(sSync, &a)
		rt.Lock(sSync, &b)
		rt.Unlock(sSync, &b)
		rt.Unlock(sSync, &a)
	}, func() {
		rt.Lock(sSync, first)
		rt.Lock(sSync, second)
		rt.Unlock(sSync, second)
		rt.Unlock(sSync, first)
	})
	rt.WGWait(sSync, &wg)
}

// ChanLeak: a worker sends its result on an unbuffered channel; the caller
// gives up on a timeout and returns, and the worker blocks forever. The
// worker's request takes as long as the caller waits, so on the virtual
// clock both become ready together and the schedule decides. Fixed: a
// buffered channel lets the worker finish.
func ChanLeak(t testing.TB, fixed bool) {
	size := 0
	if fixed {
		size = 1
	}
	results := rt.MakeChan[int](sChan, size)
	rt.Go(sGo, func() {
		rt.Sleep(sSync, time.Second)
		rt.Send(sChan, results, 42)
	})
	c0 := rt.RecvCase(results)
	c1 := rt.RecvCase(rt.After(sChan, time.Second))
	switch rt.Select(sChan, false, c0, c1) {
	case 0:
		if c0.V != 42 {
			t.Errorf("chan-leak: got %d", c0.V)
		}
	case 1:
		// timed out: return early
	}
}

// WGMisuse: wg.Add(1) inside the spawned goroutine instead of before the
// go statement, so Wait may return before the work is done.
func WGMisuse(t testing.TB, fixed bool) {
	var wg sync.WaitGroup
	result := 0
	if fixed {
		rt.WGAdd(sSync, &wg, 1)
	}
	rt.Go(sGo, func() {
		if !fixed {
			rt.WGAdd(sSync, &wg, 1)
		}
		defer rt.WGDone(sSync, &wg)
		wr(gResult, unsafe.Pointer(&result))
		result = 42
	})
	rt.WGWait(sSync, &wg)
	rd(gResult, unsafe.Pointer(&result))
	if result != 42 {
		t.Errorf("wg-misuse: Wait returned before the work was done (result = %d)", result)
	}
}
