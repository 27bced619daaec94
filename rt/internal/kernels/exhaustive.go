package kernels

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
)

// Exhaustive-search kernels of shared/kernels.md: programs whose number of
// Mazurkiewicz traces (reads commute) is known, written as a user writes
// them and instrumented as the rewriter would. A search that explores one
// execution per trace (dpor) must count exactly Traces executions. Their
// shared variables, slices and arrays are recorded where they are
// allocated (rt.NewObj, rt.MakeSlice), so that dpor's wakeup trees can
// name them across executions (Op.Ident).
type Counted struct {
	Name string
	// Traces is the published trace count, 0 when none is published.
	Traces int
	// Seed is the seed paper's (Fig. 8) DPOR-CR + sleep-set count for
	// the same program, "" when it has none.
	Seed string
	// Body runs the kernel; it never fails.
	Body func(t testing.TB)
}

// Sites of the exhaustive kernels: one variable group for all their
// shared memory (every group is tracked when they are searched).
var (
	xg [2]rt.Guard
	xs = rt.Register("github.com/vtbound/vtbound/rt/internal/kernels/exhaustive", []rt.Site{
		0: {File: "exhaustive.go", Line: 1, Kind: rt.KRead, Group: "exhaustive.mem"},
		1: {File: "exhaustive.go", Line: 2, Kind: rt.KWrite, Group: "exhaustive.mem"},
		2: {File: "exhaustive.go", Line: 3, Kind: rt.KAtomic},
		3: {File: "exhaustive.go", Line: 4, Kind: rt.KSync},
		4: {File: "exhaustive.go", Line: 5, Kind: rt.KGo},
		5: {File: "exhaustive.go", Line: 6, Kind: rt.KChan},
		6: {File: "exhaustive.go", Line: 7, Kind: rt.KRead, Group: "exhaustive.y"},
		7: {File: "exhaustive.go", Line: 8, Kind: rt.KWrite, Group: "exhaustive.y"},
		8: {File: "exhaustive.go", Line: 9, Kind: rt.KAlloc},
	}, xg[:])
	xRead, xWrite, xAtomic, xSync, xGo, xChan = xs, xs + 1, xs + 2, xs + 3, xs + 4, xs + 5
	yRead, yWrite                             = xs + 6, xs + 7
	xAlloc                                    = xs + 8
)

func xrd(p unsafe.Pointer) {
	if xg[0].On() {
		rt.Read(xRead, p)
	}
}

func xwr(p unsafe.Pointer) {
	if xg[0].On() {
		rt.Write(xWrite, p)
	}
}

// TwoVars is readers(2) on x and readers(1) on y, in different
// goroutines and variable groups: 8 traces; projected on x alone 4, on y
// alone 2 (the subsets dpor-v searches with v = 1).
func TwoVars(t testing.TB) {
	var x, y int
	rt.NewObj(xAlloc, &x)
	rt.NewObj(xAlloc, &y)
	run(func() { xwr(unsafe.Pointer(&x)); x = 1 },
		func() { xrd(unsafe.Pointer(&x)); _ = x },
		func() { xrd(unsafe.Pointer(&x)); _ = x },
		func() {
			if xg[1].On() {
				rt.Write(yWrite, unsafe.Pointer(&y))
			}
			y = 1
		},
		func() {
			if xg[1].On() {
				rt.Read(yRead, unsafe.Pointer(&y))
			}
			_ = y
		})
}

// run starts fns as goroutines and waits for them, as
// `wg.Add(len(fns)); for ... { go ... }; wg.Wait()`.
func run(fns ...func()) {
	var wg sync.WaitGroup
	rt.WGAdd(xSync, &wg, len(fns))
	for _, fn := range fns {
		rt.Go(xGo, func() {
			defer rt.WGDone(xSync, &wg)
			fn()
		})
	}
	rt.WGWait(xSync, &wg)
}

// Readers is readers(n): one writer x = 1 and n readers of x; 2^n traces.
func Readers(n int) func(testing.TB) {
	return func(t testing.TB) {
		var x int
		rt.NewObj(xAlloc, &x)
		fns := []func(){func() { xwr(unsafe.Pointer(&x)); x = 1 }}
		for range n {
			fns = append(fns, func() { xrd(unsafe.Pointer(&x)); _ = x })
		}
		run(fns...)
	}
}

// LastZero is lastzero(n): a reader looks for the last zero of
// array[0..n] from the end while writer j sets array[j] = array[j-1]+1;
// (n+3)·2^(n-2) traces.
func LastZero(n int) func(testing.TB) {
	return func(t testing.TB) {
		array := rt.MakeSlice(xAlloc, make([]int, n+1))
		fns := []func(){func() {
			i := n
			for ; ; i-- {
				xrd(unsafe.Pointer(&array[i]))
				if array[i] == 0 {
					break
				}
			}
			if i < 0 || i > n {
				t.Errorf("lastzero: index %d", i)
			}
		}}
		for j := 1; j <= n; j++ {
			fns = append(fns, func() {
				xrd(unsafe.Pointer(&array[j-1]))
				v := array[j-1] + 1
				xwr(unsafe.Pointer(&array[j]))
				array[j] = v
			})
		}
		run(fns...)
	}
}

// Indexer is indexer(n): n goroutines insert 4 values each into a hash
// table of 128 slots with compare-and-swap and linear probing; 8 traces
// for n = 12, 4096 for n = 15 when a failed CAS counts as a read.
func Indexer(n int) func(testing.TB) {
	return func(t testing.TB) {
		var table [128]int64
		rt.NewObj(xAlloc, &table)
		var fns []func()
		for tid := range n {
			fns = append(fns, func() {
				for m := range 4 {
					w := int64((m+1)*11 + tid)
					h := (w * 7) % 128
					for !atomic.CompareAndSwapInt64(rt.Atomic(xAtomic, rt.ARMW, &table[h]), 0, w) {
						h = (h + 1) % 128
					}
				}
			})
		}
		run(fns...)
	}
}

// AInc is ainc(n): n goroutines each atomically increment x; n! traces.
func AInc(n int) func(testing.TB) {
	return func(t testing.TB) {
		var x int64
		rt.NewObj(xAlloc, &x)
		var fns []func()
		for range n {
			fns = append(fns, func() { atomic.AddInt64(rt.Atomic(xAtomic, rt.ARMW, &x), 1) })
		}
		run(fns...)
		if got := atomic.LoadInt64(&x); got != int64(n) {
			t.Errorf("ainc: x = %d, want %d", got, n)
		}
	}
}

// FileSystem is the Flanagan-Godefroid file system (FG POPL 2005, Fig. 5)
// with n goroutines: 32 inodes and 26 blocks, each under its own mutex;
// goroutine i locks inode i%32 and, if it has no block yet, takes the
// first free block from (i*2)%26, each block examined under its lock.
// (shared/kernels.md swaps the sizes and uses (i*7)%32, which makes every
// goroutine's first block distinct for n <= 32: no conflict, one trace.)
func FileSystem(n int) func(testing.TB) { return fileSystem(n, true) }

// FileSystemUnnamedLocks is FileSystem with its lock arrays not recorded
// as allocations (as a lock in a local variable the rewriter does not
// record), so that the locks' operations carry no identity across
// executions.
func FileSystemUnnamedLocks(n int) func(testing.TB) { return fileSystem(n, false) }

// fileSystem is FileSystem, with the lock arrays recorded when namedLocks.
func fileSystem(n int, namedLocks bool) func(testing.TB) {
	const inodes, blocks = 32, 26
	return func(t testing.TB) {
		var inodeMu [inodes]sync.Mutex
		var blockMu [blocks]sync.Mutex
		var inode [inodes]int
		var busy [blocks]bool
		if namedLocks {
			rt.NewObj(xAlloc, &inodeMu)
			rt.NewObj(xAlloc, &blockMu)
		}
		rt.NewObj(xAlloc, &inode)
		rt.NewObj(xAlloc, &busy)
		var fns []func()
		for tid := range n {
			fns = append(fns, func() {
				i := tid % inodes
				rt.Lock(xSync, &inodeMu[i])
				xrd(unsafe.Pointer(&inode[i]))
				if inode[i] == 0 {
					for b := (i * 2) % blocks; ; b = (b + 1) % blocks {
						rt.Lock(xSync, &blockMu[b])
						xrd(unsafe.Pointer(&busy[b]))
						if !busy[b] {
							xwr(unsafe.Pointer(&busy[b]))
							busy[b] = true
							xwr(unsafe.Pointer(&inode[i]))
							inode[i] = b + 1
							rt.Unlock(xSync, &blockMu[b])
							break
						}
						rt.Unlock(xSync, &blockMu[b])
					}
				}
				rt.Unlock(xSync, &inodeMu[i])
			})
		}
		run(fns...)
	}
}

// BoundedBuffer is the seed's bounded buffer in Go's idiom: a buffer of
// capacity 1 under a mutex with two condition variables; two producers
// put one item each and two consumers take one each.
func BoundedBuffer(t testing.TB) {
	var mu sync.Mutex
	notFull, notEmpty := sync.NewCond(&mu), sync.NewCond(&mu)
	var buf []int
	var sum int
	rt.NewObj(xAlloc, &mu)
	rt.NewObj(xAlloc, &buf)
	rt.NewObj(xAlloc, &sum)
	put := func(v int) {
		rt.Lock(xSync, &mu)
		for xrd(unsafe.Pointer(&buf)); len(buf) == 1; xrd(unsafe.Pointer(&buf)) {
			rt.CondWait(xSync, notFull)
		}
		xwr(unsafe.Pointer(&buf))
		buf = append(buf, v)
		rt.CondSignal(xSync, notEmpty)
		rt.Unlock(xSync, &mu)
	}
	take := func() int {
		rt.Lock(xSync, &mu)
		for xrd(unsafe.Pointer(&buf)); len(buf) == 0; xrd(unsafe.Pointer(&buf)) {
			rt.CondWait(xSync, notEmpty)
		}
		xwr(unsafe.Pointer(&buf))
		v := buf[0]
		buf = buf[1:]
		xwr(unsafe.Pointer(&sum))
		sum += v
		rt.CondSignal(xSync, notFull)
		rt.Unlock(xSync, &mu)
		return v
	}
	run(func() { put(1) }, func() { put(2) }, func() { take() }, func() { take() })
	if sum != 3 {
		t.Errorf("bounded buffer: sum %d, want 3", sum)
	}
}

// SynchronousQueue is the seed's synchronous queue in Go's idiom: an
// unbuffered channel with two producers and two consumers of one item
// each.
func SynchronousQueue(t testing.TB) {
	ch := rt.MakeChan[int](xChan, 0)
	var mu sync.Mutex
	var sum int
	rt.NewObj(xAlloc, &mu)
	rt.NewObj(xAlloc, &sum)
	producer := func(v int) func() { return func() { rt.Send(xChan, ch, v) } }
	consumer := func() {
		v := rt.Recv(xChan, ch)
		rt.Lock(xSync, &mu)
		xwr(unsafe.Pointer(&sum))
		sum += v
		rt.Unlock(xSync, &mu)
	}
	run(producer(1), producer(2), consumer, consumer)
	if sum != 3 {
		t.Errorf("synchronous queue: sum %d, want 3", sum)
	}
}

// CountedKernels lists the exhaustive kernels at the sizes the tests and
// benchmarks use, with their published counts.
func CountedKernels() []Counted {
	return []Counted{
		{"readers(3)", 8, "", Readers(3)},
		{"readers(8)", 256, "", Readers(8)},
		{"lastzero(5)", 64, "", LastZero(5)},
		{"lastzero(10)", 3328, "", LastZero(10)},
		{"indexer(12)", 8, "27", Indexer(12)},
		{"indexer(15)", 4096, "", Indexer(15)},
		{"ainc(4)", 24, "", AInc(4)},
		{"ainc(5)", 120, "", AInc(5)},
		{"filesystem(14)", 0, "2.6", FileSystem(14)},
		{"filesystem(16)", 0, "19.5", FileSystem(16)},
		{"filesystem(18)", 0, "145.8", FileSystem(18)},
		{"bounded-buffer", 0, "16", BoundedBuffer},
		{"synchronous-queue", 0, "9", SynchronousQueue},
	}
}

// SleepBesideWork is a goroutine that sleeps d and then increments x
// beside one that increments it twice (atomically). With d within
// VTBOUND_TIME's window the sleep races with the work and a search can
// cover every order; with d beyond it, the sleep ends only once the work
// is done, so a search that explored every trace is no proof.
func SleepBesideWork(d time.Duration) func(testing.TB) {
	return func(t testing.TB) {
		var x int64
		rt.NewObj(xAlloc, &x)
		add := func() { atomic.AddInt64(rt.Atomic(xAtomic, rt.ARMW, &x), 1) }
		run(func() { rt.Sleep(xSync, d); add() }, func() { add(); add() })
	}
}

// accounts is a package-level registry: GlobalAccount registers its
// account there once per process, as tests that register a name in a
// package-level table do.
var accounts sync.Map

// GlobalAccount registers an account in a package-level table (a second
// registration in one process fails the test, so the test cannot run twice
// in one process) and then withdraws from it in two goroutines with a
// check-then-act bug: each checks the balance and withdraws under separate
// critical sections, so both can withdraw 80 of 100.
func GlobalAccount(t testing.TB) {
	if _, dup := accounts.LoadOrStore("savings", true); dup {
		t.Fatal("account savings registered twice")
	}
	var mu sync.Mutex
	balance := 100
	withdraw := func(n int) {
		rt.Lock(xSync, &mu)
		ok := balance >= n
		rt.Unlock(xSync, &mu)
		if ok {
			rt.Lock(xSync, &mu)
			balance -= n
			rt.Unlock(xSync, &mu)
		}
	}
	run(func() { withdraw(80) }, func() { withdraw(80) })
	if balance < 0 {
		t.Errorf("balance %d after two withdrawals of 80 from 100", balance)
	}
}
